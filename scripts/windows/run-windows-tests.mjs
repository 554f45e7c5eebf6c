// `npm run test:windows`: runs the unit tests with Windows semantics (path.win32, C:\ drives,
// backslashes, a case-insensitive disk): the official Windows Node 22 under Wine, offline.
// Expects dist/ (the CLI the tests spawn) and the transpiled tests (--out-dir, default out-win).
// Options: --out-dir=DIR  --timeout=SECONDS (whole run, default 1500: CI's last run took 688 s, and a
// loaded 2-core machine about twice that; the cap is there to end a hung Wine, not to time the tests)
import { closeSync, existsSync, openSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { WINE, provision, wineEnv } from './provision.mjs';
import { countResults, parseTap, wineSpawnFailures } from './tap.mjs';
import { killTree, killTreeNow } from '../host/processTree.mjs';

const REPO = fileURLToPath(new URL('../..', import.meta.url));
const option = (name, fallback) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const outDir = resolve(REPO, option('out-dir', 'out-win'));
const timeoutMs = Number(option('timeout', '1500')) * 1000;
const rel = (p) => relative(REPO, p) || '.';

function fail(message) {
  console.error(`[windows] ${message}`);
  process.exit(1);
}

const countTestFiles = (dir) =>
  !existsSync(dir) ? 0 : readdirSync(dir, { recursive: true }).filter((f) => String(f).endsWith('.test.js')).length;
// The unit tests, the fuzz tests (test/fuzz: the slow property tests) and the integration tests
// (test/integration: whole processes talking to each other), the last two apart so that the unit
// suite stays fast, all run under Windows semantics.
const testFiles = ['unit', 'fuzz', 'integration'].reduce(
  (sum, dir) => sum + countTestFiles(join(outDir, 'test', dir)),
  0,
);
if (testFiles === 0)
  fail(
    `no compiled unit tests in ${rel(outDir)}/test/unit: run node scripts/build.mjs --tests --outdir=${rel(outDir)}`,
  );
// The tests rebuild a missing CLI with esbuild, whose Linux binary the Windows Node cannot run.
if (!existsSync(join(REPO, 'dist', 'cli.js'))) fail('dist/cli.js is missing: run node scripts/build.mjs first');

const started = Date.now();
const seconds = () => ((Date.now() - started) / 1000).toFixed(1);
let layout;
try {
  layout = await provision();
} catch (error) {
  fail(`provisioning failed: ${error.message}`);
}
console.log(`[windows] ready in ${seconds()} s; running ${testFiles} test files under Wine (cache: ${layout.root})`);

// Wine cannot hand Node a pipe: stdout and stderr go to files. Detached, so the run (and the
// node.exe children it starts, which Wine reparents but keeps in our process group) can be killed.
let stopCurrent = () => {};
process.on('exit', () => stopCurrent());
for (const sig of ['SIGINT', 'SIGTERM'])
  process.on(sig, () => {
    stopCurrent();
    process.exit(130);
  });

/** Runs node.exe --test on `files` (globs or paths) with TAP into `tapFile`; resolves with how it ended. */
async function runUnderWine(files, tapFile, errFile, budgetMs) {
  const [tapFd, errFd] = [openSync(tapFile, 'w'), openSync(errFile, 'w')];
  const child = spawn(
    WINE,
    [layout.nodeExe, '--enable-source-maps', '--test', '--test-timeout=240000', '--test-reporter=tap', ...files],
    { cwd: REPO, env: wineEnv(layout), stdio: ['ignore', tapFd, errFd], detached: true },
  );
  closeSync(tapFd);
  closeSync(errFd);
  let running = true;
  stopCurrent = () => {
    if (running) killTreeNow(child.pid);
  };
  const readTap = () => {
    try {
      return readFileSync(tapFile, 'utf8');
    } catch {
      return '';
    }
  };
  const heartbeat = setInterval(() => {
    console.log(`[windows] ${seconds()} s: ${readTap().match(/^ *(not )?ok \d+/gm)?.length ?? 0} results so far`);
  }, 15_000);
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    killTree(child.pid);
  }, budgetMs);
  const [code, signal] = await new Promise((done) => {
    child.on('error', (error) => {
      console.error(`[windows] could not start ${WINE}: ${error.message}`);
      done([null, 'error']);
    });
    child.on('exit', (c, s) => done([c, s]));
  });
  running = false;
  clearInterval(heartbeat);
  clearTimeout(timer);
  return { code, signal, timedOut, tap: readTap() };
}

const tapFile = join(outDir, 'windows-tap.txt');
const errFile = join(outDir, 'windows-stderr.txt');
// Globs: Windows Node does not expand a folder.
const globs = ['unit', 'fuzz', 'integration'].map((dir) => `${rel(outDir)}/test/${dir}/**/*.test.js`);
const { code, signal, timedOut, tap } = await runUnderWine(globs, tapFile, errFile, timeoutMs);

// Report: each failing test with its error and location, then the counts.
const { tests, plan, summary, bailOut } = parseTap(tap);
const { passed, skipped, todo, emptyFiles } = countResults(tests);
let { failed } = countResults(tests);
// Wine's `spawn UNKNOWN` (see wineSpawnFailures): those files run once more, and only a clean
// second run lets their failures go; the output says which files and why.
const spawnFlakes = timedOut || bailOut ? { flaky: [], files: [] } : wineSpawnFailures(failed);
const retryNotes = [];
if (spawnFlakes.files.length > 0) {
  console.log(
    `\n[windows] ${spawnFlakes.flaky.length} failed with Wine's "spawn UNKNOWN" (Wine could not start a process): running ${spawnFlakes.files.join(', ')} once more`,
  );
  const again = await runUnderWine(
    spawnFlakes.files.map((f) => `${rel(outDir)}/${f.replace(/\.ts$/, '.js')}`),
    join(outDir, 'windows-retry-tap.txt'),
    join(outDir, 'windows-retry-stderr.txt'),
    timeoutMs,
  );
  const retried = countResults(parseTap(again.tap).tests);
  const clean = !again.timedOut && again.code === 0 && retried.failed.length === 0 && retried.passed.length > 0;
  if (clean) {
    failed = failed.filter((t) => !spawnFlakes.flaky.includes(t));
    retryNotes.push(
      `${spawnFlakes.flaky.map((t) => t.name).join('; ')}: failed with "spawn UNKNOWN", passed when ${spawnFlakes.files.join(', ')} ran again (${retried.passed.length} passed)`,
    );
  } else {
    retryNotes.push(
      `running ${spawnFlakes.files.join(', ')} again did not pass (${retried.failed.length} failed${again.timedOut ? ', timed out' : ''}): see ${rel(join(outDir, 'windows-retry-tap.txt'))}`,
    );
  }
}
const toLinux = (p) => String(p).replace(/^Z:/i, '').replaceAll('\\', '/');
const where = (p) => {
  const linux = toLinux(p);
  return linux.startsWith('/') ? relative(REPO, linux) : linux;
};
for (const t of failed) {
  console.log(`\nnot ok: ${t.name}`);
  const frame = t.diag.stack
    ?.split('\n')
    .find((l) => /[\\/]test[\\/]/.test(l))
    ?.match(/\(?([A-Za-z]:\\[^)]*|\/[^)]*)\)?$/)?.[1];
  if (t.diag.location || frame)
    console.log(
      `  at ${where(frame ?? t.diag.location)}${frame && t.diag.location ? ` (test at ${where(t.diag.location)})` : ''}`,
    );
  if (t.diag.failureType && t.diag.failureType !== 'testCodeFailure')
    console.log(`  failure type: ${t.diag.failureType}`);
  const message = String(t.diag.error ?? '(no error message)').split('\n');
  for (const line of message.slice(0, 12)) console.log(`  | ${line}`);
  if (message.length > 12) console.log(`  | ... (${message.length - 12} more lines in ${rel(tapFile)})`);
}
const stderrTail = () => {
  // the head says what crashed, the tail where
  const lines = readFileSync(errFile, 'utf8').trimEnd().split('\n');
  if (lines.length <= 50) return lines.join('\n') || '(stderr is empty)';
  return [...lines.slice(0, 20), `... (${lines.length - 45} lines left out)`, ...lines.slice(-25)].join('\n');
};
const problems = [];
if (timedOut) problems.push(`the run exceeded ${timeoutMs / 1000} s and was killed`);
if (bailOut) problems.push(`TAP bailed out: ${bailOut}`);
if (plan === null)
  problems.push(
    `node.exe ended (${signal ?? `exit ${code}`}) without a TAP plan: it crashed or was killed before finishing`,
  );
else if (plan !== tests.filter((t) => t.depth === 0).length)
  problems.push(`the TAP plan announced ${plan} tests but ${tests.filter((t) => t.depth === 0).length} reported`);
for (const t of emptyFiles) problems.push(`${where(t.name)} ran no tests`);
if (passed.length + failed.length === 0)
  problems.push('0 tests ran: a suite that runs nothing is a defect, not a pass');
if (code !== 0 && countResults(tests).failed.length === 0 && problems.length === 0)
  problems.push(`node.exe exited with ${signal ?? `code ${code}`} although no test failed`);
if (problems.length > 0) {
  for (const p of problems) console.log(`\n[windows] FAILED: ${p}`);
  console.log(`[windows] stderr (${rel(errFile)}):\n${stderrTail()}`);
}
console.log(
  `\n[windows] ${seconds()} s in all (node: ${((summary.duration_ms ?? 0) / 1000).toFixed(1)} s); TAP: ${rel(tapFile)}, stderr: ${rel(errFile)}`,
);
for (const note of retryNotes) console.log(`[windows] retried: ${note}`);
for (const t of skipped) console.log(`skipped: ${t.name}: ${t.reason || '(no reason given)'}`);
if (todo.length > 0) console.log(`${todo.length} todo: ${todo.map((t) => t.name).join('; ')}`);
console.log(
  `${passed.length} passed, ${failed.length} failed, ${skipped.length} skipped${retryNotes.length > 0 ? `, ${spawnFlakes.flaky.length} retried for Wine's "spawn UNKNOWN"` : ''}`,
);
process.exit(failed.length > 0 || problems.length > 0 ? 1 : 0);
