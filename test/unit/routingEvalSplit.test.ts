// The description loop's train / held-out split (core/routing/evalSplit.ts): seeded and
// stratified, kept in the eval file so that a held-out case stays held out, and written into
// the file without disturbing its format.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseEvalFile, type RoutingCase } from '../../src/core/routing/evalCases';
import { seedOf, splitCases, withSplitFields } from '../../src/core/routing/evalSplit';

const ZERO = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
const positive = (i: number, split?: 'train' | 'test'): RoutingCase => ({
  query: `p${i}`,
  expected: ['pdf'],
  acceptable: [],
  range: ZERO,
  index: i,
  ...(split ? { split } : {}),
});
const negative = (i: number): RoutingCase => ({
  query: `n${i}`,
  expected: [],
  acceptable: [],
  avoid: ['pdf'],
  skill: 'pdf',
  range: ZERO,
  index: 100 + i,
});

test('the split holds out about 40 % of each stratum, the same way on every run', () => {
  const cases = [
    ...Array.from({ length: 16 }, (_, i) => positive(i)),
    ...Array.from({ length: 4 }, (_, i) => negative(i)),
  ];
  const first = splitCases(cases, 'pdf', seedOf('pdf'));
  // 16 × 0.4 = 6.4 → 6 positives; 4 × 0.4 = 1.6 → 2 negatives
  assert.equal(first.test.filter((c) => c.expected.length > 0).length, 6);
  assert.equal(first.test.filter((c) => c.expected.length === 0).length, 2);
  assert.equal(first.train.length, 12);
  assert.equal(first.assigned.size, 20);
  const again = splitCases(cases, 'pdf', seedOf('pdf'));
  assert.deepEqual(
    again.test.map((c) => c.query),
    first.test.map((c) => c.query),
  );
  // another seed shuffles differently (these two seeds do)
  assert.notDeepEqual(
    splitCases(cases, 'pdf', seedOf('docx')).test.map((c) => c.query),
    first.test.map((c) => c.query),
  );
  // a stratum of one case is all training; of two, one is held out
  assert.deepEqual(splitCases([positive(0), negative(0)], 'pdf', 1).test, []);
  assert.equal(splitCases([positive(0), positive(1)], 'pdf', 1).test.length, 1);
});

test('a case with a split keeps it, and new cases fill the held-out share around them', () => {
  // 10 positives, 3 already held out: the target is 4, so one of the 7 new ones is held out.
  const cases = [
    positive(0, 'test'),
    positive(1, 'test'),
    positive(2, 'test'),
    ...Array.from({ length: 7 }, (_, i) => positive(3 + i)),
  ];
  const split = splitCases(cases, 'pdf', 7);
  assert.equal(split.test.length, 4);
  assert.ok(['p0', 'p1', 'p2'].every((q) => split.test.some((c) => c.query === q)));
  assert.equal(split.assigned.size, 7);
  assert.equal([...split.assigned.values()].filter((s) => s === 'test').length, 1);
  // held-out cases already over the share stay held out: nothing is moved back
  const over = splitCases([positive(0, 'test'), positive(1, 'test'), positive(2)], 'pdf', 7);
  assert.deepEqual(
    over.test.map((c) => c.query),
    ['p0', 'p1'],
  );
  assert.equal(over.assigned.get(over.train[0]), 'train');
});

test('the split is written into the eval file in its own format, and read back', () => {
  const array =
    '[\n  {\n    "query": "fill this form",\n    "should_trigger": true\n  },\n  {"query": "write a poem", "should_trigger": false}\n]\n';
  const written = withSplitFields(array, [
    { index: 0, line: 1, split: 'test' },
    { index: 1, line: 5, split: 'train' },
  ]);
  assert.equal(
    written,
    '[\n  {\n    "query": "fill this form",\n    "should_trigger": true,\n    "split": "test"\n  },\n  {"query": "write a poem", "should_trigger": false, "split": "train"}\n]\n',
  );
  const parsed = parseEvalFile(written, { skill: 'pdf' });
  assert.deepEqual(parsed.problems, []);
  assert.deepEqual(
    parsed.cases.map((c) => c.split),
    ['test', 'train'],
  );

  const lines = '{"query": "a", "expected": ["pdf"]}\r\n\r\n{"query": "b", "expected": []}\r\n';
  const jsonl = withSplitFields(lines, [{ index: 1, line: 2, split: 'test' }]);
  assert.equal(jsonl, '{"query": "a", "expected": ["pdf"]}\r\n\r\n{"query": "b", "expected": [], "split": "test"}\r\n');
  assert.deepEqual(
    parseEvalFile(jsonl).cases.map((c) => c.split),
    [undefined, 'test'],
  );
  // an invalid split has its value replaced, not a second key added
  assert.equal(
    withSplitFields('[{"query": "q", "expected": [], "split": "dev"}]', [{ index: 0, line: 0, split: 'train' }]),
    '[{"query": "q", "expected": [], "split": "train"}]',
  );
});

test('a split that is not train or test is flagged and ignored', () => {
  const parsed = parseEvalFile('[{"query": "q", "expected": ["a"], "split": "validation"}]');
  assert.equal(parsed.cases.length, 1);
  assert.equal(parsed.cases[0].split, undefined);
  assert.deepEqual(
    parsed.problems.map((p) => [p.code, p.severity, p.range.start.character]),
    [['eval-case-invalid', 'warning', 44]],
  );
});
