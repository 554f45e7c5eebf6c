// Runs every trial of an impact run (docs/impact.md): each eval, N trials, both arms, at most
// `concurrency` at once. Trial i of the arm with the skill and trial i of the arm without it
// are started one after the other, so that a pair runs under the same conditions (a model's
// load, a rate limit) and drift over a long run falls on both arms alike. An attempt that ends in
// an error is tried again after a backoff (a rate limit's own wait when the host gave one), up
// to `maxAttempts`; the last error stands, counted apart from the fails.
import { sleep as sleepFor, type CancellationToken, NEVER_CANCELLED } from '../base/cancellation';
import { forEachConcurrent } from '../base/concurrency';
import type { ImpactEval } from './impactEvals';
import type { TrialOutcome } from './impactStatistics';
import { ARMS, outcomeOf, retryable, type Arm, type TrialError, type TrialReport } from './impactTrial';

export interface TrialRunner {
  /** One attempt of trial `trial` (0-based) of `evalCase` in `arm`; never rejects for a host's failure. */
  run(evalCase: ImpactEval, arm: Arm, trial: number, token: CancellationToken): Promise<TrialReport>;
}

export interface TrialRecord {
  readonly evalId: string;
  readonly arm: Arm;
  readonly trial: number;
  readonly outcome: TrialOutcome;
  /** Attempts made (0 when the run was cancelled before it started). */
  readonly attempts: number;
  /** The last attempt's report; undefined when none started. */
  readonly report: TrialReport | undefined;
  /** The errors of the attempts that were tried again. */
  readonly retried: readonly TrialError[];
}

export interface ImpactProgress {
  readonly done: number;
  readonly total: number;
  /** Trials that ended in an error (after their retries). */
  readonly errors: number;
  /** Attempts tried again so far. */
  readonly retries: number;
  readonly elapsedMs: number;
  /** From the mean time of the trials done; undefined before the first. */
  readonly remainingMs: number | undefined;
}

export interface ImpactRunOptions {
  readonly trials: number;
  readonly concurrency: number;
  /** Attempts per trial, the first included; default 3. */
  readonly maxAttempts?: number;
  /** The first retry's wait; doubled for each further one (default 2 s). */
  readonly backoffMs?: number;
  readonly token?: CancellationToken;
  readonly onProgress?: (progress: ImpactProgress) => void;
  readonly onTrial?: (record: TrialRecord) => void;
  /** Injected for tests: the wait between attempts, and the clock. */
  readonly sleep?: (ms: number, token: CancellationToken) => Promise<void>;
  readonly now?: () => number;
}

export const DEFAULT_MAX_ATTEMPTS = 3;
const DEFAULT_BACKOFF_MS = 2000;
/** No wait, a host's retry-after included, is longer than this. */
const MAX_BACKOFF_MS = 120_000;

/** Every trial's record, in the order eval, trial, arm. */
export async function runImpact(
  evals: readonly ImpactEval[],
  runner: TrialRunner,
  options: ImpactRunOptions,
): Promise<TrialRecord[]> {
  const token = options.token ?? NEVER_CANCELLED;
  const now = options.now ?? Date.now;
  const wait = options.sleep ?? sleepFor;
  const maxAttempts = Math.max(1, options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS);
  const backoff = options.backoffMs ?? DEFAULT_BACKOFF_MS;
  const items = evals.flatMap((evalCase) =>
    Array.from({ length: options.trials }, (_, trial) => ARMS.map((arm) => ({ evalCase, trial, arm }))).flat(),
  );
  const records: (TrialRecord | undefined)[] = items.map(() => undefined);
  const started = now();
  let done = 0;
  let errors = 0;
  let retries = 0;
  let busyMs = 0;
  const progress = () => {
    const elapsedMs = now() - started;
    // Trials run `concurrency` at once: the time left is the work left over the lanes.
    const lanes = Math.max(1, Math.min(options.concurrency, items.length));
    const remainingMs = done === 0 ? undefined : Math.round(((busyMs / done) * (items.length - done)) / lanes);
    options.onProgress?.({ done, total: items.length, errors, retries, elapsedMs, remainingMs });
  };
  progress();
  await forEachConcurrent(
    items,
    options.concurrency,
    async ({ evalCase, trial, arm }, index) => {
      const t0 = now();
      const retried: TrialError[] = [];
      let report: TrialReport | undefined;
      let attempts = 0;
      while (attempts < maxAttempts && !token.isCancellationRequested) {
        attempts++;
        report = await runner.run(evalCase, arm, trial, token);
        if (report.kind !== 'error' || !retryable(report.error) || attempts >= maxAttempts) break;
        retried.push(report.error);
        retries++;
        progress();
        const ms = Math.min(MAX_BACKOFF_MS, Math.max(backoff * 2 ** (attempts - 1), report.error.retryAfterMs ?? 0));
        try {
          await wait(ms, token);
        } catch {
          break; // cancelled while waiting
        }
      }
      const outcome: TrialOutcome = report ? outcomeOf(arm, report) : 'error';
      const record: TrialRecord = { evalId: evalCase.id, arm, trial, outcome, attempts, report, retried };
      records[index] = record;
      done++;
      busyMs += now() - t0;
      if (outcome === 'error') errors++;
      options.onTrial?.(record);
      progress();
    },
    () => token.isCancellationRequested,
  );
  // A cancelled run leaves some trials unstarted: they are errors of kind `cancelled`, never scored.
  return items.map(
    ({ evalCase, trial, arm }, index) =>
      records[index] ?? {
        evalId: evalCase.id,
        arm,
        trial,
        outcome: 'error',
        attempts: 0,
        report: undefined,
        retried: [],
      },
  );
}
