#!/usr/bin/env node
// Host oracles (test/hosts/README.md): checks Skillsmith's host verdicts (`skillsmith hosts --json`)
// against the real hosts, offline. It installs the pinned hosts once into a cache outside the
// repository, writes a case workspace into a temp folder, asks each host what it found, loaded and
// listed to its model, asks Skillsmith the same, and compares them skill by skill (by SKILL.md path).
//
//   node scripts/hosts/run-host-oracles.mjs [--host codex|copilot|claude-code]... [--no-build] [--keep]
//        [--codex-windows=1000000,400000,220000,100000] [--json=FILE]
//
// Exit code 0 when every comparison agrees, 1 when one disagrees or an oracle could not run, 2 on bad usage.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { HOSTS, cacheRoot, copilotXdgCache, provision } from './provision.mjs';
import { buildLongListingWorkspace, buildWorkspace, CATALOG_DEPTH, LONG_LISTING } from './workspace.mjs';
import { codexAnswers, codexListingText, codexSkillsList } from './codex.mjs';
import { copilotAnswers, copilotListing, copilotSkillList } from './copilot.mjs';
import { CLAUDE_CONTEXT_TOKENS, CLAUDE_MODEL, claudeAnswers, claudeRun } from './claude.mjs';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const SKILLSMITH_ID = { codex: 'codex', copilot: 'copilot-cli', 'claude-code': 'claude-code' };
const DISPLAY = { codex: 'Codex 0.171.0', copilot: 'Copilot CLI 1.0.102', 'claude-code': 'Claude Code 2.1.332' };

// ---- options
const argv = process.argv.slice(2);
const options = {
  hosts: [],
  build: true,
  keep: false,
  codexWindows: [1_000_000, 400_000, 220_000, 100_000],
  json: undefined,
};
for (let i = 0; i < argv.length; i++) {
  const a = argv[i];
  if (a === '--host') options.hosts.push(argv[++i]);
  else if (a.startsWith('--host=')) options.hosts.push(a.slice(7));
  else if (a === '--no-build') options.build = false;
  else if (a === '--keep') options.keep = true;
  else if (a.startsWith('--codex-windows=')) options.codexWindows = a.slice(16).split(',').map(Number);
  else if (a.startsWith('--json=')) options.json = path.resolve(a.slice(7));
  else {
    console.error(`run-host-oracles: unknown option ${a}`);
    process.exit(2);
  }
}
if (options.hosts.length === 0) options.hosts = Object.keys(HOSTS);
for (const h of options.hosts)
  if (!HOSTS[h]) {
    console.error(`run-host-oracles: --host takes ${Object.keys(HOSTS).join(', ')}, not ${h}`);
    process.exit(2);
  }
if (options.codexWindows.some((w) => !Number.isInteger(w) || w < 1000)) {
  console.error('run-host-oracles: --codex-windows takes integers >= 1000');
  process.exit(2);
}

const t0 = Date.now();
const elapsed = () => `${((Date.now() - t0) / 1000).toFixed(1)} s`;
const note = (line) => console.log(`# ${line}`);
const oracleFailures = [];

// ---- 1. provision
note(`hosts cache: ${cacheRoot()}`);
const bins = {};
for (const name of options.hosts) {
  const p = provision(name, (line) => note(line));
  if (p.error) {
    oracleFailures.push({ host: name, message: p.error });
    note(`${DISPLAY[name]}: could not provision: ${p.error}`);
    continue;
  }
  bins[name] = p.bin;
  note(`${DISPLAY[name]}: ${p.installed ? 'installed' : 'cached'} in ${(p.ms / 1000).toFixed(1)} s (${p.bin})`);
}

// ---- Skillsmith build
const cli = path.join(REPO, 'dist', 'cli.js');
if (options.build) {
  const b = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: REPO, encoding: 'utf8' });
  if (b.status !== 0) {
    console.error(`node scripts/build.mjs failed:\n${b.stderr}${b.stdout}`);
    console.log('0 passed, 1 failed');
    process.exit(1);
  }
  note('built dist/cli.js (node scripts/build.mjs)');
}
if (!fs.existsSync(cli)) {
  console.error(`${cli} is missing: run node scripts/build.mjs`);
  console.log('0 passed, 1 failed');
  process.exit(1);
}

// ---- 2. workspaces
const base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'skillsmith-hosts-')));
const main = buildWorkspace(path.join(base, 'ws'));
// The same workspace where the duplicate cases have names of their own: a duplicate a host leaves out
// of the main run but finds here was found and set aside, not missed.
const variant = buildWorkspace(path.join(base, 'ws-unique-names'), { uniqueDuplicates: true });
// 400 skills with long descriptions, for Claude Code as installed (its default model's budget).
const long = buildLongListingWorkspace(path.join(base, 'ws-long'));
const caseOf = new Map([...main.cases, ...long.cases].map((c) => [c.file, c]));
note(`workspace: ${main.root} (${main.cases.length} SKILL.md files; git repository; also ${variant.root})`);
const freshHome = (label) => {
  const h = path.join(base, `home-${label}`);
  fs.mkdirSync(h, { recursive: true });
  return h;
};
const inVariant = (mainFile) => path.join(variant.root, path.relative(main.root, mainFile));

// ---- 3. oracles: [{ host, label, root, contextTokens (undefined: as installed, no window given to
// either side), facts: ['found','loads','listing'], answers: Map file -> answer }]
const runs = [];
const variantFound = {};

if (bins.codex) {
  try {
    const home = freshHome('codex');
    const list = await codexSkillsList(bins.codex, { home, cwd: main.root });
    // As installed (no model_context_window: its default model's), then at each chosen window.
    const listings = [undefined, ...options.codexWindows].map((w) => ({
      window: w,
      text: codexListingText(bins.codex, { home, cwd: main.root, contextWindow: w }),
    }));
    const results = codexAnswers({ list, listings, root: main.root });
    const vlist = await codexSkillsList(bins.codex, { home: freshHome('codex-variant'), cwd: variant.root });
    variantFound.codex = new Set([...vlist.skills, ...vlist.errors].map((s) => path.resolve(s.path)));
    results.forEach((r, i) =>
      runs.push({
        host: 'codex',
        label: r.window === undefined ? 'codex as installed' : `codex@${r.window}`,
        root: main.root,
        contextTokens: r.window,
        facts: i === 0 ? ['found', 'loads', 'listing'] : ['listing'],
        answers: r.answers,
      }),
    );
    note(
      `${DISPLAY.codex}: skills/list ${list.skills.length} loaded, ${list.errors.length} errors; prompt-input as installed and at ${options.codexWindows.join(', ')} tokens (${elapsed()})`,
    );
  } catch (e) {
    oracleFailures.push({ host: 'codex', message: e.message });
  }
}

if (bins.copilot) {
  try {
    const home = freshHome('copilot');
    const xdgCache = copilotXdgCache();
    const list = copilotSkillList(bins.copilot, { home, cwd: main.root, xdgCache });
    const prompt = await copilotListing(bins.copilot, { home, cwd: main.root, xdgCache });
    if (!prompt.block) throw new Error('copilot -p: no <available_skills> block in messages[0]');
    const { answers, listing } = copilotAnswers({ list, block: prompt.block, root: main.root });
    const vlist = copilotSkillList(bins.copilot, { home: freshHome('copilot-variant'), cwd: variant.root, xdgCache });
    variantFound.copilot = new Set([
      ...vlist.skills.map((s) => path.resolve(s.path, 'SKILL.md')),
      ...vlist.errors.map((e) => path.resolve(e.path)),
    ]);
    runs.push({
      host: 'copilot',
      label: 'copilot',
      root: main.root,
      contextTokens: undefined,
      facts: ['found', 'loads', 'listing'],
      answers,
    });
    const more = prompt.block.match(/\.\.\. and (\d+) more/);
    note(
      `${DISPLAY.copilot}: skill list ${list.skills.length} loaded, ${list.errors.length} errors; listing ${listing.full.size} full, ${listing.nameOnly.size} name-only${more ? `, then "... and ${more[1]} more"` : ''} (${elapsed()})`,
    );
  } catch (e) {
    oracleFailures.push({ host: 'copilot', message: e.message });
  }
}

if (bins['claude-code']) {
  try {
    const written = (file) => {
      const c = caseOf.get(file);
      const d = c?.description ?? c?.text.match(/^description: (.*)$/m)?.[1];
      return d === undefined || d === null || d === '""' ? '' : d;
    };
    const vrun = claudeRun(bins['claude-code'], { home: freshHome('claude-variant'), cwd: variant.root, logDir: base });
    const vanswers = claudeAnswers({ run: vrun, root: variant.root, writtenDescription: () => '' }).answers;
    variantFound['claude-code'] = new Set(vanswers.keys());
    // As installed (no --model: its default model and that model's budget), on the case workspace and
    // on 400 long descriptions; then with a chosen model of a 200,000-token window.
    const plan = [
      { label: 'claude-code as installed', root: main.root, model: undefined, contextTokens: undefined },
      {
        label: `claude-code as installed, ${LONG_LISTING.count} long descriptions`,
        root: long.root,
        model: undefined,
        contextTokens: undefined,
        facts: ['listing'],
      },
      {
        label: `claude-code --model ${CLAUDE_MODEL}`,
        root: main.root,
        model: CLAUDE_MODEL,
        contextTokens: CLAUDE_CONTEXT_TOKENS,
      },
    ];
    plan.forEach((step, i) => {
      const run = claudeRun(bins['claude-code'], {
        home: freshHome(`claude-${i}`),
        cwd: step.root,
        logDir: base,
        model: step.model,
      });
      const { answers } = claudeAnswers({ run, root: step.root, writtenDescription: written });
      runs.push({
        host: 'claude-code',
        label: step.label,
        root: step.root,
        contextTokens: step.contextTokens,
        facts: step.facts ?? ['found', 'loads', 'listing'],
        answers,
      });
      const forms = {};
      for (const a of answers.values()) forms[a.listing ?? 'null'] = (forms[a.listing ?? 'null'] ?? 0) + 1;
      note(
        `${DISPLAY['claude-code']} ${step.label.replace(/^claude-code /, '')}: model ${run.model}, budget ${run.budget ?? '(fits)'} characters; ${answers.size} workspace skills found, listing ${JSON.stringify(forms)} (${elapsed()})`,
      );
    });
  } catch (e) {
    oracleFailures.push({ host: 'claude-code', message: e.message });
  }
}

/** The host's answer for one workspace file, with the cases' knowledge applied (duplicates, user-only). */
function hostAnswer(run, file) {
  const c = caseOf.get(file);
  let a = run.answers.get(file);
  if (!a) {
    a = variantFound[run.host]?.has(inVariant(file))
      ? {
          found: true,
          loads: false,
          listing: null,
          detail: 'found in the unique-names variant; set aside here as a duplicate name',
        }
      : { found: false, loads: false, listing: null };
  }
  if (a.listing === 'dropped' && c?.disableModelInvocation && run.host !== 'codex')
    a = { ...a, listing: null, detail: 'user-only: disable-model-invocation honoured' };
  // Codex ignores disable-model-invocation and reads agents/openai.yaml: a skill it loaded (the user
  // can invoke it) and left out of its listing because of that file is user-only.
  if (a.listing === 'dropped' && c?.implicitInvocationOff && run.host === 'codex')
    a = { ...a, listing: null, detail: 'user-only: agents/openai.yaml policy.allow_implicit_invocation: false' };
  return a;
}

// ---- 4. Skillsmith: once per (workspace, window), with --context-tokens HOST=N for the hosts given
// a window, and no window at all for those run as installed (each at its default model's).
const skillsmith = new Map(); // `${root}|${contextTokens}` -> Map file -> { hostId -> verdict }
const verdictKey = (run) => `${run.root}|${run.contextTokens ?? 'installed'}`;
const contexts = new Map();
for (const run of runs) {
  const key = verdictKey(run);
  if (!contexts.has(key)) contexts.set(key, { root: run.root, contextTokens: run.contextTokens, hosts: new Set() });
  contexts.get(key).hosts.add(SKILLSMITH_ID[run.host]);
}
for (const [key, { root, contextTokens, hosts }] of contexts) {
  const args = [
    cli,
    'hosts',
    root,
    '--json',
    '--no-user',
    ...[...hosts].flatMap((h) => ['--host', h]),
    ...(contextTokens === undefined ? [] : [...hosts].flatMap((h) => ['--context-tokens', `${h}=${contextTokens}`])),
  ];
  const r = spawnSync(process.execPath, args, { cwd: REPO, encoding: 'utf8', maxBuffer: 1 << 28 });
  let json;
  try {
    json = JSON.parse(r.stdout);
  } catch {
    console.error(
      `skillsmith ${args.slice(1).join(' ')} failed (exit ${r.status}):\n${r.stderr}${r.stdout.slice(0, 500)}`,
    );
    console.log(`0 passed, 1 failed`);
    process.exit(1);
  }
  skillsmith.set(key, new Map(json.skills.map((s) => [path.resolve(s.path), s.hosts])));
  note(
    `Skillsmith: node dist/cli.js ${args.slice(2).join(' ').replace(root, path.basename(root))}: windows ${JSON.stringify(json.contextTokens)} (${elapsed()})`,
  );
}

// ---- 5. compare
const rel = (file) => path.relative(base, file);
const show = (v) => (v === null || v === undefined ? 'null' : String(v));
let passed = 0;
let failed = 0;
const groups = [];
const report = { workspace: main.root, groups: [], outside: {}, oracleFailures };
for (const run of runs) {
  const verdicts = skillsmith.get(verdictKey(run));
  const hostId = SKILLSMITH_ID[run.host];
  for (const fact of run.facts) {
    const group = { name: `${run.label} ${fact}`, agree: 0, disagreements: [] };
    for (const [file, hosts] of verdicts) {
      const ours = hosts[hostId];
      const theirs = hostAnswer(run, file);
      if (!ours) {
        group.disagreements.push({
          path: rel(file),
          case: caseOf.get(file)?.case ?? '?',
          skillsmith: `no verdict for ${hostId}`,
          host: theirs[fact] ?? null,
        });
        continue;
      }
      const want = ours[fact] ?? null;
      const got = theirs[fact] ?? null;
      if (want === got) {
        group.agree++;
        continue;
      }
      group.disagreements.push({
        path: rel(file),
        case: caseOf.get(file)?.case ?? '?',
        skillsmith: want,
        host: got,
        hostDetail: theirs.detail,
        skillsmithReason: ours.reasons?.[0],
      });
    }
    passed += group.agree;
    failed += group.disagreements.length;
    groups.push(group);
  }
  // Found by the host, outside Skillsmith's catalog (too deep, or a folder it does not scan): information only.
  const outside = [...run.answers]
    .filter(([file, a]) => a.found && !verdicts.has(file))
    .map(([file, a]) => ({
      path: rel(file),
      case: caseOf.get(file)?.case ?? '?',
      loads: a.loads,
      listing: hostAnswer(run, file).listing,
    }));
  if (outside.length > 0) report.outside[run.label] = outside;
}

console.log('');
for (const g of groups) {
  console.log(
    `${g.disagreements.length === 0 ? 'ok  ' : 'FAIL'} ${g.name}: ${g.agree} agree, ${g.disagreements.length} disagree`,
  );
}
for (const f of oracleFailures) console.log(`FAIL ${f.host}: the oracle could not run: ${f.message}`);
// Each disagreement on its own line, under a heading per (case, Skillsmith's answer, host's answer), which
// gives the host's detail and Skillsmith's reason once (the reasons of one cluster differ only in numbers).
for (const g of groups.filter((x) => x.disagreements.length > 0)) {
  console.log(`\n${g.name}: ${g.disagreements.length} disagreement(s)`);
  const clusters = new Map();
  for (const d of g.disagreements) {
    const key = `${d.case}\u0000${show(d.skillsmith)}\u0000${show(d.host)}`;
    if (!clusters.has(key)) clusters.set(key, []);
    clusters.get(key).push(d);
  }
  for (const list of clusters.values()) {
    const d = list[0];
    console.log(`  [${d.case}] Skillsmith ${show(d.skillsmith)}, host ${show(d.host)}: ${list.length} skill(s)`);
    if (d.hostDetail) console.log(`    host says: ${d.hostDetail}`);
    if (d.skillsmithReason)
      console.log(`    Skillsmith says${list.length > 1 ? ' (first)' : ''}: ${d.skillsmithReason}`);
    for (const x of list) console.log(`    ${x.path}: Skillsmith ${show(x.skillsmith)}, host ${show(x.host)}`);
  }
}
for (const [label, list] of Object.entries(report.outside)) {
  console.log(
    `\ninfo: ${label} finds ${list.length} skill(s) outside Skillsmith's catalog (deeper than ${CATALOG_DEPTH} levels, or a folder it does not scan); not compared:`,
  );
  for (const o of list) console.log(`  ${o.path} [${o.case}]: loads ${o.loads}, listing ${show(o.listing)}`);
}
report.groups = groups;
if (options.json) {
  fs.writeFileSync(options.json, JSON.stringify(report, null, 1));
  note(`report: ${options.json}`);
}
if (options.keep) note(`kept ${base}`);
else fs.rmSync(base, { recursive: true, force: true });
note(`run time ${elapsed()}`);
failed += oracleFailures.length;
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
