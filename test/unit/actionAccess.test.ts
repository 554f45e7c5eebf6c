// Who may run which action (docs/actions.md, "Access"): the access policy's whole table for
// actions, the names of unknown skills and actions, an invalid actions.json, and run paths
// that try to leave the skill's folder (`..`, absolute, through a symlink).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { NEVER_CANCELLED } from '../../src/core/base/cancellation';
import { makeExecutor, nodeAction, scanCatalog, writeActionSkill } from './actionTestUtils';
import { makeTempDir, removeDir, writeFile } from './engineTestUtils';

let ws: string;
let home: string;
const OK = 'process.stdout.write(JSON.stringify({ ran: true }));';

before(() => {
  ws = makeTempDir('skillsmith-action-access-');
  home = path.join(ws, 'home');
  const ok = (name: string, extra = '') =>
    writeActionSkill(ws, name, [nodeAction('go', 'scripts/ok.js', { default: true })], { 'scripts/ok.js': OK }, extra);
  ok('offered');
  ok('hidden', 'disable-model-invocation: true\n');
  // A skill with errors: its name does not match its folder.
  writeFile(
    path.join(ws, 'skills', 'with-errors', 'SKILL.md'),
    '---\nname: Wrong_Name\ndescription: Broken.\n---\nx\n',
  );
  writeFile(
    path.join(ws, 'skills', 'with-errors', 'actions.json'),
    JSON.stringify({ actions: [nodeAction('go', 'scripts/ok.js')] }),
  );
  writeFile(path.join(ws, 'skills', 'with-errors', 'scripts', 'ok.js'), OK);
  writeActionSkill(home, 'user-skill', [nodeAction('go', 'scripts/ok.js')], { 'scripts/ok.js': OK });
  writeActionSkill(ws, 'bad-json', []);
  writeFile(path.join(ws, 'skills', 'bad-json', 'actions.json'), '{ "actions": [ { "name": "Bad Name" } ] }');
  writeActionSkill(ws, 'two', [nodeAction('alpha', 'scripts/ok.js'), nodeAction('beta', 'scripts/ok.js')], {
    'scripts/ok.js': OK,
  });
  writeActionSkill(
    ws,
    'escapes',
    [
      nodeAction('dotdot', '../offered/scripts/ok.js'),
      nodeAction('absolute', 'x', { run: [process.execPath, 'scripts/ok.js'] }),
      nodeAction('abs-arg', 'x', { run: ['node', path.join(ws, 'skills', 'offered', 'scripts', 'ok.js')] }),
      nodeAction('backslash', 'scripts\\..\\..\\offered\\scripts\\ok.js'),
      nodeAction('linked', 'scripts/outside/ok.js'),
      nodeAction('program-dotdot', 'x', { run: ['../offered/scripts/ok.js'] }),
    ],
    { 'scripts/ok.js': OK },
  );
  writeFile(path.join(ws, 'outside', 'ok.js'), OK);
});

after(() => removeDir(ws));

type Row = { skill: string; model: string; user: string };

async function outcome(trusted: boolean, skill: string, asker: 'model' | 'user'): Promise<string> {
  const catalog = await scanCatalog(ws, { trusted, userDir: home });
  const { executor } = makeExecutor(catalog, ws);
  const result = await executor.run({ skill, asker }, NEVER_CANCELLED);
  return result.status === 'success' ? 'runs' : result.error!.type;
}

test('the access table for actions, in a trusted and an untrusted workspace', { timeout: 60_000 }, async () => {
  const trusted: Row[] = [
    { skill: 'offered', model: 'runs', user: 'runs' },
    { skill: 'hidden', model: 'not_found', user: 'runs' },
    { skill: 'Wrong_Name', model: 'invalid_skill', user: 'invalid_skill' },
    { skill: 'user-skill', model: 'runs', user: 'runs' },
  ];
  const untrusted: Row[] = [
    { skill: 'offered', model: 'not_allowed', user: 'not_allowed' },
    { skill: 'hidden', model: 'not_allowed', user: 'not_allowed' },
    { skill: 'Wrong_Name', model: 'not_allowed', user: 'not_allowed' },
    { skill: 'user-skill', model: 'runs', user: 'runs' },
  ];
  for (const [isTrusted, rows] of [
    [true, trusted],
    [false, untrusted],
  ] as const) {
    for (const row of rows) {
      assert.equal(
        await outcome(isTrusted, row.skill, 'model'),
        row.model,
        `model runs ${row.skill} (trusted: ${isTrusted})`,
      );
      assert.equal(
        await outcome(isTrusted, row.skill, 'user'),
        row.user,
        `user runs ${row.skill} (trusted: ${isTrusted})`,
      );
    }
  }
});

test('a refused model run says why; unknown skills and actions suggest the closest names', async () => {
  const catalog = await scanCatalog(ws, { trusted: false, userDir: home });
  const { executor } = makeExecutor(catalog, ws);
  const untrusted = await executor.run({ skill: 'offered', asker: 'model' }, NEVER_CANCELLED);
  assert.match(untrusted.error!.message, /not trusted/);
  assert.match(untrusted.error!.suggestion!, /trust/i);
  const trustedCatalog = await scanCatalog(ws, { userDir: home });
  const trustedExecutor = makeExecutor(trustedCatalog, ws).executor;
  const skill = await trustedExecutor.run({ skill: 'offerd', asker: 'model' }, NEVER_CANCELLED);
  assert.equal(skill.error?.type, 'not_found');
  assert.match(skill.error.suggestion!, /'offered'/);
  const hiddenForModel = await trustedExecutor.run({ skill: 'hiden', asker: 'model' }, NEVER_CANCELLED);
  assert.doesNotMatch(JSON.stringify(hiddenForModel), /'hidden'/, 'the model is never pointed at a hidden skill');
  const action = await trustedExecutor.run({ skill: 'two', action: 'alpah', asker: 'model' }, NEVER_CANCELLED);
  assert.equal(action.error?.type, 'not_found');
  assert.match(action.error.suggestion!, /'alpha'/);
  const noDefault = await trustedExecutor.run({ skill: 'two', asker: 'model' }, NEVER_CANCELLED);
  assert.equal(noDefault.error?.type, 'invalid_input');
  assert.match(noDefault.error.suggestion!, /alpha, beta/);
  const badFile = await trustedExecutor.run({ skill: 'bad-json', asker: 'user' }, NEVER_CANCELLED);
  assert.equal(badFile.error?.type, 'invalid_skill');
  assert.match(badFile.error.message, /kebab-case/);
});

test('a run path that leaves the skill folder is refused before anything starts', async () => {
  const catalog = await scanCatalog(ws);
  const { executor } = makeExecutor(catalog, ws);
  for (const action of ['dotdot', 'absolute', 'abs-arg', 'backslash', 'program-dotdot']) {
    const result = await executor.run({ skill: 'escapes', action, asker: 'user' }, NEVER_CANCELLED);
    assert.equal(result.error?.type, 'invalid_skill', `${action}: ${JSON.stringify(result)}`);
    assert.match(result.error.suggestion!, /inside the skill's folder/, action);
  }
});

test('a run path through a symlink that points outside is refused', async (t) => {
  const link = path.join(ws, 'skills', 'escapes', 'scripts', 'outside');
  try {
    fs.symlinkSync(path.join(ws, 'outside'), link, 'dir');
  } catch (error) {
    t.skip(`cannot create a symlink here: ${(error as Error).message}`);
    return;
  }
  if (!fs.lstatSync(link, { throwIfNoEntry: false })?.isSymbolicLink()) {
    t.skip('the symlink was not created (symlinks are not supported on this file system)');
    return;
  }
  const catalog = await scanCatalog(ws);
  const { executor } = makeExecutor(catalog, ws);
  const result = await executor.run({ skill: 'escapes', action: 'linked', asker: 'user' }, NEVER_CANCELLED);
  assert.equal(result.error?.type, 'invalid_skill', JSON.stringify(result));
  assert.match(result.error.message, /outside the skill's folder/);
});
