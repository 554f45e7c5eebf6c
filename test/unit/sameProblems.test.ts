// When a relint counts as a change (src/core/lint/sameProblems.ts): the Skills view redraws on
// one, and a redraw under the pointer drops a click on an item's button.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Problem } from '../../src/core/base/types';
import { sameProblems } from '../../src/core/lint/sameProblems';

const problem = (over: Partial<Problem> = {}): Problem => ({
  code: 'name-format',
  severity: 'error',
  message: 'name must be kebab-case',
  range: { start: { line: 1, character: 6 }, end: { line: 1, character: 17 } },
  ...over,
});

test('the same findings found again, fixes rebuilt, are no change', { timeout: 10_000 }, () => {
  assert.equal(sameProblems([], []), true);
  assert.equal(sameProblems([problem()], [problem({ fixes: [] })]), true);
});

test('a finding added, dropped, moved, reworded, regraded or reordered is a change', { timeout: 10_000 }, () => {
  const other = problem({ code: 'description-missing', message: 'no description' });
  assert.equal(sameProblems([], [problem()]), false);
  assert.equal(sameProblems([problem()], []), false);
  assert.equal(sameProblems([problem(), other], [other, problem()]), false);
  assert.equal(sameProblems([problem()], [problem({ severity: 'warning' })]), false);
  assert.equal(sameProblems([problem()], [problem({ message: 'another' })]), false);
  assert.equal(sameProblems([problem()], [problem({ code: 'reserved-name' })]), false);
  for (const [part, key] of [
    ['start', 'line'],
    ['start', 'character'],
    ['end', 'line'],
    ['end', 'character'],
  ] as const) {
    const range = { start: { ...problem().range.start }, end: { ...problem().range.end } };
    range[part][key] += 1;
    assert.equal(sameProblems([problem()], [problem({ range })]), false, `${part}.${key} moved`);
  }
});
