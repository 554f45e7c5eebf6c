// Runs the selected suites one after another and owns process-wide teardown:
// SIGINT/SIGTERM and process exit stop every code-server tree and Chromium we started.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { provision } from './provision.mjs';
import { runSuite } from './runSuite.mjs';
import { descendantsOf, killTreeNow } from './processTree.mjs';

export const REPO_ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));

async function loadSuites() {
  const { suites } = await import(pathToFileURL(join(REPO_ROOT, 'test', 'host', 'suites.mjs')).href);
  return suites;
}

function selectSuites(all, { names, screenshots }) {
  // Benchmark suites (`bench: true`) run only when named: they measure, they do not test.
  if (names.length > 0) {
    const unknown = names.filter((name) => !all.some((suite) => suite.name === name));
    if (unknown.length)
      throw new Error(`unknown suite(s): ${unknown.join(', ')}; known: ${all.map((s) => s.name).join(', ')}`);
    return all.filter((suite) => names.includes(suite.name));
  }
  // Screenshot suites write into media/; they run only when asked for.
  return all.filter((suite) => !suite.bench && Boolean(suite.screenshots) === Boolean(screenshots));
}

/**
 * Runs host suites; resolves with the process exit code. Prints `N passed, N failed`
 * as its very last line. options: {names, grep, keep, timeoutMs, outDir, screenshotsDir,
 * onFigures(suiteName, figures) for the figures a benchmark suite reports}
 */
export async function runHostTests(options) {
  const print = (line) => console.log(line);
  const started = Date.now();
  const active = new Map(); // teardown -> () => code-server pid
  let runRoot;
  let previousTmp;

  const killEverythingNow = () => {
    for (const pidOf of active.values()) {
      const pid = pidOf();
      if (pid) killTreeNow(pid);
    }
    for (const pid of descendantsOf(process.pid)) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        /* gone */
      }
    }
  };
  const onSignal = async (signal) => {
    print(`[host] ${signal}: stopping code-server and Chromium`);
    const timer = setTimeout(() => {
      killEverythingNow();
      process.exit(1);
    }, 10_000);
    await Promise.allSettled([...active.keys()].map((teardown) => teardown()));
    clearTimeout(timer);
    killEverythingNow();
    if (runRoot && !options.keep) rmSync(runRoot, { recursive: true, force: true });
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  process.once('exit', killEverythingNow);

  let passed = 0;
  let failed = 0;
  // Repeated at the very end, after the logs, so that a CI page that shows only its tail names them.
  const failures = [];
  try {
    const suites = selectSuites(await loadSuites(), {
      names: options.names,
      screenshots: Boolean(options.screenshotsDir),
    });
    if (suites.length === 0) throw new Error('no suite selected');
    const layout = await provision({ log: print });
    runRoot = mkdtempSync(join(tmpdir(), 'skillsmith-host-'));
    // Playwright puts Chromium's profile under os.tmpdir(): keep that inside too (until the end).
    mkdirSync(join(runRoot, 'tmp'));
    previousTmp = { value: process.env.TMPDIR };
    process.env.TMPDIR = join(runRoot, 'tmp');
    const ctx = {
      layout,
      repoRoot: REPO_ROOT,
      runRoot,
      outDir: options.outDir,
      timeoutMs: options.timeoutMs,
      screenshotsDir: options.screenshotsDir,
      grep: options.grep,
      print,
      track: (teardown, pidOf) => {
        active.set(teardown, pidOf);
        return () => active.delete(teardown);
      },
    };
    for (const suite of suites) {
      const tally = await runSuite(suite, ctx);
      if (tally.figures) options.onFigures?.(suite.name, tally.figures);
      passed += tally.passed;
      failed += tally.failed;
      failures.push(...tally.failures.map((failure) => ({ ...failure, suite: suite.name })));
    }
    if (passed + failed === 0) {
      print(`✖ no test ran${options.grep ? `: none matches --grep=${options.grep}` : ''}`);
      failed++;
    }
  } catch (error) {
    print(`✖ host tests could not run: ${error.message}`);
    failed++;
  }
  if (previousTmp) {
    if (previousTmp.value === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previousTmp.value;
  }
  if (runRoot) {
    if (options.keep) print(`[host] kept ${runRoot}`);
    else rmSync(runRoot, { recursive: true, force: true });
  }
  if (failures.length > 0) {
    print(`[host] ${failures.length} failed:`);
    for (const failure of failures) {
      print(`  ✖ ${failure.suite} › ${failure.name}: ${failure.error}`);
      for (const line of failure.where) print(`      ${line}`);
    }
  }
  print(`[host] finished in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  print(`${passed} passed, ${failed} failed`);
  return failed > 0 ? 1 : 0;
}

/** Parses the options shared by run-host-tests.mjs and screenshot.mjs. */
export function parseArgs(argv) {
  const options = {
    names: [],
    grep: undefined,
    keep: false,
    timeoutMs: 5 * 60_000,
    outDir: 'out-host',
    screenshotsDir: undefined,
  };
  for (const arg of argv) {
    const [flag, value] = arg.includes('=')
      ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]
      : [arg, undefined];
    if (flag === '--suite') options.names.push(value);
    else if (flag === '--grep') options.grep = value;
    else if (flag === '--keep') options.keep = true;
    else if (flag === '--timeout') options.timeoutMs = Number(value) * 1000;
    else if (flag === '--out-dir') options.outDir = value;
    else if (flag === '--screenshots')
      options.screenshotsDir = resolve(value ?? join(REPO_ROOT, 'media', 'screenshots'));
    else throw new Error(`unknown option ${arg}`);
  }
  if (!(options.timeoutMs > 0)) throw new Error('--timeout=SECONDS must be a positive number');
  return options;
}
