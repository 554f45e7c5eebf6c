// `skillsmith mcp` (SPEC §11, docs/mcp.md) against a client we did not write: the SDK's own
// Client over stdio, spawning the built CLI. Every tool, prompt, resource and skills/* call; a
// list_changed notification after a file changes on disk; digests against the bytes on disk;
// consent (declined, accepted, off, a client without elicitation); stdout purity and malformed
// messages through a raw pipe.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import {
  ElicitRequestSchema,
  ResourceListChangedNotificationSchema,
  ToolListChangedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { nodeAction, writeActionSkill } from '../unit/actionTestUtils';
import { builtCli, findRepoRoot, makeTempDir, removeDir, writeFile, writeSkill } from '../unit/engineTestUtils';

const REPO = findRepoRoot();
let cli: string;
let ws: string;

before(() => {
  cli = builtCli(REPO);
  ws = makeTempDir('skillsmith-mcp-');
  writeSkill(path.join(ws, 'skills'), 'review', 'Reviews a change for defects. Use when asked to review code.', {
    body: 'Review $ARGUMENTS carefully.\n\nSee [the checklist](references/checklist.md).\n',
  });
  writeFile(path.join(ws, 'skills', 'review', 'references', 'checklist.md'), '# Checklist\n\n- Tests fail first.\n');
  writeFile(path.join(ws, 'secret.txt'), 'not for the model');
  // A skill hidden from the model, and a shadowed copy (a user-level... here a later location's twin).
  writeSkill(path.join(ws, 'skills'), 'manual', 'Runs only when the user asks. Use when invoked by hand.', {
    extra: 'disable-model-invocation: true\n',
  });
  writeSkill(path.join(ws, '.claude', 'skills'), 'review', 'The shadowed twin of review. Use never.', {
    body: 'SHADOWED BODY\n',
  });
  // An action that records what it was given, so a test can tell whether it ran and with what.
  writeActionSkill(
    ws,
    'recorder',
    [
      nodeAction('note', 'scripts/note.js', {
        default: true,
        input: {
          type: 'object',
          properties: { text: { type: 'string' } },
          required: ['text'],
          additionalProperties: false,
        },
      }),
    ],
    {
      'scripts/note.js':
        "let s='';process.stdin.on('data',d=>s+=d);process.stdin.on('end',()=>{const r=JSON.parse(s);require('fs').appendFileSync(require('path').join(__dirname,'..','ran.log'),JSON.stringify(r.input)+'\\n');process.stdout.write(JSON.stringify({noted:r.input.text}));});",
    },
  );
});

after(() => removeDir(ws));

const ranLog = () => path.join(ws, 'skills', 'recorder', 'ran.log');
const ranInputs = () =>
  fs.existsSync(ranLog())
    ? fs
        .readFileSync(ranLog(), 'utf8')
        .trim()
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l))
    : [];

/** A connected SDK client on `skillsmith mcp --root ws --no-user ...extra`. */
async function connect(extra: string[] = [], capabilities: Record<string, unknown> = {}): Promise<Client> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [cli, 'mcp', '--root', ws, '--no-user', ...extra],
    stderr: 'ignore',
  });
  const client = new Client({ name: 'skillsmith-test', version: '0' }, { capabilities });
  await client.connect(transport);
  return client;
}

const text = (result: object): string =>
  (((result as { content?: unknown }).content as { type: string; text?: string }[]) ?? [])
    .map((c) => c.text ?? '')
    .join('');

test(
  'tools: list, load (with $ARGUMENTS), read a bundled file; a path outside the skill and an unknown skill are tool errors',
  { timeout: 60_000 },
  async () => {
    const client = await connect();
    try {
      const capabilities = client.getServerCapabilities() as Record<string, unknown> & {
        extensions?: Record<string, unknown>;
      };
      assert.ok(capabilities.tools && capabilities.prompts && capabilities.resources);
      assert.deepEqual(capabilities.extensions?.['io.modelcontextprotocol/skills'], {});
      const tools = (await client.listTools()).tools.map((t) => t.name);
      for (const name of ['list_skills', 'load_skill', 'read_skill_file', 'run_action', 'skill__recorder__note'])
        assert.ok(tools.includes(name), name);
      const action = (await client.listTools()).tools.find((t) => t.name === 'skill__recorder__note')!;
      assert.deepEqual(action.inputSchema.required, ['text']);
      assert.match(
        text(await client.callTool({ name: 'list_skills', arguments: {} })),
        /- review: Reviews a change for defects/,
      );
      const loaded = await client.callTool({ name: 'load_skill', arguments: { name: 'review', args: 'the parser' } });
      assert.match(text(loaded), /Review the parser carefully\./);
      assert.equal(
        text(
          await client.callTool({
            name: 'read_skill_file',
            arguments: { name: 'review', path: 'references/checklist.md' },
          }),
        ),
        '# Checklist\n\n- Tests fail first.\n',
      );
      const outside = await client.callTool({
        name: 'read_skill_file',
        arguments: { name: 'review', path: '../../secret.txt' },
      });
      assert.equal(outside.isError, true);
      assert.doesNotMatch(text(outside), /not for the model/);
      const unknown = await client.callTool({ name: 'load_skill', arguments: { name: 'reveiw' } });
      assert.equal(unknown.isError, true);
      assert.equal(JSON.parse(text(unknown)).error.type, 'not_found');
      // The policy as a model's request: a hidden skill is not served, and the shadowed copy never is.
      const hidden = await client.callTool({ name: 'load_skill', arguments: { name: 'manual' } });
      assert.equal(hidden.isError, true);
      assert.doesNotMatch(text(await client.callTool({ name: 'list_skills', arguments: {} })), /manual/);
      assert.doesNotMatch(text(loaded), /SHADOWED BODY/);
      assert.ok(!(await client.listPrompts()).prompts.some((p) => p.name === 'manual'));
    } finally {
      await client.close();
    }
  },
);

test(
  'prompts and resources: each offered skill is a prompt; its files are skill:// resources, and skill://index the listing',
  { timeout: 60_000 },
  async () => {
    const client = await connect();
    try {
      const prompts = (await client.listPrompts()).prompts;
      assert.ok(prompts.some((p) => p.name === 'review'));
      const prompt = await client.getPrompt({ name: 'review', arguments: { arguments: 'the lexer' } });
      assert.match(JSON.stringify(prompt.messages), /Review the lexer carefully/);
      const uris = (await client.listResources()).resources.map((r) => r.uri);
      for (const uri of ['skill://index', 'skill://review/SKILL.md', 'skill://review/references/checklist.md'])
        assert.ok(uris.includes(uri), uri);
      const read = await client.readResource({ uri: 'skill://review/references/checklist.md' });
      assert.equal((read.contents[0] as { text: string }).text, '# Checklist\n\n- Tests fail first.\n');
      await assert.rejects(client.readResource({ uri: 'skill://review/../../secret.txt' }));
    } finally {
      await client.close();
    }
  },
);

const SkillsListResult = z.object({
  resultType: z.literal('complete'),
  skills: z.array(
    z.object({
      uri: z.string(),
      frontmatter: z.record(z.string(), z.unknown()),
      resources: z.array(z.object({ uri: z.string(), digest: z.string(), size: z.number() })),
    }),
  ),
  ttlMs: z.number(),
  cacheScope: z.string(),
});
const SkillsGetResult = z.object({
  resultType: z.literal('complete'),
  skill: z.object({
    uri: z.string(),
    frontmatter: z.record(z.string(), z.unknown()),
    resources: z.array(z.object({ uri: z.string(), digest: z.string(), size: z.number() })),
  }),
  ttlMs: z.number(),
  cacheScope: z.string(),
});

test(
  'skills/list and skills/get (SEP-2640): each digest is the sha256 of the file on disk; after an edit, skills/get gives the new one; list_changed is sent',
  { timeout: 60_000 },
  async () => {
    const client = await connect();
    try {
      const sha = (file: string) => `sha256:${createHash('sha256').update(fs.readFileSync(file)).digest('hex')}`;
      const listed = await client.request({ method: 'skills/list', params: {} }, SkillsListResult);
      const review = listed.skills.find((s) => s.uri === 'skill://review/SKILL.md')!;
      assert.equal(review.frontmatter.name, 'review');
      assert.equal(review.frontmatter.description, 'Reviews a change for defects. Use when asked to review code.');
      const skillFile = path.join(ws, 'skills', 'review', 'SKILL.md');
      assert.deepEqual(review.resources, [
        { uri: 'skill://review/SKILL.md', digest: sha(skillFile), size: fs.statSync(skillFile).size },
        {
          uri: 'skill://review/references/checklist.md',
          digest: sha(path.join(ws, 'skills', 'review', 'references', 'checklist.md')),
          size: fs.statSync(path.join(ws, 'skills', 'review', 'references', 'checklist.md')).size,
        },
      ]);
      let changed = 0;
      // An edit to the body changes the file's digest in skills/list: the resources are announced.
      client.setNotificationHandler(ResourceListChangedNotificationSchema, () => void changed++);
      fs.appendFileSync(skillFile, '\nOne more line.\n');
      const deadline = Date.now() + 20_000;
      while (changed === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
      assert.ok(changed > 0, 'resources/list_changed after an edit on disk');
      const got = await client.request(
        { method: 'skills/get', params: { uri: 'skill://review/SKILL.md' } },
        SkillsGetResult,
      );
      assert.equal(got.skill.resources[0].digest, sha(skillFile));
      await assert.rejects(
        client.request({ method: 'skills/get', params: { uri: 'skill://nope/SKILL.md' } }, SkillsGetResult),
        /-32602|No skill/,
      );
    } finally {
      await client.close();
    }
  },
);

test(
  'the server announces nothing after it starts with nothing changed, and announces the tools when actions.json changes',
  { timeout: 60_000 },
  async () => {
    const client = await connect();
    const file = path.join(ws, 'skills', 'recorder', 'actions.json');
    const before = fs.readFileSync(file, 'utf8');
    const seen = { tools: 0, resources: 0 };
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => void seen.tools++);
    client.setNotificationHandler(ResourceListChangedNotificationSchema, () => void seen.resources++);
    try {
      // The first answer waits for the first scan; what the watchers say after it must be nothing.
      await client.listTools();
      await new Promise((resolve) => setTimeout(resolve, 1500));
      assert.deepEqual(seen, { tools: 0, resources: 0 }, 'nothing announced after the start');
      const declared = JSON.parse(before) as { actions: { description: string }[] };
      declared.actions[0].description = 'Notes a line, described anew.';
      fs.writeFileSync(file, JSON.stringify(declared, null, 2));
      const deadline = Date.now() + 20_000;
      while (seen.tools === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
      assert.ok(seen.tools > 0, 'tools/list_changed after actions.json changed');
    } finally {
      fs.writeFileSync(file, before);
      await client.close();
    }
  },
);

test(
  'consent: --actions ask runs only what the user accepted, exactly as shown; a decline, a client without elicitation and --actions off run nothing',
  { timeout: 90_000 },
  async () => {
    fs.rmSync(ranLog(), { force: true });
    // A client that accepts: the message shows the command line and the input, and that input runs.
    const shown: string[] = [];
    const accepting = await connect([], { elicitation: {} });
    accepting.setRequestHandler(ElicitRequestSchema, async (request) => {
      shown.push(request.params.message);
      return { action: 'accept', content: { run: true } };
    });
    try {
      const result = await accepting.callTool({ name: 'skill__recorder__note', arguments: { text: 'accepted' } });
      assert.equal(result.isError, false, text(result));
      assert.deepEqual(JSON.parse(text(result)).data, { noted: 'accepted' });
      assert.match(shown[0], /Command line: .*note\.js/);
      assert.match(shown[0], /Input: \{"text":"accepted"\}/);
      assert.deepEqual(ranInputs(), [{ text: 'accepted' }]);
    } finally {
      await accepting.close();
    }
    const declining = await connect([], { elicitation: {} });
    declining.setRequestHandler(ElicitRequestSchema, async () => ({ action: 'decline' }));
    try {
      const result = await declining.callTool({
        name: 'run_action',
        arguments: { name: 'recorder', input: { text: 'declined' } },
      });
      assert.equal(result.isError, true);
      assert.match(text(result), /the client declined, or could not ask you/);
    } finally {
      await declining.close();
    }
    const noElicitation = await connect();
    try {
      const result = await noElicitation.callTool({
        name: 'run_action',
        arguments: { name: 'recorder', input: { text: 'unasked' } },
      });
      assert.equal(result.isError, true);
      assert.match(text(result), /cannot ask for it.*skillsmith approve recorder note/s);
    } finally {
      await noElicitation.close();
    }
    const off = await connect(['--actions', 'off']);
    try {
      assert.ok(!(await off.listTools()).tools.some((t) => t.name === 'run_action' || t.name.startsWith('skill__')));
      const result = await off.callTool({
        name: 'run_action',
        arguments: { name: 'recorder', input: { text: 'off' } },
      });
      assert.equal(result.isError, true);
    } finally {
      await off.close();
    }
    const allowed = await connect(['--actions', 'allow']);
    try {
      const result = await allowed.callTool({
        name: 'run_action',
        arguments: { name: 'recorder', input: { text: 'allowed' } },
      });
      assert.equal(result.isError, false, text(result));
    } finally {
      await allowed.close();
    }
    assert.deepEqual(ranInputs(), [{ text: 'accepted' }, { text: 'allowed' }]);
  },
);

test(
  'stdout carries only JSON-RPC: malformed lines, an unknown method and a huge message each get an answer or are dropped, and the server goes on',
  { timeout: 60_000 },
  async () => {
    const child = spawn(process.execPath, [cli, 'mcp', '--root', ws, '--no-user'], { stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    child.stdout.on('data', (d) => (stdout += d));
    const send = (line: string) => child.stdin.write(`${line}\n`);
    send(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '0' } },
      }),
    );
    send(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
    send('this is not json');
    send('{"jsonrpc":"2.0","id":2,"method":');
    send(JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'no/such/method', params: {} }));
    send(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 4,
        method: 'tools/call',
        params: { name: 'load_skill', arguments: { name: 'x'.repeat(2_000_000) } },
      }),
    );
    send(JSON.stringify({ jsonrpc: '2.0', id: 5, method: 'tools/list', params: {} }));
    // Complete lines only: every one of them must be a JSON-RPC message.
    const answered = () =>
      stdout
        .split('\n')
        .slice(0, -1)
        .map((line) => JSON.parse(line) as { id?: number });
    try {
      const deadline = Date.now() + 30_000;
      while (!answered().some((m) => m.id === 5) && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      child.stdin.end();
      const exited = new Promise((resolve) => child.on('exit', resolve));
      const timer = setTimeout(() => child.kill(), 10_000);
      await exited;
      clearTimeout(timer);
    }
    assert.ok(stdout.endsWith('\n'), 'every message ends its line');
    const messages = answered();
    for (const message of messages) assert.equal((message as { jsonrpc?: string }).jsonrpc, '2.0');
    const byId = new Map(
      messages
        .filter((m) => m.id !== undefined)
        .map((m) => [m.id, m as { id: number; error?: { code: number }; result?: unknown }]),
    );
    assert.equal(byId.get(3)?.error?.code, -32601, 'method not found');
    // The lines that are not JSON, or not JSON-RPC, are answered too (id null: they had none to give).
    assert.equal(
      messages.filter(
        (m) => (m as { id?: unknown }).id === null && (m as { error?: { code: number } }).error?.code === -32700,
      ).length,
      2,
      'two parse errors',
    );
    assert.ok(byId.get(4)?.result, 'the huge call is answered');
    assert.ok(byId.get(5)?.result, 'the server went on');
  },
);

test(
  "the MCP Inspector's CLI (@modelcontextprotocol/inspector, a client we did not write) loads a skill",
  { timeout: 120_000 },
  () => {
    // The package's own launcher (its `bin`), a devDependency installed by npm ci.
    const bin = [
      path.join(REPO, 'node_modules', '@modelcontextprotocol', 'inspector', 'clients', 'launcher', 'build', 'index.js'),
    ];
    const server = ['--cli', process.execPath, cli, 'mcp', '--root', ws, '--no-user'];
    const run = (extra: string[]) =>
      spawnSync(process.execPath, [...bin, ...server, ...extra], { encoding: 'utf8', timeout: 60_000 });
    const called = run(['--method', 'tools/call', '--tool-name', 'load_skill', '--tool-arg', 'name=review']);
    assert.equal(called.status, 0, called.stderr);
    assert.match(called.stdout, /Review .*carefully/);
    // The call that once failed in the Inspector's CLI: the server had no resources/templates/list.
    const templates = run(['--method', 'resources/templates/list']);
    assert.equal(templates.status, 0, templates.stderr);
    assert.deepEqual(
      (JSON.parse(templates.stdout) as { resourceTemplates: { uriTemplate: string }[] }).resourceTemplates.map(
        (t) => t.uriTemplate,
      ),
      ['skill://{name}/{+path}'],
    );
  },
);

test(
  'a client that sends its requests and closes stdin at once still gets every answer, and the server exits',
  { timeout: 60_000 },
  async () => {
    const child = spawn(process.execPath, [cli, 'mcp', '--root', ws, '--no-user'], {
      stdio: ['pipe', 'pipe', 'ignore'],
    });
    let stdout = '';
    child.stdout.on('data', (d) => (stdout += d));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    child.stdin.end(
      [
        {
          jsonrpc: '2.0',
          id: 1,
          method: 'initialize',
          params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'oneshot', version: '0' } },
        },
        { jsonrpc: '2.0', method: 'notifications/initialized' },
        { jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} },
        { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'load_skill', arguments: { name: 'review' } } },
      ]
        .map((m) => JSON.stringify(m))
        .join('\n') + '\n',
    );
    assert.equal(await exited, 0);
    const answers = new Map(
      stdout
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { id: number; result?: { tools?: unknown[]; content?: { text: string }[] } })
        .map((m) => [m.id, m]),
    );
    assert.ok((answers.get(2)?.result?.tools?.length ?? 0) >= 4, 'tools/list answered');
    assert.match(answers.get(3)?.result?.content?.[0]?.text ?? '', /Review .*carefully/);
  },
);
