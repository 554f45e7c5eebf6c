// The policies of docs/actions.md ("Policies"): Run on a shadowed copy never runs the copy that
// wins its name; a user-level action in an untrusted workspace is not told where the workspace
// is; the request on stdin is capped in UTF-8 bytes, at preparation, before anyone is asked.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { NEVER_CANCELLED } from '../../src/core/base/cancellation';
import { MAX_ACTION_INPUT_BYTES } from '../../src/core/base/limits';
import { normalizePath } from '../../src/core/base/paths';
import { makeExecutor, nodeAction, readIfExists, scanCatalog, writeActionSkill } from './actionTestUtils';
import { makeTempDir, removeDir } from './engineTestUtils';

let ws: string;
let home: string;
// Records which copy ran, and what it was told about the workspace.
const MARK = `
const fs = require('fs');
const request = JSON.parse(fs.readFileSync(0, 'utf8'));
fs.writeFileSync('ran.json', JSON.stringify({ env: process.env.SKILLSMITH_WORKSPACE, context: request.context.workspace }));
process.stdout.write('{}');
`;

before(() => {
  ws = makeTempDir('skillsmith-action-policies-');
  home = path.join(ws, 'home');
  // The workspace copy of `dup` wins; the user-level one is shadowed.
  writeActionSkill(ws, 'dup', [nodeAction('go', 'scripts/mark.js', { default: true })], { 'scripts/mark.js': MARK });
  writeActionSkill(home, 'dup', [nodeAction('go', 'scripts/mark.js', { default: true })], { 'scripts/mark.js': MARK });
  writeActionSkill(home, 'user-tool', [nodeAction('go', 'scripts/mark.js', { default: true })], {
    'scripts/mark.js': MARK,
  });
  writeActionSkill(
    ws,
    'big',
    [nodeAction('go', 'scripts/mark.js', { input: { type: 'object', properties: { text: { type: 'string' } } } })],
    { 'scripts/mark.js': MARK },
  );
});

after(() => removeDir(ws));

const ran = (root: string, skill: string) => readIfExists(path.join(root, 'skills', skill, 'ran.json'));

test('Run on a shadowed copy (by its folder) is refused with the reason, and the winner does not run instead', async () => {
  const catalog = await scanCatalog(ws, { userDir: home });
  const { executor } = makeExecutor(catalog, ws);
  const shadowedDir = normalizePath(path.join(home, 'skills', 'dup'));
  const result = await executor.run({ skill: 'dup', skillDir: shadowedDir, asker: 'user' }, NEVER_CANCELLED);
  assert.equal(result.error?.type, 'not_allowed', JSON.stringify(result));
  assert.match(
    result.error.message,
    /is shadowed by the copy in .*skills[\\/]dup: a name runs only the copy that wins it/,
  );
  assert.equal(ran(ws, 'dup'), undefined, 'the winning copy did not run in its place');
  assert.equal(ran(home, 'dup'), undefined);
  const winner = await executor.run(
    { skill: 'dup', skillDir: normalizePath(path.join(ws, 'skills', 'dup')), asker: 'user' },
    NEVER_CANCELLED,
  );
  assert.equal(winner.status, 'success', 'the winning copy runs by its folder');
  assert.ok(ran(ws, 'dup'));
});

test('a user-level action is told the workspace only when the workspace is trusted', async () => {
  for (const trusted of [true, false]) {
    fs.rmSync(path.join(home, 'skills', 'user-tool', 'ran.json'), { force: true });
    const catalog = await scanCatalog(ws, { userDir: home, trusted });
    const { executor } = makeExecutor(catalog, ws);
    const result = await executor.run({ skill: 'user-tool', asker: 'model' }, NEVER_CANCELLED);
    assert.equal(result.status, 'success', JSON.stringify(result));
    const seen = JSON.parse(ran(home, 'user-tool')!);
    if (trusted) {
      assert.equal(fs.realpathSync(seen.env), fs.realpathSync(ws));
      assert.equal(fs.realpathSync(seen.context), fs.realpathSync(ws));
    } else {
      assert.deepEqual(
        seen,
        { env: '', context: null },
        'Restricted Mode: the action is not pointed into the untrusted folder',
      );
    }
  }
});

test('the stdin cap counts UTF-8 bytes and is checked at preparation, before any confirmation', async () => {
  const catalog = await scanCatalog(ws);
  const { executor } = makeExecutor(catalog, ws);
  // 100,000 UTF-16 units, 200,000 bytes: under the cap either way.
  const text = 'äΩ'.repeat(50_000);
  assert.ok(text.length < MAX_ACTION_INPUT_BYTES && Buffer.byteLength(text) < MAX_ACTION_INPUT_BYTES);
  const fits = await executor.prepare({ skill: 'big', input: { text }, asker: 'model' });
  assert.ok(fits.ok, 'under the cap in bytes');
  const over = 'äΩ'.repeat(70_000); // 140,000 units, 280,000 bytes
  assert.ok(over.length < MAX_ACTION_INPUT_BYTES && Buffer.byteLength(over) > MAX_ACTION_INPUT_BYTES);
  const prepared = await executor.prepare({ skill: 'big', input: { text: over }, asker: 'model' });
  assert.equal(prepared.ok, false, 'refused before it could be shown for confirmation');
  assert.ok(!prepared.ok && prepared.result.error?.type === 'invalid_input');
  assert.ok(
    !prepared.ok && /The input is too large \(2\d{5} bytes.*at most 262144\)/.test(prepared.result.error.message),
    !prepared.ok ? prepared.result.error.message : '',
  );
});
