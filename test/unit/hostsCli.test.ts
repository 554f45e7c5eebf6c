// `skillsmith hosts` (docs/cli.md, docs/hosts.md) through the built CLI: the JSON shape, the
// table, --require's exit code for CI, bad usage, and the real corpora: no crash, and the
// repositories laid out for one host load there.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { hostRecords } from '../../src/core/hosts/hostRecords';
import { hostsJson, hostsReport, leftOutText, readContextTokens, readHostOptions } from '../../src/cli/hostsCommand';
import { loadCatalog } from '../../src/cli/listCommand';
import { normalizePath } from '../../src/core/base/paths';
import { NodeFileSystem } from '../../src/node/nodeFileSystem';
import { builtCli, findRepoRoot, makeTempDir, removeDir, skillText, writeFile } from './engineTestUtils';
import { corpusForTests } from './corpusLocation';

const REPO = findRepoRoot();
const CORPUS = corpusForTests('corpus');
const WIDE = corpusForTests('corpus-wide');
let ws: string;

before(() => {
  ws = makeTempDir('skillsmith-hosts-');
  writeFile(
    path.join(ws, '.claude', 'skills', 'review', 'SKILL.md'),
    skillText('review', 'Reviews code. Use when asked for a review.'),
  );
  writeFile(
    path.join(ws, '.agents', 'skills', 'deploy', 'SKILL.md'),
    skillText('deploy', 'Deploys the app. Use when asked to deploy.'),
  );
  writeFile(path.join(ws, 'skills', 'legacy', 'SKILL.md'), skillText('legacy', 'Does legacy things. Use when asked.'));
});

after(() => removeDir(ws));

function hosts(args: string[]) {
  return spawnSync(process.execPath, [builtCli(REPO), 'hosts', ...args], { encoding: 'utf8', timeout: 60_000 });
}

type Json = {
  hosts: string[];
  leftOut: string[];
  contextTokens: Record<string, number | null>;
  skills: {
    name: string;
    path: string;
    hosts: Record<
      string,
      {
        found: boolean;
        loads: boolean;
        listing: string | null;
        position: number | null;
        invocation: string;
        reasons: string[];
      }
    >;
  }[];
};

test('--json: every skill with a verdict per chosen host (default vscode, claude-code, codex)', () => {
  const result = hosts([ws, '--no-user', '--json']);
  assert.equal(result.status, 0, result.stderr);
  const report = JSON.parse(result.stdout) as Json;
  assert.deepEqual(report.hosts, ['vscode', 'claude-code', 'codex']);
  // Each host at its default model's window (Claude Code 2.1.332: claude-opus-5-5; Codex 0.171.0:
  // gpt-6.2-sol); VS Code's budget is not a share of the window.
  assert.deepEqual(report.contextTokens, { vscode: null, 'claude-code': 1_000_000, codex: 500_000 });
  assert.deepEqual(report.leftOut, ['copilot-cli', 'vscode-copilot']);
  const verdict = (name: string, host: string) => report.skills.find((s) => s.name === name)!.hosts[host];
  assert.deepEqual(
    [verdict('review', 'claude-code').loads, verdict('review', 'codex').found, verdict('review', 'vscode').loads],
    [true, false, true],
  );
  assert.deepEqual([verdict('deploy', 'codex').listing, verdict('deploy', 'claude-code').found], ['full', false]);
  for (const host of report.hosts) {
    assert.equal(verdict('legacy', host).found, false, `${host} does not read skills/`);
    assert.equal(verdict('legacy', host).listing, null);
  }
  assert.match(verdict('legacy', 'codex').reasons[0], /Codex does not read skills\/; it reads \.agents\/skills/);
});

test('the table says it per host, with the reasons of whatever is not fully listed', () => {
  const result = hosts([ws, '--no-user', '--host', 'copilot-cli', '--host', 'claude-code']);
  assert.equal(result.status, 0, result.stderr);
  assert.match(result.stdout, /^SKILL\s+copilot-cli\s+claude-code$/m);
  assert.match(result.stdout, /^legacy\s+not found\s+not found$/m);
  assert.match(result.stdout, /^- legacy in Copilot CLI: Copilot CLI does not read skills\/;/m);
});

test('--require fails CI, naming each skill that a required host will not load', () => {
  const result = hosts([ws, '--no-user', '--require', 'claude-code']);
  assert.equal(result.status, 1);
  assert.match(result.stderr, /deploy is not found by Claude Code: Claude Code does not read \.agents\/skills\//);
  assert.match(result.stderr, /legacy is not found by Claude Code/);
  assert.doesNotMatch(result.stderr, /review/);
  const only = makeTempDir('skillsmith-hosts-ok-');
  try {
    writeFile(
      path.join(only, '.claude', 'skills', 'review', 'SKILL.md'),
      skillText('review', 'Reviews code. Use when asked for a review.'),
    );
    assert.equal(hosts([only, '--no-user', '--require', 'claude-code']).status, 0);
  } finally {
    removeDir(only);
  }
});

test('bad usage: an unknown host, a context below 1000 tokens', () => {
  const unknown = hosts([ws, '--host', 'cursor']);
  assert.equal(unknown.status, 2);
  assert.match(
    unknown.stderr,
    /--host takes one of vscode, claude-code, codex, copilot-cli, vscode-copilot or all, not 'cursor'/,
  );
  assert.equal(hosts([ws, '--context-tokens', '10']).status, 2);
  assert.equal(hosts([ws, '--context-tokens', 'claude-code=10']).status, 2);
  const badHost = hosts([ws, '--context-tokens', 'cursor=200000']);
  assert.equal(badHost.status, 2);
  assert.match(badHost.stderr, /--context-tokens takes N or HOST=N/);
});

test('--context-tokens: HOST=N for one host, N for every host, a later value winning (readContextTokens)', () => {
  assert.equal(readContextTokens([], 1000), undefined);
  assert.deepEqual(readContextTokens(['claude-code=200000'], 1000), { 'claude-code': 200_000 });
  assert.equal(readContextTokens(['300000'], 1000), 300_000);
  assert.deepEqual(readContextTokens(['300000', 'codex=100000'], 1000), {
    vscode: 300_000,
    'claude-code': 300_000,
    codex: 100_000,
    'copilot-cli': 300_000,
    'vscode-copilot': 300_000,
  });
  assert.equal(readContextTokens(['codex=100000', '300000'], 1000), 300_000);
  assert.throws(() => readContextTokens(['codex=999'], 1000), /at least 1000/);
});

test('a plain run names the hosts it left out and how to add them; --host all judges every host', () => {
  const plain = hosts([ws, '--no-user']);
  assert.equal(plain.status, 0, plain.stderr);
  assert.match(
    plain.stdout,
    /Not shown: Copilot CLI \(copilot-cli\) and VS Code's agent \(Copilot harness\) \(vscode-copilot\)\. Add one with --host copilot-cli/,
  );
  assert.match(plain.stdout, /every host with --host all/);
  assert.deepEqual(readHostOptions(['all'], 'host'), [
    'vscode',
    'claude-code',
    'codex',
    'copilot-cli',
    'vscode-copilot',
  ]);
  assert.equal(leftOutText([]), '');
});

test(
  'the corpora: no crash on any repository, and those laid out for one host load there',
  { skip: CORPUS.skip || WIDE.skip },
  async () => {
    const laidOut: { dir: string; host: string; folder: string }[] = [];
    const nodeFs = new NodeFileSystem();
    for (const corpus of [CORPUS.dir, WIDE.dir]) {
      // The built CLI on the whole corpus, once; each repository in process (37 processes would be slow).
      const whole = hosts([
        corpus,
        '--no-user',
        '--json',
        '--host',
        'claude-code',
        '--host',
        'codex',
        '--host',
        'vscode',
        '--host',
        'copilot-cli',
        '--host',
        'vscode-copilot',
      ]);
      assert.equal(whole.status, 0, whole.stderr);
      assert.ok(Array.isArray((JSON.parse(whole.stdout) as Json).skills));
      for (const repo of fs.readdirSync(corpus, { withFileTypes: true }).filter((e) => e.isDirectory())) {
        const root = normalizePath(path.join(corpus, repo.name));
        const catalog = await loadCatalog(nodeFs, { root, includeUser: false, unicodeNames: false });
        const context = { projectRoots: [root], home: undefined, contextTokens: 200_000 };
        const hosts = ['claude-code', 'codex', 'vscode'] as const;
        const report = JSON.parse(
          hostsJson(hostsReport(await hostRecords(nodeFs, catalog.records(), hosts, context), hosts, context)),
        ) as Json;
        for (const [folder, host] of [
          ['.claude/skills', 'claude-code'],
          ['.agents/skills', 'codex'],
        ] as const) {
          for (const skill of report.skills.filter((s) => s.path.split(path.sep).join('/').includes(`/${folder}/`))) {
            laidOut.push({ dir: repo.name, host, folder });
            const verdict = skill.hosts[host];
            // One level below the folder, a valid skill loads in the host it was laid out for.
            const depth = skill.path.split(path.sep).join('/').split(`/${folder}/`)[1].split('/').length - 1;
            if (depth === 1)
              assert.ok(
                verdict.found && verdict.loads,
                `${repo.name} ${skill.name} in ${host}: ${verdict.reasons.join(' ')}`,
              );
          }
        }
      }
    }
    assert.ok(
      laidOut.some((l) => l.host === 'claude-code') && laidOut.some((l) => l.host === 'codex'),
      'both layouts occur in the corpora',
    );
  },
);
