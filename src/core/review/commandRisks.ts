// Dangerous commands and exfiltration in code (docs/rules.md, "Security"): the body's code
// blocks and code spans, and the scripts a skill bundles. Each technique is a pattern over
// one line of code; a command must stand where a command starts (the line's start after a
// prompt, or after `;`, `&&`, `|`, `(`, `$(`, a backtick, a quote, `sudo`, `run:` …), so
// that a pattern quoted in a table ("Matches: chmod 777") or a regex in a scanner's list is
// not taken for the command itself. Settings that turn checks off (TLS) count anywhere.
import type { ProblemCode } from '../base/types';
import { findCallerDeletes } from './callerDeletes';
import { AT, TECHNIQUES } from './commandTechniques';
import { NeedleScan } from './needleScan';

export interface CommandRisk {
  readonly code: ProblemCode;
  /** Offsets in the line. */
  readonly start: number;
  readonly end: number;
  /** What the command does, for the message: "pipes a download into a shell". */
  readonly what: string;
  /** The technique's own advice, when it has one. */
  readonly advice?: string;
}

/** The techniques a line may hold: those with a needle in it. */
const TECHNIQUE_NEEDLES = new NeedleScan(TECHNIQUES.map((t) => t.needs));

/** Every needle of the techniques: what the least review of a file's code must look for (bench/validateCorpora.ts). */
export const COMMAND_NEEDLES: readonly string[] = [...new Set(TECHNIQUES.flatMap((t) => t.needs))];

/** Latin lookalikes from Cyrillic and Greek that spell a command (`сurl` with a Cyrillic с). */
const LOOKALIKES: Readonly<Record<string, string>> = {
  а: 'a',
  с: 'c',
  е: 'e',
  о: 'o',
  р: 'p',
  х: 'x',
  у: 'y',
  і: 'i',
  ѕ: 's',
  ј: 'j',
  ԁ: 'd',
  һ: 'h',
  ӏ: 'l',
  к: 'k',
  м: 'm',
  т: 't',
  в: 'b',
  н: 'h',
  ο: 'o',
  α: 'a',
  ε: 'e',
  ι: 'i',
  κ: 'k',
  ν: 'v',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  χ: 'x',
};

/**
 * What normalizeCommand changes, exactly: a doubled quote or a backslash between word
 * characters, or a lookalike. A line without one is its own normal form; most lines of code
 * have quotes, few have these.
 */
const CHANGES = new RegExp(String.raw`\w(?:""|'')\w|\w\\\w|[` + Object.keys(LOOKALIKES).join('') + ']');

/** Whether `text[i]` is a word character (`\w`: ASCII letters, digits and `_`); false outside it. */
function isWordAt(text: string, i: number): boolean {
  const code = i >= 0 && i < text.length ? text.charCodeAt(i) : -1;
  return (
    (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a) || code === 0x5f
  );
}

/**
 * A line of code as a shell reads it, for matching: lookalike letters as the Latin ones they
 * pass for, and the quotes and backslashes a shell drops inside a word (`c""url`, `c\url`)
 * removed. `offsets[i]` is where the i-th character came from; a line with nothing to change has none.
 */
export function normalizeCommand(line: string): NormalizedLine {
  // Most lines have nothing to drop or replace: the same text, each character from its place.
  if (!CHANGES.test(line)) return { text: line };
  const offsets: number[] = [];
  let text = '';
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    const between = isWordAt(line, i - 1) && isWordAt(line, i + (ch === '\\' ? 1 : 2));
    if ((ch === '"' || ch === "'") && line[i + 1] === ch && between) {
      i++;
      continue;
    }
    if (ch === '\\' && between && isWordAt(line, i + 1)) continue;
    text += LOOKALIKES[ch] ?? ch;
    offsets.push(i);
  }
  offsets.push(line.length);
  return { text, offsets };
}

/**
 * The logical lines of a block of code: a line continued with a trailing `\` (or PowerShell's
 * backtick) runs on into the next. The continuation is blanked to spaces of the same length, so
 * that offsets stay those of `code`.
 */
export function logicalLines(code: string): { readonly start: number; readonly text: string }[] {
  const joined = code.replace(/[\\\x60](\r?\n)/g, (m) => ' '.repeat(m.length));
  const lines: { start: number; text: string }[] = [];
  let start = 0;
  for (const text of joined.split('\n')) {
    lines.push({ start, text: text.replace(/\r$/, '') });
    start += text.length + 1;
  }
  return lines;
}

/** Every risky command in one line of code. */
export function findCommandRisks(line: string): CommandRisk[] {
  return findCodeRisks([line])[0];
}

const CALLER_DELETE: Pick<CommandRisk, 'code' | 'what'> = {
  code: 'destructive-delete',
  what: 'deletes a path the caller passes, recursively, unchecked',
};

/** A line as the rules read it, and where each of its characters was in the line (its own place when absent). */
interface NormalizedLine {
  readonly text: string;
  readonly offsets?: readonly number[];
}

function placeIn({ offsets }: NormalizedLine, index: number): number {
  return offsets ? offsets[index] : index;
}

/**
 * Every risky command in the logical lines of one file's code, a list for each line: the
 * techniques of one line, and the deletes of a path the caller passes, which follow the
 * file's variables (callerDeletes.ts).
 */
export function findCodeRisks(lines: readonly string[]): CommandRisk[][] {
  // Most files hold nothing the normal form changes, and most of their lines no technique's
  // needle: both are asked of the whole file first (CHANGES matches no line break).
  const joined = lines.join('\n');
  const changes = CHANGES.test(joined);
  const normalized = changes ? lines.map(normalizeCommand) : lines.map((text) => ({ text }));
  const holds = TECHNIQUE_NEEDLES.holders(
    normalized.map((n) => n.text),
    changes ? undefined : joined,
  );
  const risks = normalized.map((line, i) => (holds[i] ? lineRisks(line) : []));
  for (const found of findCallerDeletes(
    normalized.map((n) => n.text),
    AT,
  )) {
    const start = placeIn(normalized[found.line], found.start);
    const end = placeIn(normalized[found.line], found.end - 1) + 1;
    const same = risks[found.line];
    if (same.some((f) => f.code === CALLER_DELETE.code && f.start <= start && start < f.end)) continue;
    same.push({ ...CALLER_DELETE, start, end });
    same.sort((a, b) => a.start - b.start);
  }
  return risks;
}

function lineRisks(line: NormalizedLine): CommandRisk[] {
  const { text } = line;
  const found: CommandRisk[] = [];
  for (const index of TECHNIQUE_NEEDLES.groupsIn(text.toLowerCase())) {
    const technique = TECHNIQUES[index];
    technique.pattern.lastIndex = 0;
    for (const match of text.matchAll(technique.pattern)) {
      // Underline the command, not the separator that let it start.
      const lead =
        /^[\s;&|({`"'=$>%]*(?:PS[^>\n]{0,40}>\s*)?(?:sudo\s+(?:-\S+\s+)*)?(?:(?:RUN|run:|exec|then|do|else|xargs|time|nohup|command)\s+)?/i.exec(
          match[0],
        )?.[0].length ?? 0;
      const start = placeIn(line, match.index + lead);
      const end = placeIn(line, match.index + match[0].length - 1) + 1;
      if (found.some((f) => f.code === technique.code && f.start <= start && start < f.end)) continue;
      found.push({
        code: technique.code,
        start,
        end,
        what: technique.what,
        ...(technique.advice ? { advice: technique.advice } : {}),
      });
    }
  }
  return found.sort((a, b) => a.start - b.start);
}

export const COMMAND_RISK_CODES: readonly ProblemCode[] = [
  ...new Set([...TECHNIQUES.map((t) => t.code), CALLER_DELETE.code]),
];
