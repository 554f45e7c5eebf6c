// Approvals bound to content (docs/actions.md, "Approvals"): `skillsmith mcp --actions approved`
// through the SDK's own Client over its in-memory transport. An approved action runs without a
// question while its declaration and every file of its skill are unchanged; a change is refused
// with the difference and asks nobody; an action not approved is asked about, or refused with the
// ways to run it. Plus the differences themselves and the store in a file.
import { test, beforeEach, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { createSkillsServer, type ActionsMode } from '../../src/mcp/skillsServer';
import {
  actionManifest,
  approvalDifferences,
  type ActionApproval,
  type ActionManifest,
} from '../../src/core/actions/approvals';
import { decideModelRun } from '../../src/core/access/policy';
import { readActionsFile, type ActionDeclaration } from '../../src/core/actions/declaration';
import { FileApprovalStore, storeProblem } from '../../src/node/approvalStore';
import { sha256Digest } from '../../src/node/sha256';
import { normalizePath } from '../../src/core/base/paths';
import { makeExecutor, nodeAction, nodeFs, readIfExists, scanCatalog, writeActionSkill } from './actionTestUtils';
import { makeTempDir, removeDir } from './engineTestUtils';

const TIMEOUT = { timeout: 30_000 };
let ws: string;
let storeDir: string;
let skillDir: string;

// The action writes into the workspace (SKILLSMITH_WORKSPACE), not into its own folder: a file
// added to the skill's folder would be a change to what was approved.
const NOTE_SCRIPT =
  "let s='';process.stdin.on('data',d=>s+=d);process.stdin.on('end',()=>{require('fs').appendFileSync(require('path').join(process.env.SKILLSMITH_WORKSPACE,'ran.log'),s+'\\n');process.stdout.write('{}');});";

beforeEach(() => {
  ws = makeTempDir('skillsmith-approved-');
  storeDir = makeTempDir('skillsmith-approvals-store-');
  skillDir = writeActionSkill(
    ws,
    'recorder',
    [
      nodeAction('note', 'scripts/note.js', {
        default: true,
        input: { type: 'object', properties: { text: { type: 'string' } }, additionalProperties: false },
      }),
      nodeAction('other', 'scripts/note.js'),
    ],
    { 'scripts/note.js': NOTE_SCRIPT, 'scripts/helper.js': '// loaded by nothing yet\n' },
  );
});

afterEach(() => {
  removeDir(ws);
  removeDir(storeDir);
});

const store = () => new FileApprovalStore(normalizePath(path.join(storeDir, 'approvals.json')));
const ranCount = () => (readIfExists(path.join(ws, 'ran.log')) ?? '').split('\n').filter(Boolean).length;

/** Approves an action of the recorder as `skillsmith approve` does: its declaration and every file now. */
async function approve(action = 'note'): Promise<void> {
  const declared = await readActionsFile(nodeFs, normalizePath(skillDir));
  assert.ok(declared?.ok);
  const declaration = declared.actions.find((a) => a.name === action)!;
  const manifest = await actionManifest(nodeFs, sha256Digest, normalizePath(skillDir), declaration);
  assert.ok(manifest.ok);
  await store().put({
    skill: 'recorder',
    folder: normalizePath(skillDir),
    action,
    ...manifest.manifest,
    approvedAt: '2026-12-02T00:00:00.000Z',
  });
}

/** A client on a server over `ws`; `elicit` answers questions (and counts them), none: no elicitation. */
async function connect(actions: ActionsMode, elicit?: 'decline' | 'cancel' | 'accept') {
  const catalog = await scanCatalog(ws);
  const { executor } = makeExecutor(catalog, ws);
  const { server } = createSkillsServer({
    catalog,
    fs: nodeFs,
    executor,
    actions,
    version: '0',
    budget: 8000,
    log: () => undefined,
    approvals: store(),
  });
  const asked: string[] = [];
  const client = new Client({ name: 'test', version: '0' }, { capabilities: elicit ? { elicitation: {} } : {} });
  if (elicit)
    client.setRequestHandler(ElicitRequestSchema, (request) => {
      asked.push(String(request.params.message));
      return elicit === 'accept' ? { action: 'accept', content: { run: true } } : { action: elicit };
    });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  await client.connect(clientSide);
  return {
    client,
    asked,
    close: async () => {
      await client.close();
      await server.close();
    },
  };
}

const textOf = (result: Record<string, unknown>) =>
  (result.content as { type: string; text?: string }[]).map((c) => c.text ?? '').join('\n');

for (const elicit of [undefined, 'decline'] as const) {
  test(
    `an approved action runs without a question (${elicit ? 'a client that declines' : 'no elicitation'})`,
    TIMEOUT,
    async () => {
      await approve();
      const { client, asked, close } = await connect('approved', elicit);
      try {
        const result = await client.callTool({ name: 'skill__recorder__note', arguments: { text: 'hi' } });
        assert.equal(result.isError, false, textOf(result));
        assert.equal(ranCount(), 1);
        assert.deepEqual(asked, [], 'nobody was asked');
        // Its approval is of 'note' only: 'other' of the same skill is not approved.
        const other = await client.callTool({ name: 'run_action', arguments: { name: 'recorder', action: 'other' } });
        assert.equal(other.isError, true);
        assert.match(textOf(other), /skillsmith approve recorder other/);
        assert.equal(ranCount(), 1);
      } finally {
        await close();
      }
    },
  );
}

test('a changed file of an approved skill refuses the run, names the file, and asks nobody', TIMEOUT, async () => {
  await approve();
  fs.appendFileSync(path.join(skillDir, 'scripts', 'helper.js'), 'process.exit(3);\n');
  const { client, asked, close } = await connect('approved', 'accept');
  try {
    const result = await client.callTool({ name: 'skill__recorder__note', arguments: { text: 'hi' } });
    assert.equal(result.isError, true);
    const error = JSON.parse(textOf(result)).error;
    assert.equal(error.type, 'not_allowed');
    assert.match(error.message, /was approved, but it changed since: The file scripts\/helper\.js changed/);
    assert.match(error.suggestion, /skillsmith approve recorder note/);
    assert.deepEqual(asked, [], 'a changed approval is refused, not turned into a question');
    assert.equal(ranCount(), 0);
  } finally {
    await close();
  }
});

test('a changed declaration and an added file are each named', TIMEOUT, async () => {
  await approve();
  const file = path.join(skillDir, 'actions.json');
  const declared = JSON.parse(fs.readFileSync(file, 'utf8'));
  declared.actions[0].timeoutSeconds = 5;
  fs.writeFileSync(file, JSON.stringify(declared));
  fs.writeFileSync(path.join(skillDir, 'scripts', 'new.js'), '1;\n');
  const { client, close } = await connect('approved');
  try {
    const message = JSON.parse(textOf(await client.callTool({ name: 'skill__recorder__note', arguments: {} }))).error
      .message;
    assert.match(message, /'timeoutSeconds' in actions\.json changed: 30 is now 5\./);
    assert.match(message, /The file actions\.json changed/);
    assert.match(message, /The file scripts\/new\.js was added\./);
    assert.equal(ranCount(), 0);
  } finally {
    await close();
  }
});

test('an action not approved is asked about; declined, it says what happened and how to run it', TIMEOUT, async () => {
  const declining = await connect('approved', 'decline');
  try {
    const result = await declining.client.callTool({ name: 'skill__recorder__note', arguments: { text: 'x' } });
    assert.equal(declining.asked.length, 1, 'asked once');
    assert.match(declining.asked[0], /Command line: node scripts\/note\.js/);
    assert.match(declining.asked[0], /Skill folder: /);
    const error = JSON.parse(textOf(result)).error;
    assert.match(error.message, /'recorder\/note' is not approved/);
    assert.match(error.message, /the client declined, or could not ask you/);
    assert.match(error.suggestion, /skillsmith approve recorder note/);
    assert.match(error.suggestion, /skillsmith run recorder note --input '\{"text":"x"\}'/);
    assert.match(error.suggestion, /host's own setting/);
    assert.doesNotMatch(error.suggestion, /--actions allow/, 'no advice to run every action unasked');
  } finally {
    await declining.close();
  }
  const accepting = await connect('approved', 'accept');
  try {
    const result = await accepting.client.callTool({ name: 'skill__recorder__note', arguments: {} });
    assert.equal(result.isError, false, textOf(result));
    assert.equal(ranCount(), 1);
  } finally {
    await accepting.close();
  }
});

test('an unreadable approvals file refuses the run and is left as it is', TIMEOUT, async () => {
  fs.writeFileSync(path.join(storeDir, 'approvals.json'), '{not json');
  const { client, close } = await connect('approved');
  try {
    const error = JSON.parse(textOf(await client.callTool({ name: 'skill__recorder__note', arguments: {} }))).error;
    assert.match(error.message, /approvals of this server cannot be read/);
    assert.equal(fs.readFileSync(path.join(storeDir, 'approvals.json'), 'utf8'), '{not json');
    await assert.rejects(store().put({} as ActionApproval), /not valid JSON/);
    assert.equal(fs.readFileSync(path.join(storeDir, 'approvals.json'), 'utf8'), '{not json');
  } finally {
    await close();
  }
});

test(
  'under approved, the model is told which runs go without a question, never that each is confirmed',
  TIMEOUT,
  async () => {
    const { client, close } = await connect('approved');
    try {
      const { tools } = await client.listTools();
      const loaded = textOf(await client.callTool({ name: 'load_skill', arguments: { name: 'recorder' } }));
      const texts = [
        ['instructions', client.getInstructions() ?? ''],
        ['load_skill', loaded],
        ...tools.filter((t) => !t.annotations?.readOnlyHint).map((t) => [t.name, t.description ?? '']),
      ];
      for (const [where, text] of texts) {
        assert.match(text, /approved ahead of time/, `${where}: ${text}`);
        assert.doesNotMatch(text, /user confirms each run/i, `${where}: ${text}`);
      }
    } finally {
      await close();
    }
  },
);

test(
  'the store: put replaces its folder and action, remove takes one action or all, no temp file left',
  TIMEOUT,
  async () => {
    const s = store();
    const base = { skill: 's', declaration: {} as ActionDeclaration, files: {}, approvedAt: 't' };
    await s.put({ ...base, folder: '/a/s', action: 'one' });
    await s.put({ ...base, folder: '/a/s', action: 'two' });
    await s.put({ ...base, folder: '/a/s', action: 'one', approvedAt: 'later' });
    assert.deepEqual(
      (await s.all()).map((a) => `${a.action}@${a.approvedAt}`),
      ['two@t', 'one@later'],
    );
    assert.equal((await s.find('/a/s', 'one'))?.approvedAt, 'later');
    assert.equal(await s.find('/b/s', 'one'), undefined, 'another folder of the same name is not approved');
    assert.equal(await s.remove('/a/s', 'two'), 1);
    assert.equal(await s.remove('/a/s'), 1);
    assert.deepEqual(await s.all(), []);
    assert.deepEqual(fs.readdirSync(storeDir), ['approvals.json']);
  },
);

test('a store inside a workspace root is refused, one in the home a root holds is not', TIMEOUT, () => {
  assert.match(storeProblem('/repo/.skillsmith/approvals.json', ['/repo'], '/home/u') ?? '', /cannot approve its own/);
  assert.equal(storeProblem('/home/u/.config/skillsmith/approvals.json', ['/repo'], '/home/u'), undefined);
  assert.equal(storeProblem('/home/u/.config/skillsmith/approvals.json', ['/home/u'], '/home/u'), undefined);
  assert.equal(storeProblem('/home/u/.config/skillsmith/approvals.json', ['/'], '/home/u'), undefined);
});

test('differences: each field by its actions.json name, each file changed, removed or added', TIMEOUT, () => {
  const declaration: ActionDeclaration = {
    name: 'a',
    description: 'd',
    run: ['node', 'x.js'],
    input: { type: 'object' },
    timeoutSeconds: 30,
    maxConcurrent: 1,
    secrets: [],
    isDefault: false,
  };
  const approved: ActionManifest = { declaration, files: { 'x.js': 'sha256:aa', 'y.js': 'sha256:bb' } };
  assert.deepEqual(approvalDifferences(approved, approved), []);
  // The same object with its keys in another order is no difference.
  assert.deepEqual(
    approvalDifferences(approved, {
      declaration: { ...declaration, input: { type: 'object' } },
      files: approved.files,
    }),
    [],
  );
  assert.deepEqual(
    approvalDifferences(approved, {
      declaration: { ...declaration, run: ['node', 'z.js'], isDefault: true, secrets: ['T'] },
      files: { 'x.js': 'sha256:cc', 'z.js': 'sha256:dd' },
    }),
    [
      `'run' in actions.json changed: ["node","x.js"] is now ["node","z.js"].`,
      `'secrets' in actions.json changed: [] is now ["T"].`,
      `'default' in actions.json changed: false is now true.`,
      'The file x.js changed (sha256:aa… is now sha256:cc…).',
      'The file y.js was removed.',
      'The file z.js was added.',
    ],
  );
});

test(
  'the policy: approved runs a matching approval, refuses a changed one without asking, asks for the rest',
  TIMEOUT,
  () => {
    assert.deepEqual(decideModelRun('approved', { kind: 'matches' }, false), { kind: 'run' });
    assert.deepEqual(decideModelRun('approved', { kind: 'changed', differences: ['x'] }, true), {
      kind: 'refuse',
      why: 'changed',
      detail: ['x'],
    });
    assert.deepEqual(decideModelRun('approved', { kind: 'none' }, true), { kind: 'ask' });
    assert.deepEqual(decideModelRun('approved', { kind: 'none' }, false), { kind: 'refuse', why: 'no-elicitation' });
    // Under ask, an approval changes nothing: every run is asked.
    assert.deepEqual(decideModelRun('ask', { kind: 'matches' }, true), { kind: 'ask' });
    assert.deepEqual(decideModelRun('allow', { kind: 'none' }, false), { kind: 'run' });
    assert.deepEqual(decideModelRun('off', { kind: 'matches' }, true), { kind: 'refuse', why: 'off' });
  },
);
