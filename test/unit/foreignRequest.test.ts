// When the lexical router calls a request foreign to the catalog (docs/routing.md,
// "Abstention"): the catalog's rate of new words, the binomial tail, and the values left out
// of the count. Every expected figure is worked out by hand in the comments.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { binomialTail, unseenRate, withoutValues } from '../../src/core/routing/foreignRequest';

const close = (actual: number, expected: number, message?: string) =>
  assert.ok(Math.abs(actual - expected) < 1e-9, `${actual} ≈ ${expected} ${message ?? ''}`);

test('the rate of new words is Good–Turing: terms in one skill over all (skill, term) pairs, one more of each', () => {
  // sql in 3 skills, queri in 3, format/lint/explain in 1 each: 3 singles, 9 pairs, (3 + 1) / (9 + 1).
  close(
    unseenRate(
      new Map([
        ['sql', 3],
        ['queri', 3],
        ['format', 1],
        ['lint', 1],
        ['explain', 1],
      ]),
    ),
    0.4,
  );
  // Every term shared: still (0 + 1) / (4 + 1), some news is always possible.
  close(
    unseenRate(
      new Map([
        ['a', 2],
        ['b', 2],
      ]),
    ),
    0.2,
  );
  // One skill: all its terms are single, (3 + 1) / (3 + 1) = 1, nothing can be foreign to it.
  close(
    unseenRate(
      new Map([
        ['a', 1],
        ['b', 1],
        ['c', 1],
      ]),
    ),
    1,
  );
  // An empty catalog knows nothing: 1 / 1.
  close(unseenRate(new Map()), 1);
});

test('the binomial tail P(X ≥ k)', () => {
  close(binomialTail(3, 2, 0.5), 0.5); // (3 + 1) / 8
  close(binomialTail(4, 4, 0.5), 0.0625); // 1 / 16
  close(binomialTail(6, 5, 0.4), 6 * 0.4 ** 5 * 0.6 + 0.4 ** 6); // 0.04096
  close(binomialTail(8, 5, 0.4), 56 * 0.4 ** 5 * 0.6 ** 3 + 28 * 0.4 ** 6 * 0.6 ** 2 + 8 * 0.4 ** 7 * 0.6 + 0.4 ** 8);
  close(binomialTail(5, 0, 0.3), 1);
  close(binomialTail(5, 6, 0.3), 0);
  close(binomialTail(5, 1, 0), 0);
  close(binomialTail(5, 5, 1), 1);
  // A long request stays finite and exact enough: P(X ≥ 1) = 1 − 0.9^200.
  close(binomialTail(200, 1, 0.1), 1 - 0.9 ** 200);
});

test("a request's values are left out of the count: addresses, paths and quoted text", () => {
  assert.equal(withoutValues('get https://example.com/a?b=1 now').trim().split(/\s+/).join(' '), 'get now');
  assert.equal(withoutValues('mail bob@example.org please').trim().split(/\s+/).join(' '), 'mail please');
  assert.equal(withoutValues('read /usr/local/bin/tool and ./src/a.ts').trim().split(/\s+/).join(' '), 'read and');
  assert.equal(
    withoutValues('weather in "San Francisco, CA" and \'Boston\'.').trim().split(/\s+/).join(' '),
    'weather in and .',
  );
  // Apostrophes inside words and a slash between words are not values.
  assert.equal(withoutValues("don't rerun the user's a/b test"), "don't rerun the user's a/b test");
});
