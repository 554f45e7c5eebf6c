// Token counts with o200k_base, the tokenizer of OpenAI's current models (gpt-tokenizer, kept
// as a dependency: nothing is downloaded). Its ranks are 2 MB of JavaScript, so the bundles
// carry it as a file of its own (dist/o200k.js), required on first use only: `skillsmith eval`
// with a model pays for it, and every other command starts without it.
import type { countTokens, isWithinTokenLimit } from 'gpt-tokenizer/cjs/encoding/o200k_base';

/** `./o200k.js` beside the bundle; the package itself when the sources run unbundled (tests). */
declare const SKILLSMITH_O200K: string;

interface Tokenizer {
  readonly countTokens: typeof countTokens;
  readonly isWithinTokenLimit: typeof isWithinTokenLimit;
}

let tokenizer: Tokenizer | undefined;

function load(): Tokenizer {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  tokenizer ??= require(SKILLSMITH_O200K) as Tokenizer;
  return tokenizer;
}

/** The number of o200k_base tokens of `text` (special-token text counted as text). */
export function countO200kTokens(text: string): number {
  return load().countTokens(text, NO_SPECIAL);
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
const NO_SPECIAL = { disallowedSpecial: new Set<string>() };

function chunkTokens(chunk: string): number {
  let count = chunkCounts.get(chunk);
  if (count === undefined) {
    // Special-token text (`<|endoftext|>`) in a skill is text: counted as written, never refused.
    count = load().countTokens(chunk, NO_SPECIAL);
    if (chunkCounts.size >= MAX_CACHED_CHUNKS) chunkCounts.delete(chunkCounts.keys().next().value!);
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
