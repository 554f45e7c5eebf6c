// The audit's defects of `skillsmith mcp` (issue 26, docs/mcp.md) that need the real server
// process: a run dies with its whole process tree on notifications/cancelled (and a run still
// waiting on its question withdraws the question), when the client
// closes (stdin, then SIGTERM), on stdin closing alone, on SIGTERM alone, and on EPIPE; a secret set for one skill in
// VS Code reaches that skill only; and skills/list leaves out a nested skill the model is not
// offered. The action starts a grandchild that writes a heartbeat: each test waits for the
// heartbeat, stops the run one way, and polls until the grandchild is gone (a generous deadline,
// no timing assertion).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { loadCatalog } from '../../src/cli/listCommand';
import { pathKey } from '../../src/core/base/paths';
import { NodeFileSystem } from '../../src/node/nodeFileSystem';
import { offeredSecretEnvironment } from '../../src/node/scopedSecrets';
import { eventually, nodeAction, processExists, writeActionSkill } from '../unit/actionTestUtils';
import { builtCli, findRepoRoot, makeTempDir, removeDir, writeFile, writeSkill } from '../unit/engineTestUtils';

const REPO = findRepoRoot();
const GONE_DEADLINE_MS = 30_000;
let cli: string;
let ws: string;
const strays: number[] = [];

// The action: starts a grandchild (in the run's process group, as any child is) that appends to
// `<tag>.beat` every 50 ms and records its id in `<tag>.pid`, then waits forever itself.
const TREE = `
const { spawn } = require('child_process');
const fs = require('fs');
const path = require('path');
let request = '';
process.stdin.on('data', (d) => (request += d));
process.stdin.on('end', () => {
  const tag = JSON.parse(request).input.tag;
  const dir = path.join(__dirname, '..');
  const beat = path.join(dir, tag + '.beat');
  const child = spawn(process.execPath, ['-e', "setInterval(() => require('fs').appendFileSync(process.argv[1], '.'), 50)", beat], { stdio: 'ignore' });
  fs.writeFileSync(path.join(dir, tag + '.pid'), String(child.pid));
  setInterval(() => {}, 1000);
});
`;

before(() => {
  cli = builtCli(REPO);
  ws = makeTempDir('skillsmith-mcp-audit-');
  writeActionSkill(
    ws,
    'tree',
    [
      nodeAction('grow', 'scripts/tree.js', {
        default: true,
        timeoutSeconds: 300,
        maxConcurrent: 10,
        input: { type: 'object', properties: { tag: { type: 'string', pattern: '^[a-z]+$' } }, required: ['tag'] },
      }),
    ],
    { 'scripts/tree.js': TREE },
  );
  // Two skills that declare the same secret name; only `alpha` has one set.
  const echo =
    "process.stdout.write(JSON.stringify({token: process.env.SHARED_TOKEN === undefined ? null : 'len' + process.env.SHARED_TOKEN.length}))";
  for (const name of ['alpha', 'beta'])
    writeActionSkill(ws, name, [nodeAction('show', 'scripts/show.js', { default: true, secrets: ['SHARED_TOKEN'] })], {
      'scripts/show.js': echo,
    });
  // A hidden skill nested in an offered one.
  writeSkill(path.join(ws, 'skills'), 'parent', 'The enclosing skill. Use when testing nesting.');
  writeSkill(path.join(ws, 'skills', 'parent'), 'quiet', 'A hidden nested skill. Use never.', {
    extra: 'disable-model-invocation: true\n',
  });
  writeFile(path.join(ws, 'skills', 'parent', 'quiet', 'notes.md'), 'QUIET NOTES\n');
});

after(() => {
  for (const pid of strays) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone, as it should be.
    }
  }
  removeDir(ws);
});

const skillFile = (name: string) => path.join(ws, 'skills', 'tree', name);

/** Waits for the grandchild of the run tagged `tag` to beat, and returns its id. */
async function grandchildOf(tag: string): Promise<number> {
  await eventually(
    () => fs.existsSync(skillFile(`${tag}.pid`)) && fs.existsSync(skillFile(`${tag}.beat`)),
    'the heartbeat',
    GONE_DEADLINE_MS,
  );
  const pid = Number(fs.readFileSync(skillFile(`${tag}.pid`), 'utf8'));
  strays.push(pid);
  assert.ok(processExists(pid));
  return pid;
}

function transport(env: Record<string, string> = {}, actions = 'allow'): StdioClientTransport {
  return new StdioClientTransport({
    command: process.execPath,
    args: [cli, 'mcp', '--root', ws, '--no-user', '--actions', actions],
    env: { ...(process.env as Record<string, string>), ...env },
    stderr: 'ignore',
  });
}

async function connect(env: Record<string, string> = {}): Promise<{ client: Client; transport: StdioClientTransport }> {
  const t = transport(env);
  const client = new Client({ name: 'skillsmith-audit', version: '0' }, { capabilities: {} });
  await client.connect(t);
  return { client, transport: t };
}

const textOf = (result: object): string =>
  (((result as { content?: unknown }).content as { text?: string }[]) ?? []).map((c) => c.text ?? '').join('');

test('notifications/cancelled for a run stops its whole process tree', { timeout: 90_000 }, async () => {
  const { client } = await connect();
  try {
    const abort = new AbortController();
    const call = client.callTool(
      { name: 'run_action', arguments: { name: 'tree', input: { tag: 'cancel' } } },
      undefined,
      {
        signal: abort.signal,
      },
    );
    call.catch(() => undefined);
    const pid = await grandchildOf('cancel');
    abort.abort('the user stopped it'); // the SDK sends notifications/cancelled for the request
    await assert.rejects(call);
    await eventually(() => !processExists(pid), 'the grandchild to be gone after the cancel', GONE_DEADLINE_MS);
    // The server lives on and serves the next request.
    assert.match(textOf(await client.callTool({ name: 'list_skills', arguments: {} })), /tree/);
  } finally {
    await client.close();
  }
});

test(
  'notifications/cancelled for a run that waits on its question withdraws the question, and nothing runs',
  { timeout: 60_000 },
  async () => {
    const t = transport({}, 'ask');
    const client = new Client({ name: 'skillsmith-audit', version: '0' }, { capabilities: { elicitation: {} } });
    let asked!: () => void;
    const questionShown = new Promise<void>((resolve) => (asked = resolve));
    let withdrawn!: (reason: unknown) => void;
    const questionWithdrawn = new Promise<unknown>((resolve) => (withdrawn = resolve));
    // The first question is declined: the SDK's client ignores a cancellation of request id 0
    // (its _oncancel tests `!requestId`), and the server's first request to a client is id 0.
    // To every later one, a user who never answers: it stays open until the server withdraws it.
    let questions = 0;
    client.setRequestHandler(ElicitRequestSchema, (_request, extra) => {
      if (questions++ === 0) return { action: 'decline' as const };
      asked();
      return new Promise((_resolve, reject) =>
        extra.signal.addEventListener('abort', () => {
          withdrawn(extra.signal.reason);
          reject(new Error('withdrawn'));
        }),
      );
    });
    await client.connect(t);
    try {
      const declined = await client.callTool({ name: 'run_action', arguments: { name: 'tree', input: { tag: 'no' } } });
      assert.equal(declined.isError, true, textOf(declined));
      const abort = new AbortController();
      const call = client.callTool(
        { name: 'run_action', arguments: { name: 'tree', input: { tag: 'asked' } } },
        undefined,
        { signal: abort.signal },
      );
      call.catch(() => undefined);
      await questionShown;
      abort.abort('the user stopped it');
      await assert.rejects(call);
      // The server sends notifications/cancelled for its own elicitation: the client's dialog closes.
      const unanswered = new Promise((resolve) => setTimeout(() => resolve('still open'), GONE_DEADLINE_MS).unref());
      assert.notEqual(await Promise.race([questionWithdrawn, unanswered]), 'still open', 'the question was withdrawn');
      assert.ok(!fs.existsSync(skillFile('asked.pid')), 'the action never started');
      assert.match(textOf(await client.callTool({ name: 'list_skills', arguments: {} })), /tree/);
    } finally {
      await client.close();
    }
  },
);

test(
  "closing the client (the SDK's close: stdin, then SIGTERM) stops a running tree",
  { timeout: 90_000 },
  async () => {
    const { client } = await connect();
    const call = client.callTool({ name: 'run_action', arguments: { name: 'tree', input: { tag: 'close' } } });
    call.catch(() => undefined);
    const pid = await grandchildOf('close');
    await client.close();
    await eventually(() => !processExists(pid), 'the grandchild to be gone after close', GONE_DEADLINE_MS);
  },
);

test('stdin closing alone (no signal) stops a running tree, and the server exits', { timeout: 90_000 }, async () => {
  const child = spawn(process.execPath, [cli, 'mcp', '--root', ws, '--no-user', '--actions', 'allow'], {
    stdio: ['pipe', 'ignore', 'ignore'],
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  const send = (message: object) => child.stdin.write(`${JSON.stringify(message)}\n`);
  try {
    send({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '0' } },
    });
    send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    send({
      jsonrpc: '2.0',
      id: 2,
      method: 'tools/call',
      params: { name: 'run_action', arguments: { name: 'tree', input: { tag: 'stdin' } } },
    });
    const pid = await grandchildOf('stdin');
    child.stdin.end();
    await eventually(() => !processExists(pid), 'the grandchild to be gone after stdin closed', GONE_DEADLINE_MS);
    await exited;
  } finally {
    child.kill('SIGKILL');
  }
});

test('SIGTERM to the server stops a running tree, and the server exits', { timeout: 90_000 }, async (t) => {
  if (process.platform === 'win32') return t.skip('Windows delivers no SIGTERM a process can catch');
  const { client, transport: tr } = await connect();
  try {
    const call = client.callTool({ name: 'run_action', arguments: { name: 'tree', input: { tag: 'term' } } });
    call.catch(() => undefined);
    const pid = await grandchildOf('term');
    const server = tr.pid!;
    process.kill(server, 'SIGTERM');
    await eventually(() => !processExists(pid), 'the grandchild to be gone after SIGTERM', GONE_DEADLINE_MS);
    await eventually(() => !processExists(server), 'the server to exit', GONE_DEADLINE_MS);
  } finally {
    await client.close().catch(() => undefined);
  }
});

test('EPIPE (the client stopped reading) ends the server and its running tree', { timeout: 90_000 }, async () => {
  const child = spawn(process.execPath, [cli, 'mcp', '--root', ws, '--no-user', '--actions', 'allow'], {
    stdio: ['pipe', 'pipe', 'ignore'],
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  const send = (message: object) => child.stdin.write(`${JSON.stringify(message)}\n`);
  try {
    send({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '0' } },
    });
    send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    send({
      jsonrpc: '2.0',
      id: 2,
      method: 'tools/call',
      params: { name: 'run_action', arguments: { name: 'tree', input: { tag: 'epipe' } } },
    });
    const pid = await grandchildOf('epipe');
    child.stdout.destroy(); // the read end closes: the server's next write fails with EPIPE
    for (let id = 3; processExists(pid) && id < 400; id++) {
      send({ jsonrpc: '2.0', id, method: 'tools/list', params: {} });
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await eventually(() => !processExists(pid), 'the grandchild to be gone after EPIPE', GONE_DEADLINE_MS);
    await exited;
  } finally {
    child.kill('SIGKILL');
  }
});

test(
  'a secret set in VS Code for one skill reaches that skill only, never another that declares the same name',
  { timeout: 60_000 },
  async () => {
    // The environment the extension's provider gives the server (registerMcpServer.ts): the
    // catalog's offered skills, each one's declared secrets, and the value stored for alpha only.
    const fileSystem = new NodeFileSystem();
    const catalog = await loadCatalog(fileSystem, { root: ws, includeUser: false, unicodeNames: false });
    const asked: string[] = [];
    const alphaKey = pathKey(path.join(ws, 'skills', 'alpha'));
    const env = await offeredSecretEnvironment(catalog.offered(), fileSystem, async (name, dir) => {
      asked.push(`${name} ${path.basename(dir)}`);
      return pathKey(dir) === alphaKey ? 'alpha-secret-value' : undefined;
    });
    assert.deepEqual(asked.sort(), ['SHARED_TOKEN alpha', 'SHARED_TOKEN beta'], 'each declaring skill asked once');
    assert.ok(!('SHARED_TOKEN' in env), 'no bare name');
    // The bare name in the server's own environment must not leak to a skill either, in this mode.
    const { client } = await connect({ ...env, SHARED_TOKEN: 'from-the-editor-environment' });
    try {
      const alpha = await client.callTool({ name: 'run_action', arguments: { name: 'alpha' } });
      assert.equal(alpha.isError, false, textOf(alpha));
      assert.deepEqual(JSON.parse(textOf(alpha)).data, { token: `len${'alpha-secret-value'.length}` });
      const beta = await client.callTool({ name: 'run_action', arguments: { name: 'beta' } });
      assert.equal(beta.isError, true);
      assert.equal(JSON.parse(textOf(beta)).error.type, 'missing_secret', textOf(beta));
    } finally {
      await client.close();
    }
  },
);

const SkillsListResult = z.object({
  skills: z.array(z.object({ uri: z.string(), resources: z.array(z.object({ uri: z.string() })) })),
});

test('skills/list leaves out the files of a hidden skill nested in an offered one', { timeout: 60_000 }, async () => {
  const { client } = await connect();
  try {
    const listed = await client.request({ method: 'skills/list', params: {} }, SkillsListResult);
    const parent = listed.skills.find((s) => s.uri === 'skill://parent/SKILL.md');
    assert.deepEqual(
      parent?.resources.map((r) => r.uri),
      ['skill://parent/SKILL.md'],
    );
  } finally {
    await client.close();
  }
});
