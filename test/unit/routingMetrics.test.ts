// The routing metrics (docs/routing.md, "Metrics") on small cases whose figures are worked
// out by hand in the comments.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { RoutingCase } from '../../src/core/routing/evalCases';
import { casePasses, isRightPick, summarize, type CaseOutcome } from '../../src/core/routing/metrics';

const ZERO = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };

function c(query: string, expected: string[], acceptable: string[] = [], avoid?: string[]): RoutingCase {
  return { query, expected, acceptable, ...(avoid ? { avoid } : {}), range: ZERO, index: 0 };
}

test('a pick is right when expected or acceptable; none is right only when nothing is expected', () => {
  assert.equal(isRightPick(c('q', ['a'], ['b']), 'a'), true);
  assert.equal(isRightPick(c('q', ['a'], ['b']), 'b'), true);
  assert.equal(isRightPick(c('q', ['a'], ['b']), 'c'), false);
  assert.equal(isRightPick(c('q', ['a']), null), false);
  assert.equal(isRightPick(c('q', []), null), true);
  assert.equal(isRightPick(c('q', []), 'a'), false);
  // should_trigger false: anything but the avoided skill, none included
  assert.equal(isRightPick(c('q', [], [], ['a']), 'b'), true);
  assert.equal(isRightPick(c('q', [], [], ['a']), null), true);
  assert.equal(isRightPick(c('q', [], [], ['a']), 'a'), false);
});

test('with repeats a case passes on a strict majority of right picks', () => {
  const k = c('q', ['a']);
  assert.equal(casePasses({ case: k, picks: ['a', 'a', 'b'] }), true); // 2 of 3
  assert.equal(casePasses({ case: k, picks: ['a', 'b', null] }), false); // 1 of 3
  assert.equal(casePasses({ case: k, picks: ['a', 'b'] }), false); // 1 of 2 is not more than half
  assert.equal(casePasses({ case: k, picks: ['a', 'a', 'b', 'b'] }), false);
});

test('top-1, hit@3, MRR and the abstention false-positive rate of a ranker', () => {
  const outcomes: CaseOutcome[] = [
    // right at rank 1
    { case: c('q1', ['a']), picks: ['a'], ranking: ['a', 'b', 'c'] },
    // acceptable at rank 2, but the pick is the rank-1 'c': wrong
    { case: c('q2', ['a'], ['b']), picks: ['c'], ranking: ['c', 'b', 'a'] },
    // right skill at rank 4: not in hit@3, reciprocal rank 1/4
    { case: c('q3', ['d']), picks: ['a'], ranking: ['a', 'b', 'c', 'd'] },
    // expects nothing, picks nothing: right
    { case: c('q4', []), picks: [null], ranking: ['a'] },
    // expects nothing, picks 'b': a false positive
    { case: c('q5', []), picks: ['b'], ranking: ['b'] },
  ];
  const s = summarize('lexical', outcomes);
  assert.equal(s.cases, 5);
  assert.equal(s.top1, 0.4); // q1 and q4 of 5
  // hit@3 and MRR over the 3 cases that expect a skill: ranks 1, 2, 4
  assert.equal(s.hit3, 0.6667); // 2 of 3
  assert.equal(s.mrr, 0.5833); // (1 + 1/2 + 1/4) / 3 = 1.75 / 3
  assert.equal(s.abstain_fpr, 0.5); // q5 of q4, q5
  assert.deepEqual(s.per_skill, { a: { recall: 0.5, cases: 2 }, d: { recall: 0, cases: 1 } });
  // a lost 1 of its 2 requests to c; d lost 1 of 1 to a
  assert.deepEqual(s.confusions, [
    { expected: 'd', picked: 'a', share: 1 },
    { expected: 'a', picked: 'c', share: 0.5 },
  ]);
  assert.deepEqual(
    s.failures.map((f) => [f.query, f.picked]),
    [['q2', 'c'], ['q3', 'a'], ['q5', 'b']],
  );
});

test('models have no ranking: hit@3 and MRR are null; confusion shares count runs', () => {
  const outcomes: CaseOutcome[] = [
    // sql-review: 5 cases x 2 runs = 10 requests; db-migrate takes 4 of them (40 %)
    { case: c('s1', ['sql-review']), picks: ['db-migrate', 'db-migrate'] },
    { case: c('s2', ['sql-review']), picks: ['db-migrate', 'sql-review'] },
    { case: c('s3', ['sql-review']), picks: ['sql-review', 'db-migrate'] },
    { case: c('s4', ['sql-review']), picks: ['sql-review', 'sql-review'] },
    { case: c('s5', ['sql-review']), picks: ['sql-review', null] },
  ];
  const s = summarize('fake-model', outcomes);
  assert.equal(s.hit3, null);
  assert.equal(s.mrr, null);
  assert.equal(s.abstain_fpr, null); // no case expects nothing
  assert.equal(s.runs, 2);
  // passes: only s4 (2 of 2); s2, s3, s5 have 1 of 2, which is not a majority
  assert.equal(s.top1, 0.2);
  assert.deepEqual(s.per_skill, { 'sql-review': { recall: 0.2, cases: 5 } });
  // a missed pick (null) is not a confusion with another skill
  assert.deepEqual(s.confusions, [{ expected: 'sql-review', picked: 'db-migrate', share: 0.4 }]);
  const s1 = s.failures.find((f) => f.query === 's1')!;
  assert.equal(s1.picked, 'db-migrate');
  assert.deepEqual(s1.picks, { 'db-migrate': 2 });
  assert.deepEqual(s.failures.find((f) => f.query === 's5')!.picks, { 'sql-review': 1, '(none)': 1 });
});

test('a trigger eval that should not trigger fails when its skill is picked, and is no abstention case', () => {
  const s = summarize('lexical', [
    { case: c('n1', [], [], ['pdf']), picks: ['pdf'] },
    { case: c('n2', [], [], ['pdf']), picks: ['docx'] },
  ]);
  assert.equal(s.top1, 0.5);
  assert.equal(s.abstain_fpr, null);
  assert.deepEqual(s.failures, [{ query: 'n1', expected: [], picked: 'pdf', avoid: ['pdf'] }]);
});

test('hit@3 and MRR are null when no case expects a skill', () => {
  const s = summarize('lexical', [{ case: c('q', []), picks: [null], ranking: ['a'] }]);
  assert.equal(s.hit3, null);
  assert.equal(s.mrr, null);
  assert.equal(s.abstain_fpr, 0);
});
