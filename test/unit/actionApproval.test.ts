// The approval steps that `skillsmith approve` and the editor's Approve Action for Agents… share
// (src/node/actionApproval.ts): the question and the files to bind, the approval to store, each
// refusal's wording (an unknown action, no default, untrusted, an invalid or missing actions.json,
// a shadowed copy), and whether a stored approval is unchanged or what differs.
import { test, beforeEach, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { approvalStanding, prepareApproval } from '../../src/node/actionApproval';
import { normalizePath } from '../../src/core/base/paths';
import { nodeAction, nodeFs, scanCatalog, writeActionSkill } from './actionTestUtils';
import { makeTempDir, removeDir } from './engineTestUtils';

const TIMEOUT = { timeout: 30_000 };
let ws: string;
let skillDir: string;

beforeEach(() => {
  ws = makeTempDir('skillsmith-approval-steps-');
  skillDir = writeActionSkill(
    ws,
    'recorder',
    [nodeAction('note', 'scripts/note.js', { default: true }), nodeAction('other', 'scripts/note.js')],
    { 'scripts/note.js': "process.stdout.write('{}');" },
  );
});

afterEach(() => removeDir(ws));

const sha = (file: string) => `sha256:${createHash('sha256').update(fs.readFileSync(file)).digest('hex')}`;

async function prepared(action?: string, trusted = true) {
  const entry = (await scanCatalog(ws, { trusted })).get('recorder');
  assert.ok(entry, 'the skill is in the catalog');
  return prepareApproval(nodeFs, entry, action);
}

test('the default action: the question with its files, and the approval stamped when approved', TIMEOUT, async () => {
  const result = await prepared();
  assert.ok(result.ok, result.ok ? '' : result.message);
  assert.equal(result.skill, 'recorder');
  assert.equal(result.action, 'note');
  assert.match(result.text, /^Approve the action 'note' of the skill 'recorder', so that agents run it/);
  assert.match(result.text, /\nCommand line: node scripts\/note\.js\n/);
  assert.match(result.text, /\nBound to: its declaration and the sha256 of the skill's 3 files;/);
  assert.ok(result.text.endsWith('\nFiles: SKILL.md, actions.json, scripts/note.js'), result.text);
  assert.deepEqual(result.files, ['SKILL.md', 'actions.json', 'scripts/note.js']);
  const approval = result.approval(new Date('2026-12-03T10:00:00.000Z'));
  assert.equal(approval.skill, 'recorder');
  assert.equal(approval.action, 'note');
  assert.equal(approval.folder, normalizePath(skillDir));
  assert.equal(approval.approvedAt, '2026-12-03T10:00:00.000Z');
  assert.deepEqual(approval.declaration.run, ['node', 'scripts/note.js']);
  assert.deepEqual(approval.files, {
    'SKILL.md': sha(path.join(skillDir, 'SKILL.md')),
    'actions.json': sha(path.join(skillDir, 'actions.json')),
    'scripts/note.js': sha(path.join(skillDir, 'scripts', 'note.js')),
  });
});

test('a named action', TIMEOUT, async () => {
  const result = await prepared('other');
  assert.ok(result.ok, result.ok ? '' : result.message);
  assert.equal(result.action, 'other');
  assert.equal(result.approval(new Date()).action, 'other');
  assert.match(result.text, /^Approve the action 'other' of the skill 'recorder'/);
});

test('each refusal says why, in the words the CLI prints after its prefix', TIMEOUT, async () => {
  const message = async (action?: string, trusted = true) => {
    const result = await prepared(action, trusted);
    assert.equal(result.ok, false);
    return result.ok ? '' : result.message;
  };
  assert.equal(await message('nope'), "skill 'recorder' has no action 'nope'. Its actions: note, other.");
  assert.match(
    await message(undefined, false),
    /^Skill 'recorder' comes from a workspace that is not trusted, so it cannot be used\. Ask the user to trust/,
  );
  fs.writeFileSync(
    path.join(skillDir, 'actions.json'),
    JSON.stringify({ actions: [nodeAction('note', 'scripts/note.js'), nodeAction('other', 'scripts/note.js')] }),
  );
  assert.equal(await message(), "skill 'recorder' has no default action; name one of: note, other.");
  fs.writeFileSync(path.join(skillDir, 'actions.json'), '{"actions": [{"name": "Bad"}]}');
  assert.match(await message(), /^the actions\.json of 'recorder' is invalid: /);
  fs.rmSync(path.join(skillDir, 'actions.json'));
  assert.equal(await message(), "skill 'recorder' has no actions.");
});

test(
  'a shadowed copy (a Skills view item of it) is refused, never swapped for the copy that wins',
  TIMEOUT,
  async () => {
    const userRoot = makeTempDir('skillsmith-approval-steps-user-');
    try {
      const userCopy = writeActionSkill(userRoot, 'recorder', [nodeAction('note', 'scripts/note.js')], {
        'scripts/note.js': '',
      });
      const catalog = await scanCatalog(ws, { userDir: userRoot });
      const shadowed = catalog.entryForFile(normalizePath(path.join(userCopy, 'SKILL.md')));
      assert.equal(shadowed?.status, 'shadowed');
      const result = await prepareApproval(nodeFs, shadowed, undefined);
      assert.equal(result.ok, false);
      assert.match(result.ok ? '' : result.message, /another skill of that name takes precedence/);
    } finally {
      removeDir(userRoot);
    }
  },
);

test('the standing of an approval: unchanged, then each difference', TIMEOUT, async () => {
  const result = await prepared();
  assert.ok(result.ok);
  const approval = result.approval(new Date());
  assert.deepEqual(await approvalStanding(nodeFs, approval), []);
  fs.appendFileSync(path.join(skillDir, 'scripts', 'note.js'), '\n// changed\n');
  fs.writeFileSync(path.join(skillDir, 'scripts', 'added.js'), '');
  const differences = await approvalStanding(nodeFs, approval);
  assert.equal(differences.length, 2, differences.join('\n'));
  assert.match(differences[0], /^The file scripts\/note\.js changed \(sha256:/);
  assert.equal(differences[1], 'The file scripts/added.js was added.');
  fs.writeFileSync(
    path.join(skillDir, 'actions.json'),
    JSON.stringify({ actions: [nodeAction('other', 'scripts/note.js')] }),
  );
  assert.deepEqual(await approvalStanding(nodeFs, approval), ["The action 'note' is no longer declared."]);
  fs.rmSync(skillDir, { recursive: true });
  assert.deepEqual(await approvalStanding(nodeFs, approval), ["The skill's folder or its actions.json is gone."]);
});
