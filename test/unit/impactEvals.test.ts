// Impact eval files (src/core/impact/impactEvals.ts): skill-creator's evals/evals.json read as it
// is, real ones from ../shared/corpus-scripts among them, Skillsmith's deterministic checks, and a
// malformed eval reported where it is while the others still run.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { parseImpactEvals } from '../../src/core/impact/impactEvals';
import { corpusForTests } from './corpusLocation';
import { testPath as path } from './testPaths';

const TIMEOUT = { timeout: 30_000 };
const scripts = corpusForTests('corpus-scripts');

test("skill-creator's documented form: every field read, ids as text", TIMEOUT, () => {
  const parsed = parseImpactEvals(
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
  );
  assert.deepEqual(parsed.problems, []);
  assert.equal(parsed.skillName, 'example-skill');
  const [only] = parsed.evals;
  assert.equal(only.id, '1');
  assert.equal(only.prompt, "User's example prompt");
  assert.equal(only.expectedOutput, 'Description of expected result');
  assert.deepEqual(only.files, ['evals/files/sample1.pdf']);
  assert.deepEqual(only.expectations, ['The output includes X', 'The skill used script Y']);
  assert.deepEqual(only.checks, []);
});

test(
  "trailofbits' supply-chain-risk-auditor evals (a real file) read unchanged, its eval_name allowed",
  { ...TIMEOUT, skip: scripts.skip },
  () => {
    const file = path.join(scripts.dir, 'trailofbits+skills/plugins/supply-chain-risk-auditor/evals/evals.json');
    const text = fs.readFileSync(file, 'utf8');
    const parsed = parseImpactEvals(text);
    assert.deepEqual(parsed.problems, []);
    assert.equal(parsed.skillName, 'supply-chain-risk-auditor');
    const raw = JSON.parse(text) as { evals: { id: number; prompt: string; expectations: string[] }[] };
    assert.equal(parsed.evals.length, raw.evals.length);
    assert.ok(parsed.evals.length > 0);
    parsed.evals.forEach((read, i) => {
      assert.equal(read.id, String(raw.evals[i].id));
      assert.equal(read.prompt, raw.evals[i].prompt);
      assert.deepEqual(read.expectations, raw.evals[i].expectations);
    });
  },
);

test('a trigger-eval file given as impact evals is named for what it is', { ...TIMEOUT, skip: scripts.skip }, () => {
  const text = fs.readFileSync(
    path.join(scripts.dir, 'alirezarezvani+claude-skills/engineering/behuman/evals.json'),
    'utf8',
  );
  const parsed = parseImpactEvals(text);
  assert.deepEqual(parsed.evals, []);
  assert.equal(parsed.problems.length, 1);
  assert.equal(parsed.problems[0].code, 'eval-syntax');
  assert.match(parsed.problems[0].message, /^These are trigger evals .* evals\/trigger-evals\.json/);
});

test("Skillsmith's checks: files, patterns, commands and the answer", TIMEOUT, () => {
  const parsed = parseImpactEvals(
    JSON.stringify({
      evals: [
        {
          prompt: 'Write out.csv',
          checks: [
            { file: 'out.csv' },
            { file: 'out.csv', matches: '^id,' },
            { command: ['python3', 'check.py', '--strict'] },
            { output: 'total: \\d+' },
          ],
        },
      ],
    }),
  );
  assert.deepEqual(parsed.problems, []);
  assert.deepEqual(parsed.evals[0].checks, [
    { kind: 'file', path: 'out.csv' },
    { kind: 'file', path: 'out.csv', matches: '^id,' },
    { kind: 'command', argv: ['python3', 'check.py', '--strict'] },
    { kind: 'output', matches: 'total: \\d+' },
  ]);
  assert.equal(parsed.evals[0].id, '1', 'no id: its position');
});

test('a malformed eval is reported at its place and left out; the others still run', TIMEOUT, () => {
  const evals = [
    { id: 1, prompt: 'fine', expectations: ['ok'] },
    { id: 2, prompt: '' },
    { id: 3, prompt: 'outside', files: ['../../.ssh/id_rsa'], expectations: ['x'] },
    { id: 4, prompt: 'rooted', files: ['/etc/passwd'], expectations: ['x'] },
    { id: 5, prompt: 'drive', checks: [{ file: 'C:\\Users\\me\\secret.txt' }] },
    { id: 6, prompt: 'shell', checks: [{ command: 'rm -rf /' }] },
    { id: 7, prompt: 'backtracking', checks: [{ output: '(a+)+\\1' }] },
    { id: 8, prompt: 'unknown check', checks: [{ url: 'https://example.com' }] },
    { id: 1, prompt: 'taken id', expectations: ['x'] },
    { id: 10, prompt: 'nothing to judge' },
    { id: 11, prompt: 'fine too', expected_output: 'a summary', extra: true },
  ];
  const text = JSON.stringify({ skill_name: 'x', evals }, null, 2);
  const parsed = parseImpactEvals(text);
  assert.deepEqual(
    parsed.evals.map((e) => e.id),
    ['1', '11'],
  );
  const messages = parsed.problems.map((p) => `${p.severity} ${p.message}`);
  const expected = [
    /^error Eval 2 needs "prompt"/,
    /^error Eval 3: the file '\.\.\/\.\.\/\.ssh\/id_rsa' is not inside the skill's folder/,
    /^error Eval 4: the file '\/etc\/passwd' is not inside/,
    /^error Eval 5: "file" is a path inside the trial's folder/,
    /^error Eval 6: "command" is the program and its arguments, an array of strings \(no shell\)/,
    /^error Eval 7: .*backreference/,
    /^error Eval 8: a check is /,
    /^error Eval 9: the id 1 is taken by an earlier eval/,
    /^error Eval 10 has nothing to judge it by/,
    /^warning Unknown field 'extra'/,
  ];
  assert.equal(messages.length, expected.length, messages.join('\n'));
  for (const pattern of expected)
    assert.ok(
      messages.some((m) => pattern.test(m)),
      `${pattern} in:\n${messages.join('\n')}`,
    );
  // Each problem lies on its eval: eval 2's on the line of its empty prompt.
  const empty = parsed.problems.find((p) => p.message.startsWith('Eval 2 '))!;
  assert.equal(text.split('\n')[empty.range.start.line].trim(), '"prompt": ""');
});

test('not JSON, or no "evals" array: one clear problem, no eval', TIMEOUT, () => {
  for (const [text, pattern] of [
    ['{"evals": [', /^JSON syntax error/],
    ['{"skill_name": "x"}', /needs "evals"/],
    ['"just a string"', /is one JSON object/],
  ] as const) {
    const parsed = parseImpactEvals(text);
    assert.deepEqual(parsed.evals, [], text);
    assert.ok(parsed.problems.length >= 1, text);
    assert.match(parsed.problems[0].message, pattern, text);
  }
});
