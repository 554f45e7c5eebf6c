// The grader's prompt and answer (src/core/impact/graderPrompt.ts) and the report
// (src/core/impact/impactReport.ts): every expectation asked, the arm never named, an answer that
// is not skill-creator's grading JSON a grader error; the page escapes what the eval file wrote.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { gradedStatements, graderPrompt, parseGrading } from '../../src/core/impact/graderPrompt';
import { parseImpactEvals } from '../../src/core/impact/impactEvals';
import { impactHtml, impactText } from '../../src/core/impact/impactReport';
import type { TrialRecord } from '../../src/core/impact/impactRun';
import { summarizeImpact } from '../../src/core/impact/impactSummary';

const TIMEOUT = { timeout: 30_000 };

const [example] = parseImpactEvals(
  JSON.stringify({
    skill_name: 'example-skill',
    evals: [
      {
        id: 1,
        prompt: "User's example prompt",
        expected_output: 'Description of expected result',
        files: ['evals/files/sample1.pdf'],
        expectations: ['The output includes X', 'The skill used script Y'],
      },
    ],
  }),
).evals;

test('the prompt holds the task, the answer, the files and every expectation, and never the arm', TIMEOUT, () => {
  const prompt = graderPrompt(example, 'Names: Ada', ['report.txt']);
  for (const part of ["User's example prompt", 'Description of expected result', 'Names: Ada', 'report.txt'])
    assert.ok(prompt.includes(part), part);
  assert.match(prompt, /1\. The output includes X\n2\. The skill used script Y/);
  assert.doesNotMatch(prompt, /with the skill|without the skill|arm/i);
  assert.match(prompt, /exactly 2 entries/);
});

test('an eval with only an expected output is graded on it; one with checks only needs no grader', TIMEOUT, () => {
  const [only, checked] = parseImpactEvals(
    JSON.stringify({
      evals: [
        { id: 'a', prompt: 'p', expected_output: 'a CSV' },
        { id: 'b', prompt: 'p', expected_output: 'a CSV', checks: [{ file: 'out.csv' }] },
      ],
    }),
  ).evals;
  assert.deepEqual(gradedStatements(only), ['The result is what was expected: a CSV']);
  assert.deepEqual(gradedStatements(checked), []);
});

test('the grading is read from the reply (in a fence, after words); anything else is a grader error', TIMEOUT, () => {
  const reply =
    'Here is my grading {not json}:\n```json\n{"expectations": [{"text": "The output includes X", "passed": true, "evidence": "line 3: X"}, {"text": "Y", "passed": false, "evidence": "no script ran"}]}\n```';
  const graded = parseGrading(example, reply);
  assert.ok(graded.ok);
  assert.deepEqual(
    graded.expectations.map((e) => [e.text, e.passed, e.evidence]),
    [
      ['The output includes X', true, 'line 3: X'],
      ['The skill used script Y', false, 'no script ran'],
    ],
  );
  for (const [bad, why] of [
    ['I think it passed.', /no JSON object/],
    ['{"grades": []}', /no "expectations" list/],
    ['{"expectations": [{"passed": true}]}', /judges 1 expectation\(s\), not the 2 asked/],
    ['{"expectations": [{"passed": "yes"}, {"passed": true}]}', /no true or false for expectation 1/],
  ] as const) {
    const result = parseGrading(example, bad);
    assert.ok(!result.ok && result.error.kind === 'grader' && why.test(result.error.message), bad);
  }
});

test(
  'the report: a table with both arms and the lift, and a page that escapes what the eval file wrote',
  TIMEOUT,
  () => {
    const [evil] = parseImpactEvals(
      JSON.stringify({ evals: [{ id: '<script>alert(1)</script>', prompt: 'p', checks: [{ output: 'OK' }] }] }),
    ).evals;
    const records: TrialRecord[] = [];
    for (let trial = 0; trial < 4; trial++)
      for (const arm of ['with', 'without'] as const)
        records.push({
          evalId: evil.id,
          arm,
          trial,
          outcome: arm === 'with' || trial === 0 ? 'pass' : 'fail',
          attempts: 1,
          retried: [],
          report: {
            kind: 'ran',
            answer: 'OK',
            evidence: { listed: arm === 'with', loaded: undefined, source: 't' },
            checks: [],
            expectations: [],
            usage: {},
            ms: 1000,
            transcript: '',
          },
        });
    const summary = summarizeImpact('<b>skill</b>', 'claude-code', 4, [evil], records);
    const text = impactText(summary);
    assert.match(text, /1\.00 \[0\.51, 1\.00\] \(4\/4\)/);
    assert.match(text, /0\.25 \[0\.05, 0\.70\] \(1\/4\)/);
    assert.match(text, /\+0\.75/);
    const html = impactHtml(summary);
    assert.ok(!html.includes('<script>') && !html.includes('<b>skill'), 'nothing from the file is markup');
    assert.match(html, /&lt;script&gt;/);
    assert.equal((html.match(/<rect /g) ?? []).length, 2, 'one bar per arm');
    assert.match(html, /Content-Security-Policy/);
  },
);
