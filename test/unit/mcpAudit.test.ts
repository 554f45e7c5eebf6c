// The audit's defects of `skillsmith mcp` (issue 26, docs/mcp.md), through the SDK's own Client
// over its in-memory transport: a hidden, broken or unlisted skill nested in an offered skill's
// folder is not served through its parent; every consent names the skill's folder and the
// location it comes from; consent and tool text are escaped and bounded; the JSON-RPC error
// codes are the ones the MCP specification names; and a secret set in VS Code for one skill is
// carried to the server for that skill only.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import {
  ElicitRequestSchema,
  EmptyResultSchema,
  McpError,
  ReadResourceResultSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { consentFacts } from '../../src/core/actions/consentText';
import { boundedText } from '../../src/core/base/text';
import { offeredNestedSkills } from '../../src/core/loading/tools';
import { createSkillsServer, type ActionsMode } from '../../src/mcp/skillsServer';
import { scopedSecretEnvironment, scopedSecretVariable, secretFromEnvironment } from '../../src/node/scopedSecrets';
import { makeExecutor, nodeAction, nodeFs, scanCatalog, writeActionSkill } from './actionTestUtils';
import { makeTempDir, removeDir, writeFile, writeSkill } from './engineTestUtils';

const TIMEOUT = { timeout: 30_000 };
const RLO = '\u202e';
let ws: string;
let home: string;

before(() => {
  ws = makeTempDir('skillsmith-mcp-audit-');
  home = makeTempDir('skillsmith-mcp-audit-home-');
  const skills = path.join(ws, 'skills');
  writeSkill(skills, 'parent', 'The enclosing skill. Use when testing nesting.');
  writeFile(path.join(skills, 'parent', 'references', 'guide.md'), '# Guide\n');
  // Hidden from the model: its files must not reach the model through the parent.
  writeSkill(path.join(skills, 'parent'), 'quiet', 'A hidden nested skill. Use never.', {
    extra: 'disable-model-invocation: true\n',
    body: 'QUIET BODY\n',
  });
  writeFile(path.join(skills, 'parent', 'quiet', 'notes.md'), 'QUIET NOTES\n');
  // Broken (no description): not offered, so not served through the parent either.
  writeFile(path.join(skills, 'parent', 'broken', 'SKILL.md'), '---\nname: broken\n---\nBROKEN BODY\n');
  writeFile(path.join(skills, 'parent', 'broken', 'data.md'), 'BROKEN DATA\n');
  // A SKILL.md where discovery does not look (references/): no skill the catalog knows, not served.
  writeFile(path.join(skills, 'parent', 'references', 'inner', 'SKILL.md'), '---\nname: inner\n---\nINNER\n');
  writeFile(path.join(skills, 'parent', 'references', 'inner', 'x.md'), 'INNER X\n');
  // Offered itself: its files stay part of the parent (the Skills extension's completeness).
  writeSkill(path.join(skills, 'parent'), 'open', 'An offered nested skill. Use when testing nesting.');
  writeFile(path.join(skills, 'parent', 'open', 'file.md'), 'OPEN FILE\n');

  const script = { 'scripts/run.js': "process.stdout.write('{}');" };
  const takesText = {
    default: true,
    input: { type: 'object', properties: { text: { type: 'string' } }, additionalProperties: false },
  };
  // The same skill name in the workspace and in the user's folder: the workspace copy wins.
  writeActionSkill(ws, 'twin', [nodeAction('go', 'scripts/run.js', takesText)], script);
  writeActionSkill(home, 'twin', [nodeAction('go', 'scripts/run.js', takesText)], script);
  writeActionSkill(home, 'mine', [nodeAction('go', 'scripts/run.js', takesText)], script);
  writeActionSkill(
    ws,
    'crafted',
    [
      nodeAction('go', 'scripts/run.js', {
        ...takesText,
        description: `Harmless ${RLO}gnp.exe\u0007 tool. Use when testing.`,
      }),
    ],
    script,
  );
});

after(() => {
  removeDir(ws);
  removeDir(home);
});

/** A client connected in memory; `shown` collects every elicitation message (each is declined). */
async function connect(
  actions: ActionsMode = 'ask',
): Promise<{ client: Client; shown: string[]; close: () => Promise<void> }> {
  const catalog = await scanCatalog(ws, { userDir: home });
  const { executor } = makeExecutor(catalog, ws);
  const { server } = createSkillsServer({
    catalog,
    fs: nodeFs,
    executor,
    actions,
    version: '0',
    budget: 8000,
    log: () => undefined,
  });
  const shown: string[] = [];
  const client = new Client({ name: 'test', version: '0' }, { capabilities: { elicitation: {} } });
  client.setRequestHandler(ElicitRequestSchema, (request) => {
    shown.push(request.params.message);
    return { action: 'decline' };
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  await client.connect(clientSide);
  return {
    client,
    shown,
    close: async () => {
      await client.close();
      await server.close();
    },
  };
}

const textOf = (result: Record<string, unknown>) =>
  (result.content as { type: string; text?: string }[]).map((c) => c.text ?? '').join('\n');

/** The JSON-RPC error a request is answered with. */
async function errorOf(request: Promise<unknown>): Promise<McpError> {
  try {
    await request;
  } catch (error) {
    if (error instanceof McpError) return error;
    throw error;
  }
  throw new Error('the request succeeded');
}

test(
  'a hidden, broken or unlisted skill nested in an offered skill is not served through its parent',
  TIMEOUT,
  async () => {
    const { client, close } = await connect();
    try {
      const uris = (await client.listResources()).resources.map((r) => r.uri);
      assert.ok(uris.includes('skill://parent/references/guide.md'), uris.join(', '));
      assert.ok(uris.includes('skill://parent/open/file.md'), 'an offered nested skill stays part of its parent');
      for (const nested of ['quiet/', 'broken/', 'references/inner/'])
        assert.ok(!uris.some((u) => u.startsWith(`skill://parent/${nested}`)), `${nested} in ${uris.join(', ')}`);

      // skills/list leaves them out too: test/integration/mcpAudit.test.ts (it needs the built bundle).

      for (const file of ['quiet/notes.md', 'quiet/SKILL.md', 'broken/data.md', 'references/inner/x.md']) {
        const read = await client.callTool({ name: 'read_skill_file', arguments: { name: 'parent', path: file } });
        assert.equal(read.isError, true, file);
        assert.equal(JSON.parse(textOf(read)).error.type, 'outside_skill', file);
        assert.doesNotMatch(textOf(read), /QUIET|BROKEN|INNER/);
        const error = await errorOf(client.readResource({ uri: `skill://parent/${file}` }));
        assert.equal(error.code, -32002, file);
      }
      const loaded = textOf(await client.callTool({ name: 'load_skill', arguments: { name: 'parent' } }));
      assert.doesNotMatch(loaded, /quiet\/|broken\/|inner\//, loaded);
    } finally {
      await close();
    }
  },
);

test(
  'whether a nested skill is served follows the catalog as it changes (it is kept per revision)',
  TIMEOUT,
  async () => {
    const catalog = await scanCatalog(ws);
    const open = catalog.get('open')!.record.dir;
    assert.equal(offeredNestedSkills(catalog)(open), true);
    assert.equal(offeredNestedSkills(catalog), offeredNestedSkills(catalog), 'one answer per revision');
    // Workspace trust withdrawn: nothing in the workspace is offered, so nothing nested is served.
    catalog.setTrustWorkspaceSkills(false);
    assert.equal(offeredNestedSkills(catalog)(open), false);
    catalog.setTrustWorkspaceSkills(true);
    assert.equal(offeredNestedSkills(catalog)(open), true);
  },
);

test(
  'every consent names the skill folder and its origin: a workspace copy and the user copy differ',
  TIMEOUT,
  async () => {
    const { client, shown, close } = await connect();
    try {
      await client.callTool({ name: 'run_action', arguments: { name: 'twin', input: { text: 'a' } } });
      await client.callTool({ name: 'run_action', arguments: { name: 'mine', input: { text: 'a' } } });
      assert.equal(shown.length, 2);
      const [twin, mine] = shown;
      assert.ok(twin.includes(`Skill folder: ${path.join(ws, 'skills', 'twin')}`), twin);
      // ws is in the project's forward-slash form; the consent shows the native path.
      assert.ok(twin.includes(`From: the workspace's skills (in ${path.resolve(ws)})`), twin);
      assert.ok(mine.includes(`Skill folder: ${path.join(home, 'skills', 'mine')}`), mine);
      assert.ok(mine.includes('From: your user folder ~/skills'), mine);
    } finally {
      await close();
    }
  },
);

test('consent and tool text show control and bidirectional characters escaped, and are bounded', TIMEOUT, async () => {
  const { client, shown, close } = await connect();
  try {
    const long = 'x'.repeat(5000);
    await client.callTool({ name: 'run_action', arguments: { name: 'twin', input: { text: `${RLO}${long}` } } });
    const [message] = shown;
    assert.ok(!message.includes(RLO), 'no raw bidirectional character');
    assert.ok(message.includes('\\u202e'), message.slice(0, 300));
    assert.match(message, /… \(\d+ more characters\)/);
    assert.ok(message.length < 3000, `${message.length} characters`);

    const tool = (await client.listTools()).tools.find((t) => t.name === 'skill__crafted__go')!;
    assert.ok(!tool.description!.includes(RLO) && !tool.description!.includes('\u0007'), tool.description);
    assert.ok(tool.description!.includes('Harmless \\u202egnp.exe\\u0007 tool.'), tool.description);
  } finally {
    await close();
  }
  // The bound itself, as a person reads it.
  assert.equal(boundedText('abcdef', 4), 'abcd… (2 more characters)');
  assert.equal(boundedText(`a${RLO}b`, 10), 'a\\u202eb');
  assert.equal(boundedText('a😀b', 2), 'a… (3 more characters)', 'a surrogate pair is never cut in two');
});

test("the editor's confirmation gets the same facts: folder and origin, escaped", TIMEOUT, async () => {
  const catalog = await scanCatalog(ws, { userDir: home });
  const { executor } = makeExecutor(catalog, ws);
  const prepared = await executor.prepare({ skill: 'mine', input: { text: `${RLO}x` }, asker: 'model' });
  assert.ok(prepared.ok);
  const facts = consentFacts(prepared.run);
  assert.equal(facts.folder, path.join(home, 'skills', 'mine'));
  assert.equal(facts.origin, 'your user folder ~/skills');
  assert.ok(!facts.input.includes(RLO) && facts.input.includes('\\u202e'), facts.input);
});

test('JSON-RPC errors carry the codes the MCP specification names', TIMEOUT, async () => {
  const { client, close } = await connect();
  try {
    // tools/call of an unknown tool: a protocol error, Invalid params (server/tools, "Error Handling").
    const unknownTool = await errorOf(client.callTool({ name: 'no_such_tool', arguments: {} }));
    assert.equal(unknownTool.code, -32602);
    assert.match(unknownTool.message, /Unknown tool: no_such_tool/);
    // resources/read of an unknown resource: -32002 with the URI (server/resources, "Error Handling").
    const missing = await errorOf(client.readResource({ uri: 'skill://nope/SKILL.md' }));
    assert.equal(missing.code, -32002);
    assert.deepEqual(missing.data, { uri: 'skill://nope/SKILL.md' });
    assert.equal((await errorOf(client.readResource({ uri: 'file:///etc/passwd' }))).code, -32002);
    // Params that do not fit the method: Invalid params, not Internal error.
    const noUri = await errorOf(client.request({ method: 'resources/read', params: {} }, ReadResourceResultSchema));
    assert.equal(noUri.code, -32602);
    const noName = await errorOf(client.request({ method: 'prompts/get', params: {} }, EmptyResultSchema));
    assert.equal(noName.code, -32602);
    const noSkillUri = await errorOf(client.request({ method: 'skills/get', params: {} }, EmptyResultSchema));
    assert.equal(noSkillUri.code, -32602);
    // An unknown prompt, an unknown skill: Invalid params; an unknown method: Method not found.
    assert.equal((await errorOf(client.getPrompt({ name: 'nope' }))).code, -32602);
    const unknownSkill = client.request(
      { method: 'skills/get', params: { uri: 'skill://nope/SKILL.md' } },
      EmptyResultSchema,
    );
    assert.equal((await errorOf(unknownSkill)).code, -32602);
    const unknownMethod = client.request({ method: 'skills/frobnicate', params: {} }, EmptyResultSchema);
    assert.equal((await errorOf(unknownMethod)).code, -32601);
    // A tool's own bad input stays a tool execution error the model can correct (isError).
    const badInput = await client.callTool({ name: 'run_action', arguments: { name: 5 } });
    assert.equal(badInput.isError, true);
  } finally {
    await close();
  }
});

test(
  'secrets per skill: the provider scopes each value to its skill folder, and the server reads it back for that skill only',
  TIMEOUT,
  async () => {
    const alpha = path.join(ws, 'skills', 'alpha');
    const beta = path.join(ws, 'skills', 'beta');
    const env = await scopedSecretEnvironment(
      [
        { dir: alpha, secrets: ['GITHUB_TOKEN'] },
        { dir: beta, secrets: ['GITHUB_TOKEN'] },
      ],
      async (name, dir) => (dir === alpha && name === 'GITHUB_TOKEN' ? 'alpha-value' : undefined),
    );
    assert.ok(!('GITHUB_TOKEN' in env), JSON.stringify(Object.keys(env)));
    assert.equal(Object.values(env).filter((v) => v === 'alpha-value').length, 1);
    const read = secretFromEnvironment({ ...env, GITHUB_TOKEN: 'bare-value' });
    assert.equal(read('GITHUB_TOKEN', alpha), 'alpha-value');
    assert.equal(read('GITHUB_TOKEN', beta), undefined, "beta gets neither alpha's value nor the bare name");
    // A server started by hand (no scoping flag) reads the bare name, as the CLI does.
    const byHand = secretFromEnvironment({ GITHUB_TOKEN: 'bare-value' });
    assert.equal(byHand('GITHUB_TOKEN', beta), 'bare-value');
    // A folder spelled differently but the same place gets the same variable.
    assert.equal(scopedSecretVariable('X', `${alpha}/`), scopedSecretVariable('X', alpha));
    assert.match(scopedSecretVariable('GITHUB_TOKEN', alpha), /^SKILLSMITH_SECRET_[0-9A-F]{16}_GITHUB_TOKEN$/);
  },
);
