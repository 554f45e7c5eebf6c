// Text a person does not see but a model reads (docs/rules.md, "Security"): invisible and
// bidirectional control characters, Unicode tag characters (which spell out hidden ASCII),
// HTML comments that give the model instructions, text pushed out of view by a long run of
// white space, and a name that mixes scripts to pass for another. Emoji sequences keep their
// zero-width joiners: those draw one visible glyph.

export interface HiddenFinding {
  readonly code: 'hidden-characters' | 'hidden-comment' | 'hidden-whitespace';
  readonly start: number;
  readonly end: number;
  readonly message: string;
}

/** Zero-width and other invisible characters, bidirectional controls, tag characters, variation selectors. */
const INVISIBLE =
  // eslint-disable-next-line no-misleading-character-class -- each joiner and selector is matched on its own: finding them is the point
  /[\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\u180E\u00AD\uFEFF\uFE00-\uFE0F]|[\u{E0000}-\u{E007F}\u{E0100}-\u{E01EF}]/gu;
const EMOJI = /\p{Extended_Pictographic}|\p{Emoji_Modifier}|\uFE0F/u;

function describe(chars: string): string {
  const names = new Set<string>();
  for (const ch of chars) {
    const cp = ch.codePointAt(0)!;
    if (cp >= 0xe0000 && cp <= 0xe007f) names.add('tag characters');
    else if ((cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2066 && cp <= 0x2069) || cp === 0x200e || cp === 0x200f)
      names.add('bidirectional controls');
    else if ((cp >= 0xfe00 && cp <= 0xfe0f) || (cp >= 0xe0100 && cp <= 0xe01ef)) names.add('variation selectors');
    else if (cp === 0xad) names.add('soft hyphens');
    else names.add('zero-width characters');
  }
  return [...names].join(' and ');
}

/** The ASCII that tag characters spell (U+E0020–U+E007E mirror ' '–'~'). */
function tagText(chars: string): string {
  let text = '';
  for (const ch of chars) {
    const cp = ch.codePointAt(0)!;
    if (cp >= 0xe0020 && cp <= 0xe007e) text += String.fromCharCode(cp - 0xe0000);
  }
  return text;
}

/** The same characters without the `u` flag (tag characters and supplementary selectors by their lead surrogate): a fast first look. */
// eslint-disable-next-line no-misleading-character-class -- each joiner and selector is matched on its own: finding them is the point
const ANY_INVISIBLE = /[\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\u180E\u00AD\uFE00-\uFE0F]|\uDB40|.\uFEFF/;

/** Runs of invisible characters in `text`, from `from` on (the BOM at offset 0 is the bom rule's). */
export function findHiddenCharacters(text: string, from = 0): HiddenFinding[] {
  const found: HiddenFinding[] = [];
  if (!ANY_INVISIBLE.test(text)) return found;
  INVISIBLE.lastIndex = 0;
  let run: { start: number; end: number } | undefined;
  const flush = () => {
    if (!run) return;
    const chars = text.slice(run.start, run.end);
    const hidden = tagText(chars);
    const count = [...chars].length;
    const what = describe(chars);
    const message = hidden
      ? `${count} invisible ${what} here spell out hidden text: "${hidden.slice(0, 120)}${hidden.length > 120 ? '…' : ''}". A person reading the file does not see it; the model does.`
      : what === 'bidirectional controls'
        ? `${count} bidirectional control character${count === 1 ? '' : 's'} here: the text can be shown in another order than the model reads it (Trojan Source).`
        : `${count} invisible character${count === 1 ? '' : 's'} (${what}) here: a person does not see ${count === 1 ? 'it' : 'them'}, but the model reads ${count === 1 ? 'it' : 'them'}, and ${count === 1 ? 'it splits' : 'they split'} the words around ${count === 1 ? 'it' : 'them'}.`;
    found.push({ code: 'hidden-characters', start: run.start, end: run.end, message });
    run = undefined;
  };
  for (const match of text.matchAll(INVISIBLE)) {
    const at = match.index;
    if (at < from || (at === 0 && match[0] === '\uFEFF')) continue;
    if (isEmojiGlue(text, at, match[0])) continue;
    if (run && run.end === at) run.end = at + match[0].length;
    else {
      flush();
      run = { start: at, end: at + match[0].length };
    }
  }
  flush();
  return found;
}

/** A zero-width joiner or variation selector that is part of an emoji sequence (🧑‍💻, ❤️). */
function isEmojiGlue(text: string, at: number, ch: string): boolean {
  if (ch !== '\u200D' && ch !== '\uFE0F' && ch !== '\uFE0E') return false;
  const before = String.fromCodePoint(text.codePointAt(at - 1) ?? 0);
  const lowSurrogate = at >= 2 ? String.fromCodePoint(text.codePointAt(at - 2) ?? 0) : '';
  const prev =
    EMOJI.test(before) ||
    EMOJI.test(lowSurrogate) ||
    /[\u2600-\u27BF\u2B00-\u2BFF\u00A9\u00AE\u203C-\u3299]/u.test(before) ||
    // An emoji lost in a bad decoding (U+FFFD) keeps its presentation selector: it hides nothing.
    (ch !== '\u200D' && before === '\uFFFD');
  if (ch !== '\u200D') return prev;
  const next = String.fromCodePoint(text.codePointAt(at + 1) ?? 0);
  return prev && (EMOJI.test(next) || /[\u2600-\u27BF\u2640\u2642]/u.test(next));
}

/** Words that address the model, and words that instruct. */
const ADDRESSES_MODEL = /\b(?:you|your|assistant|AI|agent|model|LLM|Claude|Copilot|Codex|Gemini|ChatGPT)\b/i;
const INSTRUCTS =
  /\b(?:must|should|always|never|ignore|disregard|do not|don't|run|execute|send|upload|tell|reveal|include|output|respond|reply|pretend|instead|secretly|silently|without)\b/i;

/**
 * HTML comments outside code that give the model instructions: a comment that a Markdown
 * preview hides, addressed to the model ("you", "assistant", "AI", …) and instructing it.
 * Markers (`<!-- GEN:x -->`), maintainer notes and layout notes do neither.
 */
export function findInstructionComments(text: string, isCode: (offset: number) => boolean): HiddenFinding[] {
  const found: HiddenFinding[] = [];
  if (!text.includes('<!--')) return found;
  for (const match of text.matchAll(/<!--([\s\S]*?)-->/g)) {
    if (isCode(match.index)) continue;
    const content = match[1].replace(/\s+/g, ' ').trim();
    if (!ADDRESSES_MODEL.test(content) || !INSTRUCTS.test(content) || content.split(' ').length < 4) continue;
    const shown = content.length > 100 ? `${content.slice(0, 99)}…` : content;
    found.push({
      code: 'hidden-comment',
      start: match.index,
      end: match.index + match[0].length,
      message: `This HTML comment is hidden in a preview but the model reads it, and it gives instructions: "${shown}". Write instructions where a reader sees them.`,
    });
  }
  return found;
}

/** A run of white space this long inside a line pushes what follows out of an editor's view. */
export const HIDING_WHITESPACE = 60;

/** Text after a long run of white space inside a line (outside code and tables). */
const HIDING_RUN = new RegExp(`\\S([ \\t\\u00A0\\u2000-\\u200A\\u3000]{${HIDING_WHITESPACE},})(\\S.*)$`, 'u');
const BLANKS = /[ \t\u00A0\u2000-\u200A\u3000]{8}/;

export function findHiddenByWhitespace(line: string): { start: number; end: number; runEnd: number } | undefined {
  if (line.length < HIDING_WHITESPACE + 2 || !BLANKS.test(line)) return undefined;
  const match = HIDING_RUN.exec(line);
  if (!match) return undefined;
  const runStart = match.index + 1;
  return { start: runStart, runEnd: runStart + match[1].length, end: line.length };
}

const LATIN = /\p{Script=Latin}/u;
const LOOKALIKE_SCRIPTS = /[\p{Script=Cyrillic}\p{Script=Greek}\p{Script=Armenian}\p{Script=Cherokee}]/u;

/** A name that mixes Latin letters with Cyrillic, Greek or other lookalike letters ("pdf-fоrms" with a Cyrillic о). */
export function isHomoglyphName(name: string): boolean {
  return LATIN.test(name) && LOOKALIKE_SCRIPTS.test(name);
}
