// A secret never comes back, whatever encoding a script prints it in (docs/actions.md,
// "Secrets"): JSON escapes as Python, Go and PHP write them, the script's own error, keys,
// numbers, percent-encoding, and a secret cut in two by the 1 MiB cap. A secret too short to
// be masked safely is refused before anything runs. The scripts are Node programs that print
// what those languages print, so these tests run unchanged under Windows Node.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { resultText, type ExecutionResult } from '../../src/core/actions/result';
import { secretForms, secretMask } from '../../src/core/actions/secretMask';
import { NEVER_CANCELLED } from '../../src/core/base/cancellation';
import { MAX_ACTION_STDOUT_BYTES } from '../../src/core/base/limits';
import type { SkillCatalog } from '../../src/core/catalog/catalog';
import { makeExecutor, nodeAction, readIfExists, scanCatalog, writeActionSkill } from './actionTestUtils';
import { makeTempDir, removeDir } from './engineTestUtils';

const SECRET = 'pässwörd/<&>-Ω-42';
const NUMBER_SECRET = '31415926535';
let ws: string;
let catalog: SkillCatalog;

// Each mode prints the secret (process.env.TOK) the way one language's JSON encoder does.
const PRINTER = `
const secret = process.env.TOK;
const mode = process.argv[2];
const json = JSON.stringify(secret).slice(1, -1);
const hex = (c) => '\\\\u' + c.charCodeAt(0).toString(16).padStart(4, '0');
const python = json.replace(/[\\u0080-\\uffff]/g, hex);               // json.dumps, ensure_ascii
const go = json.replace(/[<>&\\u2028\\u2029]/g, hex);                   // encoding/json
const php = json.replace(/[\\u0080-\\uffff]/g, hex).replace(/\\//g, '\\\\/'); // json_encode
const out = {
  python: '{"token": "' + python + '"}',
  go: '{"token":"' + go + '"}',
  php: '{"token":"' + php + '"}',
  key: '{"' + python + '": "the key is the secret", "nested": [{"deep": "Bearer ' + go + '"}]}',
  own: '{"error": {"type": "auth_failed", "message": "token ' + python + ' was refused", "suggestion": "Rotate ' + php + '."}}',
  text: 'not JSON: token=' + python + ' url=https://example.test/?t=' + encodeURIComponent(secret),
  number: '{"pin": ' + secret + ', "text": "' + secret + '"}',
  cut: 'x'.repeat(${MAX_ACTION_STDOUT_BYTES} - 4) + secret + 'tail',
}[mode];
process.stdout.write(out);
process.exitCode = mode === 'own' ? 1 : 0; // not exit(): a pipe's pending output would be lost
`;

before(async () => {
  ws = makeTempDir('skillsmith-leaks-');
  const modes = ['python', 'go', 'php', 'key', 'own', 'text', 'number', 'cut'];
  writeActionSkill(
    ws,
    'printer',
    modes.map((mode) =>
      nodeAction(mode, 'scripts/printer.js', { run: ['node', 'scripts/printer.js', mode], secrets: ['TOK'] }),
    ),
    { 'scripts/printer.js': PRINTER },
  );
  writeActionSkill(ws, 'short', [nodeAction('run', 'scripts/mark.js', { secrets: ['TOK'] })], {
    'scripts/mark.js': "require('fs').writeFileSync('ran.txt', 'yes'); console.log('{}');",
  });
  catalog = await scanCatalog(ws);
});

after(() => removeDir(ws));

async function run(action: string, secret = SECRET): Promise<{ result: ExecutionResult; everything: string }> {
  const { executor, logs } = makeExecutor(catalog, ws, { secret: async () => secret });
  const result = await executor.run(
    { skill: action === 'run' ? 'short' : 'printer', action, asker: 'model' },
    NEVER_CANCELLED,
  );
  return { result, everything: `${resultText(result)}\n${JSON.stringify(result)}\n${logs.join('\n')}` };
}

/** No form of the secret, and no telling piece of it, in anything that came back. */
function assertNoSecret(everything: string, secret = SECRET): void {
  for (const form of secretForms(secret))
    assert.ok(!everything.includes(form), `found ${JSON.stringify(form)} in ${everything.slice(0, 400)}`);
  assert.ok(!everything.includes('ssw'), `a piece of the secret survived: ${everything.slice(0, 400)}`);
}

for (const mode of ['python', 'go', 'php']) {
  test(`a secret printed inside JSON as ${mode}'s encoder escapes it is masked after parsing`, async () => {
    const { result, everything } = await run(mode);
    assert.equal(result.status, 'success', JSON.stringify(result));
    assert.deepEqual(result.data, { token: '***' });
    assertNoSecret(everything);
  });
}

test('keys and nested strings are masked too', async () => {
  const { result, everything } = await run('key');
  assert.deepEqual(result.data, { '***': 'the key is the secret', nested: [{ deep: 'Bearer ***' }] });
  assertNoSecret(everything);
});

test("the script's own error is masked after parsing: message and suggestion", async () => {
  const { result, everything } = await run('own');
  assert.equal(result.status, 'error');
  assert.deepEqual(result.error, { type: 'auth_failed', message: 'token *** was refused', suggestion: 'Rotate ***.' });
  assertNoSecret(everything);
});

test('text output is masked in every encoded form: JSON escapes and percent-encoding', async () => {
  const { result, everything } = await run('text');
  assert.deepEqual(result.data, { text: 'not JSON: token=*** url=https://example.test/?t=***' });
  assertNoSecret(everything);
});

test('a number whose digits are the secret becomes "***"', async () => {
  const { result, everything } = await run('number', NUMBER_SECRET);
  assert.deepEqual(result.data, { pin: '***', text: '***' });
  assert.ok(!everything.includes(NUMBER_SECRET));
});

test('a secret cut in two by the 1 MiB cap keeps no part of itself at the cut', async () => {
  const { result, everything } = await run('cut');
  const text = (result.data as { text: string }).text;
  assert.equal(
    text.length,
    MAX_ACTION_STDOUT_BYTES - 4,
    'the four bytes of the secret that fit are dropped at the cut',
  );
  assert.ok(/^x+$/.test(text));
  assert.ok(!everything.includes('päs'), "the secret's beginning is not kept");
});

test('a secret shorter than 8 characters is refused before the program starts, and says why', async () => {
  for (const short of ['e', '"', '{', '1', 'abcdefg']) {
    const { result, everything } = await run('run', short);
    assert.equal(result.error?.type, 'missing_secret', JSON.stringify(result));
    assert.match(result.error.message, /TOK has only \d characters?; an action's secret needs at least 8/);
    assert.equal(readIfExists(path.join(ws, 'skills', 'short', 'ran.txt')), undefined, 'the program did not start');
    assert.ok(JSON.parse(resultText(result)), 'the result is still JSON');
    assert.ok(everything.length > 0);
  }
  const { result } = await run('run', 'abcdefgh');
  assert.equal(result.status, 'success', 'eight characters are enough');
});

test('cutAtEnd and cutAtStart drop a partial secret at a cut, and only there', () => {
  const mask = secretMask(['SECRET-VALUE-123']);
  assert.equal(mask.cutAtEnd('output ends with SECR'), 'output ends with ');
  assert.equal(mask.cutAtEnd('output ends cleanly'), 'output ends cleanly');
  assert.equal(mask.cutAtStart('UE-123 and the rest'), ' and the rest');
  assert.equal(mask.cutAtStart('SECRET-VALUE-123 whole'), '*** whole');
  assert.equal(
    mask.text('a SECRET-VALUE-12 near miss'),
    'a SECRET-VALUE-12 near miss',
    'only whole values are masked in the middle',
  );
});

test('the forms of a value cover each encoder (checked by hand)', () => {
  const forms = secretForms('ä/<');
  for (const expected of [
    'ä/<',
    '\\u00e4/<',
    '\\u00E4/<',
    'ä/\\u003c',
    '\\u00e4\\/<',
    '%C3%A4%2F%3C',
    '%c3%a4%2f%3c',
  ]) {
    assert.ok(forms.includes(expected), `missing ${expected} in ${JSON.stringify(forms)}`);
  }
});
