// What `skillsmith mcp` tells the client about its tools (docs/mcp.md), through the SDK's own
// Client over its in-memory transport: every tool's annotations, text that matches the server's
// actions mode, and refusals that say what happened and how to run the action anyway.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { ElicitRequestSchema, ErrorCode, McpError, type Tool } from '@modelcontextprotocol/sdk/types.js';
import { createSkillsServer, type ActionsMode } from '../../src/mcp/skillsServer';
import { makeExecutor, nodeAction, nodeFs, readIfExists, scanCatalog, writeActionSkill } from './actionTestUtils';

type Catalog = Awaited<ReturnType<typeof scanCatalog>>;
import { makeTempDir, removeDir } from './engineTestUtils';

const TIMEOUT = { timeout: 30_000 };
let ws: string;

before(() => {
  ws = makeTempDir('skillsmith-mcp-text-');
  writeActionSkill(
    ws,
    'recorder',
    [
      nodeAction('note', 'scripts/note.js', {
        default: true,
        secrets: ['NOTE_TOKEN'],
        input: { type: 'object', properties: { text: { type: 'string' } }, additionalProperties: false },
      }),
    ],
    { 'scripts/note.js': "require('fs').writeFileSync(require('path').join(__dirname,'..','ran.txt'),'ran');" },
  );
});

after(() => removeDir(ws));

/** A client connected in memory to a server over `ws`, in the given actions mode. */
async function connect(
  actions: ActionsMode,
  elicit?: 'decline' | 'cancel',
  served: (catalog: Catalog) => Catalog = (catalog) => catalog,
): Promise<{ client: Client; close: () => Promise<void> }> {
  const catalog = await scanCatalog(ws);
  const { executor } = makeExecutor(catalog, ws, { secret: async () => 'x' });
  const { server } = createSkillsServer({
    catalog: served(catalog),
    fs: nodeFs,
    executor,
    actions,
    version: '0',
    budget: 8000,
    log: () => undefined,
  });
  const client = new Client({ name: 'test', version: '0' }, { capabilities: elicit ? { elicitation: {} } : {} });
  if (elicit) client.setRequestHandler(ElicitRequestSchema, () => ({ action: elicit }));
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  await client.connect(clientSide);
  return {
    client,
    close: async () => {
      await client.close();
      await server.close();
    },
  };
}

const textOf = (result: Record<string, unknown>) =>
  (result.content as { type: string; text?: string }[]).map((c) => c.text ?? '').join('\n');

test('every tool carries all five annotations, true to what it does', TIMEOUT, async () => {
  const { client, close } = await connect('ask');
  try {
    const { tools } = await client.listTools();
    const byName = new Map<string, Tool>(tools.map((t) => [t.name, t]));
    for (const tool of tools) {
      const a = tool.annotations;
      assert.ok(a, `${tool.name} has annotations`);
      assert.equal(typeof a.title, 'string', `${tool.name} title`);
      for (const hint of ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const)
        assert.equal(typeof a[hint], 'boolean', `${tool.name} ${hint}`);
    }
    for (const name of ['list_skills', 'load_skill', 'read_skill_file']) {
      const a = byName.get(name)?.annotations;
      assert.equal(a?.readOnlyHint, true, `${name} is read-only`);
      assert.equal(a?.destructiveHint, false);
      assert.equal(a?.idempotentHint, true);
      assert.equal(a?.openWorldHint, false);
    }
    for (const name of ['run_action', 'skill__recorder__note']) {
      const a = byName.get(name)?.annotations;
      assert.equal(a?.readOnlyHint, false, `${name} runs a program`);
      assert.equal(a?.destructiveHint, true);
      assert.equal(a?.idempotentHint, false);
      assert.equal(a?.openWorldHint, true);
    }
    // An action's tool says what it declares: the skill, the action, its timeout and its secrets.
    const action = byName.get('skill__recorder__note');
    assert.match(action?.annotations?.title ?? '', /recorder/);
    assert.match(action?.description ?? '', /NOTE_TOKEN/);
    assert.match(action?.description ?? '', /\d+ s\b/);
  } finally {
    await close();
  }
});

test('with --actions allow, no text the model sees says the user confirms each run', TIMEOUT, async () => {
  const { client, close } = await connect('allow');
  try {
    const instructions = client.getInstructions() ?? '';
    const { tools } = await client.listTools();
    const loaded = textOf(await client.callTool({ name: 'load_skill', arguments: { name: 'recorder' } }));
    assert.match(loaded, /note/, 'load_skill lists the action');
    for (const [where, text] of [
      ['instructions', instructions],
      ['load_skill', loaded],
      ...tools.map((t) => [t.name, t.description ?? ''] as const),
    ] as const) {
      assert.doesNotMatch(text, /user confirms/i, `${where}: ${text}`);
    }
  } finally {
    await close();
  }
  // And under ask, the same texts do say it.
  const asking = await connect('ask');
  try {
    assert.match(asking.client.getInstructions() ?? '', /confirm/i);
    const loaded = textOf(await asking.client.callTool({ name: 'load_skill', arguments: { name: 'recorder' } }));
    assert.match(loaded, /confirm/i);
  } finally {
    await asking.close();
  }
});

for (const elicit of ['decline', 'cancel', undefined] as const) {
  test(`a run the client ${elicit ? `${elicit}s` : 'cannot ask for'} says so, and how to run it`, TIMEOUT, async () => {
    const { client, close } = await connect('ask', elicit);
    try {
      const result = await client.callTool({ name: 'skill__recorder__note', arguments: { text: 'hi' } });
      assert.equal(result.isError, true);
      const text = textOf(result);
      assert.doesNotMatch(text, /the user did not confirm/i, 'no claim that a person said no');
      if (elicit) assert.match(text, /the client (declined|cancelled), or could not ask you/);
      else assert.match(text, /cannot ask/);
      assert.match(text, /skillsmith run recorder note/, 'the command that runs it by hand');
      assert.match(text, /skillsmith approve recorder note/, 'approving it ahead of time');
      assert.match(text, /host/i, "the host's own setting");
      assert.equal(readIfExists(path.join(ws, 'skills', 'recorder', 'ran.txt')), undefined, 'nothing ran');
    } finally {
      await close();
    }
  });
}

test('resources/templates/list gives the skill file template', TIMEOUT, async () => {
  const { client, close } = await connect('ask');
  try {
    const { resourceTemplates } = await client.listResourceTemplates();
    assert.deepEqual(
      resourceTemplates.map((t) => t.uriTemplate),
      ['skill://{name}/{+path}'],
    );
  } finally {
    await close();
  }
});

test('resources/list gives each file the mimeType that resources/read returns for it', TIMEOUT, async () => {
  const dir = path.join(ws, 'skills', 'recorder');
  fs.mkdirSync(path.join(dir, 'assets'), { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'assets', 'logo.png'),
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]),
  );
  fs.writeFileSync(path.join(dir, 'assets', 'latin1.txt'), Buffer.from([0x63, 0x61, 0x66, 0xe9])); // "café" in Latin-1
  fs.writeFileSync(path.join(dir, 'assets', 'notes.txt'), 'plain text\n');
  fs.writeFileSync(path.join(dir, 'assets', 'guide.md'), '# Guide\n');
  const { client, close } = await connect('ask');
  try {
    const { resources } = await client.listResources();
    const listed = new Map(resources.map((r) => [r.uri, r.mimeType]));
    const expected: Record<string, string> = {
      'assets/logo.png': 'application/octet-stream',
      'assets/latin1.txt': 'application/octet-stream',
      'assets/notes.txt': 'text/plain',
      'assets/guide.md': 'text/markdown',
    };
    for (const [file, mimeType] of Object.entries(expected)) {
      const uri = `skill://recorder/${file}`;
      assert.equal(listed.get(uri), mimeType, file);
      const { contents } = await client.readResource({ uri });
      assert.equal(contents[0].mimeType, mimeType, `${file} as read`);
    }
  } finally {
    await close();
    fs.rmSync(path.join(dir, 'assets'), { recursive: true, force: true });
  }
});

test('a fault inside the server is a JSON-RPC internal error (-32603), and the server goes on', TIMEOUT, async () => {
  let failing = false;
  // The catalog fails during one request, as a bug in the server would: nothing the server expects.
  const { client, close } = await connect('ask', undefined, (catalog) =>
    Object.assign(Object.create(catalog) as Catalog, {
      offered: () => {
        if (failing) throw new Error('a bug');
        return catalog.offered();
      },
    }),
  );
  try {
    failing = true;
    await assert.rejects(client.listResources(), (error: unknown) => {
      assert.ok(error instanceof McpError, String(error));
      assert.equal(error.code, ErrorCode.InternalError);
      assert.equal(error.code, -32603);
      return true;
    });
    failing = false;
    assert.ok((await client.listResources()).resources.length > 0);
  } finally {
    await close();
  }
});
