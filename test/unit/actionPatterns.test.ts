// Schema patterns from a workspace are matched in linear time (docs/actions.md, "Patterns"):
// never by V8's backtracking engine, with the same answers as V8 on patterns both can match,
// and a clear refusal for a lookaround or a backreference. The issue's reproductions run in a
// child process with a deadline, so that a regression fails instead of hanging the suite.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { checkInput } from '../../src/core/actions/inputContract';
import { compileLinearPattern } from '../../src/core/actions/linearPattern';
import { lintActionsText } from '../../src/core/actions/lintActions';
import { MAX_SCHEMA_PATTERN_CHARS } from '../../src/core/base/limits';
import { seededRandom } from '../seededRandom';
import { nodeAction, writeActionSkill } from './actionTestUtils';
import { builtCli, findRepoRoot, makeTempDir, removeDir } from './engineTestUtils';

const REPO = findRepoRoot();
/** V8 needs minutes for these with 34 characters; a linear matcher, microseconds. */
const EVIL = 'a'.repeat(34) + '!';
let ws: string;

before(() => {
  ws = makeTempDir('skillsmith-patterns-');
  // The issue's two reproductions: a default that lint checks, and a model's input to the preparation.
  writeActionSkill(
    ws,
    'evil-default',
    [
      nodeAction('go', 'scripts/x.js', {
        input: { type: 'object', properties: { word: { type: 'string', pattern: '^(a+)+$', default: EVIL } } },
      }),
    ],
    { 'scripts/x.js': 'console.log("{}")' },
  );
  writeActionSkill(
    ws,
    'evil-input',
    [
      nodeAction('go', 'scripts/x.js', {
        input: {
          type: 'object',
          properties: { text: { type: 'string', pattern: '^(\\w+\\s?)*$' } },
          required: ['text'],
        },
      }),
    ],
    { 'scripts/x.js': 'console.log("{}")' },
  );
});

after(() => removeDir(ws));

/** Runs the CLI with a deadline: a catastrophic match would be killed, and fail the test. */
function cli(args: string[]) {
  const result = spawnSync(process.execPath, [builtCli(REPO), ...args], { encoding: 'utf8', timeout: 30_000 });
  assert.notEqual(result.signal, 'SIGTERM', `skillsmith ${args.join(' ')} was still running after 30 s`);
  return result;
}

test("validate: lint checks a default against '^(a+)+$' without backtracking, and reports it", () => {
  const result = cli(['validate', path.join(ws, 'skills', 'evil-default'), '--json']);
  const report = JSON.parse(result.stdout);
  const problems = report.files.flatMap((f: { problems: { code: string; message: string }[] }) => f.problems);
  assert.ok(
    problems.some(
      (p: { code: string; message: string }) =>
        p.code === 'action-schema-invalid' &&
        /default does not satisfy its own schema.*must match the pattern/.test(p.message),
    ),
    JSON.stringify(problems),
  );
});

test("run: a model-sized input against '^(\\w+\\s?)*$' is refused at once as not matching", () => {
  const result = cli([
    'run',
    'evil-input',
    '--no-user',
    '--root',
    ws,
    '--input',
    JSON.stringify({ text: EVIL }),
    '--json',
  ]);
  assert.equal(result.status, 1);
  const run = JSON.parse(result.stdout);
  assert.equal(run.error.type, 'invalid_input');
  assert.match(run.error.message, /\/text: must match the pattern/);
});

test("no schema pattern reaches V8's RegExp during validation", () => {
  const seen: string[] = [];
  const Native = globalThis.RegExp;
  const Spy = function (this: unknown, source: string, flags?: string) {
    seen.push(String(source));
    return new Native(source, flags);
  } as unknown as RegExpConstructor;
  globalThis.RegExp = Spy;
  try {
    const schema = {
      type: 'object',
      properties: { a: { type: 'string', pattern: '^(a+)+$' } },
      patternProperties: { '^x(y+)+$': { type: 'string' } },
    };
    const checked = checkInput(schema, { a: 'aaaa!', xyyy: 'ok' });
    assert.equal(checked.ok, false);
  } finally {
    globalThis.RegExp = Native;
  }
  assert.deepEqual(
    seen.filter((source) => source.includes('(a+)+') || source.includes('(y+)+')),
    [],
  );
  assert.equal(globalThis.RegExp, Native, 'the real RegExp is back');
});

test('lookarounds, backreferences and over-long patterns are refused in lint and at run time, with the reason', async () => {
  const lint = async (pattern: string) => {
    const text = JSON.stringify({
      actions: [
        {
          name: 'a',
          description: 'Runs it. Use when testing.',
          run: ['node', 'x.js'],
          input: { type: 'object', properties: { p: { type: 'string', pattern } } },
        },
      ],
    });
    return (await lintActionsText(text)).map((p) => `${p.code}: ${p.message}`);
  };
  assert.match(
    (await lint('^(?=.*\\d).{8,}$')).join('\n'),
    /action-schema-invalid: .*cannot be matched in linear time: it uses a lookahead or lookbehind/,
  );
  assert.match((await lint('^(a)\\1$')).join('\n'), /it uses a backreference/);
  assert.match(
    (await lint('a'.repeat(MAX_SCHEMA_PATTERN_CHARS + 1))).join('\n'),
    new RegExp(`at most ${MAX_SCHEMA_PATTERN_CHARS} are matched`),
  );
  assert.deepEqual(await lint('^[a-z0-9]+(?:-[a-z0-9]+)*$'), [], 'an ordinary pattern is fine');
  const checked = checkInput(
    { type: 'object', properties: { p: { type: 'string', pattern: '^(?=a)a$' } } },
    { p: 'a' },
  );
  assert.ok(
    !checked.ok && 'schemaError' in checked && /lookahead or lookbehind/.test(checked.schemaError),
    JSON.stringify(checked),
  );
});

// Patterns both engines can match, as schema authors write them, and the JavaScript sets that RE2 spells differently.
const PATTERNS = [
  '^[a-z0-9]+(?:-[a-z0-9]+)*$',
  '^\\d{3}-\\d{4}$',
  '^[A-Z]{2,3}$',
  'ab',
  '^a.c$',
  'a.*c',
  '^\\s*$',
  '^\\S+$',
  '[\\s,]+',
  '^\\w+@\\w+\\.\\w+$',
  '^(cn|us|jp)$',
  '^(a|ab)*$',
  '^[^]$',
  '^[]',
  '^\\p{L}+$',
  '^[\\u00e0-\\u00ff]+$',
  '\\bword\\b',
  '^x?y+z*$',
  '^(?:ab){2,}$',
  '^[.]$',
  '^\\u{1F600}$',
  'c$',
  '^$',
  '^[a-c\\-]+$',
  '^\\.\\*$',
  '^(a+)+$',
  '^(\\w+\\s?)*$',
  '\\d+\\.\\d+',
  '^[^\\s@]+@[^\\s@]+$',
  '^(?<year>\\d{4})-\\d{2}$',
];
const ALPHABET = [
  'a',
  'b',
  'c',
  'y',
  'z',
  'x',
  '1',
  '2',
  '-',
  '.',
  '@',
  ' ',
  '\t',
  '\n',
  '\r',
  '\u00a0',
  '\u2028',
  '\u00e9',
  'A',
  'U',
  'S',
  'w',
  'o',
  'r',
  'd',
  '😀',
  '!',
];

test("the linear matcher gives V8's answer on 30 patterns × 400 seeded strings", () => {
  const random = seededRandom(14);
  let compared = 0;
  for (const source of PATTERNS) {
    const linear = compileLinearPattern(source);
    assert.ok(linear.ok, `${source}: ${!linear.ok && linear.message}`);
    const native = new RegExp(source, 'u');
    for (let i = 0; i < 400; i++) {
      // Short strings keep V8 quick on the patterns that backtrack.
      const length = Math.floor(random() * 12);
      const text = Array.from({ length }, () => ALPHABET[Math.floor(random() * ALPHABET.length)]).join('');
      assert.equal(linear.test(text), native.test(text), `${source} on ${JSON.stringify(text)}`);
      compared++;
    }
    for (const text of [
      'ab-cd',
      'abc',
      'a.c',
      'word',
      'x@y.z',
      'US',
      'cn',
      '123-4567',
      '1.5',
      '2026-12',
      '😀',
      'ababab',
      '',
    ]) {
      assert.equal(linear.test(text), native.test(text), `${source} on ${JSON.stringify(text)}`);
    }
  }
  assert.equal(compared, PATTERNS.length * 400);
});

test("one validation matches at most 64K characters against patterns: more is the input's fault, said as such", () => {
  const schema = {
    type: 'object',
    properties: { a: { type: 'string', pattern: '^a+$' }, b: { type: 'string', pattern: '^a+$' } },
  };
  const fits = checkInput(schema, { a: 'a'.repeat(30_000), b: 'a'.repeat(30_000) });
  assert.ok(fits.ok, JSON.stringify(fits).slice(0, 300));
  const over = checkInput(schema, { a: 'a'.repeat(35_000), b: 'a'.repeat(35_000) });
  assert.ok(!over.ok && 'violations' in over, 'an input problem, not a schema problem');
  assert.match(
    over.violations[0].message,
    /more text to check against the schema's patterns than is checked \(at most 65536 characters in all\)/,
  );
});
