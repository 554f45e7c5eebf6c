// Counts o200k_base tokens exactly as gpt-tokenizer's countTokens does (with no special tokens:
// their text is text), over the vocabulary of o200kRanks.ts: the same pre-tokenizer pattern (the
// package's own), then per piece the same byte-pair merge, lowest rank first, leftmost on a tie.
// Only the lookups differ: one open-addressing table over the tokens' bytes, built in a few
// milliseconds from the serialized ranks, where the package first compiles and indexes 200,000
// strings. A differential test holds the two to the same count on every corpus file and on
// fuzzed text (test/fuzz/o200kCounter.test.ts).
import type { O200K_TOKEN_SPLIT_REGEX as SplitRegex } from 'gpt-tokenizer/cjs/encodingParams/constants';

// Required, not imported: the package exports its CommonJS files to require() only.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- see above
const { O200K_TOKEN_SPLIT_REGEX } = require('gpt-tokenizer/cjs/encodingParams/constants') as {
  O200K_TOKEN_SPLIT_REGEX: typeof SplitRegex;
};

import { asciiPieceEnd, isAscii } from './o200kAsciiPieces';

/** Pieces counted, by text: most words recur (cleared whole when full). */
const MAX_CACHED_PIECES = 50_000;

export class O200kCounter {
  /** Where each rank's bytes start in `bytes`, and their length. */
  private readonly starts: Uint32Array;
  private readonly lengths: Uint8Array;
  /** Open addressing over the tokens' bytes: rank + 1, 0 for an empty slot. */
  private readonly table: Int32Array;
  private readonly mask: number;
  private readonly split = new RegExp(O200K_TOKEN_SPLIT_REGEX.source, O200K_TOKEN_SPLIT_REGEX.flags);
  private readonly pieces = new Map<string, number>();
  private readonly encoder = new TextEncoder();
  private scratch = new Uint8Array(1024);
  /** The rank of each two-byte token, by its bytes (first << 8 | second); Infinity for none: a merge starts from these. */
  private readonly pairs = new Float64Array(65536).fill(Infinity);
  /** The merge's parts (mergeCount), kept for the next piece. */
  private partStarts = new Int32Array(256);
  private partRanks = new Float64Array(256);

  constructor(private readonly bytes: Uint8Array) {
    let count = 0;
    for (let at = 0; at < bytes.length; at += 1 + bytes[at]) count++;
    this.starts = new Uint32Array(count);
    this.lengths = new Uint8Array(count);
    let size = 1;
    while (size < count * 2) size *= 2;
    this.table = new Int32Array(size);
    this.mask = size - 1;
    let rank = 0;
    for (let at = 0; at < bytes.length; at += 1 + bytes[at], rank++) {
      const length = bytes[at];
      this.starts[rank] = at + 1;
      this.lengths[rank] = length;
      if (length === 0) continue; // a rank never found (o200kRanks.ts)
      if (length === 2) this.pairs[(bytes[at + 1] << 8) | bytes[at + 2]] = rank;
      let slot = hash(bytes, at + 1, at + 1 + length) & this.mask;
      while (this.table[slot] !== 0) slot = (slot + 1) & this.mask;
      this.table[slot] = rank + 1;
    }
  }

  /** The tokens of `text`. */
  count(text: string): number {
    let total = 0;
    if (isAscii(text)) {
      // An ASCII character is its UTF-8 byte: a piece that is a token is found from the text
      // itself, with no string made for it (most pieces are one token: a word and its space).
      for (let start = 0, end; start < text.length; start = end) {
        end = asciiPieceEnd(text, start);
        total += this.isAsciiToken(text, start, end) ? 1 : this.countPiece(text.slice(start, end));
      }
      return total;
    }
    const split = this.split;
    split.lastIndex = 0;
    for (let match = split.exec(text); match; match = split.exec(text)) {
      const piece = match[0];
      total += isAscii(piece) && this.isAsciiToken(piece, 0, piece.length) ? 1 : this.countPiece(piece);
    }
    return total;
  }

  private countPiece(piece: string): number {
    let count = this.pieces.get(piece);
    if (count === undefined) {
      count = this.mergeCount(piece);
      if (this.pieces.size >= MAX_CACHED_PIECES) this.pieces.clear();
      this.pieces.set(piece, count);
    }
    return count;
  }

  /** Whether text[start, end), all ASCII, is one token: its characters are its bytes. */
  private isAsciiToken(text: string, start: number, end: number): boolean {
    if (this.scratch.length < end - start) this.scratch = new Uint8Array(2 * (end - start));
    return this.rankOf(this.scratch, 0, asciiInto(text, start, end, this.scratch)) !== Infinity;
  }

  /** The rank of bytes[start, end) of `source`, or Infinity when they are no token. */
  private rankOf(source: Uint8Array, start: number, end: number): number {
    const length = end - start;
    for (let slot = hash(source, start, end) & this.mask; ; slot = (slot + 1) & this.mask) {
      const entry = this.table[slot];
      if (entry === 0) return Infinity;
      const rank = entry - 1;
      if (this.lengths[rank] !== length) continue;
      const at = this.starts[rank];
      let same = true;
      for (let i = 0; i < length; i++)
        if (this.bytes[at + i] !== source[start + i]) {
          same = false;
          break;
        }
      if (same) return rank;
    }
  }

  /**
   * The byte-pair merge of one piece, as gpt-tokenizer's bytePairMerge: the parts start as its
   * bytes; the adjacent pair of lowest rank (the leftmost of equals) is merged until no pair is a
   * token. A piece that is one token is one: the package looks the whole piece up first, which a
   * merge may not reach. A piece with a lone surrogate has no such token (its text is no token's).
   */
  private mergeCount(piece: string): number {
    if (this.scratch.length < piece.length * 3) this.scratch = new Uint8Array(piece.length * 3);
    const bytes = this.scratch;
    const n = isAscii(piece) ? asciiInto(piece, 0, piece.length, bytes) : this.encoder.encodeInto(piece, bytes).written;
    if (n <= 1) return n;
    if (this.rankOf(bytes, 0, n) !== Infinity && isWellFormed(piece)) return 1;
    // The parts, in two arrays kept for the next piece: part i is bytes[starts[i], starts[i + 1]),
    // ranks[i] the rank of part i merged with part i + 1 (Infinity when that is no token).
    if (this.partStarts.length <= n) {
      this.partStarts = new Int32Array(2 * n + 2);
      this.partRanks = new Float64Array(2 * n + 2);
    }
    const starts = this.partStarts;
    const ranks = this.partRanks;
    for (let i = 0; i <= n; i++) {
      starts[i] = i;
      ranks[i] = i < n - 1 ? this.pairs[(bytes[i] << 8) | bytes[i + 1]] : Infinity;
    }
    let parts = n;
    const pairRank = (i: number) =>
      i + 2 > parts
        ? Infinity
        : starts[i + 2] - starts[i] === 2
          ? this.pairs[(bytes[starts[i]] << 8) | bytes[starts[i] + 1]]
          : this.rankOf(bytes, starts[i], starts[i + 2]);
    while (parts > 0) {
      let lowest = Infinity;
      let at = -1;
      for (let i = 0; i < parts; i++)
        if (ranks[i] < lowest) {
          lowest = ranks[i];
          at = i;
        }
      if (at === -1) break;
      // Part at + 1 joins part at: its start goes, and so does the rank of their merge.
      starts.copyWithin(at + 1, at + 2, parts + 1);
      ranks.copyWithin(at, at + 1, parts + 1);
      parts--;
      ranks[at] = pairRank(at);
      if (at > 0) ranks[at - 1] = pairRank(at - 1);
    }
    return parts;
  }
}

/** The bytes of text[start, end), all ASCII, written into `bytes` (encodeInto's call costs more than the copy); their number. */
function asciiInto(text: string, start: number, end: number, bytes: Uint8Array): number {
  for (let i = start; i < end; i++) bytes[i - start] = text.charCodeAt(i);
  return end - start;
}

/** FNV-1a over bytes[start, end). */
function hash(bytes: Uint8Array, start: number, end: number): number {
  let h = 0x811c9dc5;
  for (let i = start; i < end; i++) h = Math.imul(h ^ bytes[i], 0x01000193);
  return h >>> 0;
}

/** No lone surrogate in `text`. */
function isWellFormed(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0xd800 || unit > 0xdfff) continue;
    if (unit > 0xdbff || i + 1 >= text.length) return false;
    const next = text.charCodeAt(i + 1);
    if (next < 0xdc00 || next > 0xdfff) return false;
    i++;
  }
  return true;
}
