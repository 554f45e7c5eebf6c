// Secrets reach an action only through its environment, and never come back (docs/actions.md,
// "Secrets"): not in argv, stdin, the result or a log line; a script that prints one gets it
// masked as ***; a missing one fails before anything starts, with a hint that names the command.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { resultText } from '../../src/core/actions/result';
import { NEVER_CANCELLED } from '../../src/core/base/cancellation';
import { secretMask } from '../../src/core/actions/secretMask';
import type { SkillCatalog } from '../../src/core/catalog/catalog';
import { makeExecutor, nodeAction, readIfExists, scanCatalog, writeActionSkill } from './actionTestUtils';
import { makeTempDir, removeDir } from './engineTestUtils';

const SECRET = 'sk-test-Zq8\\"quoted\\"-1234567890';
const OTHER = 'other-secret-value-42';
let ws: string;
let catalog: SkillCatalog;

// Reports where the secret is, then prints it raw, inside JSON and on stderr.
const LEAKY = `
const fs = require('fs');
const stdin = fs.readFileSync(0, 'utf8');
const secret = process.env.API_TOKEN;
fs.writeFileSync('seen.json', JSON.stringify({
  inEnv: secret === ${JSON.stringify(SECRET)},
  inArgv: process.argv.some((a) => a.includes(secret)),
  inStdin: stdin.includes(secret),
  otherInEnv: Object.values(process.env).includes(${JSON.stringify(OTHER)}),
}));
process.stderr.write('debug: token=' + secret + '\\n');
process.stdout.write(JSON.stringify({ echoed: secret, line: 'Bearer ' + secret }));
if (process.argv[2] === 'fail') process.exit(2);
`;

before(async () => {
  ws = makeTempDir('skillsmith-secrets-');
  writeActionSkill(
    ws,
    'api',
    [
      nodeAction('call', 'scripts/leaky.js', { secrets: ['API_TOKEN'], default: true }),
      nodeAction('call-fails', 'scripts/leaky.js', {
        run: ['node', 'scripts/leaky.js', 'fail'],
        secrets: ['API_TOKEN'],
      }),
    ],
    { 'scripts/leaky.js': LEAKY },
  );
  catalog = await scanCatalog(ws);
});

after(() => removeDir(ws));

const secrets = async (name: string) => (({ API_TOKEN: SECRET, OTHER_TOKEN: OTHER }) as Record<string, string>)[name];

test('a declared secret is in the child environment only, and masked wherever it comes back', async () => {
  const { executor, logs } = makeExecutor(catalog, ws, {
    secret: secrets,
    baseEnv: { ...process.env, OTHER_TOKEN: OTHER },
  });
  const result = await executor.run({ skill: 'api', asker: 'model' }, NEVER_CANCELLED);
  assert.equal(result.status, 'success', JSON.stringify(result));
  const seen = JSON.parse(readIfExists(path.join(ws, 'skills', 'api', 'seen.json'))!);
  assert.deepEqual(seen, { inEnv: true, inArgv: false, inStdin: false, otherInEnv: false });
  assert.deepEqual(result.data, { echoed: '***', line: 'Bearer ***' });
  const everything = resultText(result) + JSON.stringify(result) + logs.join('\n');
  assert.ok(!everything.includes(SECRET), everything);
  assert.ok(!everything.includes('Zq8'), 'no part of the value survives');
  assert.ok(logs.length > 0, 'the run was logged');
});

test('the secret is masked in stderr that reaches an error message', async () => {
  const { executor, logs } = makeExecutor(catalog, ws, { secret: secrets });
  const result = await executor.run({ skill: 'api', action: 'call-fails', asker: 'user' }, NEVER_CANCELLED);
  assert.equal(result.error?.type, 'action_failed');
  assert.match(result.error.message, /debug: token=\*\*\*/);
  assert.ok(!(JSON.stringify(result) + logs.join('\n')).includes(SECRET));
});

test('a missing secret fails with missing_secret before anything runs, naming the command', async () => {
  const seenFile = path.join(ws, 'skills', 'api', 'seen.json');
  fs.rmSync(seenFile, { force: true });
  const { executor } = makeExecutor(catalog, ws, {
    secret: async () => undefined,
    missingSecretHint: (name) => `Run 'Skills: Set Action Secret' and enter ${name}.`,
  });
  const result = await executor.run({ skill: 'api', asker: 'model' }, NEVER_CANCELLED);
  assert.equal(result.status, 'error');
  assert.equal(result.error?.type, 'missing_secret');
  assert.match(result.error.message, /API_TOKEN/);
  assert.equal(result.error.suggestion, "Run 'Skills: Set Action Secret' and enter API_TOKEN.");
  assert.equal(readIfExists(seenFile), undefined, 'the program did not start');
});

test('the mask replaces raw and JSON-escaped forms, longest first', () => {
  const mask = secretMask(['ab', 'abcd', 'q"x', '']);
  assert.equal(mask.text('abcd ab q"x q\\"x'), '*** *** *** ***');
  assert.equal(secretMask([]).text('unchanged'), 'unchanged');
});

test('secrets are asked for per skill folder: another skill declaring the same name does not get the value', async () => {
  writeActionSkill(
    ws,
    'api-twin',
    [nodeAction('call', 'scripts/leaky.js', { secrets: ['API_TOKEN'], default: true })],
    { 'scripts/leaky.js': LEAKY },
  );
  const twinCatalog = await scanCatalog(ws);
  const asked: string[] = [];
  const { executor } = makeExecutor(twinCatalog, ws, {
    secret: async (name, skillDir) => {
      asked.push(`${name}@${path.basename(skillDir)}`);
      return path.basename(skillDir) === 'api' ? SECRET : undefined;
    },
  });
  assert.equal((await executor.run({ skill: 'api', asker: 'user' }, NEVER_CANCELLED)).status, 'success');
  const twin = await executor.run({ skill: 'api-twin', asker: 'user' }, NEVER_CANCELLED);
  assert.equal(twin.error?.type, 'missing_secret', 'the value set for api is not handed to api-twin');
  assert.deepEqual(asked, ['API_TOKEN@api', 'API_TOKEN@api-twin']);
});
