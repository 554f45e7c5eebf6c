#!/usr/bin/env node
// `skillsmith eval --impact` against the real agent CLIs (docs/impact.md; issue 39): Claude Code,
// Codex and Copilot CLI, installed from npm (provision.mjs), each run headless and offline against
// a scripted loopback model (mockModel.mjs). The skill's evals/evals.json is skill-creator's own
// example (references/schemas.md), unchanged. The model plays a known skill effect: a trial whose
// request carries the skill's listing succeeds in 16 of 20 trials (p1 = 0.8), one without it in 6
// of 20 (p0 = 0.3); the grader's request is answered from the trial's final answer. The
// outcome of each trial folder is fixed at its first request (a retry gets a new folder), so the
// counts are exact whatever order the concurrent trials arrive in. Per host:
//   lift      the measured lift is p1 − p0, within its interval; the arms' rates are p1 and p0;
//             two trials whose first attempt the model fails (HTTP 400) are retried, not scored as fails;
//   errors    with --attempts 1, those two trials are errors, counted apart: 2n − 2 scored;
//   refused   a copy of the skill in the user's own skills folder: the arm without it is unproven
//             in every trial, nothing is scored, and the command exits 1.
//
//   node scripts/hosts/run-impact-hosts.mjs [--host codex|copilot|claude-code]... [--no-build] [--keep]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { HOSTS, copilotXdgCache, provision } from './provision.mjs';
import { startImpactModel } from './impactModel.mjs';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const CLI = path.join(REPO, 'dist', 'cli.js');
const SKILLSMITH_ID = { codex: 'codex', copilot: 'copilot-cli', 'claude-code': 'claude-code' };
const USER_FOLDER = { codex: '.agents/skills', copilot: '.copilot/skills', 'claude-code': '.claude/skills' };
const MARKER = 'quillfeather';
const TRIALS = 20;
const P1 = 0.8;
const P0 = 0.3;
/** The trial folders (by number) whose first request the model fails. */
const FAILING_FOLDERS = new Set([3, 8]);

const argv = process.argv.slice(2);
const options = { hosts: [], build: true, keep: false };
for (let i = 0; i < argv.length; i++) {
  const a = argv[i];
  if (a === '--host') options.hosts.push(argv[++i]);
  else if (a.startsWith('--host=')) options.hosts.push(a.slice(7));
  else if (a === '--no-build') options.build = false;
  else if (a === '--keep') options.keep = true;
  else {
    console.error(`run-impact-hosts: unknown option ${a}`);
    process.exit(2);
  }
}
if (options.hosts.length === 0) options.hosts = Object.keys(HOSTS);
for (const h of options.hosts)
  if (!HOSTS[h]) {
    console.error(`run-impact-hosts: --host takes ${Object.keys(HOSTS).join(', ')}, not ${h}`);
    process.exit(2);
  }
if (options.build) {
  const b = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: REPO, encoding: 'utf8' });
  if (b.status !== 0) {
    console.error(`node scripts/build.mjs failed:\n${b.stderr}${b.stdout}`);
    process.exit(1);
  }
}

const base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'skillsmith-impact-hosts-')));
const write = (file, text) => {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
};

/** The skill, with skill-creator's example evals.json as references/schemas.md gives it. */
function writeSkill(dir) {
  write(
    path.join(dir, 'SKILL.md'),
    `---\nname: example-skill\ndescription: Extracts the names from a PDF form (${MARKER}). Use when the user asks for the people named in a PDF.\n---\n# Example skill\n\nRead the PDF, list the names.\n`,
  );
  write(
    path.join(dir, 'evals', 'evals.json'),
    JSON.stringify(
      {
        skill_name: 'example-skill',
        evals: [
          {
            id: 1,
            prompt: "User's example prompt",
            expected_output: 'Description of expected result',
            files: ['evals/files/sample1.pdf'],
            expectations: ['The output includes X', 'The skill used script Y'],
          },
        ],
      },
      null,
      2,
    ),
  );
  write(path.join(dir, 'evals', 'files', 'sample1.pdf'), '%PDF-1.4\n% a sample\n');
}

function hostEnv(host, home, url) {
  const env = { ...process.env, HOME: home, NO_COLOR: '1' };
  delete env.OPENAI_API_KEY;
  delete env.CODEX_HOME;
  if (host === 'claude-code')
    Object.assign(env, {
      ANTHROPIC_BASE_URL: url,
      ANTHROPIC_API_KEY: 'sk-ant-mock',
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
      DISABLE_AUTOUPDATER: '1',
    });
  if (host === 'codex') env.MOCK_API_KEY = 'mock';
  if (host === 'copilot')
    Object.assign(env, {
      XDG_CACHE_HOME: copilotXdgCache(),
      COPILOT_OFFLINE: 'true',
      COPILOT_AUTO_UPDATE: 'false',
      COPILOT_PROVIDER_BASE_URL: `${url}/v1`,
      COPILOT_MODEL: 'mock-model',
    });
  return env;
}

function hostArgs(host, url) {
  if (host === 'codex')
    return [
      `model_provider="mock"`,
      `model="mock-model"`,
      `model_providers.mock={name="mock",base_url="${url}/v1",wire_api="responses",env_key="MOCK_API_KEY"}`,
    ].flatMap((c) => ['--host-arg=-c', `--host-arg=${c}`]);
  if (host === 'claude-code') return ['--host-arg=--model', '--host-arg=claude-sonnet-4-6'];
  return [];
}

function runCli(args, env) {
  return new Promise((resolve) => {
    const p = spawn(process.execPath, [CLI, ...args], { cwd: base, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    p.stdout.on('data', (d) => (stdout += d));
    p.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => p.kill('SIGKILL'), 900_000);
    p.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

const results = [];
const check = (host, name, ok, detail) => {
  results.push({ host, name, ok });
  console.log(`${ok ? 'ok    ' : 'FAILED'} ${host} ${name}${detail ? `: ${detail}` : ''}`);
};

async function runHost(name) {
  const p = provision(name, (line) => console.log(`# ${line}`));
  if (p.error) return check(name, 'provision', false, p.error);
  const skill = path.join(base, name, 'skills', 'example-skill');
  writeSkill(skill);
  const id = SKILLSMITH_ID[name];
  const common = ['eval', '--impact', skill, '--host', id, '--host-bin', p.bin, '--json', '--concurrency', '4'];

  // lift: 20 trials a arm, two first attempts failed and retried.
  {
    const home = fs.mkdtempSync(path.join(base, `${name}-home-`));
    const { mock, seen } = await startImpactModel({
      marker: MARKER,
      trials: TRIALS,
      p1: P1,
      p0: P0,
      failing: FAILING_FOLDERS,
    });
    const t0 = Date.now();
    const r = await runCli(
      [...common, '--trials', String(TRIALS), '--attempts', '3', ...hostArgs(name, mock.url)],
      hostEnv(name, home, mock.url),
    );
    await mock.close();
    const out = parse(r);
    const o = out?.overall;
    // A retry can land on the other failing folder: count the attempts retried, not the trials.
    const retried = out?.trials_detail.reduce((n, t) => n + t.retried.length, 0);
    const detail = o
      ? `with ${o.with.passes}/${o.with.passes + o.with.fails}, without ${o.without.passes}/${o.without.passes + o.without.fails}, lift ${o.lift.difference} [${o.lift.interval}], ${retried} retried, ${o.with.errors + o.without.errors} errors, ${o.with.unproven + o.without.unproven} unproven, ${seen.grader} gradings, ${((Date.now() - t0) / 1000).toFixed(0)} s`
      : `exit ${r.code}: ${r.stderr.slice(-600)}`;
    const lift = P1 - P0;
    check(
      name,
      'lift',
      !!o &&
        r.code === 0 &&
        o.with.rate === P1 &&
        o.without.rate === P0 &&
        Math.abs(o.lift.difference - lift) < 1e-9 &&
        o.lift.interval[0] <= lift &&
        lift <= o.lift.interval[1] &&
        o.lift.paired === TRIALS &&
        retried === FAILING_FOLDERS.size &&
        o.with.errors + o.without.errors === 0 &&
        o.with.unproven + o.without.unproven === 0 &&
        seen.noFolder === 0,
      detail,
    );
  }

  // errors: one attempt each, so the two failed trials stay errors, counted apart.
  {
    const home = fs.mkdtempSync(path.join(base, `${name}-home-`));
    const { mock } = await startImpactModel({
      marker: MARKER,
      trials: TRIALS,
      p1: P1,
      p0: P0,
      failing: FAILING_FOLDERS,
    });
    const n = 5;
    const r = await runCli(
      [...common, '--trials', String(n), '--attempts', '1', ...hostArgs(name, mock.url)],
      hostEnv(name, home, mock.url),
    );
    await mock.close();
    const out = parse(r);
    const o = out?.overall;
    const errors = o ? o.with.errors + o.without.errors : -1;
    const scored = o ? o.with.passes + o.with.fails + o.without.passes + o.without.fails : -1;
    const messages = out?.evals[0].errors.join('; ') ?? '';
    check(
      name,
      'errors',
      errors === FAILING_FOLDERS.size &&
        scored === 2 * n - FAILING_FOLDERS.size &&
        /MOCK injected failure/.test(messages),
      o ? `${errors} errors (${messages.slice(0, 160)}), ${scored} scored` : `exit ${r.code}: ${r.stderr.slice(-600)}`,
    );
  }

  // refused: the skill is also in the user's own folder, so the arm without it cannot be proven.
  {
    const home = fs.mkdtempSync(path.join(base, `${name}-home-`));
    writeSkill(path.join(home, USER_FOLDER[name], 'example-skill'));
    const { mock } = await startImpactModel({
      marker: MARKER,
      trials: TRIALS,
      p1: P1,
      p0: P0,
      failing: FAILING_FOLDERS,
    });
    const r = await runCli([...common, '--trials', '2', ...hostArgs(name, mock.url)], hostEnv(name, home, mock.url));
    await mock.close();
    const out = parse(r);
    const o = out?.overall;
    check(
      name,
      'refused',
      r.code === 1 &&
        !!o &&
        o.without.unproven === 2 &&
        o.lift.paired === 0 &&
        /no pair of trials was scored/.test(r.stderr),
      o
        ? `exit ${r.code}, without: ${o.without.unproven} unproven (${out.evals[0].unproven[0] ?? ''})`
        : `exit ${r.code}: ${r.stderr.slice(-600)}`,
    );
  }
}

function parse(r) {
  try {
    return JSON.parse(r.stdout);
  } catch {
    return undefined;
  }
}

for (const name of options.hosts) await runHost(name);
if (!options.keep) fs.rmSync(base, { recursive: true, force: true });
const failed = results.filter((r) => !r.ok);
console.log(`# ${results.length - failed.length} of ${results.length} checks held`);
process.exit(failed.length === 0 && results.length > 0 ? 0 : 1);
