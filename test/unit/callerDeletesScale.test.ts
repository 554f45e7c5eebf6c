// The caller-delete rule follows names through the file (src/core/review/callerDeletes.ts): each
// question about a name is worked out once, so that a script whose variables mention many others
// is read in time proportional to it. Without that, the file below asks 8^50 questions and the
// test runs into its timeout.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { findCodeRisks } from '../../src/core/review/commandRisks';

function script(count: number, fanOut: number, source: string): string[] {
  const lines = [`v0=${source}`];
  for (let i = 1; i < count; i++) {
    const mentioned = Array.from({ length: fanOut }, (_, k) => `\${v${Math.max(0, i - 1 - k)}}`).join('');
    lines.push(`v${i}="${mentioned}"`);
  }
  lines.push(`rm -rf "$v${count - 1}"`);
  return lines;
}

const deletes = (lines: readonly string[]) =>
  findCodeRisks(lines)
    .flat()
    .filter((risk) => risk.code === 'destructive-delete');

test(
  "names that each mention eight others, fifty deep: the delete of the caller's path is found",
  { timeout: 30_000 },
  () => {
    assert.equal(deletes(script(50, 8, '"$1"')).length, 1);
  },
);

test('the same file whose first name is a constant: nothing is found', { timeout: 30_000 }, () => {
  assert.equal(deletes(script(50, 8, '/tmp/fixed')).length, 0);
});

test(
  "names given values made from each other, in a cycle: an answer, and not the caller's",
  { timeout: 30_000 },
  () => {
    assert.equal(deletes(['a="$b"', 'b="$a"', 'a="$b"', 'rm -rf "$a"']).length, 0);
  },
);
