// Where the code is in a markdown body: which lines lie inside fenced blocks, and where the
// code spans of a line are. broken-link (links.ts) looks for paths outside fences and
// dollar-argument (dollarArguments.ts) looks for `$N` inside code, so both read this one
// scanner and agree on what is code. Indented code blocks are not told apart from text.
import type { LineMap } from '../base/textPositions';
import type { Span } from './frontmatter';

/** One line of the body, by offsets into the text (content only, without the line break). */
export interface BodyLine {
  readonly line: number;
  /** Where the line's scanned content starts: the body's start on the body's first line. */
  readonly start: number;
  readonly end: number;
  /** `fence`: a ``` or ~~~ line that opens or closes a block; `code`: a line inside one. */
  readonly kind: 'text' | 'fence' | 'code';
}

const FENCE_MARKER = /^ {0,3}(`{3,}|~{3,})(.*)$/;

/** The body's lines from `bodyStart` on, each marked as text, fence or fenced code. */
export function bodyLines(text: string, lines: LineMap, bodyStart: number): BodyLine[] {
  const result: BodyLine[] = [];
  let fence: { char: string; length: number } | undefined;
  for (let line = lines.lineAt(bodyStart); line < lines.lineCount; line++) {
    const start = Math.max(lines.lineStarts[line], bodyStart);
    const end = lines.lineContentEnd(line);
    const marker = FENCE_MARKER.exec(text.slice(start, end));
    if (fence) {
      const closes =
        marker && marker[1][0] === fence.char && marker[1].length >= fence.length && marker[2].trim() === '';
      if (closes) fence = undefined;
      result.push({ line, start, end, kind: closes ? 'fence' : 'code' });
      continue;
    }
    // A backtick fence's info string cannot hold a backtick (that line is a code span).
    if (marker && !(marker[1][0] === '`' && marker[2].includes('`'))) {
      fence = { char: marker[1][0], length: marker[1].length };
      result.push({ line, start, end, kind: 'fence' });
      continue;
    }
    result.push({ line, start, end, kind: 'text' });
  }
  return result;
}

/** Code spans of a line, backticks included: a run of N backticks up to the next run of exactly N (linear). */
export function codeSpans(line: string): Span[] {
  if (!line.includes('`')) return [];
  const runs = backtickRuns(line);
  const spans: Span[] = [];
  // For each run, the index of the next run of the same length (or -1).
  const nextSameLength = new Array<number>(runs.length).fill(-1);
  const lastByLength = new Map<number, number>();
  for (let i = runs.length - 1; i >= 0; i--) {
    nextSameLength[i] = lastByLength.get(runs[i].length) ?? -1;
    lastByLength.set(runs[i].length, i);
  }
  let i = 0;
  while (i < runs.length) {
    const close = nextSameLength[i];
    if (close < 0) {
      i++;
      continue;
    }
    spans.push({ start: runs[i].start, end: runs[close].start + runs[close].length });
    i = close + 1;
  }
  return spans;
}

/** The runs of backticks of a line, with their lengths. */
function backtickRuns(line: string): { start: number; length: number }[] {
  const runs: { start: number; length: number }[] = [];
  for (let at = line.indexOf('`'); at >= 0; at = line.indexOf('`', at)) {
    const length = backtickRunLength(line, at);
    runs.push({ start: at, length });
    at += length;
  }
  return runs;
}

/** How many backticks start at `at`. */
export function backtickRunLength(line: string, at: number): number {
  let n = 0;
  while (line[at + n] === '`') n++;
  return n;
}

/** The line with its code spans blanked out (offsets are kept). */
export function maskSpans(line: string, spans: readonly Span[]): string {
  if (spans.length === 0) return line;
  const parts: string[] = [];
  let from = 0;
  for (const s of spans) {
    parts.push(line.slice(from, s.start), ' '.repeat(s.end - s.start));
    from = s.end;
  }
  parts.push(line.slice(from));
  return parts.join('');
}
