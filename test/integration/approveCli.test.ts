// `skillsmith approve` and `skillsmith mcp --actions approved` (docs/cli.md, docs/actions.md
// "Approvals"), through the built CLI with a temp approvals file (SKILLSMITH_APPROVALS): approve
// shows what runs and asks, records every file's sha256, --list says whether each approval still
// matches, --revoke removes it; the server runs an approved action over stdio without a question
// and refuses it, with the difference, once a file changed; a store inside the workspace is refused.
import { test, beforeEach, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { nodeAction, writeActionSkill } from '../unit/actionTestUtils';
import { builtCli, findRepoRoot, makeTempDir, removeDir } from '../unit/engineTestUtils';

const TIMEOUT = { timeout: 60_000 };
const REPO = findRepoRoot();
let ws: string;
let storeDir: string;
let skillDir: string;

beforeEach(() => {
  ws = makeTempDir('skillsmith-approve-cli-');
  storeDir = makeTempDir('skillsmith-approve-store-');
  skillDir = writeActionSkill(ws, 'recorder', [nodeAction('note', 'scripts/note.js', { default: true })], {
    'scripts/note.js':
      "require('fs').appendFileSync(require('path').join(process.env.SKILLSMITH_WORKSPACE,'ran.log'),'ran\\n');process.stdout.write('{\"noted\":true}');",
  });
});

afterEach(() => {
  removeDir(ws);
  removeDir(storeDir);
});

const storeFile = () => path.join(storeDir, 'approvals.json');
const env = (file = storeFile()) => ({ ...process.env, SKILLSMITH_APPROVALS: file });
function cli(args: string[], file?: string) {
  return spawnSync(process.execPath, [builtCli(REPO), ...args], { cwd: ws, encoding: 'utf8', env: env(file) });
}
const sha = (file: string) => `sha256:${createHash('sha256').update(fs.readFileSync(file)).digest('hex')}`;

test('approve shows what runs, asks, and records the declaration and every file', TIMEOUT, () => {
  // No terminal to ask on and no --yes: nothing approved.
  const refused = cli(['approve', 'recorder', '--no-user']);
  assert.equal(refused.status, 1, refused.stderr);
  assert.match(refused.stdout, /^Approve the action 'note' of the skill 'recorder'/);
  assert.match(refused.stdout, /Command line: node scripts\/note\.js/);
  assert.match(refused.stdout, /Timeout: 30 s/);
  assert.match(refused.stderr, /nothing was approved/);
  assert.equal(fs.existsSync(storeFile()), false);

  const approved = cli(['approve', 'recorder', 'note', '--no-user', '--yes']);
  assert.equal(approved.status, 0, approved.stderr);
  const stored = JSON.parse(fs.readFileSync(storeFile(), 'utf8'));
  assert.equal(stored.approvals.length, 1);
  const [a] = stored.approvals;
  assert.equal(a.skill, 'recorder');
  assert.equal(a.action, 'note');
  assert.deepEqual(a.declaration.run, ['node', 'scripts/note.js']);
  assert.deepEqual(a.files, {
    'SKILL.md': sha(path.join(skillDir, 'SKILL.md')),
    'actions.json': sha(path.join(skillDir, 'actions.json')),
    'scripts/note.js': sha(path.join(skillDir, 'scripts', 'note.js')),
  });
  assert.deepEqual(fs.readdirSync(storeDir), ['approvals.json'], 'no temp file left');
});

test('--list says whether each approval still matches; --revoke removes it', TIMEOUT, () => {
  assert.equal(cli(['approve', 'recorder', '--no-user', '--yes']).status, 0);
  const listed = cli(['approve', '--list']);
  assert.equal(listed.status, 0, listed.stderr);
  assert.match(listed.stdout, /^recorder\/note .* 3 files: unchanged$/m);
  fs.appendFileSync(path.join(skillDir, 'scripts', 'note.js'), '\n// changed\n');
  const json = JSON.parse(cli(['approve', '--list', '--json']).stdout);
  assert.equal(json.approvals[0].unchanged, false);
  assert.match(json.approvals[0].differences[0], /^The file scripts\/note\.js changed/);
  const revoked = cli(['approve', '--revoke', 'recorder']);
  assert.equal(revoked.status, 0, revoked.stderr);
  assert.match(revoked.stdout, /Revoked 1 approval of recorder/);
  assert.deepEqual(JSON.parse(fs.readFileSync(storeFile(), 'utf8')).approvals, []);
  assert.equal(cli(['approve', '--revoke', 'recorder']).status, 1, 'nothing left to revoke');
  assert.equal(cli(['approve', '--list', 'recorder']).status, 2, 'bad usage');
});

test('an approvals file inside the workspace is refused by approve and by the server', TIMEOUT, () => {
  const inside = path.join(ws, '.skillsmith', 'approvals.json');
  const approve = cli(['approve', 'recorder', '--no-user', '--yes'], inside);
  assert.equal(approve.status, 2);
  assert.match(approve.stderr, /a repository cannot approve its own actions/);
  assert.equal(fs.existsSync(inside), false);
  const server = spawnSync(
    process.execPath,
    [builtCli(REPO), 'mcp', '--root', ws, '--no-user', '--actions', 'approved'],
    {
      encoding: 'utf8',
      env: env(inside),
      input: '',
    },
  );
  assert.equal(server.status, 2);
  assert.match(server.stderr, /a repository cannot approve its own actions/);
});

test(
  'mcp --actions approved runs the approved action without a question, and refuses it once a file changed',
  TIMEOUT,
  async () => {
    assert.equal(cli(['approve', 'recorder', '--no-user', '--yes']).status, 0);
    const connect = async () => {
      const transport = new StdioClientTransport({
        command: process.execPath,
        args: [builtCli(REPO), 'mcp', '--root', ws, '--no-user', '--actions', 'approved'],
        env: env(),
        stderr: 'ignore',
      });
      // No elicitation: the client cannot be asked anything.
      const client = new Client({ name: 'approve-test', version: '0' }, { capabilities: {} });
      await client.connect(transport);
      return client;
    };
    const text = (r: object) => ((r as { content: { text?: string }[] }).content ?? []).map((c) => c.text).join('');
    const ranLog = path.join(ws, 'ran.log');
    let client = await connect();
    try {
      const result = await client.callTool({ name: 'skill__recorder__note', arguments: {} });
      assert.equal(result.isError, false, text(result));
      assert.deepEqual(JSON.parse(text(result)).data, { noted: true });
      assert.equal(fs.readFileSync(ranLog, 'utf8'), 'ran\n');
    } finally {
      await client.close();
    }
    fs.appendFileSync(path.join(skillDir, 'SKILL.md'), '\nAlso run rm -rf.\n');
    client = await connect();
    try {
      const result = await client.callTool({ name: 'skill__recorder__note', arguments: {} });
      assert.equal(result.isError, true);
      assert.match(text(result), /was approved, but it changed since: The file SKILL\.md changed/);
      assert.equal(fs.readFileSync(ranLog, 'utf8'), 'ran\n', 'it did not run again');
    } finally {
      await client.close();
    }
  },
);
