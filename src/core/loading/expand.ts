// What a loaded skill returns to the model (docs/expansion.md): the base directory, the body with
// its substitutions, and the list of files the skill bundles.

import { MAX_BODY_BYTES, MAX_BUNDLED_FILES_SHOWN } from '../base/limits';
import { toNativePath } from '../base/paths';
import { PLACEHOLDER } from '../base/placeholders';

/** Splits an argument string like a shell: quotes group words and are removed. */
export function splitArguments(args: string): string[] {
  const result: string[] = [];
  let current = '';
  let inWord = false;
  let quote: '"' | "'" | undefined;
  for (let i = 0; i < args.length; i++) {
    const ch = args[i];
    if (quote) {
      if (ch === quote) quote = undefined;
      else if (ch === '\\' && quote === '"' && (args[i + 1] === '"' || args[i + 1] === '\\')) current += args[++i];
      else current += ch;
      continue;
    }
    if (ch === '"' || ch === "'") {
      quote = ch;
      inWord = true;
    } else if (ch === '\\' && i + 1 < args.length) {
      current += args[++i];
      inWord = true;
    } else if (/\s/.test(ch)) {
      if (inWord) result.push(current);
      current = '';
      inWord = false;
    } else {
      current += ch;
      inWord = true;
    }
  }
  if (inWord) result.push(current);
  return result;
}

/** The inverse of splitArguments: words joined so that splitting gives them back. */
export function quoteArguments(words: readonly string[]): string {
  return words
    .map((word) => (word !== '' && !/[\s"'\\]/.test(word) ? word : `"${word.replace(/["\\]/g, '\\$&')}"`))
    .join(' ');
}

/** True when the body uses any argument placeholder ($ARGUMENTS, $ARGUMENTS[N], $N), escapes aside. */
export function usesArguments(body: string): boolean {
  for (const match of body.matchAll(PLACEHOLDER)) {
    if (match[0] !== '\\$' && !match[0].startsWith('${')) return true;
  }
  return false;
}

/** Applies the substitutions of docs/expansion.md to a body. */
export function substituteBody(body: string, args: string, skillDir: string): string {
  const trimmed = args.trim();
  const words = splitArguments(trimmed);
  const substituted = body.replace(PLACEHOLDER, (match, bracketIndex?: string, dollarIndex?: string) => {
    if (match === '\\$') return '$';
    if (match.startsWith('${')) return skillDir;
    const index = bracketIndex ?? dollarIndex;
    if (index !== undefined) return words[Number(index)] ?? '';
    return trimmed;
  });
  if (trimmed !== '' && !usesArguments(body)) return `${substituted}\n\nARGUMENTS: ${trimmed}`;
  return substituted;
}

/** Cuts a body at MAX_BODY_BYTES of UTF-8 without splitting a character. */
export function capBody(body: string, maxBytes = MAX_BODY_BYTES): { body: string; cut: boolean; bytes: number } {
  const bytes = Buffer.byteLength(body, 'utf8');
  if (bytes <= maxBytes) return { body, cut: false, bytes };
  const buffer = Buffer.from(body, 'utf8');
  let end = maxBytes;
  while (end > 0 && (buffer[end] & 0xc0) === 0x80) end--; // back off to a character boundary
  return { body: buffer.subarray(0, end).toString('utf8'), cut: true, bytes };
}

export interface ExpandInput {
  /** Absolute folder of the skill. */
  readonly skillDir: string;
  /** The body as read from disk (after the frontmatter). */
  readonly body: string;
  readonly args?: string;
  /** Files bundled with the skill, relative to its folder. */
  readonly bundledFiles?: readonly string[];
  /** The size of the whole SKILL.md, when only part of it was read. */
  readonly fileBytes?: number;
}

/** Trims blank lines at the start and white space at the end, keeping indentation. */
function tidyBody(body: string): string {
  return body.replace(/^(?:[ \t]*\r?\n)+/, '').trimEnd();
}

/** Builds the expansion of docs/expansion.md. */
export function expandSkill(input: ExpandInput): string {
  const capped = capBody(tidyBody(input.body));
  // The folder as the platform writes it: a model passes it on to shells and tools.
  const skillDir = toNativePath(input.skillDir);
  let text = `Base directory for this skill: ${skillDir}\n\n${substituteBody(capped.body, input.args ?? '', skillDir)}`;
  if (capped.cut) {
    const kib = Math.round(Math.max(capped.bytes, input.fileBytes ?? 0) / 1024);
    text += `\n\n[Skillsmith: the body was cut at ${MAX_BODY_BYTES / 1024} KiB; SKILL.md holds ${kib} KiB. Move material to references/ so that it loads whole.]`;
  }
  const files = input.bundledFiles ?? [];
  if (files.length > 0) {
    const shown = files.slice(0, MAX_BUNDLED_FILES_SHOWN);
    const more = files.length - shown.length;
    text +=
      '\n\nFiles bundled with this skill (paths relative to the base directory; not loaded, read one when you need it):\n';
    text += shown.map((f) => `- ${f}`).join('\n');
    if (more > 0) text += `\n- … and ${more} more`;
  }
  return text;
}
