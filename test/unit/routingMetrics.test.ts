// The routing metrics (docs/routing.md, "Metrics") on small cases whose figures are worked
// out by hand in the comments.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { RoutingCase } from '../../src/core/routing/evalCases';
import { casePasses, isRightPick, summarize, type CaseOutcome } from '../../src/core/routing/metrics';
import { reportMarkdown, summaryMarkdown } from '../../src/core/routing/report';

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
  // Wilson 95 %: 1 of 2 is 0.5 ± 1.96/2.9207 × √(0.125 + 0.2401) = [0.0945, 0.9055]; 0 of 1 is [0, z²/(1 + z²)] = [0, 0.7935]
  assert.deepEqual(s.per_skill, {
    a: { recall: 0.5, recall_ci: [0.0945, 0.9055], cases: 2 },
    d: { recall: 0, recall_ci: [0, 0.7935], cases: 1 },
  });
  // a lost 1 of its 2 requests to c; d lost 1 of 1 to a
  assert.deepEqual(s.confusions, [
    { expected: 'd', picked: 'a', share: 1 },
    { expected: 'a', picked: 'c', share: 0.5 },
  ]);
  assert.deepEqual(
    s.failures.map((f) => [f.query, f.picked]),
    [
      ['q2', 'c'],
      ['q3', 'a'],
      ['q5', 'b'],
    ],
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
  // 1 of 5: centre (0.2 + 0.3841) / 1.7683 = 0.3303, half 1.1084 × √(0.032 + 0.0384) = 0.2941
  assert.deepEqual(s.per_skill, { 'sql-review': { recall: 0.2, recall_ci: [0.0362, 0.6245], cases: 5 } });
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
  assert.deepEqual(s.failures, [{ query: 'n1', expected: [], picked: 'pdf', avoid: ['pdf'], right: 0, runs: 1 }]);
});

test('hit@3 and MRR are null when no case expects a skill', () => {
  const s = summarize('lexical', [{ case: c('q', []), picks: [null], ranking: ['a'] }]);
  assert.equal(s.hit3, null);
  assert.equal(s.mrr, null);
  assert.equal(s.abstain_fpr, 0);
});

test('with N runs each case carries k of N, its interval and, for a trigger eval, its trigger rate', () => {
  const trigger = (query: string, triggers: boolean): RoutingCase => ({
    ...c(query, triggers ? ['pdf'] : [], [], triggers ? undefined : ['pdf']),
    skill: 'pdf',
  });
  const s = summarize('model', [
    { case: trigger('fill this form', true), picks: ['pdf', 'pdf', 'docx'] },
    { case: trigger('write a poem', false), picks: ['pdf', null, null] },
  ]);
  assert.deepEqual(
    s.per_case.map((r) => [r.query, r.passed, r.right, r.runs, r.trigger_rate]),
    [
      ['fill this form', true, 2, 3, 0.6667],
      ['write a poem', true, 2, 3, 0.3333],
    ],
  );
  // 2 of 3: centre (0.6667 + 0.6403) / 2.2805 = 0.5731, half 0.8595 × √(0.0741 + 0.1067) = 0.3655
  assert.deepEqual(s.per_case[0].rate_ci, [0.2077, 0.9385]);
  // the poem's trigger rate is 1 of 3: the mirror image
  assert.deepEqual(s.per_case[1].trigger_rate_ci, [0.0615, 0.7923]);
  // 2 of 2 cases passed: top-1 [z²/(2 + z²)... ] = 1 - 3.8415/5.8415 = 0.3424 to 1
  assert.deepEqual(s.top1_ci, [0.3424, 1]);
  assert.equal(s.per_case[0].key === s.per_case[1].key, false);
});

test('the report puts an interval on every rate, k of N on failures and shaky passes, and compares routers with McNemar', () => {
  const k = (query: string) => c(query, ['a']);
  const a = summarize('model-a', [
    { case: k('q1'), picks: ['a', 'a', 'b'] },
    { case: k('q2'), picks: ['b', 'b', 'a'] },
  ]);
  const text = summaryMarkdown(a);
  // 1 of 2 passed: [0.0945, 0.9055]
  assert.match(text, /top-1 \*\*50 %\*\* \(95 % CI 9\.5–90\.6 %\)/);
  assert.match(text, /\| `a` \| 50 % \| 9\.5–90\.6 % \| 2 \|/);
  assert.match(text, /“q2”: expected `a`, got `b` ×2, `a` ×1 \(right 1 of 3\)/);
  assert.match(text, /Passed, but not in every run[\s\S]*“q1”: right 2 of 3 \(95 % CI 20\.8–93\.9 %\)/);

  // Two routers on the same 8 cases: B alone right on 6, A alone on none: p = 2 × 2⁻⁶ = 0.031
  const cases = Array.from({ length: 8 }, (_, i) => k(`r${i}`));
  const left = summarize(
    'left',
    cases.map((kc, i) => ({ case: kc, picks: [i < 2 ? 'a' : 'b'] })),
  );
  const right = summarize(
    'right',
    cases.map((kc) => ({ case: kc, picks: ['a'] })),
  );
  const report = reportMarkdown('Routing', [left, right]);
  assert.match(
    report,
    /### Comparison\n\n- right is better \(left alone right on 0, right alone on 6, 2 alike, of 8 cases; McNemar p = 0\.0313\)\./,
  );
  // 5 against 0 is not enough, and the sentence says why
  const five = summarize(
    'five',
    cases.map((kc, i) => ({ case: kc, picks: [i < 3 ? 'a' : 'b'] })),
  );
  assert.match(
    reportMarkdown('Routing', [five, right]),
    /No significant difference between five and right \(five alone right on 0, right alone on 5, 3 alike, of 8 cases; McNemar p = 0\.0625: fewer than 6 cases differ/,
  );
});
