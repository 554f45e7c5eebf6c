// The line diff of an update's review (core/install/textDiff.ts): what goes, then what comes,
// with two lines of context, and `…` where unchanged lines are left out.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { lineDiff } from '../../src/core/install/textDiff';

test('a changed line shows as - then +, with two lines of context', { timeout: 10_000 }, () => {
  const before = ['a', 'b', 'c', 'd', 'e', 'f', 'g'].join('\n');
  const after = ['a', 'b', 'c', 'D', 'e', 'f', 'g'].join('\n');
  assert.deepEqual(lineDiff(before, after), [' b', ' c', '-d', '+D', ' e', ' f', ' …']);
});

test('a new file is all +, a removed one all -', { timeout: 10_000 }, () => {
  assert.deepEqual(lineDiff('', 'x\ny'), ['+x', '+y']);
  assert.deepEqual(lineDiff('x\n', ''), ['-x', '-']);
  assert.deepEqual(lineDiff('x', 'x'), []);
});
