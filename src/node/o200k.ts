// Token counts with o200k_base, the tokenizer of OpenAI's current models: gpt-tokenizer's
// vocabulary (a dependency: nothing is downloaded), counted by o200kCounter.ts. The vocabulary
// is 1.9 MB, so the bundles carry it as a file of its own (dist/o200k.js), required on first
// use only: the editor's lint of a long body and `skillsmith eval` pay for it, every other
// command starts without it.

/** `./o200k.js` beside the bundle; the unbundled module in tests. */
declare const SKILLSMITH_O200K: string;

interface Tokenizer {
  readonly countTokens: (text: string) => number;
}

let tokenizer: Tokenizer | undefined;

function load(): Tokenizer {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a bundle of its own beside this one, loaded on first use
  tokenizer ??= require(SKILLSMITH_O200K) as Tokenizer;
  return tokenizer;
}

/** The number of o200k_base tokens of `text` (special-token text counted as text). */
export function countO200kTokens(text: string): number {
  return load().countTokens(text);
}

/**
 * Splits `text` where a line break is followed by a character that is neither white space nor
 * `/`. o200k's pre-tokenizer never joins across such a point: its pieces end at a line break,
 * or are white space, except punctuation that takes the line breaks and slashes after it
 * (`##\n/`). So the tokens of the whole are exactly the sum of the chunks' (a differential
 * test, test/fuzz/tokenChunks.test.ts, checks it on every corpus file and on fuzzed text; it
 * found the slash).
 */
export function tokenChunks(text: string): string[] {
  return text.split(/(?<=\n)(?=[^\s/])/);
}

/** Chunk counts, so that an edit re-counts only the lines it touched (the lint runs as you type). */
const chunkCounts = new Map<string, number>();
const MAX_CACHED_CHUNKS = 20_000;

/**
 * A chunk with a line past this length is counted in slices of SLICE characters. BPE's cost grows with the square of a piece's length: one real skill has a
 * 114,220-character run of █, which took minutes to count whole (and never ended under Wine).
 * Slices make the cost linear; the count of such a line may then differ from the whole's by a
 * token or so per slice, which never decides "over 5,000 tokens" for a line that long.
 */
export const MAX_EXACT_CHUNK = 4000;
const SLICE = 512;

function countChunk(chunk: string): number {
  const { countTokens } = load();
  if (chunk.length <= MAX_EXACT_CHUNK || !hasLongLine(chunk)) return countTokens(chunk);
  let total = 0;
  for (let at = 0; at < chunk.length;) {
    let end = Math.min(chunk.length, at + SLICE);
    // End a slice at white space when there is some near the cut.
    if (end < chunk.length) {
      const space = chunk.lastIndexOf(' ', end);
      if (space > end - 64 && space > at) end = space;
    }
    total += countTokens(chunk.slice(at, end));
    at = end;
  }
  return total;
}

/** Whether some line of `text` is longer than MAX_EXACT_CHUNK. */
export function hasLongLine(text: string): boolean {
  let start = 0;
  for (let end = text.indexOf('\n'); ; end = text.indexOf('\n', start)) {
    if ((end === -1 ? text.length : end) - start > MAX_EXACT_CHUNK) return true;
    if (end === -1) return false;
    start = end + 1;
  }
}

function chunkTokens(chunk: string): number {
  let count = chunkCounts.get(chunk);
  if (count === undefined) {
    // Special-token text (`<|endoftext|>`) in a skill is text: counted as written, never refused.
    count = countChunk(chunk);
    // Cleared whole when full: dropping the oldest one at a time walks the map's deleted
    // entries on every insert once it is full (seconds over a large repository).
    if (chunkCounts.size >= MAX_CACHED_CHUNKS) chunkCounts.clear();
    chunkCounts.set(chunk, count);
  }
  return count;
}

/** The o200k_base tokens of `text`, counted only up to `limit`: past it, some number over `limit` (the lint's question is only "over?"). */
export function countO200kTokensUpTo(text: string, limit: number): number {
  let total = 0;
  for (const chunk of tokenChunks(text)) {
    total += chunkTokens(chunk);
    if (total > limit) return total;
  }
  return total;
}

export const O200K_NAME = 'o200k_base';

/**
 * countO200kTokensUpTo for a CLI that may run without its tokenizer bundle beside it (dist/cli.js
 * copied alone): then the count is 0 (body-too-many-tokens stays silent) and `onMissing` is told
 * once, so that the user learns why.
 */
export function tokenCounterOrNothing(onMissing: (message: string) => void): (text: string, limit: number) => number {
  let missing = false;
  return (text, limit) => {
    if (missing) return 0;
    try {
      return countO200kTokensUpTo(text, limit);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'MODULE_NOT_FOUND') throw error;
      missing = true;
      onMissing(
        `the o200k tokenizer (o200k.js) is not beside the CLI, so body-too-many-tokens was not checked: keep dist/o200k.js next to dist/cli.js`,
      );
      return 0;
    }
  };
}
