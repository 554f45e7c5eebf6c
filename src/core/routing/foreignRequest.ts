// When the lexical router abstains (docs/routing.md, "The lexical ranker"): when a
// request is foreign to the catalog, that is, when more of its terms are unknown to every
// description than a request from the catalog's own domain would bring. A lexical router
// cannot tell a detail the description leaves out (a city, an id, a library's name) from a
// word of another domain, so it does not judge words one by one; it counts them against
// what the catalog itself predicts:
//   - Good–Turing: the share of a new description's terms that no other description has
//     is estimated by the share of the catalog's term occurrences that are the only one of
//     their term (terms found in exactly one skill, over the sum of document frequencies).
//     A catalog of a few short descriptions has seen little of its domain's words, so an
//     unknown word is expected there; a catalog of many descriptions in one domain has
//     seen most of them, so an unknown word is news;
//   - the request is foreign when its count of unknown terms would be that high or higher
//     by chance less than 5 % of the time (a one-sided binomial test at the usual level).
// A request is not foreign for being long or specific: what counts is its share of unknown
// terms against the catalog's own rate (over more words, the test is surer of that share).

/**
 * A request's values, which say nothing about the domain it belongs to: web addresses,
 * e-mail addresses, file paths, and quoted text (numbers are dropped for every purpose, in
 * the ranker). They stay in the ranking (a quoted name may be a skill's); they are left out
 * when the request's words are counted against the catalog's.
 */
const VALUES: readonly RegExp[] = [
  /\b[a-z][a-z0-9+.-]*:\/\/\S+/giu,
  /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}.-]+\.\p{L}+/gu,
  /(?:^|(?<=\s))(?:~|\.{1,2}|[a-z]:)?[\\/][^\s]*/giu,
  /(?:^|(?<=[\s([{:=,]))(["'`\u2018\u201c])[^\n]*?(?:\1|[\u2019\u201d])(?=$|[\s)\]}.,;:!?])/gu,
];

/** The text without its values (see VALUES). */
export function withoutValues(text: string): string {
  let rest = text;
  for (const pattern of VALUES) rest = rest.replace(pattern, ' ');
  return rest;
}

/** The usual significance level of a one-sided test. */
export const FOREIGN_SIGNIFICANCE = 0.05;

/**
 * Good–Turing's estimate of the chance that a term of a new request from the catalog's
 * domain is unknown to the catalog: terms in exactly one skill over all (skill, term)
 * pairs. One more of each is counted, so that a catalog whose terms are all shared still
 * expects some news, and an empty catalog expects only news.
 */
export function unseenRate(documentFrequency: ReadonlyMap<string, number>): number {
  let once = 0;
  let occurrences = 0;
  for (const df of documentFrequency.values()) {
    occurrences += df;
    if (df === 1) once++;
  }
  return (once + 1) / (occurrences + 1);
}

/** P(X ≥ k) for X ~ Binomial(n, p), summed in log space (n is a request's term count). */
export function binomialTail(n: number, k: number, p: number): number {
  if (k <= 0) return 1;
  if (k > n) return 0;
  if (p <= 0) return 0;
  if (p >= 1) return 1;
  const logP = Math.log(p);
  const logQ = Math.log1p(-p);
  // log C(n, k), then each further term from the previous one.
  let logChoose = 0;
  for (let i = 0; i < k; i++) logChoose += Math.log(n - i) - Math.log(i + 1);
  let tail = 0;
  for (let i = k; i <= n; i++) {
    tail += Math.exp(logChoose + i * logP + (n - i) * logQ);
    logChoose += Math.log(n - i) - Math.log(i + 1);
  }
  return Math.min(1, tail);
}

/**
 * How likely a request from the catalog's domain is to have at least `unknown` unknown
 * terms among its `total` (1 when none is unknown); the request is foreign below
 * FOREIGN_SIGNIFICANCE.
 */
export function foreignPValue(total: number, unknown: number, rate: number): number {
  return binomialTail(total, unknown, rate);
}
