// The eval-set lint (core/routing/evalLint.ts: lintEvalSet): too few cases, no should-not-trigger
// case, no near miss among them; for catalog files, no case that expects no skill.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseEvalFile } from '../../src/core/routing/evalCases';
import { lintEvalSet, MIN_TRIGGER_EVAL_CASES } from '../../src/core/routing/evalLint';

const PDF = {
  name: 'pdf-forms',
  description: 'Fills in PDF forms and extracts their fields. Use when the user has a PDF form to complete.',
};
const trigger = (entries: [string, boolean][]) =>
  '\n[\n' +
  entries.map(([query, t]) => `  {"query": ${JSON.stringify(query)}, "should_trigger": ${t}}`).join(',\n') +
  '\n]\n';
const codes = (text: string, skill = PDF) =>
  lintEvalSet(text, parseEvalFile(text, { skill: skill.name }).cases, skill).map((p) => p.code);

test('a small trigger set without negatives gets both warnings, at its first line', () => {
  const text = trigger([
    ['fill in this pdf form', true],
    ['complete the tax form pdf', true],
  ]);
  const problems = lintEvalSet(text, parseEvalFile(text, { skill: PDF.name }).cases, PDF);
  assert.deepEqual(
    problems.map((p) => [p.code, p.severity]),
    [
      ['eval-set-too-small', 'warning'],
      ['eval-set-no-negatives', 'warning'],
    ],
  );
  // the blank first line is skipped: the range is the '[' line
  assert.deepEqual(problems[0].range, { start: { line: 1, character: 0 }, end: { line: 1, character: 1 } });
  assert.match(problems[0].message, /Only 2 cases for 'pdf-forms': with fewer than 10/);
});

test('negatives that share no word with the skill are no near misses; one that does is enough', () => {
  const positives: [string, boolean][] = Array.from({ length: 6 }, (_, i) => [`fill in pdf form number ${i}`, true]);
  const far: [string, boolean][] = [
    ['write a poem about spring', false],
    ['what is the capital of France', false],
    ['book a table for two', false],
    ['translate this to German', false],
  ];
  assert.equal(positives.length + far.length, MIN_TRIGGER_EVAL_CASES);
  assert.deepEqual(codes(trigger([...positives, ...far])), ['eval-set-no-near-miss']);
  // "form" is one of the skill's words, in a request for another skill: a near miss
  assert.deepEqual(
    codes(trigger([...positives, ...far.slice(1), ['design a signup form for my web page', false]])),
    [],
  );
  // a word of the name counts too ("forms" in pdf-forms)
  assert.deepEqual(codes(trigger([...positives, ...far.slice(1), ['merge two pdf files', false]])), []);
});

test('a catalog file needs a case that expects no skill; an empty file gets nothing', () => {
  const catalog = '[{"query": "fill this pdf", "expected": ["pdf-forms"]}]';
  const cases = parseEvalFile(catalog).cases;
  assert.deepEqual(
    lintEvalSet(catalog, cases, undefined).map((p) => p.code),
    ['eval-set-no-negatives'],
  );
  const withNone = '[{"query": "fill this pdf", "expected": ["pdf-forms"]}, {"query": "write a poem", "expected": []}]';
  assert.deepEqual(lintEvalSet(withNone, parseEvalFile(withNone).cases, undefined), []);
  assert.deepEqual(lintEvalSet('[]', [], PDF), []);
});
