// How sure a routing figure is (docs/routing.md, "How sure a figure is"): the Wilson score
// interval of a rate, and McNemar's exact test for two routers (or two descriptions) run on
// the same cases. Eval sets are small (ten or twenty cases a skill), where the normal
// approximation's interval leaves [0, 1] and a chi-squared McNemar overstates significance;
// Wilson and the exact binomial form stay right at any size.

/** A 95 % interval, as [low, high], rounded to 4 places. */
export type Interval = readonly [number, number];

/** The normal quantile of a two-sided 95 % interval. */
const Z95 = 1.959963984540054;

/** The 95 % Wilson score interval of `successes` out of `trials`; null when there were no trials. */
export function wilsonInterval(successes: number, trials: number, z = Z95): Interval | null {
  if (trials <= 0) return null;
  const p = successes / trials;
  const z2 = z * z;
  const denominator = 1 + z2 / trials;
  const centre = (p + z2 / (2 * trials)) / denominator;
  const half = (z / denominator) * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials));
  return [round(Math.max(0, centre - half)), round(Math.min(1, centre + half))];
}

/** McNemar's test on paired outcomes: the cases only A got right, and those only B got right. */
export interface PairedTest {
  /** Right with A, wrong with B. */
  readonly onlyA: number;
  /** Right with B, wrong with A. */
  readonly onlyB: number;
  /** Cases where both agree (right or wrong): they carry no evidence either way. */
  readonly agree: number;
  /** Two-sided exact p-value: the binomial test of onlyA against onlyB at one half. */
  readonly p: number;
  /** p < 0.05. */
  readonly significant: boolean;
  /** 'A' or 'B' when the difference is significant, else null ("no significant difference"). */
  readonly better: 'A' | 'B' | null;
}

export const SIGNIFICANCE_LEVEL = 0.05;

/**
 * McNemar's exact test: under "A and B are as good", each discordant case is a fair coin, so
 * the smaller count is binomial(onlyA + onlyB, 1/2); the p-value is twice its lower tail
 * (capped at 1).
 */
export function mcnemarTest(onlyA: number, onlyB: number, agree = 0): PairedTest {
  const n = onlyA + onlyB;
  const p = n === 0 ? 1 : Math.min(1, 2 * binomialLowerTail(Math.min(onlyA, onlyB), n));
  const significant = p < SIGNIFICANCE_LEVEL;
  return { onlyA, onlyB, agree, p: round(p), significant, better: significant ? (onlyA > onlyB ? 'A' : 'B') : null };
}

/** P(X ≤ k) for X ~ binomial(n, 1/2), summed in log space so that large n cannot overflow. */
function binomialLowerTail(k: number, n: number): number {
  let logChoose = 0; // log C(n, 0)
  let total = 0;
  const logHalfN = n * Math.log(0.5);
  for (let i = 0; i <= k; i++) {
    if (i > 0) logChoose += Math.log(n - i + 1) - Math.log(i);
    total += Math.exp(logChoose + logHalfN);
  }
  return total;
}

/**
 * The fewest discordant cases that can ever be significant: with fewer, even a clean sweep
 * (every differing case going one way) has p ≥ 0.05. Said to the user when a set is too small.
 */
export function minimumDiscordantForSignificance(): number {
  let n = 1;
  while (mcnemarTest(n, 0).p >= SIGNIFICANCE_LEVEL) n++;
  return n;
}

/** Pairs two routers' pass/fail per case (by key) and tests them; cases only one of them ran are left out. */
export function pairedComparison(
  a: ReadonlyMap<string, boolean>,
  b: ReadonlyMap<string, boolean>,
): PairedTest & { readonly paired: number } {
  let onlyA = 0;
  let onlyB = 0;
  let agree = 0;
  for (const [key, passedA] of a) {
    const passedB = b.get(key);
    if (passedB === undefined) continue;
    if (passedA && !passedB) onlyA++;
    else if (passedB && !passedA) onlyB++;
    else agree++;
  }
  return { ...mcnemarTest(onlyA, onlyB, agree), paired: onlyA + onlyB + agree };
}

function round(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}
