// `npm run bench:host [-- --skills N] [--runs R] [--json] [--smoke]`: the cold start where users feel it. A real
// VS Code opens a generated workspace of N skills (the `cold-start` suite); the extension host
// reports the time from activation to the first listing (host_ready_ms) and the longest
// event-loop delay meanwhile (host_max_block_ms). In the same run, the CLI's cold `list` of
// the same workspace is timed as a whole process, beside a process that only reads the head
// of every SKILL.md (the floor). Expects the bundle (dist/) and out-host/ (see package.json).
// --smoke (`npm run bench:host:smoke`, part of `npm test`): 300 skills, one window, so that the
// benchmark cannot rot unseen. It fails when the bench crashes or a figure is missing, never on a
// figure's value: timings are printed, not asserted.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT, runHostTests } from './runAll.mjs';

const HOST_FIGURES = [
  'host_ready_ms',
  'host_max_block_ms',
  'host_activation_ms',
  'host_type_problem_ms',
  'host_type_files_read',
];
const CLI_FIGURES = ['cli_list_ms', 'cli_floor_ms', 'cli_list_ratio'];

/** Whole-process runs of the CLI and the floor, alternated; medians of `runs`. */
export function cliFigures(workspace, runs = 5) {
  const cli = join(REPO_ROOT, 'dist', 'cli.js');
  const floor =
    `const fs=require('fs'),p=require('path');const b=Buffer.allocUnsafe(4096);let n=0;` +
    `for(const d of fs.readdirSync(process.argv[1],{withFileTypes:true})){if(!d.isDirectory())continue;` +
    `let fd;try{fd=fs.openSync(p.join(process.argv[1],d.name,'SKILL.md'),'r')}catch{continue}fs.readSync(fd,b,0,4096,0);fs.closeSync(fd);n++}` +
    `process.stdout.write(String(n))`;
  const time = (args) => {
    const started = process.hrtime.bigint();
    const run = spawnSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
    if (run.status !== 0) throw new Error(`${args.join(' ')} failed: ${run.stderr}`);
    return { ms: Number(process.hrtime.bigint() - started) / 1e6, stdout: run.stdout };
  };
  const lists = [];
  const floors = [];
  for (let i = 0; i < runs + 1; i++) {
    const list = time([cli, 'list', workspace, '--json', '--no-user']);
    const read = time(['-e', floor, join(workspace, 'skills')]);
    if (i === 0) continue; // the first pair warms the page cache
    lists.push(list.ms);
    floors.push(read.ms);
  }
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  return {
    cli_list_ms: Math.round(median(lists)),
    cli_floor_ms: Math.round(median(floors)),
    cli_list_ratio: Math.round((median(lists) / median(floors)) * 100) / 100,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const argv = process.argv.slice(2);
  const smoke = argv.includes('--smoke');
  const at = argv.indexOf('--skills');
  const skills = at >= 0 ? Number(argv[at + 1]) : smoke ? 300 : 5000;
  if (!Number.isInteger(skills) || skills < 1) {
    console.error(`bench-host: --skills takes a whole number, not '${argv[at + 1]}'`);
    process.exit(2);
  }
  process.env.SKILLSMITH_BENCH_SKILLS = String(skills);
  const runsAt = argv.indexOf('--runs');
  const runs = runsAt >= 0 ? Number(argv[runsAt + 1]) : smoke ? 1 : 3;
  // A fresh VS Code per run; the medians are reported (one window's start-up varies with the machine's load).
  const reports = [];
  let code = 0;
  for (let i = 0; i < runs; i++) {
    code ||= await runHostTests({
      names: ['cold-start'],
      grep: undefined,
      keep: false,
      timeoutMs: 10 * 60_000,
      outDir: 'out-host',
      screenshotsDir: undefined,
      onFigures: (_suite, reported) => reports.push(reported),
    });
  }
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const figures = { skills };
  for (const key of HOST_FIGURES) {
    if (reports.length > 0) figures[key] = median(reports.map((r) => r[key]));
  }
  figures.host_runs = reports.length;
  // The CLI on a workspace generated the same way.
  const root = mkdtempSync(join(tmpdir(), 'skillsmith-bench-host-'));
  try {
    const require = createRequire(import.meta.url);
    require(join(REPO_ROOT, 'out-host', 'bench', 'workspace.js')).generateWorkspace(root, skills);
    Object.assign(figures, cliFigures(root, smoke ? 1 : 5));
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
  if (figures.host_ready_ms !== undefined)
    figures.host_ready_to_cli_ratio = Math.round((figures.host_ready_ms / figures.cli_list_ms) * 100) / 100;
  if (argv.includes('--json')) console.log(JSON.stringify(figures));
  else {
    console.log(`\nCold start of ${skills} skills:`);
    for (const [key, value] of Object.entries(figures)) console.log(`  ${key.padEnd(24)} ${value}`);
    // The targets, as information: a figure moves with the machine's load and never fails the run.
    console.log(`  targets (not asserted):`);
    console.log(`  ${figures.host_max_block_ms <= 50 ? '✔' : '✖'} host_max_block_ms ≤ 50`);
    console.log(`  ${figures.cli_list_ratio <= 2 ? '✔' : '✖'} cli_list_ms ≤ 2 × cli_floor_ms`);
  }
  // Every figure must be there, as a number: a bench that measured nothing fails (whatever the values).
  const missing = HOST_FIGURES.concat(CLI_FIGURES).filter((key) => !Number.isFinite(figures[key]));
  if (missing.length > 0) console.error(`bench-host: no figure for ${missing.join(', ')}`);
  process.exit(code === 0 && missing.length === 0 ? 0 : 1);
}
