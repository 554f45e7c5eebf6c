// The security and quality rules of SKILL.md's text (docs/rules.md, "Security"): hidden text
// anywhere in the file, dangerous commands and exfiltration in the body's code, prompt
// injection in its prose and in the description, and a body over the spec's 5,000-token
// guidance (a quality rule, like those of bundledFiles.ts). They never raise errors: a skill
// that trips one still loads, and the reader decides. Their severities come from their
// measured precision on the real corpora (test/fuzz/securityCorpus.test.ts and
// test/fuzz/corpusScripts.test.ts): a rule under 0.9 is information.
import type { Problem, ProblemCode } from '../base/types';
import type { LineMap } from '../base/textPositions';
import { utf8LongerThan } from '../base/text';
import {
  isQualityCode,
  isSecurityCode,
  OWASP_AST_CLASS,
  QUALITY_SEVERITY,
  SECURITY_SEVERITY,
  securitySeverity,
  withAstClass,
} from './ruleKinds';
import { findCodeRisks, logicalLines, type CommandRisk } from './commandRisks';
import { riskMessage } from './riskMessage';
import type { FrontmatterSplit, ParsedSkillFile } from '../lint/frontmatter';
import {
  findHiddenByWhitespace,
  findHiddenCharacters,
  findInstructionComments,
  HIDING_WHITESPACE,
  isHomoglyphName,
} from './hiddenText';
import { findInjectionRisks, TRIGGERS } from './injectionRisks';
import { bodyLines, codeSpans, maskSpans, type BodyLine } from '../lint/markdownCode';
import { findField, problem, replaceFix, type Rule } from '../lint/ruleSupport';

export {
  isQualityCode,
  isSecurityCode,
  OWASP_AST_CLASS,
  QUALITY_SEVERITY,
  SECURITY_SEVERITY,
  securitySeverity,
  withAstClass,
};

/** The body's lines (the whole text when the frontmatter is not closed), scanned once for the three rules. */
const bodies = new WeakMap<ParsedSkillFile, BodyLine[]>();
function bodyOf(file: ParsedSkillFile): BodyLine[] {
  let lines = bodies.get(file);
  if (!lines) {
    lines = bodyLines(file.text, file.lines, file.split.kind === 'closed' ? file.split.bodyStart : 0);
    bodies.set(file, lines);
  }
  return lines;
}

/**
 * Code of the body: each fenced block's logical lines (a `\\` at a line's end continues it), and
 * the code spans of text lines (offsets into the text).
 */
function codeSegments(file: { readonly text: string }, lines: readonly BodyLine[]): { start: number; text: string }[] {
  const segments: { start: number; text: string }[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (line.kind === 'code') {
      let last = i;
      while (last + 1 < lines.length && lines[last + 1].kind === 'code') last++;
      const block = file.text.slice(line.start, lines[last].end);
      for (const logical of logicalLines(block))
        segments.push({ start: line.start + logical.start, text: logical.text });
      i = last;
      continue;
    }
    if (line.kind !== 'text') continue;
    const indented = indentedBlockEnd(file.text, lines, i);
    if (indented > i) {
      const block = file.text.slice(line.start, lines[indented - 1].end);
      for (const logical of logicalLines(block))
        segments.push({ start: line.start + logical.start, text: logical.text });
      i = indented - 1;
      continue;
    }
    const text = file.text.slice(line.start, line.end);
    const spans = codeSpans(text);
    spans.forEach((span, at) => {
      if (inListOfSpans(text, spans, at) || aloneInListItem(text, spans)) return;
      const ticks = /^`+/.exec(text.slice(span.start))![0].length;
      segments.push({ start: line.start + span.start + ticks, text: text.slice(span.start + ticks, span.end - ticks) });
    });
  }
  return segments;
}

/**
 * The code of a bundled Markdown file (a reference SKILL.md sends the model to), as the body's
 * code is read: fenced and indented blocks, and code spans. Offsets into `text`.
 */
export function markdownCodeSegments(text: string, lines: LineMap): { start: number; text: string }[] {
  return codeSegments({ text }, bodyLines(text, lines, 0));
}

const INDENTED = /^(?: {4}|\t)/;
const LIST_ITEM = /^\s*(?:[-*+]|\d{1,9}[.)])\s/;

/**
 * Where the indented code block that starts at line `i` ends (CommonMark: lines indented four
 * spaces or a tab, after a blank line), or `i` when none starts there. Under a list item the
 * indentation belongs to the item (its paragraphs, its nested lists), so a list before the
 * blank line starts no block.
 */
function indentedBlockEnd(text: string, lines: readonly BodyLine[], i: number): number {
  const lineText = (at: number) => text.slice(lines[at].start, lines[at].end);
  if (!INDENTED.test(lineText(i)) || lineText(i).trim() === '') return i;
  if (i === 0 || lineText(i - 1).trim() !== '') return i;
  for (let back = i - 1; back >= 0; back--) {
    if (lines[back].kind !== 'text') break;
    const before = lineText(back);
    if (before.trim() === '') continue;
    if (LIST_ITEM.test(before) || /^\s/.test(before)) return i;
    break;
  }
  let end = i;
  while (end < lines.length && lines[end].kind === 'text') {
    const t = lineText(end);
    if (t.trim() !== '' && !INDENTED.test(t)) break;
    end++;
  }
  while (end > i && lineText(end - 1).trim() === '') end--;
  return end;
}

/**
 * Whether the code span `at` is one item of a comma-separated list of code spans
 * (`sudo`, `chmod 777`, `setuid`): such a list names commands or patterns (what a scanner
 * looks for, the payloads a test sends), it does not give one to run. A command offered
 * as an alternative (`brew install uv` or `curl … | sh`) is still read.
 */
function inListOfSpans(text: string, spans: readonly { start: number; end: number }[], at: number): boolean {
  const comma = (from: number, to: number) => /^\s*,\s*$/.test(text.slice(from, to));
  const before = spans[at - 1];
  const after = spans[at + 1];
  return (
    (before !== undefined && comma(before.end, spans[at].start)) ||
    (after !== undefined && comma(spans[at].end, after.start))
  );
}

/**
 * Whether the line is a list item holding nothing but code spans (`- \`git reset --hard\``,
 * `- \`git clean -f\` / \`git clean -fd\``): a list of names, as what a hook blocks or a scanner
 * looks for. A step says what to do with its command ("Run \`…\`").
 */
function aloneInListItem(text: string, spans: readonly { start: number; end: number }[]): boolean {
  const item = LIST_ITEM.exec(text);
  if (!item || spans.length === 0) return false;
  let rest = text.slice(item[0].length, spans[0].start);
  for (let i = 1; i < spans.length; i++) rest += text.slice(spans[i - 1].end, spans[i].start);
  rest += text.slice(spans[spans.length - 1].end);
  return /^[\s/,|]*$/.test(rest);
}

const HIDING_RUN_ANYWHERE = new RegExp(`[ \\t\\u00A0\\u2000-\\u200A\\u3000]{${HIDING_WHITESPACE}}`);

/** hidden-characters, hidden-comment, hidden-whitespace and name-homoglyph. */
export const ruleHiddenText: Rule = ({ file }) => {
  const problems: Problem[] = [];
  for (const found of findHiddenCharacters(file.text)) {
    const fix = replaceFix(file, 'Remove the invisible characters', { start: found.start, end: found.end }, '', true);
    problems.push(
      problem(found.code, securitySeverity(found.code), found.message, file.lines.rangeOf(found.start, found.end), [
        fix,
      ]),
    );
  }
  const lines = bodyOf(file);
  const codeLines = lines.filter((l) => l.kind !== 'text');
  const isCode = (offset: number) => codeLines.some((l) => l.start <= offset && offset <= l.end);
  for (const found of findInstructionComments(file.text, isCode)) {
    const fix = replaceFix(file, 'Remove the hidden comment', { start: found.start, end: found.end }, '');
    problems.push(
      problem(found.code, securitySeverity(found.code), found.message, file.lines.rangeOf(found.start, found.end), [
        fix,
      ]),
    );
  }
  for (const line of HIDING_RUN_ANYWHERE.test(file.text) ? lines : []) {
    if (line.kind !== 'text') continue;
    const text = file.text.slice(line.start, line.end);
    if (/^\s*\|/.test(text)) continue; // a table row's padding
    const hidden = findHiddenByWhitespace(text);
    if (!hidden) continue;
    const message = `${hidden.runEnd - hidden.start} blank characters push "${text.slice(hidden.runEnd, hidden.runEnd + 60)}" out of view: a reader scrolling the file misses it, the model does not.`;
    const fix = replaceFix(
      file,
      'Bring the text into view',
      { start: line.start + hidden.start, end: line.start + hidden.runEnd },
      ' ',
      true,
    );
    problems.push(
      problem(
        'hidden-whitespace',
        securitySeverity('hidden-whitespace'),
        message,
        file.lines.rangeOf(line.start + hidden.start, line.start + hidden.end),
        [fix],
      ),
    );
  }
  const name = file.status === 'ok' ? findField(file, 'name') : undefined;
  if (name?.value.kind === 'scalar' && name.value.text !== undefined && isHomoglyphName(name.value.text)) {
    const message = `The name mixes Latin letters with lookalikes from another script ('${name.value.text}'): it reads as one name and matches as another. Write it in one script.`;
    problems.push(
      problem(
        'name-homoglyph',
        securitySeverity('name-homoglyph'),
        message,
        file.lines.rangeOf(name.value.span.start, name.value.span.end),
      ),
    );
  }
  return problems;
};

/** The command risks of one line of code, as problems at `start` (an offset of the file). */
export function commandProblems(
  file: ParsedSkillFile,
  start: number,
  code: string,
  risks: readonly CommandRisk[] = findCodeRisks([code])[0],
): Problem[] {
  return risks.map((risk) => {
    const from = start + risk.start;
    const to = start + risk.end;
    const shown = code.slice(risk.start, risk.end);
    return problem(
      risk.code,
      securitySeverity(risk.code),
      riskMessage('This command', risk, shown),
      file.lines.rangeOf(from, to),
      commandFixes(file, risk.code, from, shown),
    );
  });
}

function commandFixes(file: ParsedSkillFile, code: ProblemCode, from: number, shown: string) {
  if (code === 'world-writable') {
    const mode = /\b(0?777|a\+rwx|ugo\+rwx|a=rwx)\b/.exec(shown);
    if (mode)
      return [
        replaceFix(
          file,
          'Use 755 (others can read and run, not write)',
          { start: from + mode.index, end: from + mode.index + mode[0].length },
          '755',
          true,
        ),
      ];
  }
  if (code === 'tls-verification-off') {
    const flag = /\s(-k|--insecure)(?=\s|$)/.exec(shown);
    if (flag)
      return [
        replaceFix(
          file,
          `Remove ${flag[1]} (keep certificate checks)`,
          { start: from + flag.index, end: from + flag.index + flag[0].length },
          '',
          true,
        ),
      ];
  }
  return undefined;
}

/** download-exec, destructive-delete, reverse-shell, obfuscated-exec, world-writable, tls-verification-off, credential-access, exfiltration. */
export const ruleCommandRisks: Rule = ({ file }) => {
  const segments = codeSegments(file, bodyOf(file));
  const found = findCodeRisks(segments.map((s) => s.text));
  return segments.flatMap((segment, at) => commandProblems(file, segment.start, segment.text, found[at]));
};

/** prompt-override, conceal-from-user, skip-confirmation: in the prose of the body and in the description. */
export const ruleInjection: Rule = ({ file }) => {
  const problems: Problem[] = [];
  // A table row describes (a flag's "Skip confirmation prompt", an attack in a catalog): it
  // does not tell the model to skip a confirmation. The other phrases stay read there.
  const check = (start: number, text: string, tableRow = false) => {
    for (const risk of findInjectionRisks(text)) {
      if (tableRow && risk.code === 'skip-confirmation') continue;
      const message = `This ${risk.what}: "${text.slice(risk.start, risk.end)}". ${risk.code === 'skip-confirmation' ? 'Confirmations are how the user stays in control of what the agent does; ask before anything that changes or sends.' : 'An instruction a skill gives its model should be one the user could read and agree to.'}`;
      problems.push(
        problem(
          risk.code,
          securitySeverity(risk.code),
          message,
          file.lines.rangeOf(start + risk.start, start + risk.end),
        ),
      );
    }
  };
  // Most bodies hold no trigger word at all: one search of the whole text spares the lines.
  if (TRIGGERS.test(file.text)) {
    for (const line of bodyOf(file)) {
      if (line.kind !== 'text') continue;
      const text = file.text.slice(line.start, line.end);
      if (!TRIGGERS.test(text)) continue;
      check(line.start, maskSpans(text, codeSpans(text)), /^\s*\|/.test(text));
    }
  }
  const description = file.status === 'ok' ? findField(file, 'description') : undefined;
  if (description?.value.kind === 'scalar') {
    const span = description.value.span;
    const raw = file.text.slice(span.start, span.end);
    let offset = span.start;
    for (const part of raw.split('\n')) {
      check(offset, part);
      offset += part.length + 1;
    }
  }
  return problems;
};

/** The spec's guidance for a body: under 5,000 tokens. */
export const MAX_BODY_TOKENS = 5000;

/**
 * The body that body-too-many-tokens counts, or undefined when there is none or it cannot be over:
 * every token holds at least one UTF-8 byte, so a body of no more bytes than the limit is under it
 * without counting (a third of real bodies: no tokenizer to load for them).
 */
function bodyToCount(text: string, split: FrontmatterSplit): string | undefined {
  if (split.kind !== 'closed') return undefined;
  const body = text.slice(split.bodyStart);
  return utf8LongerThan(body, MAX_BODY_TOKENS) ? body : undefined;
}

/** body-too-many-tokens: counted with the caller's tokenizer (o200k_base), when it gives one. */
export const ruleBodyTokens: Rule = ({ file, options }) => {
  const count = options.countTokens;
  const { split } = file;
  const body = count && bodyToCount(file.text, split);
  if (!count || body === undefined || split.kind !== 'closed') return [];
  const tokens = count(body, MAX_BODY_TOKENS);
  if (tokens <= MAX_BODY_TOKENS) return [];
  const message = `The body is over ${MAX_BODY_TOKENS.toLocaleString('en-US')} tokens (o200k_base), the spec's guidance: all of it enters the model's context when the skill loads. Move detail into references/ files that the body links to, so that they load only when needed.`;
  return [
    problem(
      'body-too-many-tokens',
      securitySeverity('body-too-many-tokens'),
      message,
      file.lines.lineRange(file.lines.lineAt(split.bodyStart)),
    ),
  ];
};

/** A rule whose security findings name their OWASP class. */
const classified =
  (rule: Rule): Rule =>
  (context) =>
    rule(context).map(withAstClass);

export const SECURITY_RULES: readonly Rule[] = [ruleHiddenText, ruleCommandRisks, ruleInjection, ruleBodyTokens].map(
  classified,
);
