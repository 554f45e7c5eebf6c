// How much a skill helps (src/core/impact/impactStatistics.ts): errors and unproven arms never
// score; pairs are trial i with trial i; and Newcombe's paired interval covers the true lift about
// 95 % of the time, checked by simulation against rates the test sets itself.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  armSummary,
  pairedDifferenceInterval,
  pairedImpact,
  type TrialOutcome,
} from '../../src/core/impact/impactStatistics';
import { seededRandom } from '../seededRandom';

const TIMEOUT = { timeout: 60_000 };

test('an arm counts errors and unproven trials apart: they are neither passes nor fails', TIMEOUT, () => {
  const arm = armSummary(['pass', 'pass', 'fail', 'error', 'unproven', 'error', 'pass']);
  assert.deepEqual(
    { passes: arm.passes, fails: arm.fails, errors: arm.errors, unproven: arm.unproven, rate: arm.rate },
    { passes: 3, fails: 1, errors: 2, unproven: 1, rate: 0.75 },
  );
  // Wilson's interval of 3 of 4, by its formula: centre (p + z²/2n)/(1 + z²/n).
  const z = 1.959963984540054;
  const n = 4;
  const p = 0.75;
  const centre = (p + (z * z) / (2 * n)) / (1 + (z * z) / n);
  const half = (z / (1 + (z * z) / n)) * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n));
  assert.ok(Math.abs(arm.interval![0] - (centre - half)) < 1e-4);
  assert.ok(Math.abs(arm.interval![1] - (centre + half)) < 1e-4);
  const none = armSummary(['error', 'unproven']);
  assert.equal(none.rate, null);
  assert.equal(none.interval, null);
});

test('pairs are trial i with trial i; a pair with an unscored side is left out', TIMEOUT, () => {
  const withSkill: TrialOutcome[] = ['pass', 'pass', 'fail', 'pass', 'error', 'pass'];
  const without: TrialOutcome[] = ['pass', 'fail', 'fail', 'fail', 'pass', 'unproven'];
  const impact = pairedImpact(withSkill, without);
  assert.deepEqual(
    [impact.paired, impact.bothPass, impact.onlyWith, impact.onlyWithout, impact.bothFail],
    [4, 1, 2, 0, 1],
  );
  assert.equal(impact.difference, 0.5);
  assert.equal(impact.verdict, 'no-difference', 'two discordant pairs cannot be significant');
  // McNemar: 2 of 2 discordant pairs one way, p = 2 × (1/2)² = 0.5.
  assert.equal(impact.test.p, 0.5);
});

test('a skill that makes things worse is called worse, significantly', TIMEOUT, () => {
  const withSkill: TrialOutcome[] = Array.from({ length: 20 }, (_, i) => (i < 4 ? 'pass' : 'fail'));
  const without: TrialOutcome[] = Array.from({ length: 20 }, () => 'pass');
  const impact = pairedImpact(withSkill, without);
  assert.equal(impact.onlyWithout, 16);
  assert.equal(impact.difference, -0.8);
  assert.equal(impact.verdict, 'worse');
  assert.ok(impact.interval![1] < 0, `the interval ${String(impact.interval)} lies below 0`);
});

test("Newcombe's interval at the edges: inside [-1, 1], around the difference, null without pairs", TIMEOUT, () => {
  assert.equal(pairedDifferenceInterval(0, 0, 0, 0), null);
  const all = pairedDifferenceInterval(0, 12, 0, 0)!;
  assert.equal(all[1], 1);
  assert.ok(all[0] > 0.5 && all[0] < 1, String(all));
  const same = pairedDifferenceInterval(7, 0, 0, 5)!;
  assert.ok(same[0] < 0 && same[1] > 0, `no discordant pair: 0 is inside ${String(same)}`);
  for (const [a, b, c, d] of [
    [3, 5, 1, 11],
    [0, 0, 9, 1],
    [10, 0, 0, 0],
    [2, 7, 7, 2],
  ]) {
    const [low, high] = pairedDifferenceInterval(a, b, c, d)!;
    const difference = (b - c) / (a + b + c + d);
    assert.ok(low >= -1 && high <= 1 && low <= difference + 1e-9 && difference <= high + 1e-9, `${a},${b},${c},${d}`);
  }
  // Swapping the arms mirrors the interval.
  const [low, high] = pairedDifferenceInterval(3, 5, 1, 11)!;
  assert.deepEqual(pairedDifferenceInterval(3, 1, 5, 11), [-high, -low]);
});

test('over many simulated evals, the 95 % interval covers the true lift about 95 % of the time', TIMEOUT, () => {
  const random = seededRandom(39);
  // Each pair shares a difficulty, so the arms are correlated, as trials of one eval are.
  const cases = [
    { pWith: 0.8, pWithout: 0.5, trials: 30 },
    { pWith: 0.6, pWithout: 0.6, trials: 20 },
    { pWith: 0.3, pWithout: 0.45, trials: 40 },
    { pWith: 0.5, pWithout: 0.5, trials: 10 },
    { pWith: 0.7, pWithout: 0.3, trials: 15 },
  ];
  const coverages: number[] = [];
  for (const { pWith, pWithout, trials } of cases) {
    let covered = 0;
    const runs = 2000;
    for (let run = 0; run < runs; run++) {
      const withSkill: TrialOutcome[] = [];
      const without: TrialOutcome[] = [];
      for (let t = 0; t < trials; t++) {
        const shared = random();
        // Half the time an arm reads the pair's shared draw (so the arms are correlated), else its own.
        withSkill.push((random() < 0.5 ? shared : random()) < pWith ? 'pass' : 'fail');
        without.push((random() < 0.5 ? shared : random()) < pWithout ? 'pass' : 'fail');
      }
      const [low, high] = pairedImpact(withSkill, without).interval!;
      if (low <= pWith - pWithout + 1e-9 && pWith - pWithout <= high + 1e-9) covered++;
    }
    coverages.push(covered / runs);
  }
  assert.ok(
    coverages.every((c) => c >= 0.93),
    `each case covers at least 93 %: ${coverages.join(', ')}`,
  );
  // Not much above 95 % either: an interval that ignores the pairs' correlation is wider, and
  // covers about 97 % on these cases (the Monte Carlo error of the mean is about 0.2 %).
  const mean = coverages.reduce((sum, c) => sum + c, 0) / coverages.length;
  assert.ok(mean >= 0.94 && mean <= 0.967, `mean coverage ${mean}: ${coverages.join(', ')}`);
});

test("Newcombe's method 10 on Altman et al.'s paired table (Statistics with Confidence, table 6.2)", TIMEOUT, () => {
  // 14 both, 5 only the first, 0 only the second, 22 neither (n = 41): the difference is 5/41 =
  // 0.1220. Worked out here by hand, apart from the code: Wilson 19/41 and 14/41, φ = (14·22 −
  // 41/2) / √(19·22·14·27) = 287.5 / 397.50 = 0.7233, giving 0.0115 to 0.2265.
  const [low, high] = pairedDifferenceInterval(14, 5, 0, 22)!;
  assert.ok(Math.abs(low - 0.0115) < 0.0002 && Math.abs(high - 0.2265) < 0.0002, `${low}–${high}`);
  // McNemar's exact test on the same pairs: 5 against 0, p = 2 × (1/2)^5 = 0.0625.
  assert.equal(
    pairedImpact(
      [...Array(14).fill('pass'), ...Array(5).fill('pass'), ...Array(22).fill('fail')],
      [...Array(14).fill('pass'), ...Array(5).fill('fail'), ...Array(22).fill('fail')],
    ).test.p,
    0.0625,
  );
});
