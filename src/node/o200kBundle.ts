// dist/o200k.js: the o200k_base counter with its vocabulary (o200kRanks.ts), a bundle of its
// own, required by src/node/o200k.ts on the first count. The build defines the serialized
// ranks; the sources run in the tests serialize them from the package instead.
import { brotliDecompressSync } from 'node:zlib';
import { O200kCounter } from './o200kCounter';
import { o200kRanksFromPackage } from './o200kRanks';

/** The serialized ranks, compressed with Brotli, in base64: defined by scripts/build.mjs for the bundle. */
declare const SKILLSMITH_O200K_RANKS: string | undefined;

const counter = new O200kCounter(
  typeof SKILLSMITH_O200K_RANKS === 'string'
    ? new Uint8Array(brotliDecompressSync(Buffer.from(SKILLSMITH_O200K_RANKS, 'base64')))
    : o200kRanksFromPackage(),
);

/** The o200k_base tokens of `text`, special-token text counted as text (gpt-tokenizer's countTokens with none allowed or disallowed). */
export function countTokens(text: string): number {
  return counter.count(text);
}
