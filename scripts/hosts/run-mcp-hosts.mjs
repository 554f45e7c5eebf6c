#!/usr/bin/env node
// The hosts themselves as the test of `skillsmith mcp` (docs/mcp.md, "For other agents"; SPEC §11):
// Claude Code, Codex and Copilot CLI, installed from npm (scripts/hosts/provision.mjs), each run
// headless and offline against a scripted loopback model (scripts/hosts/mockModel.mjs) with the
// set-up docs/mcp.md gives for it. Per host:
//   tools      the host offers the server's tools to the model;
//   load       load_skill's body reaches the model;
//   ask        under --actions ask, an action is refused with guidance (and nothing runs);
//   approved   under --actions approved, with a temp approvals file, an approved action runs unasked;
//   changed    once a file of the approved skill changed, it is refused with the difference;
//   added      a skill added mid-session appears among the host's tools (where the host re-lists).
//
//   node scripts/hosts/run-mcp-hosts.mjs [--host codex|copilot|claude-code]... [--no-build] [--keep] [--cli=dist/cli.js]
//
// Exit 0 when every check holds (a check a host cannot do is "known", and said), 1 otherwise.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { HOSTS, cacheRoot, copilotXdgCache, provision } from './provision.mjs';
import { startMockModel } from './mockModel.mjs';
import { claudeMcpTurn, codexMcpTurn, copilotMcpTurn, serverCommand } from './mcpHosts.mjs';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const DISPLAY = { codex: 'Codex 0.171.0', copilot: 'Copilot CLI 1.0.102', 'claude-code': 'Claude Code 2.1.332' };
/**
 * What a host cannot do offline, by check: the check is reported as "known" instead of failing,
 * with the reason (docs/mcp.md says the same).
 */
const KNOWN = {
  codex: { added: 'Codex does not re-list tools on tools/list_changed in exec (docs/mcp.md)' },
};

const argv = process.argv.slice(2);
const options = { hosts: [], build: true, keep: false };
for (let i = 0; i < argv.length; i++) {
  const a = argv[i];
  if (a === '--host') options.hosts.push(argv[++i]);
  else if (a.startsWith('--host=')) options.hosts.push(a.slice(7));
  else if (a === '--no-build') options.build = false;
  else if (a === '--keep') options.keep = true;
  else if (a.startsWith('--cli=')) options.cli = path.resolve(a.slice(6));
  else {
    console.error(`run-mcp-hosts: unknown option ${a}`);
    process.exit(2);
  }
}
if (options.hosts.length === 0) options.hosts = Object.keys(HOSTS);
for (const h of options.hosts)
  if (!HOSTS[h]) {
    console.error(`run-mcp-hosts: --host takes ${Object.keys(HOSTS).join(', ')}, not ${h}`);
    process.exit(2);
  }

const t0 = Date.now();
const note = (line) => console.log(`# ${line}`);
const elapsed = () => `${((Date.now() - t0) / 1000).toFixed(1)} s`;
// --cli=PATH runs another build (an older one, for a before/after comparison).
const cli = options.cli ?? path.join(REPO, 'dist', 'cli.js');
if (options.build && !options.cli) {
  const b = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: REPO, encoding: 'utf8' });
  if (b.status !== 0) {
    console.error(`node scripts/build.mjs failed:\n${b.stderr}${b.stdout}`);
    process.exit(1);
  }
}
note(`hosts cache: ${cacheRoot()}`);

const BODY_MARK = 'REVIEW-BODY-MARK-7731';
const base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'skillsmith-mcp-hosts-')));

/** A workspace with a skill to load and a skill with an action that logs its runs in the workspace. */
function workspace(label) {
  const ws = path.join(base, label, 'ws');
  const write = (rel, text) => {
    fs.mkdirSync(path.dirname(path.join(ws, rel)), { recursive: true });
    fs.writeFileSync(path.join(ws, rel), text);
  };
  write(
    'skills/review/SKILL.md',
    `---\nname: review\ndescription: Reviews a change for defects. Use when asked to review code.\n---\n${BODY_MARK}: review it carefully.\n`,
  );
  write(
    'skills/recorder/SKILL.md',
    '---\nname: recorder\ndescription: Records a note. Use when asked to note something.\n---\nRun its note action.\n',
  );
  write(
    'skills/recorder/actions.json',
    JSON.stringify({
      actions: [
        {
          name: 'note',
          description: 'Records a note.',
          run: ['node', 'scripts/note.js'],
          default: true,
          input: { type: 'object', properties: { text: { type: 'string' } }, additionalProperties: false },
        },
      ],
    }),
  );
  write(
    'skills/recorder/scripts/note.js',
    "let s='';process.stdin.on('data',d=>s+=d);process.stdin.on('end',()=>{require('fs').appendFileSync(require('path').join(process.env.SKILLSMITH_WORKSPACE,'ran.log'),s+'\\n');process.stdout.write(JSON.stringify({noted:true}));});\n",
  );
  spawnSync('git', ['init', '-q'], { cwd: ws });
  const home = path.join(base, label, 'home');
  fs.mkdirSync(home, { recursive: true });
  return { ws, home, store: path.join(base, label, 'approvals', 'approvals.json') };
}

const ranCount = (ws) =>
  fs.existsSync(path.join(ws, 'ran.log'))
    ? fs.readFileSync(path.join(ws, 'ran.log'), 'utf8').split('\n').filter(Boolean).length
    : 0;

/** One headless turn of `host` with the server in `mode`, playing `plan`. */
async function turn(host, bin, place, mode, plan) {
  const mock = await startMockModel(plan);
  const server = serverCommand(cli, place.ws, mode);
  const env = { SKILLSMITH_APPROVALS: place.store };
  const prompt = 'Use the skillsmith tools as needed.';
  try {
    const args = { home: place.home, cwd: place.ws, server, env, modelUrl: mock.url, prompt };
    const out =
      host === 'claude-code'
        ? await claudeMcpTurn(bin, args)
        : host === 'codex'
          ? await codexMcpTurn(bin, args)
          : await copilotMcpTurn(bin, { ...args, xdgCache: copilotXdgCache() });
    return { ...out, requests: mock.requests, missing: mock.missing };
  } finally {
    await mock.close();
  }
}

const results = [];
const check = (host, name, ok, detail) => {
  const known = !ok && KNOWN[host]?.[name];
  results.push({
    host,
    name,
    status: ok ? 'ok' : known ? 'known' : 'FAIL',
    detail: known ? `${known}; ${detail}` : detail,
  });
};
const tail = (r) => `exit ${r.code}${r.signal ? ` (${r.signal})` : ''}; ${`${r.stderr}${r.stdout}`.slice(-400)}`;
const results_ = (r) => r.requests.flatMap((q) => q.toolResults);
const lastTools = (r) => r.requests.at(-1)?.tools ?? [];

for (const host of options.hosts) {
  const p = provision(host, (line) => note(line));
  if (p.error) {
    check(host, 'provision', false, p.error);
    continue;
  }
  const place = workspace(host);

  // 1. ask: tools, load, the refusal, then a skill added mid-session.
  const addedDir = path.join(place.ws, 'skills', 'added');
  const ask = await turn(host, p.bin, place, 'ask', [
    { tool: /load_skill$/, args: { name: 'review' } },
    { tool: /skill__recorder__note$/, args: { text: 'under ask' } },
    {
      tool: /list_skills$/,
      args: {},
      before: async () => {
        fs.mkdirSync(path.join(addedDir, 'scripts'), { recursive: true });
        fs.writeFileSync(
          path.join(addedDir, 'SKILL.md'),
          '---\nname: added\ndescription: Added mid-session. Use when testing.\n---\nAdded.\n',
        );
        fs.writeFileSync(path.join(addedDir, 'scripts', 'go.js'), "process.stdout.write('{}');\n");
        fs.writeFileSync(
          path.join(addedDir, 'actions.json'),
          JSON.stringify({ actions: [{ name: 'go', description: 'Goes.', run: ['node', 'scripts/go.js'] }] }),
        );
        // The server announces 200 ms after the change; the host re-lists when it does.
        await new Promise((resolve) => setTimeout(resolve, 3000));
      },
    },
    { tool: /list_skills$/, args: {} },
  ]);
  const first = ask.requests[0]?.tools ?? [];
  const wanted = [/list_skills$/, /load_skill$/, /read_skill_file$/, /run_action$/, /skill__recorder__note$/];
  check(
    host,
    'tools',
    wanted.every((w) => first.some((t) => w.test(t))),
    first.length
      ? `offered: ${first.filter((t) => /skill/.test(t)).join(', ')}`
      : `no request with tools; ${tail(ask)}`,
  );
  const loadResult = results_(ask).find((t) => t.includes(BODY_MARK));
  check(
    host,
    'load',
    !!loadResult,
    loadResult ? 'the body reached the model' : `${JSON.stringify(ask.missing)} ${tail(ask)}`,
  );
  const refusal = results_(ask).find((t) => /Nothing ran/.test(t));
  const guided =
    !!refusal && /skillsmith approve recorder note/.test(refusal) && /skillsmith run recorder note/.test(refusal);
  const what = refusal?.match(/the client (declined|cancelled)|cannot ask for it/)?.[0];
  check(
    host,
    'ask',
    guided && ranCount(place.ws) === 0,
    refusal ? `refused (${what ?? '?'}), guidance ${guided ? 'given' : 'missing'}` : `no refusal seen; ${tail(ask)}`,
  );
  const addedTool = lastTools(ask).some((t) => /skill__added__go$/.test(t));
  check(
    host,
    'added',
    addedTool,
    addedTool
      ? 'the new action tool was offered'
      : `not among the tools of the last request (${ask.requests.length} requests)`,
  );
  fs.rmSync(addedDir, { recursive: true, force: true });

  // 2. approved: the user approves, the server runs it without a question.
  const approve = spawnSync(
    process.execPath,
    [cli, 'approve', 'recorder', 'note', '--root', place.ws, '--no-user', '--yes'],
    {
      cwd: place.ws,
      encoding: 'utf8',
      env: { ...process.env, SKILLSMITH_APPROVALS: place.store },
    },
  );
  if (approve.status !== 0) check(host, 'approved', false, `skillsmith approve failed: ${approve.stderr}`);
  else {
    const approved = await turn(host, p.bin, place, 'approved', [
      { tool: /skill__recorder__note$/, args: { text: 'approved' } },
    ]);
    const ok = results_(approved).some((t) => /"status":"success"/.test(t)) && ranCount(place.ws) === 1;
    check(
      host,
      'approved',
      ok,
      ok ? 'ran once, unasked' : `${JSON.stringify(results_(approved)).slice(0, 300)} ${tail(approved)}`,
    );

    // 3. changed: a file of the skill changed since the approval.
    fs.appendFileSync(path.join(place.ws, 'skills', 'recorder', 'scripts', 'note.js'), '// changed\n');
    const changed = await turn(host, p.bin, place, 'approved', [
      { tool: /skill__recorder__note$/, args: { text: 'changed' } },
    ]);
    const said = results_(changed).find((t) => /changed since/.test(t));
    const okChanged = !!said && /scripts\/note\.js changed/.test(said) && ranCount(place.ws) === 1;
    check(
      host,
      'changed',
      okChanged,
      okChanged
        ? 'refused, naming scripts/note.js'
        : `${JSON.stringify(results_(changed)).slice(0, 300)} ${tail(changed)}`,
    );
  }
  note(`${DISPLAY[host]} done (${elapsed()})`);
}

console.log('');
for (const r of results)
  console.log(
    `${r.status === 'ok' ? 'ok  ' : r.status === 'known' ? 'known' : 'FAIL'} ${r.host} ${r.name}: ${r.detail}`,
  );
if (options.keep) note(`kept ${base}`);
else fs.rmSync(base, { recursive: true, force: true });
const failed = results.filter((r) => r.status === 'FAIL').length;
note(`run time ${elapsed()}`);
console.log(
  `${results.filter((r) => r.status === 'ok').length} passed, ${results.filter((r) => r.status === 'known').length} known, ${failed} failed`,
);
process.exit(failed > 0 ? 1 : 0);
