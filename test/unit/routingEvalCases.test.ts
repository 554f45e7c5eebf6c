// Eval files (docs/routing.md, "Eval files"): the catalog-level format as a JSON array and
// as JSON Lines, skill-creator's trigger evals, and malformed entries with exact ranges.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseEvalFile } from '../../src/core/routing/evalCases';
import { lintEvalNames } from '../../src/core/routing/evalLint';

const at = (r: { start: { line: number; character: number }; end: { line: number; character: number } }) =>
  `${r.start.line}:${r.start.character}-${r.end.line}:${r.end.character}`;

test('catalog-level cases in a JSON array', () => {
  const text = `[
  {"query": "review my PR", "expected": ["code-review"], "acceptable": ["lint"], "candidates": ["code-review", "lint", "deploy"]},
  {"query": "what's the weather", "expected": []}
]`;
  const parsed = parseEvalFile(text);
  assert.deepEqual(parsed.problems, []);
  assert.equal(parsed.cases.length, 2);
  const [first, second] = parsed.cases;
  assert.equal(first.query, 'review my PR');
  assert.deepEqual(first.expected, ['code-review']);
  assert.deepEqual(first.acceptable, ['lint']);
  assert.deepEqual(first.candidates, ['code-review', 'lint', 'deploy']);
  assert.equal(at(first.range), '1:2-1:129'); // the object, braces included
  assert.deepEqual(second.expected, []);
  assert.equal(second.candidates, undefined);
  assert.deepEqual(
    parsed.names.map((n) => `${n.field}:${n.name}@${at(n.range)}`),
    // each name's string, quotes included
    [
      'expected:code-review@1:41-1:54',
      'acceptable:lint@1:72-1:78',
      'candidates:code-review@1:96-1:109',
      'candidates:lint@1:111-1:117',
      'candidates:deploy@1:119-1:127',
    ],
  );
});

test('the same cases as JSON Lines, with a bad line reported on its line', () => {
  const text =
    '{"query": "review my PR", "expected": ["code-review"]}\n\n{"query": oops}\n{"query": "hello", "expected": []}\n';
  const parsed = parseEvalFile(text);
  assert.equal(parsed.cases.length, 2);
  assert.equal(parsed.cases[1].query, 'hello');
  assert.equal(at(parsed.cases[1].range), '3:0-3:34');
  assert.deepEqual(
    parsed.problems.map((p) => `${p.code}@${at(p.range)}`),
    ['eval-syntax@2:0-2:15'],
  );
});

test("skill-creator's trigger evals belong to the skill of their folder", () => {
  const text =
    '[{"query": "fill in this PDF form", "should_trigger": true}, {"query": "write a poem", "should_trigger": false}]';
  const parsed = parseEvalFile(text, { skill: 'pdf' });
  assert.deepEqual(parsed.problems, []);
  assert.deepEqual(
    parsed.cases.map((c) => [c.query, c.expected, c.avoid, c.skill]),
    [
      ['fill in this PDF form', ['pdf'], undefined, 'pdf'],
      ['write a poem', [], ['pdf'], 'pdf'],
    ],
  );
  const orphan = parseEvalFile(text);
  assert.equal(orphan.cases.length, 0);
  assert.equal(orphan.problems.length, 2);
  assert.match(orphan.problems[0].message, /--skill NAME/);
});

test('malformed entries are reported where they are and left out', () => {
  const text = `[
  "just a string",
  {"expected": ["a"]},
  {"query": "x", "expected": "a"},
  {"query": "y", "expected": [1]},
  {"query": "z", "should_trigger": "yes"},
  {"query": "w", "expected": [], "expectd": ["a"]}
]`;
  const parsed = parseEvalFile(text, { skill: 's' });
  assert.deepEqual(
    parsed.problems.map((p) => `${p.code}:${p.severity}@${at(p.range)}`),
    [
      'eval-case-invalid:error@1:2-1:17', // not an object
      'eval-case-invalid:error@2:2-2:21', // no query: the whole entry
      'eval-case-invalid:warning@3:29-3:32', // a string where a list belongs (still read)
      'eval-case-invalid:error@4:30-4:31', // a number in the list
      'eval-case-invalid:error@5:35-5:40', // should_trigger not a boolean
      'eval-case-invalid:warning@6:33-6:42', // unknown field
    ],
  );
  assert.deepEqual(
    parsed.cases.map((c) => c.query),
    ['x', 'w'],
  );
  assert.deepEqual(parsed.cases[0].expected, ['a']);
});

test('a syntax error in a JSON array is an eval-syntax error at its offset', () => {
  const parsed = parseEvalFile('[{"query": "a", "expected": []}, {"query": }]');
  assert.equal(parsed.problems[0].code, 'eval-syntax');
  assert.equal(parsed.problems[0].range.start.character, 43);
  assert.equal(parsed.cases.length, 1);
});

test('unknown skill names get a did-you-mean; skills that are not offered are said to be', () => {
  const parsed = parseEvalFile('[{"query": "q", "expected": ["code-reveiw"], "acceptable": ["hidden-one"]}]');
  const problems = lintEvalNames(parsed.names, {
    names: ['code-review', 'hidden-one'],
    notOffered: new Map([['hidden-one', 'it is hidden from the model (disable-model-invocation)']]),
  });
  assert.deepEqual(
    problems.map((p) => `${p.code}@${at(p.range)}`),
    ['eval-unknown-skill@0:29-0:42', 'eval-unknown-skill@0:60-0:72'],
  );
  assert.match(problems[0].message, /No skill named 'code-reveiw'\. Did you mean 'code-review'\?/);
  assert.match(problems[1].message, /'hidden-one' is not offered to the model: it is hidden/);
});
