// The complete lint of many skill files on several threads, for `skillsmith validate` (docs/rules.md,
// "Speed"): one file's lint needs nothing from another's, and a run over a real repository is
// almost all lint (the scripts' and references' command scan, the exact token counts). This
// thread and the workers (lintWorkerMain.ts) take the next file from one shared counter, so that
// a thread never waits for another's turn and a large skill does not hold up the rest. Each
// file's outcome is plain data, put back in the files' order: the report is the same whichever
// thread linted what. A worker that cannot start or stops leaves its files to this thread.
import { Worker } from 'node:worker_threads';
import { joinPath, toNativePath } from '../core/base/paths';
import { validateSkill, type LintOutcome } from '../core/validate/skillValidation';
import type { FileSystem } from '../core/base/fileSystem';
import { tokenCounterOrNothing } from './o200k';
import { sha256Digest } from './sha256';

/** The worker's file beside this bundle (dist/lintWorker.js), or the unbundled module in tests. */
declare const SKILLSMITH_LINT_WORKER: string;

/** What every thread lints with, besides the file system. */
export interface PoolLintOptions {
  readonly unicodeNames: boolean;
  /** Keep what each lint read, for `validate --cache` (ValidateSkillOptions.recordInputs). */
  readonly recordInputs?: boolean;
}

export interface LintWorkerData {
  readonly options: PoolLintOptions;
}

/** What a worker is sent once the files are known. */
export interface LintWorkerTask {
  readonly files: readonly string[];
  /** Int32Array over a SharedArrayBuffer: [0] is the index of the next file to take. */
  readonly next: SharedArrayBuffer;
}

export type LintWorkerMessage =
  { readonly index: number; readonly outcome: LintOutcome } | { readonly warning: string };

/** The lint each thread runs on one file: the same options as the CLI's single thread. */
export function fileLinter(
  fs: FileSystem,
  options: PoolLintOptions,
  warn: (message: string) => void,
): (filePath: string) => Promise<LintOutcome> {
  const countTokens = tokenCounterOrNothing(warn);
  return (filePath) =>
    validateSkill(fs, filePath, {
      unicodeNames: options.unicodeNames,
      countTokens,
      digest: sha256Digest,
      recordInputs: options.recordInputs === true,
    });
}

/** Takes files from the shared counter until none is left, and hands each outcome on. */
export async function lintTaken(
  files: readonly string[],
  next: Int32Array,
  lint: (filePath: string) => Promise<LintOutcome>,
  deliver: (index: number, outcome: LintOutcome) => void,
): Promise<void> {
  for (let index = Atomics.add(next, 0, 1); index < files.length; index = Atomics.add(next, 0, 1))
    deliver(index, await lint(files[index]));
}

export interface PoolRun {
  /** `outcomes[i]` is `files[i]`'s. */
  readonly outcomes: LintOutcome[];
  /** How many of the files the workers linted (the rest were linted on this thread). */
  readonly byWorkers: number;
}

/**
 * Threads that lint skill files, this one among them. The workers start (and load the lint)
 * when the pool is made, so that they are ready once the files are found; `lint` shares the
 * files out, `close` ends the workers. This thread reads through the file system it is given,
 * the workers through the disk (BatchNodeFileSystem): give more than one thread only with a
 * file system over the disk. Warnings (a tokenizer missing) are said once each, whichever
 * thread met them.
 */
export class LintPool {
  private readonly workers: Worker[] = [];
  private readonly running: Set<Worker>;
  private readonly said = new Set<string>();
  /** What the workers' messages go to during a lint. */
  private onOutcome: (index: number, outcome: LintOutcome) => void = () => undefined;
  private wake: () => void = () => undefined;

  constructor(
    threads: number,
    private readonly options: PoolLintOptions,
    private readonly warn: (message: string) => void,
    workerFile = toNativePath(joinPath(__dirname, SKILLSMITH_LINT_WORKER)),
  ) {
    for (let i = 1; i < threads; i++) {
      try {
        this.workers.push(new Worker(workerFile, { workerData: { options } satisfies LintWorkerData }));
      } catch {
        break;
      }
    }
    this.running = new Set(this.workers);
    for (const worker of this.workers) {
      worker.on('message', (message: LintWorkerMessage) => {
        if ('warning' in message) this.warnOnce(message.warning);
        else this.onOutcome(message.index, message.outcome);
        this.wake();
      });
      // A worker that fails to start (its file missing) or dies has its files linted here after.
      const ended = () => {
        this.running.delete(worker);
        this.wake();
      };
      worker.on('error', ended);
      worker.on('exit', ended);
    }
  }

  /** Lints every file; `outcomes[i]` is `files[i]`'s. */
  async lint(fs: FileSystem, files: readonly string[]): Promise<PoolRun> {
    const outcomes: (LintOutcome | undefined)[] = new Array<LintOutcome | undefined>(files.length);
    let left = files.length;
    let byWorkers = 0;
    const next = new SharedArrayBuffer(4);
    this.onOutcome = (index, outcome) => {
      if (outcomes[index] !== undefined) return;
      outcomes[index] = outcome;
      left--;
      byWorkers++;
    };
    for (const worker of this.running) worker.postMessage({ files, next } satisfies LintWorkerTask);
    const lint = fileLinter(fs, this.options, (message) => this.warnOnce(message));
    await lintTaken(files, new Int32Array(next), lint, (index, outcome) => {
      outcomes[index] = outcome;
      left--;
    });
    // Every file is taken; wait for those a worker took, unless it ended without them.
    while (left > 0 && this.running.size > 0) await new Promise<void>((resolve) => (this.wake = resolve));
    for (let index = 0; index < files.length; index++) outcomes[index] ??= await lint(files[index]);
    this.onOutcome = () => undefined;
    return { outcomes: outcomes as LintOutcome[], byWorkers };
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.terminate()));
  }

  private warnOnce(message: string): void {
    if (this.said.has(message)) return;
    this.said.add(message);
    this.warn(message);
  }
}
