// The o200k_base vocabulary in the compact form the token counter reads (o200kCounter.ts): every
// token's bytes, in rank order, each after its length in one byte. The build writes it into
// dist/o200k.js as one string, Brotli in base64 (scripts/build.mjs): a string is read at once,
// where the package's ranks, 200,000 strings in a JavaScript array, took half a second to compile
// and index before the first count. The vocabulary itself is gpt-tokenizer's (a dependency).

/** A rank's entry in gpt-tokenizer: the token as text, or its bytes when they are not UTF-8. */
export type RankEntry = string | readonly number[];

/** The longest token there may be: its length must fit the one byte before it. */
const MAX_TOKEN_BYTES = 255;

/**
 * The ranks as the counter reads them. A token given as bytes that are valid UTF-8 is written
 * with length 0 (never found): gpt-tokenizer looks such bytes up among the tokens given as text
 * and so never finds it, and the counter must count as it does (`utf8` says which bytes are).
 */
export function serializeRanks(
  ranks: readonly (RankEntry | undefined)[],
  utf8: (bytes: Uint8Array) => boolean,
): Uint8Array {
  const encoder = new TextEncoder();
  const parts: Uint8Array[] = [];
  let size = 0;
  for (const entry of ranks) {
    let bytes: Uint8Array;
    if (entry === undefined) bytes = new Uint8Array(0);
    else if (typeof entry === 'string') {
      bytes = encoder.encode(entry);
      // A lone surrogate would be written as U+FFFD's bytes, another token's.
      if (new TextDecoder().decode(bytes) !== entry)
        throw new Error(`o200k: the token ${JSON.stringify(entry)} is not well-formed text`);
    } else {
      bytes = Uint8Array.from(entry);
      if (utf8(bytes)) bytes = new Uint8Array(0);
    }
    if (bytes.length > MAX_TOKEN_BYTES) throw new Error(`o200k: a token of ${bytes.length} bytes`);
    parts.push(Uint8Array.of(bytes.length), bytes);
    size += 1 + bytes.length;
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** gpt-tokenizer's o200k_base ranks, serialized (the build, and the tests that run the sources). */
export function o200kRanksFromPackage(): Uint8Array {
  /* eslint-disable @typescript-eslint/no-require-imports -- the package's data, read once, at build time or in a test */
  const ranks = (require('gpt-tokenizer/cjs/bpeRanks/o200k_base') as { default: readonly RankEntry[] }).default;
  const { tryConvertToString } = require('gpt-tokenizer/cjs/utfUtil') as {
    tryConvertToString: (bytes: Uint8Array) => string | undefined;
  };
  /* eslint-enable @typescript-eslint/no-require-imports */
  return serializeRanks(ranks, (bytes) => tryConvertToString(bytes) !== undefined);
}
