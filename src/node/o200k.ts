// Token counts with o200k_base, the tokenizer of OpenAI's current models (gpt-tokenizer, kept
// as a dependency: nothing is downloaded). Its ranks are 2 MB of JavaScript, so the bundles
// carry it as a file of its own (dist/o200k.js), required on first use only: `skillsmith eval`
// with a model pays for it, and every other command starts without it.
import type { countTokens } from 'gpt-tokenizer/cjs/encoding/o200k_base';

/** `./o200k.js` beside the bundle; the package itself when the sources run unbundled (tests). */
declare const SKILLSMITH_O200K: string;

let counter: typeof countTokens | undefined;

/** The number of o200k_base tokens of `text`. */
export function countO200kTokens(text: string): number {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  counter ??= (require(SKILLSMITH_O200K) as { countTokens: typeof countTokens }).countTokens;
  return counter(text);
}

export const O200K_NAME = 'o200k_base';
