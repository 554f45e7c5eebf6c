// `skillsmith eval --router lexical` and `npm run bench:routing` give one figure on the same data
// (docs/routing.md, "Benchmarks"): the CLI as a user runs it, on a workspace of SKILL.md files
// and a cases file, against the bench's own path (bench/routing/runSet.ts) on the same skills
// and cases. The catalog is a BFCL-like one of our own: many one-line descriptions, longer
// than the listing's budget, and cases that each name their few candidates.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as path from 'node:path';
import { runSet } from '../../bench/routing/runSet';
import type { BenchmarkSet } from '../../bench/routing/sets';
import type { RoutingCase } from '../../src/core/routing/evalCases';
import { LexicalRanker } from '../../src/core/routing/lexicalRanker';
import { builtCli, makeTempDir, removeDir, writeFile, writeSkill } from '../unit/engineTestUtils';

const TIMEOUT = { timeout: 120_000 };

const FILLER = Array.from({ length: 300 }, (_, i) => ({
  name: `aa-report-${String(i).padStart(3, '0')}`,
  description: `Builds the quarterly report number ${i} for the finance department of the company.`,
}));
const TOOLS = [
  { name: 'weather-forecast', description: 'Gets the weather forecast for a city.' },
  { name: 'currency-convert', description: 'Converts an amount of money between two currencies.' },
  { name: 'calendar-add-event', description: 'Adds an event to the calendar.' },
  { name: 'git-rename-branch', description: 'Renames a git branch, locally and on the remote.' },
  { name: 'git-delete-branch', description: 'Deletes a merged git branch.' },
];
const SKILLS = [...FILLER, ...TOOLS];

const TRAVEL = ['weather-forecast', 'currency-convert', 'calendar-add-event'];
const GIT = ['git-rename-branch', 'git-delete-branch'];
const CASES: { query: string; expected: string[]; candidates?: string[] }[] = [
  { query: 'what is the weather forecast for Lisbon on Tuesday', expected: ['weather-forecast'], candidates: TRAVEL },
  { query: 'convert 250 euros into another currency', expected: ['currency-convert'], candidates: TRAVEL },
  { query: 'add the dentist to my calendar on Friday', expected: ['calendar-add-event'], candidates: TRAVEL },
  { query: 'rename the branch feature-x to feature-y', expected: ['git-rename-branch'], candidates: GIT },
  { query: 'delete the merged branch old-login', expected: ['git-delete-branch'], candidates: GIT },
  { query: 'what is the capital of France', expected: [], candidates: TRAVEL },
  { query: 'write a sonnet about the sea and the moon', expected: [], candidates: GIT },
  // Without candidates: the whole catalog's listing, which the budget cuts before the tools.
  { query: 'what is the weather forecast for Lisbon', expected: ['weather-forecast'] },
];

let tmp: string;
let ws: string;
let cli: string;

before(() => {
  cli = builtCli();
  tmp = makeTempDir('skillsmith-routing-bench-');
  ws = path.join(tmp, 'ws');
  for (const s of SKILLS) writeSkill(path.join(ws, 'skills'), s.name, s.description);
  writeFile(path.join(ws, 'cases.routing.jsonl'), CASES.map((c) => JSON.stringify(c)).join('\n') + '\n');
});

after(() => removeDir(tmp));

function runCli(args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cli, ...args], { cwd: ws, env: { ...process.env, HOME: tmp } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

const ZERO = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };

/** The same data as the bench's sets give it: one group, the catalog and the cases. */
function benchSet(): BenchmarkSet {
  const cases: RoutingCase[] = CASES.map((c, index) => ({
    query: c.query,
    expected: c.expected,
    acceptable: [],
    ...(c.candidates ? { candidates: c.candidates } : {}),
    range: ZERO,
    index,
  }));
  return { name: 'test', note: '', tuning: true, groups: [{ catalog: SKILLS, cases }] };
}

void test('the CLI and the bench give the same figures on the same data', TIMEOUT, async () => {
  const result = await runCli(['eval', 'cases.routing.jsonl', '--no-user', '--json']);
  assert.equal(result.status, 0, result.stderr);
  const viaCli = JSON.parse(result.stdout) as {
    cases: number;
    top1: number;
    abstain_fpr: number;
    failures: { query: string; picked: string | null }[];
  };
  const viaBench = await runSet(benchSet(), (catalog) => new LexicalRanker(catalog), 'lexical');
  // Written out: the five requests among their candidates are routed, the two foreign ones
  // abstain, and the last case's skill is left out of the whole catalog's listing.
  assert.equal(viaCli.cases, 8);
  assert.equal(viaCli.top1, 0.875);
  assert.equal(viaCli.abstain_fpr, 0);
  assert.deepEqual(
    viaCli.failures.map((f) => f.query),
    ['what is the weather forecast for Lisbon'],
  );
  assert.equal(viaBench.unlisted, 1);
  // And the bench agrees, figure for figure.
  assert.equal(viaBench.cases, viaCli.cases);
  assert.equal(viaBench.top1, viaCli.top1);
  assert.equal(viaBench.abstain_fpr, viaCli.abstain_fpr);
  assert.deepEqual(
    viaBench.failures.map((f) => [f.query, f.picked]),
    viaCli.failures.map((f) => [f.query, f.picked]),
  );
});
