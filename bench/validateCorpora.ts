// `skillsmith validate` on real repositories, as CI runs it on every push (issue 25, point 8),
// each figure beside a peer or a floor measured in the same run, whole processes each:
//   - corpus-wide (554 SKILL.md files) beside the peer linter skill-check 1.2.0 (npm, a
//     devDependency), which reads the same files;
//   - corpus-scripts (five repositories with scripts, references and symbolic-link mirrors)
//     beside a process that only reads what validate reads: every file of every skill folder,
//     each once (links not followed), up to the review's size cap;
//   - the mirrors: how many files validate reported twice (a file reached through a link);
//   - `validate --cache` on each, warm (nothing changed since its cache was written), beside
//     reading the files and beside skill-check (issue 38).
// The corpora are ../shared's; where they are missing (a fork), the figures say so.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { MAX_BUNDLED_DEPTH, MAX_READ_BYTES } from '../src/core/base/limits';
import { COMMAND_NEEDLES } from '../src/core/review/commandRisks';

export interface ValidateFigures {
  readonly validate_wide_ms?: number;
  readonly skill_check_wide_ms?: number;
  readonly validate_wide_ratio_to_skill_check?: number;
  readonly validate_scripts_ms?: number;
  readonly scripts_read_floor_ms?: number;
  readonly validate_scripts_ratio_to_floor?: number;
  readonly scripts_files_reported_twice?: number;
  /** Reading the same files, decoding them and one search for the command rules' needles: no review does less. */
  readonly scripts_scan_floor_ms?: number;
  readonly scripts_scan_floor_ratio_to_read_floor?: number;
  /** cold validate of corpus-scripts beside the scan floor (issue 38's goal: ≤ 2×). */
  readonly validate_scripts_ratio_to_scan_floor?: number;
  /** `validate --cache` with nothing changed since the cache was written, beside reading the files. */
  readonly warm_wide_ms?: number;
  readonly wide_read_floor_ms?: number;
  readonly warm_wide_ratio_to_read_floor?: number;
  readonly warm_wide_ratio_to_skill_check?: number;
  readonly warm_scripts_ms?: number;
  readonly warm_scripts_ratio_to_read_floor?: number;
}

/**
 * The floors: a process that reads every file of every skill folder below ROOT once (no links
 * followed), as validate would. Given NEEDLES (JSON), it also decodes each file's text and
 * searches it once for every needle of the command rules, lower-cased as the rules search (the
 * scan floor): a lower bound for any review of these files, which must at least find where
 * their commands are.
 */
const FLOOR = `
const fs = require('fs'), path = require('path');
const [root, cap, depth] = [process.argv[1], Number(process.argv[2]), Number(process.argv[3])];
const needles = process.argv[4] === undefined ? undefined : JSON.parse(process.argv[4]);
const scan = needles && new RegExp(needles.map((n) => n.replace(/[.*+?^\${}()|[\\]\\\\/-]/g, '\\\\$&')).join('|'), 'g');
const buffer = Buffer.alloc(cap);
const decoder = new TextDecoder();
let found = 0;
function readAll(dir, level) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory() && level < depth) readAll(file, level + 1);
    else if (entry.isFile()) {
      const fd = fs.openSync(file, 'r'); const n = fs.readSync(fd, buffer, 0, cap, 0); fs.closeSync(fd);
      if (!scan) continue;
      const text = decoder.decode(buffer.subarray(0, n)).toLowerCase();
      scan.lastIndex = 0;
      while (scan.exec(text)) found++;
    }
  }
}
function find(dir) {
  const entries = fs.readdirSync(dir, { withFileTypes: true });
  if (entries.some((e) => e.isFile() && e.name === 'SKILL.md')) return readAll(dir, 0);
  for (const entry of entries) if (entry.isDirectory()) find(path.join(dir, entry.name));
}
find(root);
if (scan && found === 0) throw new Error('no needle found');
`;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function round(value: number, digits = 2): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

/** One whole process, timed from spawn to exit; its output goes to a file (skill-check cuts a piped JSON short). */
function timedProcess(args: readonly string[], cwd: string): number {
  const out = path.join(os.tmpdir(), `skillsmith-bench-out-${process.pid}`);
  const fd = fs.openSync(out, 'w');
  try {
    const start = process.hrtime.bigint();
    const run = spawnSync(process.execPath, args, { cwd, stdio: ['ignore', fd, 'pipe'], encoding: 'utf8' });
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    if (run.status === null || run.error) throw new Error(`${args.join(' ')}: ${run.error?.message ?? run.signal}`);
    return ms;
  } finally {
    fs.closeSync(fd);
    fs.rmSync(out, { force: true });
  }
}

/** Runs each process `runs` times, alternating them, after one warm-up run each; the medians. */
function alternate(processes: readonly (readonly string[])[], cwd: string, runs: number): number[] {
  for (const args of processes) timedProcess(args, cwd);
  const times = processes.map(() => [] as number[]);
  for (let i = 0; i < runs; i++) processes.forEach((args, j) => times[j].push(timedProcess(args, cwd)));
  return times.map(median);
}

/** Files that validate's JSON report twice under different paths that are one real file. */
function filesReportedTwice(cli: string, corpus: string): number {
  const run = spawnSync(process.execPath, [cli, 'validate', corpus, '--json'], {
    encoding: 'utf8',
    maxBuffer: 512 * 1024 * 1024,
  });
  const files = (JSON.parse(run.stdout) as { files: { path: string }[] }).files;
  const seen = new Set<string>();
  let twice = 0;
  for (const { path: file } of files) {
    const real = fs.existsSync(file) ? fs.realpathSync(file) : file;
    if (seen.has(real)) twice++;
    seen.add(real);
  }
  return twice;
}

export function measureValidateCorpora(repo: string, runs: number): ValidateFigures {
  const shared = path.join(repo, '..', 'shared');
  const wide = path.join(shared, 'corpus-wide');
  const scripts = path.join(shared, 'corpus-scripts');
  const cli = path.join(repo, 'dist', 'cli.js');
  const skillCheck = path.join(repo, 'node_modules', 'skill-check', 'bin', 'skill-check.js');
  // The warm runs' cache: filled by their warm-up run (alternate), unchanged after.
  const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'skillsmith-bench-cache-'));
  const cached = (corpus: string) => [
    cli,
    'validate',
    corpus,
    '--json',
    '--cache-location',
    path.join(cacheDir, path.basename(corpus)),
  ];
  let figures: ValidateFigures = {};
  if (fs.existsSync(wide) && fs.existsSync(skillCheck)) {
    const [ours, peer, warm, floor] = alternate(
      [
        [cli, 'validate', wide, '--json'],
        [skillCheck, 'check', wide, '--no-security-scan', '--format', 'json'],
        cached(wide),
        ['-e', FLOOR, wide, String(MAX_READ_BYTES), String(MAX_BUNDLED_DEPTH)],
      ],
      repo,
      runs,
    );
    figures = {
      validate_wide_ms: round(ours, 0),
      skill_check_wide_ms: round(peer, 0),
      validate_wide_ratio_to_skill_check: round(ours / peer),
      warm_wide_ms: round(warm, 0),
      wide_read_floor_ms: round(floor, 0),
      warm_wide_ratio_to_read_floor: round(warm / floor),
      warm_wide_ratio_to_skill_check: round(warm / peer),
    };
  } else console.error('bench: validate beside skill-check not run: ../shared/corpus-wide or skill-check missing');
  if (fs.existsSync(scripts)) {
    const [ours, floor, scan, warm] = alternate(
      [
        [cli, 'validate', scripts, '--json'],
        ['-e', FLOOR, scripts, String(MAX_READ_BYTES), String(MAX_BUNDLED_DEPTH)],
        ['-e', FLOOR, scripts, String(MAX_READ_BYTES), String(MAX_BUNDLED_DEPTH), JSON.stringify(COMMAND_NEEDLES)],
        cached(scripts),
      ],
      repo,
      runs,
    );
    figures = {
      ...figures,
      validate_scripts_ms: round(ours, 0),
      scripts_read_floor_ms: round(floor, 0),
      validate_scripts_ratio_to_floor: round(ours / floor),
      scripts_files_reported_twice: filesReportedTwice(cli, scripts),
      scripts_scan_floor_ms: round(scan, 0),
      scripts_scan_floor_ratio_to_read_floor: round(scan / floor),
      validate_scripts_ratio_to_scan_floor: round(ours / scan),
      warm_scripts_ms: round(warm, 0),
      warm_scripts_ratio_to_read_floor: round(warm / floor),
    };
  } else console.error('bench: validate of corpus-scripts not run: ../shared/corpus-scripts missing');
  fs.rmSync(cacheDir, { recursive: true, force: true });
  return figures;
}
