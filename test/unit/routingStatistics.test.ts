// Wilson intervals and McNemar's exact test against values worked out by hand here (and
// checked against published tables), never against the code under test.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  mcnemarTest,
  minimumDiscordantForSignificance,
  pairedComparison,
  wilsonInterval,
} from '../../src/core/routing/statistics';

/** Wilson's interval written out from its formula, with z = 1.96. */
function wilsonByHand(k: number, n: number): [number, number] {
  const z = 1.96;
  const p = k / n;
  const centre = (p + (z * z) / (2 * n)) / (1 + (z * z) / n);
  const half = (z / (1 + (z * z) / n)) * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n));
  return [centre - half, centre + half];
}

test('Wilson intervals match the formula and the published values', () => {
  // 8 of 10: p = 0.8, z²/n = 0.38416; centre = (0.8 + 0.19208) / 1.38416 = 0.71685;
  // half = 1.96 / 1.38416 × √(0.016 + 0.0096040) = 1.41602 × 0.16001 = 0.22658
  const [low, high] = wilsonInterval(8, 10)!;
  assert.ok(Math.abs(low - 0.4902) < 0.0002, `low ${low}`);
  assert.ok(Math.abs(high - 0.9433) < 0.0002, `high ${high}`);
  // 0 of 10 and 10 of 10: the interval touches the bound, and its other end is z²/(n + z²) = 0.2775 away
  assert.deepEqual(wilsonInterval(0, 10), [0, 0.2775]);
  assert.deepEqual(wilsonInterval(10, 10), [0.7225, 1]);
  // 1 of 3 (a case's trigger rate with three runs): wide, as it should be
  const [l3, h3] = wilsonInterval(1, 3)!;
  const [bl3, bh3] = wilsonByHand(1, 3);
  assert.ok(Math.abs(l3 - bl3) < 0.0002 && Math.abs(h3 - bh3) < 0.0002, `${l3}–${h3} against ${bl3}–${bh3}`);
  assert.ok(l3 < 0.07 && h3 > 0.79);
  for (const [k, n] of [
    [3, 7],
    [50, 100],
    [1, 1000],
  ] as const) {
    const [l, h] = wilsonInterval(k, n)!;
    const [bl, bh] = wilsonByHand(k, n);
    assert.ok(Math.abs(l - bl) < 0.0002 && Math.abs(h - bh) < 0.0002, `${k}/${n}`);
  }
  assert.equal(wilsonInterval(0, 0), null);
});

test('McNemar exact p-values: twice the binomial lower tail at one half', () => {
  // 6 against 0: 2 × (1/2)^6 = 0.03125, significant
  assert.deepEqual(mcnemarTest(6, 0), { onlyA: 6, onlyB: 0, agree: 0, p: 0.0313, significant: true, better: 'A' });
  // 5 against 0: 2 × (1/32) = 0.0625, not significant: five clean wins are not enough
  assert.equal(mcnemarTest(0, 5).p, 0.0625);
  assert.equal(mcnemarTest(0, 5).better, null);
  // 8 against 2: P(X ≤ 2) = (1 + 10 + 45) / 1024 = 0.0546875; p = 0.109375
  assert.equal(mcnemarTest(8, 2).p, 0.1094);
  // 2 against 12: P(X ≤ 2) over 14 = (1 + 14 + 91) / 16384 = 0.0064697; p = 0.0129395
  const t = mcnemarTest(2, 12, 30);
  assert.equal(t.p, 0.0129);
  assert.equal(t.better, 'B');
  assert.equal(t.agree, 30);
  // no discordant pair, or an even split: no evidence, p = 1
  assert.equal(mcnemarTest(0, 0).p, 1);
  assert.equal(mcnemarTest(4, 4).p, 1);
  // large n stays finite: 600 against 400, z ≈ 6.3, p far below 0.001
  assert.ok(mcnemarTest(600, 400).p < 0.001);
  assert.equal(minimumDiscordantForSignificance(), 6);
});

test('pairedComparison pairs by key and leaves out cases only one side ran', () => {
  const a = new Map([
    ['q1', true],
    ['q2', true],
    ['q3', false],
    ['q4', true],
    ['only-a', true],
  ]);
  const b = new Map([
    ['q1', true],
    ['q2', false],
    ['q3', true],
    ['q4', false],
    ['only-b', false],
  ]);
  const result = pairedComparison(a, b);
  assert.equal(result.paired, 4);
  assert.equal(result.onlyA, 2); // q2, q4
  assert.equal(result.onlyB, 1); // q3
  assert.equal(result.agree, 1); // q1
  // 2 against 1 of 3: P(X ≤ 1) = 4/8, p = 1
  assert.equal(result.p, 1);
});
