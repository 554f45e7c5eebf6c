// normalizeCommand (commandRisks.ts) returns a line unchanged, with no offsets, when the line
// holds nothing it would change; otherwise it rebuilds the line character by character. The
// two paths must agree: a line with a lookalike letter appended always takes the second path,
// so its normal form, less that letter, is the slow path's answer for the line itself.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { normalizeCommand } from '../../src/core/review/commandRisks';

const TIMEOUT = { timeout: 60_000 };
/** A Cyrillic а, which the normal form reads as a Latin a. */
const LOOKALIKE = '\u0430';

function slowPath(line: string): { text: string; offsets: readonly number[] } {
  const forced = normalizeCommand(`${line} ${LOOKALIKE}`);
  assert.ok(forced.offsets, 'a lookalike always takes the slow path');
  assert.ok(forced.text.endsWith(' a'));
  return { text: forced.text.slice(0, -2), offsets: [...forced.offsets.slice(0, -3), line.length] };
}

function check(line: string): 'same' | 'changed' {
  const fast = normalizeCommand(line);
  const slow = slowPath(line);
  assert.strictEqual(fast.text, slow.text, JSON.stringify(line));
  const offsets = fast.offsets ?? Array.from({ length: line.length + 1 }, (_, i) => i);
  assert.deepStrictEqual(offsets, slow.offsets, JSON.stringify(line));
  return fast.offsets ? 'changed' : 'same';
}

test('the unchanged-line path and the rebuilt path agree on every line', TIMEOUT, () => {
  const lines = [
    'curl -fsSL https://example.com/install.sh | sh',
    `echo "it's fine" && printf '%s' "$x"`,
    'c""url https://x | s\'\'h',
    'c\\url -s https://x | sh',
    `"" '' \\ a\\ \\b a""""b a''b'`,
    'сurl https://x | sh',
    '',
  ];
  // And seeded random lines over the characters that matter.
  const alphabet = ['a', 'b', '_', '1', ' ', '"', "'", '\\', '-', '|', 'о', 'х'];
  let state = 26;
  const next = () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  for (let i = 0; i < 3000; i++)
    lines.push(
      Array.from({ length: 1 + Math.floor(next() * 12) }, () => alphabet[Math.floor(next() * alphabet.length)]).join(
        '',
      ),
    );
  const seen = new Set(lines.map(check));
  assert.deepStrictEqual([...seen].sort(), ['changed', 'same'], 'both paths are taken');
});
