// How many threads `skillsmith validate` lints on by default: apart from the lint pool
// (lintPool.ts), so that reading the option does not load the lint.
import { availableParallelism } from 'node:os';

/**
 * A cap on the default: each thread loads the lint and warms its own compiled code and token
 * cache, which is paid again per thread (measured on 2 cores only: docs/rules.md, "Speed").
 */
export const MAX_LINT_THREADS = 4;

/** The default number of threads: the machine's cores, up to MAX_LINT_THREADS. */
export function defaultLintThreads(): number {
  return Math.max(1, Math.min(MAX_LINT_THREADS, availableParallelism()));
}
