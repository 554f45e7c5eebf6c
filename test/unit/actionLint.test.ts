// The actions.json lint (docs/actions.md, "Problems"): each code at the exact range of the
// offending value, quick fixes where one is obvious, and the shipped JSON Schema agreeing
// with the format (the example skill and the template pass both).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Validator } from '@cfworker/json-schema';
import { lintActionsText } from '../../src/core/actions/lintActions';
import type { Problem } from '../../src/core/base/types';
import { analyzeSkillText } from '../../src/core/lint/analyze';
import { findRepoRoot } from './engineTestUtils';

const ROOT = findRepoRoot();

/** The text a problem's range covers. */
function covered(text: string, problem: Problem): string {
  const lines = text.split('\n');
  const { start, end } = problem.range;
  if (start.line === end.line) return lines[start.line].slice(start.character, end.character);
  return [
    lines[start.line].slice(start.character),
    ...lines.slice(start.line + 1, end.line),
    lines[end.line].slice(0, end.character),
  ].join('\n');
}

function applyFix(text: string, problem: Problem): string {
  const edit = problem.fixes![0].edits[0];
  const lines = text.split('\n');
  const offset = (p: { line: number; character: number }) =>
    lines.slice(0, p.line).reduce((n, l) => n + l.length + 1, 0) + p.character;
  return text.slice(0, offset(edit.range.start)) + edit.newText + text.slice(offset(edit.range.end));
}

const action = (fields: string) => `{\n  "actions": [\n    {\n${fields}\n    }\n  ]\n}\n`;
const GOOD =
  '      "name": "go",\n      "description": "Goes. Use when asked.",\n      "run": ["node", "scripts/go.mjs"]';

test('a valid file has no problems; a missing run file is action-run-missing on that item', async () => {
  assert.deepEqual(await lintActionsText(action(GOOD)), []);
  const problems = await lintActionsText(action(GOOD), { fileExists: async (p) => p !== 'scripts/go.mjs' });
  assert.deepEqual(
    problems.map((p) => [p.code, covered(action(GOOD), p)]),
    [['action-run-missing', '"scripts/go.mjs"']],
  );
});

test('syntax errors and a wrong shape are actions-invalid where they stand', async () => {
  const broken = '{ "actions": [ { "name": "a", } ] }';
  const [syntax] = await lintActionsText(broken);
  assert.equal(syntax.code, 'actions-invalid');
  assert.match(syntax.message, /Not valid JSON/);
  const withComment = await lintActionsText('{ // no comments in JSON\n "actions": [] }');
  assert.equal(withComment[0].code, 'actions-invalid');
  const shape = '{ "actions": {} }';
  const [notArray] = await lintActionsText(shape);
  assert.deepEqual([notArray.code, covered(shape, notArray)], ['actions-invalid', '{}']);
});

test('field mistakes point at the value, with fixes for the name, the timeout and a secret', async () => {
  const text = action(
    '      "name": "Do_Thing",\n      "description": "",\n      "run": ["node", "x.mjs"],\n      "timeoutSeconds": 900,\n      "secrets": ["api-token"],\n      "colour": "red"',
  );
  const problems = await lintActionsText(text);
  assert.deepEqual(
    problems.map((p) => [p.code, covered(text, p)]),
    [
      ['actions-invalid', '"Do_Thing"'],
      ['actions-invalid', '""'],
      ['actions-invalid', '900'],
      ['actions-invalid', '"api-token"'],
      ['actions-invalid', '"colour"'],
    ],
  );
  assert.match(applyFix(text, problems[0]), /"name": "do-thing"/);
  assert.match(applyFix(text, problems[2]), /"timeoutSeconds": 600/);
  assert.match(applyFix(text, problems[3]), /"secrets": \["API_TOKEN"\]/);
});

test('a missing or one-string run is action-run-missing, with a fix', async () => {
  const missing = action('      "name": "go",\n      "description": "Goes."');
  const [problem] = await lintActionsText(missing);
  assert.equal(problem.code, 'action-run-missing');
  const fixed = applyFix(missing, problem);
  assert.deepEqual(await lintActionsText(fixed), [], fixed);
  const oneString = action(
    '      "name": "go",\n      "description": "Goes.",\n      "run": "node scripts/go.mjs --fast"',
  );
  const [shell] = await lintActionsText(oneString);
  assert.deepEqual([shell.code, covered(oneString, shell)], ['action-run-missing', '"node scripts/go.mjs --fast"']);
  assert.match(applyFix(oneString, shell), /"run": \["node","scripts\/go.mjs","--fast"\]/);
  const escaping = action(
    '      "name": "go",\n      "description": "Goes.",\n      "run": ["node", "../other/x.mjs"]',
  );
  const [escape] = await lintActionsText(escaping);
  assert.deepEqual([escape.code, covered(escaping, escape)], ['actions-invalid', '"../other/x.mjs"']);
});

test('a duplicate name and a second default are flagged on the later one, with fixes', async () => {
  const text = `{\n  "actions": [\n    { "name": "go", "description": "A.", "run": ["x"], "default": true },\n    { "name": "go", "description": "B.", "run": ["x"], "default": true }\n  ]\n}\n`;
  const problems = await lintActionsText(text);
  assert.deepEqual(
    problems.map((p) => [p.code, p.range.start.line, covered(text, p)]),
    [
      ['action-duplicate', 3, '"go"'],
      ['actions-invalid', 3, 'true'],
    ],
  );
  assert.match(applyFix(text, problems[0]), /"name": "go-2"/);
});

test('schemas: the root type, keyword values, an impossible default or required, and unresolvable $refs', async () => {
  const input = (schema: string) => action(`${GOOD},\n      "input": ${schema}`);
  const noType = input('{ "properties": {} }');
  const [missingType] = await lintActionsText(noType);
  assert.equal(missingType.code, 'action-schema-invalid');
  assert.deepEqual(await lintActionsText(applyFix(noType, missingType)), []);
  const cases: [string, string][] = [
    ['{ "type": "array" }', '"array"'],
    ['{ "type": "object", "properties": { "n": { "type": "int" } } }', '"int"'],
    ['{ "type": "object", "properties": { "n": { "type": "integer", "minimum": "1" } } }', '"1"'],
    ['{ "type": "object", "properties": { "n": { "type": "integer", "maximum": 5, "default": 9 } } }', '9'],
    ['{ "type": "object", "properties": { "s": { "type": "string", "pattern": "([a-z" } } }', '"([a-z"'],
    ['{ "type": "object", "properties": {}, "required": ["x"], "additionalProperties": false }', '["x"]'],
    ['{ "type": "object", "properties": { "e": { "enum": [] } } }', '[]'],
    ['{ "type": "object", "properties": { "r": { "$ref": "#/$defs/missing" } } }', undefined as unknown as string],
  ];
  for (const [schema, at] of cases) {
    const text = input(schema);
    const problems = await lintActionsText(text);
    assert.equal(problems.length, 1, `${schema}: ${JSON.stringify(problems.map((p) => p.message))}`);
    assert.equal(problems[0].code, 'action-schema-invalid', schema);
    if (at !== undefined) assert.equal(covered(text, problems[0]), at, schema);
  }
});

test('secret-in-skill: literal credentials in actions.json and SKILL.md, not placeholders', async () => {
  const text = action(
    `${GOOD},\n      "input": { "type": "object", "properties": { "token": { "type": "string", "default": "ghp_Q7fJ2mX9pL4vR8tK1wZcB6nH3sD5yE0aG2uF" } } }`,
  );
  const problems = await lintActionsText(text);
  assert.deepEqual(
    problems.map((p) => [p.code, p.severity, covered(text, p)]),
    [['secret-in-skill', 'warning', 'ghp_Q7fJ2mX9pL4vR8tK1wZcB6nH3sD5yE0aG2uF']],
  );
  const skill =
    '---\nname: s\ndescription: Calls the API. Use when asked.\napi_key: "Zx81-real-looking-value"\n---\nUse sk-proj-Q7fJ2mX9pL4vR8tK1wZcB6nH3s and AKIAQ7FJ2MX9PL4VR8TK.\nSet api_key: "<your key>" or token = "${API_TOKEN}" and ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx.\n';
  const secrets = analyzeSkillText(skill, { folderName: 's' }).problems.filter((p) => p.code === 'secret-in-skill');
  assert.deepEqual(
    secrets.map((p) => covered(skill, p)),
    ['Zx81-real-looking-value', 'sk-proj-Q7fJ2mX9pL4vR8tK1wZcB6nH3s', 'AKIAQ7FJ2MX9PL4VR8TK'],
  );
  // What the real repositories hold where a secret might be (test/data/review-verdicts: all judged
  // false): a variable's name, a word, a short test password, a counting run after a real prefix.
  const lookalikes =
    '---\nname: s\ndescription: Calls the API. Use when asked.\n---\n```python\nclient = Pinecone(api_key="PINECONE_API_KEY")\npassword = "hardcoded"\nsignup(password="Test123!")\nzot = zotero.Zotero(1, "user", api_key="ABC1234XYZ")\nOPENAI = "sk-1234567890abcdef1234567890abcdef"\n```\n';
  assert.deepEqual(
    analyzeSkillText(lookalikes, { folderName: 's' }).problems.filter((p) => p.code === 'secret-in-skill'),
    [],
  );
});

test('the shipped JSON Schema accepts the example skill and the template, and rejects what the lint rejects', async () => {
  const schema = JSON.parse(fs.readFileSync(path.join(ROOT, 'schemas', 'actions.schema.json'), 'utf8'));
  const validator = new Validator(schema, '7', false);
  for (const file of ['examples/skills/file-stats/actions.json', 'skills-templates/with-scripts/actions.json']) {
    const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
    assert.deepEqual(validator.validate(JSON.parse(text)).errors, [], file);
    const dir = path.dirname(path.join(ROOT, file));
    assert.deepEqual(
      await lintActionsText(text, { fileExists: async (p) => fs.existsSync(path.join(dir, p)) }),
      [],
      file,
    );
  }
  assert.equal(validator.validate({ actions: [{ name: 'Bad', description: 'x', run: [] }] }).valid, false);
  assert.equal(
    validator.validate({ actions: [{ name: 'ok', description: 'x', run: ['x'], input: { type: 'array' } }] }).valid,
    false,
  );
});
