// One scan for many needles (src/core/review/needleScan.ts) must answer exactly what one
// `includes` per needle answers, needles that overlap, nest and share a start included.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { NeedleScan } from '../../src/core/review/needleScan';
import { seededRandom } from '../seededRandom';

const naive = (groups: readonly (readonly string[])[], text: string): number[] =>
  groups.flatMap((group, i) => (group.some((n) => text.includes(n)) ? [i] : []));

test('the groups of a text, worked example', { timeout: 10_000 }, () => {
  const groups = [['env', 'set'], ['environ', 'process.env'], ['rm'], ['rmtree'], ['nc', 'netcat'], ['']];
  const scan = new NeedleScan(groups);
  assert.deepEqual(scan.groupsIn('os.environ["HOME"]'), [0, 1]);
  assert.deepEqual(scan.groupsIn('shutil.rmtree(d)'), [2, 3]);
  assert.deepEqual(scan.groupsIn('a process.env b'), [0, 1]);
  assert.deepEqual(scan.groupsIn('netcat -l'), [4]);
  assert.deepEqual(scan.groupsIn('nothing here'), []);
  assert.deepEqual(new NeedleScan([]).groupsIn('rm -rf'), []);
});

test('the same answers as one includes per needle, on random needles and texts', { timeout: 60_000 }, () => {
  const random = seededRandom(2026);
  const letters = 'abcn.-/e';
  const word = (max: number) =>
    Array.from({ length: 1 + Math.floor(random() * max) }, () => letters[Math.floor(random() * letters.length)]).join(
      '',
    );
  let checked = 0;
  for (let round = 0; round < 300; round++) {
    const groups = Array.from({ length: 1 + Math.floor(random() * 8) }, () =>
      Array.from({ length: 1 + Math.floor(random() * 3) }, () => word(4)),
    );
    const scan = new NeedleScan(groups);
    for (let i = 0; i < 40; i++) {
      const text = word(30);
      assert.deepEqual(scan.groupsIn(text), naive(groups, text), JSON.stringify({ groups, text }));
      checked++;
    }
  }
  assert.equal(checked, 12_000);
});

test('holders: one scan of many texts answers as groupsIn of each, lower-cased', { timeout: 60_000 }, () => {
  const random = seededRandom(2027);
  // Capitals (lower-cased first), a line break inside a text, İ (whose lower case is longer),
  // and empty texts among the rest.
  const letters = 'abcnNE.-/e\nİ';
  const word = (max: number) =>
    Array.from({ length: Math.floor(random() * max) }, () => letters[Math.floor(random() * letters.length)]).join('');
  let checked = 0;
  const seen = new Set<boolean>();
  for (let round = 0; round < 300; round++) {
    const groups = Array.from({ length: 1 + Math.floor(random() * 6) }, () =>
      Array.from({ length: 1 + Math.floor(random() * 3) }, () => word(4).replace(/[\nİ]/g, '') || 'n'),
    );
    const scan = new NeedleScan(groups);
    const texts = Array.from({ length: Math.floor(random() * 12) }, () => word(random() < 0.1 ? 0 : 20));
    const expected = texts.map((text) => scan.groupsIn(text.toLowerCase()).length > 0);
    assert.deepEqual(scan.holders(texts), expected, JSON.stringify({ groups, texts }));
    expected.forEach((holds) => seen.add(holds));
    checked += texts.length;
  }
  assert.ok(checked > 1000, `${checked} texts`);
  assert.deepEqual([...seen].sort(), [false, true], 'texts that hold a needle and texts that do not');
  assert.deepEqual(new NeedleScan([]).holders(['rm -rf', '']), [false, false]);
});
