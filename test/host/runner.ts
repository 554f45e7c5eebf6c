// A tiny sequential test runner for the extension host (mocha would be one more
// dependency and one more reporter to bridge). A test module exports
// `tests: HostTest[]`; each test gets a timeout and is reported to the runner.
import { basename } from 'path';
import { report } from './channel';

export interface HostTest {
  name: string;
  fn: () => unknown;
  /** Per-test timeout; default 20 s. */
  timeoutMs?: number;
}

export interface Totals {
  passed: number;
  failed: number;
}

const DEFAULT_TIMEOUT_MS = 20_000;

function errorText(error: unknown): { error: string; stack?: string } {
  if (error instanceof Error) return { error: error.message.split('\n').join(' | '), stack: error.stack };
  return { error: String(error) };
}

async function runOne(test: HostTest): Promise<void> {
  const timeoutMs = test.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    await Promise.race([Promise.resolve().then(test.fn), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function loadTests(modulePath: string): HostTest[] {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const loaded = require(modulePath) as { tests?: HostTest[] };
  if (!Array.isArray(loaded.tests)) throw new Error(`${modulePath} does not export \`tests: HostTest[]\``);
  if (loaded.tests.length === 0) throw new Error(`${modulePath} exports no test`);
  return loaded.tests;
}

/** Runs every test of `modulePaths` in order; `grep` keeps tests whose name contains it. */
export async function runModules(modulePaths: string[], grep?: string): Promise<Totals> {
  const totals: Totals = { passed: 0, failed: 0 };
  for (const modulePath of modulePaths) {
    const moduleName = basename(modulePath).replace(/\.js$/, '');
    report({ event: 'module', name: moduleName });
    let tests: HostTest[];
    try {
      tests = loadTests(modulePath);
    } catch (error) {
      totals.failed++;
      report({ event: 'fail', name: `load ${moduleName}`, ...errorText(error) });
      continue;
    }
    for (const test of tests) {
      if (grep && !test.name.includes(grep)) continue;
      const started = Date.now();
      try {
        await runOne(test);
        totals.passed++;
        report({ event: 'pass', name: test.name, ms: Date.now() - started });
      } catch (error) {
        totals.failed++;
        report({ event: 'fail', name: test.name, ...errorText(error) });
      }
    }
  }
  return totals;
}
