// Fuzzing `skillsmith mcp` (docs/mcp.md) through a raw pipe: 10,000 malformed or random messages
// (broken JSON, wrong shapes, unknown methods, random params for every real method, huge values,
// paths outside a skill) to one server process. It must never exit, write nothing but JSON-RPC
// on stdout, and answer every request (a message with an id) exactly once. Inputs come from a
// seeded PRNG, so a failure reproduces: the message names the seed.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { seededRandom } from '../seededRandom';

const SEED = Number(process.env.SKILLSMITH_FUZZ_SEED ?? 0x3c9);
const MESSAGES = 10_000;
let ws: string;
let cli: string;

function findRepoRoot(start = __dirname): string {
  let dir = start;
  while (!fs.existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return dir;
}

before(() => {
  const repo = findRepoRoot();
  cli = path.join(repo, 'dist', 'cli.js');
  assert.ok(
    fs.existsSync(cli) && fs.existsSync(path.join(repo, 'dist', 'mcp.js')),
    'build first (node scripts/build.mjs)',
  );
  ws = fs.mkdtempSync(path.join(os.tmpdir(), 'skillsmith-mcp-fuzz-'));
  const dir = path.join(ws, 'skills', 'review');
  fs.mkdirSync(path.join(dir, 'references'), { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'SKILL.md'),
    '---\nname: review\ndescription: Reviews code. Use when asked to review.\n---\nReview $ARGUMENTS.\n',
  );
  fs.writeFileSync(path.join(dir, 'references', 'guide.md'), '# Guide\n');
});

after(() => fs.rmSync(ws, { recursive: true, force: true }));

const METHODS = [
  'tools/list',
  'tools/call',
  'prompts/list',
  'prompts/get',
  'resources/list',
  'resources/read',
  'resources/templates/list',
  'skills/list',
  'skills/get',
  'ping',
  'completion/complete',
  'logging/setLevel',
  'no/such/method',
  '',
];
const TOOLS = ['list_skills', 'load_skill', 'read_skill_file', 'run_action', 'skill__review__x', 'nope', ''];

function randomValue(random: () => number, depth = 0): unknown {
  const pick = Math.floor(random() * (depth > 2 ? 5 : 8));
  switch (pick) {
    case 0:
      return null;
    case 1:
      return random() < 0.5;
    case 2:
      return Math.floor(random() * 2 ** 40) * (random() < 0.5 ? -1 : 1);
    case 3:
      return [
        'review',
        '../../etc/passwd',
        'references/guide.md',
        '%2e%2e/x',
        'skill://review/SKILL.md',
        'skill://review/../../x',
        '\u0000',
        'x'.repeat(Math.floor(random() * 5000)),
      ][Math.floor(random() * 8)];
    case 4:
      return '';
    case 5:
      return Array.from({ length: Math.floor(random() * 4) }, () => randomValue(random, depth + 1));
    default: {
      const object: Record<string, unknown> = {};
      for (const key of ['name', 'path', 'args', 'uri', 'arguments', 'input', 'action', 'cursor', 'level'].filter(
        () => random() < 0.4,
      ))
        object[key] = randomValue(random, depth + 1);
      return object;
    }
  }
}

/** One line to send, and whether it is a request that must get exactly one answer (its id). */
function randomMessage(random: () => number, id: number): { line: string; id?: number } {
  const kind = random();
  if (kind < 0.1)
    return {
      line: [
        '{',
        'not json',
        '[]',
        '{"jsonrpc":"2.0"',
        '\u0000\u0001',
        '{"id":',
        'null',
        '"x"',
        '{"jsonrpc":"1.0","id":"malformed"}',
      ][Math.floor(random() * 9)],
    };
  if (kind < 0.15)
    return { line: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/whatever', params: randomValue(random) }) };
  const method = METHODS[Math.floor(random() * METHODS.length)];
  let params = randomValue(random) as Record<string, unknown> | null;
  if (method === 'tools/call' && random() < 0.7)
    params = { name: TOOLS[Math.floor(random() * TOOLS.length)], arguments: randomValue(random) };
  return { line: JSON.stringify({ jsonrpc: '2.0', id, method, ...(params === undefined ? {} : { params }) }), id };
}

test(
  `10,000 random and malformed messages: the server never exits, stdout is JSON-RPC only, every request is answered once (seed ${SEED})`,
  { timeout: 600_000 },
  async () => {
    const child = spawn(process.execPath, [cli, 'mcp', '--root', ws, '--no-user', '--actions', 'off'], {
      stdio: ['pipe', 'pipe', 'ignore'],
    });
    let exited: number | null | undefined;
    child.on('exit', (code) => (exited = code));
    let buffer = '';
    const answers = new Map<number, number>();
    const badLines: string[] = [];
    child.stdout.on('data', (data: Buffer) => {
      buffer += data.toString('utf8');
      let at: number;
      while ((at = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, at);
        buffer = buffer.slice(at + 1);
        try {
          const message = JSON.parse(line) as { jsonrpc?: string; id?: unknown };
          if (message.jsonrpc !== '2.0') badLines.push(line.slice(0, 200));
          if (typeof message.id === 'number') answers.set(message.id, (answers.get(message.id) ?? 0) + 1);
        } catch {
          badLines.push(line.slice(0, 200));
        }
      }
    });
    const send = (line: string) =>
      new Promise<void>((resolve) => (child.stdin.write(`${line}\n`) ? resolve() : child.stdin.once('drain', resolve)));
    await send(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 0,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'fuzz', version: '0' } },
      }),
    );
    await send(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
    const random = seededRandom(SEED);
    const expected: number[] = [];
    for (let i = 1; i <= MESSAGES; i++) {
      const message = randomMessage(random, i);
      if (message.id !== undefined) expected.push(message.id);
      await send(message.line);
    }
    // A last request, to know when the server has read everything before it.
    const last = MESSAGES + 1;
    await send(JSON.stringify({ jsonrpc: '2.0', id: last, method: 'ping' }));
    const deadline = Date.now() + 300_000;
    while (!answers.has(last) && exited === undefined && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100));
    // Answers to slow requests may still come after the ping's.
    const settle = Date.now() + 30_000;
    while (expected.some((id) => !answers.has(id)) && exited === undefined && Date.now() < settle)
      await new Promise((resolve) => setTimeout(resolve, 100));
    assert.equal(exited, undefined, `the server exited (code ${exited}) (seed ${SEED})`);
    child.stdin.end();
    await new Promise((resolve) => (exited !== undefined ? resolve(undefined) : child.on('exit', resolve)));
    assert.deepEqual(badLines, [], `lines on stdout that are not JSON-RPC (seed ${SEED})`);
    const unanswered = expected.filter((id) => answers.get(id) !== 1);
    assert.deepEqual(
      unanswered.slice(0, 20),
      [],
      `${unanswered.length} requests not answered exactly once (seed ${SEED})`,
    );
    assert.equal(answers.get(last), 1);
  },
);
