// Offsets <-> line/character positions. The YAML parser and the body scanners speak in
// string offsets, while problems and edits need VS Code style positions; a table of
// line starts built once per text makes each conversion a binary search.
import type { Position, Range } from './types';

/** Line starts of one text, for converting offsets to positions and back. */
export class LineMap {
  /** Offset where each line starts; line breaks are \n, \r\n and a lone \r (as in VS Code). */
  readonly lineStarts: readonly number[];

  constructor(readonly text: string) {
    this.lineStarts = computeLineStarts(text);
  }

  /** Number of lines (an empty text, or one ending with a line break, ends with an empty line). */
  get lineCount(): number {
    return this.lineStarts.length;
  }

  /** The zero-based line that holds `offset`. */
  lineAt(offset: number): number {
    const starts = this.lineStarts;
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (starts[mid] <= offset) low = mid;
      else high = mid - 1;
    }
    return low;
  }

  /** The position of `offset`, clamped to the text and to its line's content. */
  positionAt(offset: number): Position {
    const clamped = Math.max(0, Math.min(offset, this.text.length));
    const line = this.lineAt(clamped);
    // An offset between the \r and the \n of a CRLF is the end of the line's content.
    return { line, character: Math.min(clamped, this.lineContentEnd(line)) - this.lineStarts[line] };
  }

  /** The offset of `position`, clamped to its line's content. */
  offsetAt(position: Position): number {
    if (position.line < 0) return 0;
    if (position.line >= this.lineStarts.length) return this.text.length;
    const start = this.lineStarts[position.line];
    return Math.min(start + Math.max(0, position.character), this.lineContentEnd(position.line));
  }

  /** The range between two offsets. */
  rangeOf(start: number, end: number): Range {
    return { start: this.positionAt(start), end: this.positionAt(end) };
  }

  /** Offset just past the last character of `line`, before its line break. */
  lineContentEnd(line: number): number {
    const next = line + 1 < this.lineStarts.length ? this.lineStarts[line + 1] : this.text.length;
    let end = next;
    if (end > this.lineStarts[line] && this.text.charCodeAt(end - 1) === LF) end--;
    if (end > this.lineStarts[line] && this.text.charCodeAt(end - 1) === CR) end--;
    return end;
  }

  /** The range of a whole line's content, without its line break. */
  lineRange(line: number): Range {
    return this.rangeOf(this.lineStarts[line], this.lineContentEnd(line));
  }
}

const LF = 10;
const CR = 13;

/** Offsets where each line of `text` starts, in one linear pass. */
export function computeLineStarts(text: string): number[] {
  const starts = [0];
  if (!text.includes('\r')) {
    // The common case: indexOf is much faster than a loop over every character.
    for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) starts.push(at + 1);
    return starts;
  }
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === CR) {
      if (text.charCodeAt(i + 1) === LF) i++;
      starts.push(i + 1);
    } else if (code === LF) {
      starts.push(i + 1);
    }
  }
  return starts;
}

/** The line ending a text uses: that of its first line break, LF when it has none. */
export function detectLineEnding(text: string): '\n' | '\r\n' {
  const lf = text.indexOf('\n');
  return lf > 0 && text.charCodeAt(lf - 1) === CR ? '\r\n' : '\n';
}
