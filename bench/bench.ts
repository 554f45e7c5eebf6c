// `npm run bench [-- --skills N] [--json]`: measures the core on a synthetic workspace
// and prints each figure beside its target, as a ratio or a bound (issue: benchmarks).
// Figures are medians of several runs in one process, so that one slow moment of a
// shared machine does not decide the result.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { analyzeSkillText } from '../src/core/lint/analyze';
import { SECURITY_RULES } from '../src/core/review/securityRules';
import { countO200kTokensUpTo } from '../src/node/o200k';
import { createSkillCatalog } from '../src/core/access/policy';
import { type SkillCatalog } from '../src/core/catalog/catalog';
import { CatalogUpdater } from '../src/core/catalog/catalogUpdater';
import { mapConcurrent } from '../src/core/base/concurrency';
import { DEFAULT_LISTING_BUDGET, HEAD_BYTES, SCAN_SLICE_MS } from '../src/core/base/limits';
import { resolveLocations } from '../src/core/catalog/locations';
import { parseDocument } from 'yaml';
import { NodeFileSystem } from '../src/node/nodeFileSystem';
import { seededRandom } from '../test/seededRandom';
import { measureActionOverhead } from './actionOverhead';
import { measureMcpStartup } from './mcpStartup';
import { measureSchemaChecks, SCHEMA_CHECK_BUDGET_MS } from './schemaPatterns';
import { measureValidateCorpora } from './validateCorpora';
import { DEFAULT_CONTEXT_TOKENS, DEFAULT_HOSTS } from '../src/core/hosts/profiles';
import { HostVerdictCache } from '../src/core/hosts/verdictCache';
import { BODY_MARKER, generateWorkspace, skillText } from './workspace';

interface Options {
  readonly skills: number;
  readonly json: boolean;
  readonly runs: number;
  /** Measure the cold start in a real VS Code too (scripts/host/bench-host.mjs); off with --no-host. */
  readonly host: boolean;
}

function parseOptions(argv: readonly string[]): Options {
  const at = argv.indexOf('--skills');
  const skills = at >= 0 ? Number(argv[at + 1]) : 5000;
  if (!Number.isInteger(skills) || skills < 1) throw new Error(`--skills takes a whole number, not '${argv[at + 1]}'`);
  const runsAt = argv.indexOf('--runs');
  const runs = runsAt >= 0 ? Number(argv[runsAt + 1]) : 5;
  return { skills, json: argv.includes('--json'), runs, host: !argv.includes('--no-host') };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

async function timed(work: () => unknown): Promise<number> {
  const start = process.hrtime.bigint();
  await work();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

/**
 * The floor: open every SKILL.md and read its first 4 KiB, with the scan's parallelism and
 * the cheapest primitives (Node's callback API), and nothing else. `onHead` sees each head.
 */
async function headReadFloor(files: readonly string[], onHead?: (head: Buffer) => void): Promise<void> {
  const readHead = (file: string) =>
    new Promise<void>((resolve, reject) => {
      fs.open(file, 'r', (openError, fd) => {
        if (openError) return reject(openError);
        const buffer = Buffer.allocUnsafe(HEAD_BYTES);
        fs.read(fd, buffer, 0, HEAD_BYTES, 0, (readError, bytesRead) =>
          fs.close(fd, () => {
            if (readError) return reject(readError);
            onHead?.(buffer.subarray(0, bytesRead));
            resolve();
          }),
        );
      });
    });
  await mapConcurrent(files, 32, readHead);
}

/**
 * A second reference: the floor plus parsing every frontmatter with the `yaml` package, and
 * nothing else. No design that really parses YAML per file can go below it.
 */
function headReadAndParseFloor(files: readonly string[]): Promise<void> {
  const decoder = new TextDecoder();
  return headReadFloor(files, (head) => {
    const text = decoder.decode(head);
    const close = text.indexOf('\n---', 3);
    parseDocument(text.slice(4, close === -1 ? text.length : close));
  });
}

/**
 * The longest the event loop was held while `work` ran (perf_hooks.monitorEventLoopDelay):
 * in this process nothing else runs, so it is the scan's own longest synchronous stretch,
 * the figure that VS Code's host_max_block_ms adds the editor's own start-up work to.
 */
async function longestBlockDuring(work: () => Promise<unknown>): Promise<number> {
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  await work();
  // One more turn of the loop, so that a hold at the very end is sampled too.
  await new Promise((resolve) => setTimeout(resolve, 2));
  delay.disable();
  return delay.max / 1e6;
}

async function coldScan(root: string): Promise<SkillCatalog> {
  const catalog = createSkillCatalog();
  const locations = resolveLocations({ workspaceFolders: [root], includeUser: false });
  await new CatalogUpdater(catalog, new NodeFileSystem(), locations).scanAll();
  return catalog;
}

/** A scanned catalog of ROOT and the updater that keeps it (the one-change figures). */
async function scannedCatalog(root: string): Promise<{ catalog: SkillCatalog; updater: CatalogUpdater }> {
  const catalog = createSkillCatalog();
  const updater = new CatalogUpdater(
    catalog,
    new NodeFileSystem(),
    resolveLocations({ workspaceFolders: [root], includeUser: false }),
  );
  await updater.scanAll();
  return { catalog, updater };
}

/** Rewrites one seeded-random skill file with a new description `text`; returns its file and name. */
function rewriteOneSkill(files: readonly string[], random: () => number, text: string): { file: string; name: string } {
  const file = files[Math.floor(random() * files.length)];
  const name = path.basename(path.dirname(file));
  fs.writeFileSync(file, skillText(name, text, 80, random));
  return { file, name };
}

/** One description changed on disk, through the updater, until the new listing is ready. */
async function oneChange(root: string, files: readonly string[], runs: number): Promise<number> {
  const { catalog, updater } = await scannedCatalog(root);
  catalog.listing(DEFAULT_LISTING_BUDGET);
  const random = seededRandom(7);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const { file, name } = rewriteOneSkill(
      files,
      random,
      `Changed description number ${i}. Use when benchmarking one change.`,
    );
    times.push(
      await timed(async () => {
        await updater.pathChanged(file);
        const listing = catalog.listing(DEFAULT_LISTING_BUDGET);
        if (catalog.get(name)?.record.description?.startsWith(`Changed description number ${i}.`) !== true) {
          throw new Error(`the change to ${name} did not reach the catalog`);
        }
        void listing;
      }),
    );
  }
  return median(times);
}

/**
 * `host_verdicts_one_change_ms` (docs/hosts.md): the verdicts of the default hosts judged again after
 * one description changed, through the editor's cache, on skills dealt to the folders the hosts
 * read (`.agents`, `.claude`, `.github`), so that every host lists a third or more of them.
 */
async function hostVerdictsOneChange(root: string, files: readonly string[], runs: number): Promise<number> {
  const { catalog, updater } = await scannedCatalog(root);
  const cache = new HostVerdictCache(catalog);
  const context = { projectRoots: [root], home: undefined, contextTokens: DEFAULT_CONTEXT_TOKENS };
  cache.verdicts(DEFAULT_HOSTS, context);
  const random = seededRandom(11);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const { file } = rewriteOneSkill(files, random, `Host change number ${i}. Use when benchmarking host verdicts.`);
    await updater.pathChanged(file);
    times.push(await timed(async () => void cache.verdicts(DEFAULT_HOSTS, context)));
  }
  return median(times);
}

/**
 * Every rule of the complete lint on a 500-line SKILL.md, the security rules and the o200k token
 * count included, as the editor runs it while you type: each run changes one line first, so the
 * token count re-counts that line's chunk (src/node/o200k.ts) and reuses the rest.
 */
function lint500Lines(runs: number): number {
  const original = skillText('long-skill', 'Lints a long file. Use when measuring the linter.', 500, seededRandom(3));
  const lines = original.split('\n');
  const options = { folderName: 'long-skill', countTokens: countO200kTokensUpTo };
  for (let i = 0; i < 20; i++) analyzeSkillText(original, options, SECURITY_RULES); // warm up the JIT and the chunk counts
  const times: number[] = [];
  for (let i = 0; i < runs * 20; i++) {
    const edited = [...lines];
    const at = 10 + (i % (lines.length - 20));
    edited[at] = `${edited[at]} edit ${i}`;
    const text = edited.join('\n');
    const start = process.hrtime.bigint();
    analyzeSkillText(text, options, SECURITY_RULES);
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return median(times);
}

function turnListing(catalog: SkillCatalog): number {
  catalog.listing(DEFAULT_LISTING_BUDGET);
  const rounds = 10000;
  const start = process.hrtime.bigint();
  for (let i = 0; i < rounds; i++) catalog.listing(DEFAULT_LISTING_BUDGET);
  return Number(process.hrtime.bigint() - start) / 1e6 / rounds;
}

function heapUsedMb(): number {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  gc?.();
  return process.memoryUsage().heapUsed / (1024 * 1024);
}

/** KiB of dist/NAME; NaN when it is missing. */
function bundleKb(name: string): number {
  const file = path.join(__dirname, '..', '..', 'dist', name);
  return fs.existsSync(file) ? fs.statSync(file).size / 1024 : NaN;
}

/** What activation loads: the main bundle and the chunk of the modules it shares (scripts/sharedChunks.mjs). */
function activationKb(): number {
  return bundleKb('extension.js') + bundleKb('shared.js');
}

function round(value: number, digits = 3): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

const REPO = path.join(__dirname, '..', '..');

/** The CLI's cold `list` of the workspace as a whole process, beside a process that only reads every head (scripts/host/bench-host.mjs). */
async function cliFigures(
  root: string,
  runs: number,
): Promise<{ cli_list_ms: number; cli_floor_ms: number; cli_list_ratio: number }> {
  const hostBench = (await import(pathToFileURL(path.join(REPO, 'scripts', 'host', 'bench-host.mjs')).href)) as {
    cliFigures(root: string, runs: number): { cli_list_ms: number; cli_floor_ms: number; cli_list_ratio: number };
  };
  return hostBench.cliFigures(root, runs);
}

/** The peak resident memory of the CLI's cold `list`: the process reports its own on exit. */
function cliPeakRssMb(root: string): number {
  const preload = path.join(os.tmpdir(), `skillsmith-rss-${process.pid}.js`);
  fs.writeFileSync(
    preload,
    "process.on('exit', () => require('fs').writeSync(2, '\\nmaxRSS ' + process.resourceUsage().maxRSS + '\\n'));\n",
  );
  try {
    const run = spawnSync(
      process.execPath,
      ['-r', preload, path.join(REPO, 'dist', 'cli.js'), 'list', root, '--json', '--no-user'],
      { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 },
    );
    const kb = Number(/maxRSS (\d+)/.exec(run.stderr)?.[1]);
    return kb / 1024;
  } finally {
    fs.rmSync(preload, { force: true });
  }
}

interface HostFigures {
  readonly host_ready_ms?: number;
  readonly host_max_block_ms?: number;
  /** A broken link typed into one open SKILL.md of the workspace, until its problem shows (the lint's 250 ms pause included). */
  readonly host_type_problem_ms?: number;
  /** The files the extension read meanwhile: all of them the edited skill's (the bench asserts it). */
  readonly host_type_files_read?: number;
}

/** The cold start in a real VS Code, then an edit typed into one skill, or nothing when it cannot run here. */
function hostFigures(skills: number): HostFigures {
  const run = spawnSync(
    process.execPath,
    [path.join(REPO, 'scripts', 'host', 'bench-host.mjs'), '--skills', String(skills), '--json'],
    { cwd: REPO, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  const line = run.stdout.trim().split('\n').at(-1) ?? '';
  try {
    const figures = JSON.parse(line) as Record<string, number>;
    return {
      host_ready_ms: figures.host_ready_ms,
      host_max_block_ms: figures.host_max_block_ms,
      host_type_problem_ms: figures.host_type_problem_ms,
      host_type_files_read: figures.host_type_files_read,
    };
  } catch {
    console.error(`bench: the host benchmark did not run (exit ${run.status}): ${run.stderr.slice(-500)}`);
    return {};
  }
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'skillsmith-bench-'));
  const small = fs.mkdtempSync(path.join(os.tmpdir(), 'skillsmith-bench-500-'));
  const hostRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'skillsmith-bench-hosts-'));
  const mcpRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'skillsmith-bench-mcp-'));
  try {
    const workspace = generateWorkspace(root, options.skills);
    const workspace500 = generateWorkspace(small, 500, 99);
    const mcpWorkspace = generateWorkspace(mcpRoot, 1000, 5);
    const hostWorkspace = generateWorkspace(hostRoot, options.skills, 7, [
      '.agents/skills',
      '.claude/skills',
      '.github/skills',
    ]);

    // Warm the page cache and the JIT once, then alternate floor and scan runs.
    await headReadFloor(workspace.skillFiles);
    await coldScan(root);
    const floors: number[] = [];
    const parseFloors: number[] = [];
    const scans: number[] = [];
    const scanBlocks: number[] = [];
    for (let i = 0; i < options.runs; i++) {
      floors.push(await timed(() => headReadFloor(workspace.skillFiles)));
      parseFloors.push(await timed(() => headReadAndParseFloor(workspace.skillFiles)));
      scans.push(await timed(() => coldScan(root)));
      scanBlocks.push(await longestBlockDuring(() => coldScan(root)));
    }

    const heapBefore = heapUsedMb();
    const catalog = await coldScan(root);
    const heapMb = heapUsedMb() - heapBefore;
    if (!(globalThis as { gc?: unknown }).gc)
      console.error('bench: run node with --expose-gc for a meaningful heap_mb');
    const bodiesHeld = JSON.stringify(catalog.entries().map((e) => e.record)).includes(BODY_MARKER);
    const action = await measureActionOverhead(options.runs * 8);
    const schemaChecks = measureSchemaChecks(options.runs);
    const cli = await cliFigures(root, options.runs);
    const mcp = await measureMcpStartup(REPO, mcpWorkspace.root, options.runs);
    const peakRssMb = cliPeakRssMb(root);
    const host = options.host ? hostFigures(options.skills) : {};
    const validate = measureValidateCorpora(REPO, options.runs);

    const figures = {
      skills: catalog.size,
      cold_scan_ms: round(median(scans), 1),
      floor_head_read_ms: round(median(floors), 1),
      cold_scan_ratio: round(median(scans) / median(floors), 2),
      floor_read_and_parse_ms: round(median(parseFloors), 1),
      scan_max_block_ms: round(median(scanBlocks), 1),
      cold_scan_ratio_to_parse_floor: round(median(scans) / median(parseFloors), 2),
      turn_listing_ms: round(turnListing(catalog), 5),
      one_change_ms: round(await oneChange(root, workspace.skillFiles, options.runs * 10), 3),
      one_change_ms_at_500: round(await oneChange(small, workspace500.skillFiles, options.runs * 10), 3),
      host_verdicts_one_change_ms: round(
        await hostVerdictsOneChange(hostRoot, hostWorkspace.skillFiles, options.runs * 10),
        3,
      ),
      lint_500_lines_ms: round(lint500Lines(options.runs), 3),
      heap_mb: round(heapMb, 1),
      bundle_kb: round(activationKb(), 1),
      lazy_actions_kb: round(bundleKb('lazy/actions.js'), 1),
      lazy_chat_kb: round(bundleKb('lazy/chat.js'), 1),
      action_overhead_ms: round(action.executorMs - action.bareMs, 2),
      action_run_ms: round(action.executorMs, 2),
      bare_spawn_ms: round(action.bareMs, 2),
      action_overhead_ratio: round(action.ratio, 3),
      schema_check_cold_ms: round(schemaChecks.coldMs, 2),
      schema_check_worst_ms: round(schemaChecks.worstMs, 2),
      ...cli,
      ...mcp,
      cli_peak_rss_mb: round(peakRssMb, 1),
      ...host,
      ...validate,
      bodies_held: bodiesHeld,
    };
    const targets: [string, boolean, string][] = [
      ['cold_scan_ms ≤ 1.5 × floor_head_read_ms', figures.cold_scan_ratio <= 1.5, `ratio ${figures.cold_scan_ratio}`],
      [
        'cold_scan_ms ≤ 1.5 × floor_read_and_parse_ms',
        figures.cold_scan_ratio_to_parse_floor <= 1.5,
        `ratio ${figures.cold_scan_ratio_to_parse_floor}`,
      ],
      [
        `scan_max_block_ms ≤ 2 × the ${SCAN_SLICE_MS} ms slice (the scan's own longest hold)`,
        figures.scan_max_block_ms <= 2 * SCAN_SLICE_MS,
        `ratio ${round(figures.scan_max_block_ms / SCAN_SLICE_MS, 2)}`,
      ],
      ['turn_listing_ms ≤ 0.1', figures.turn_listing_ms <= 0.1, `${figures.turn_listing_ms} ms`],
      ['one_change_ms ≤ 2', figures.one_change_ms <= 2, `${figures.one_change_ms} ms`],
      ['one_change_ms_at_500 ≤ 2', figures.one_change_ms_at_500 <= 2, `${figures.one_change_ms_at_500} ms`],
      [
        'one_change grows little with N (5000 vs 500)',
        figures.one_change_ms <= 2 * Math.max(figures.one_change_ms_at_500, 0.25),
        `ratio ${round(figures.one_change_ms / figures.one_change_ms_at_500, 2)}`,
      ],
      [
        'host_verdicts_one_change_ms ≤ 2 (3 hosts)',
        figures.host_verdicts_one_change_ms <= 2,
        `${figures.host_verdicts_one_change_ms} ms`,
      ],
      ['lint_500_lines_ms ≤ 2', figures.lint_500_lines_ms <= 2, `${figures.lint_500_lines_ms} ms`],
      ['bundle_kb ≤ 200 (extension.js + shared.js)', figures.bundle_kb <= 200, `${figures.bundle_kb} KiB`],
      [
        'action run ≤ 1.2 × bare spawn of the same script',
        figures.action_overhead_ratio <= 1.2,
        `ratio ${figures.action_overhead_ratio}`,
      ],
      [
        `schema_check_cold_ms ≤ ${SCHEMA_CHECK_BUDGET_MS} ms (the first check, re2js loading)`,
        figures.schema_check_cold_ms <= SCHEMA_CHECK_BUDGET_MS,
        `ratio ${round(figures.schema_check_cold_ms / SCHEMA_CHECK_BUDGET_MS, 2)}`,
      ],
      [
        `schema_check_worst_ms ≤ ${SCHEMA_CHECK_BUDGET_MS} ms (adversarial patterns, 256 KiB input)`,
        figures.schema_check_worst_ms <= SCHEMA_CHECK_BUDGET_MS,
        `ratio ${round(figures.schema_check_worst_ms / SCHEMA_CHECK_BUDGET_MS, 2)} (${schemaChecks.worstPattern})`,
      ],
      [
        'cli_list_ms ≤ 2 × cli_floor_ms (whole processes)',
        figures.cli_list_ratio <= 2,
        `ratio ${figures.cli_list_ratio}`,
      ],
      [
        "mcp_first_tools_list_ms ≤ 1.5 × the CLI's cold list (1,000 skills, whole processes)",
        figures.mcp_ratio_to_cli_list <= 1.5,
        `ratio ${figures.mcp_ratio_to_cli_list}`,
      ],
      ...(figures.host_max_block_ms !== undefined
        ? [
            [
              'host_max_block_ms ≤ 50 (extension host, cold start)',
              figures.host_max_block_ms <= 50,
              `${figures.host_max_block_ms} ms`,
            ] as [string, boolean, string],
          ]
        : []),
      ...(figures.validate_wide_ratio_to_skill_check !== undefined
        ? [
            [
              'validate corpus-wide ≤ 1.5 × skill-check 1.2.0 (whole processes)',
              figures.validate_wide_ratio_to_skill_check <= 1.5,
              `ratio ${figures.validate_wide_ratio_to_skill_check}`,
            ] as [string, boolean, string],
            [
              'validate --cache corpus-wide, warm ≤ 1.5 × reading its files',
              (figures.warm_wide_ratio_to_read_floor ?? Infinity) <= 1.5,
              `ratio ${figures.warm_wide_ratio_to_read_floor}`,
            ] as [string, boolean, string],
            [
              'validate --cache corpus-wide, warm ≤ 0.5 × skill-check 1.2.0',
              (figures.warm_wide_ratio_to_skill_check ?? Infinity) <= 0.5,
              `ratio ${figures.warm_wide_ratio_to_skill_check}`,
            ] as [string, boolean, string],
          ]
        : []),
      ...(figures.validate_scripts_ratio_to_floor !== undefined
        ? [
            [
              'validate corpus-scripts ≤ 2 × the scan floor (whole processes)',
              (figures.validate_scripts_ratio_to_scan_floor ?? Infinity) <= 2,
              `ratio ${figures.validate_scripts_ratio_to_scan_floor}`,
            ] as [string, boolean, string],
            [
              'validate --cache corpus-scripts, warm ≤ 1.5 × reading its files',
              (figures.warm_scripts_ratio_to_read_floor ?? Infinity) <= 1.5,
              `ratio ${figures.warm_scripts_ratio_to_read_floor}`,
            ] as [string, boolean, string],
            [
              'corpus-scripts: no file reported twice (mirrors)',
              figures.scripts_files_reported_twice === 0,
              `${figures.scripts_files_reported_twice} twice`,
            ] as [string, boolean, string],
          ]
        : []),
      ['no bodies held', !figures.bodies_held, figures.bodies_held ? 'bodies found in the catalog' : 'none'],
    ];
    if (!options.json) {
      console.log(`Skillsmith benchmark: ${figures.skills} skills, medians of ${options.runs} runs\n`);
      for (const [key, value] of Object.entries(figures)) console.log(`  ${key.padEnd(22)} ${value}`);
      console.log('\nTargets:');
      for (const [label, met, detail] of targets) console.log(`  ${met ? '✔' : '✖'} ${label.padEnd(46)} ${detail}`);
    }
    const met = targets.filter((t) => t[1]).length;
    if (options.json) console.log(JSON.stringify({ ...figures, targets_met: met, targets_total: targets.length }));
    else console.log(`\n${met} of ${targets.length} targets met`);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
    fs.rmSync(small, { recursive: true, force: true });
    fs.rmSync(hostRoot, { recursive: true, force: true });
    fs.rmSync(mcpRoot, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(`bench: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
