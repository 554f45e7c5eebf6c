// Token counts for `skillsmith validate` on a thread of their own (docs/rules.md, "Speed"): the
// exact o200k count of every long body was a third of a validate run, and it needs nothing from
// the rest of the lint. The lint hands each body over before it lints the file
// (LintOptions.prepareTokenCount) and asks for its count when the rule runs; a count the thread
// could not give (no worker file beside the CLI, a failure) is worked out here, as before.
import { Worker } from 'node:worker_threads';
import { joinPath, toNativePath } from '../core/base/paths';
import type { CountReply, CountRequest } from './tokenWorkerMain';

/** The worker's file beside this bundle (dist/tokenWorker.js), or the unbundled module in tests. */
declare const SKILLSMITH_TOKEN_WORKER: string;

export class BackgroundTokenCounter {
  private worker: Worker | undefined;
  /** False once the thread failed or could not start: every count is then worked out here. */
  private usable = true;
  private nextId = 0;
  private readonly pending = new Map<number, { readonly key: string; readonly done: () => void }>();
  /** Counts the thread gave, by text, until the rule asks for them. */
  private readonly counted = new Map<string, number>();
  /** The texts sent and not yet asked for, with the promise of their count. */
  private readonly queued = new Map<string, Promise<void>>();

  constructor(
    private readonly countHere: (text: string, limit: number) => number,
    private readonly limit: number,
    private readonly workerFile = toNativePath(joinPath(__dirname, SKILLSMITH_TOKEN_WORKER)),
  ) {}

  /**
   * Has the thread count `text` up to the limit; settles when the count is in (or will be worked
   * out here). Asked again for a text on its way, it gives the same promise: a caller can queue
   * every body first, so that the thread counts ahead of the lint.
   */
  prepare = (text: string): Promise<void> => {
    const queued = this.queued.get(text);
    if (queued) return queued;
    const worker = this.start();
    if (!worker) return Promise.resolve();
    const id = this.nextId++;
    const promise = new Promise<void>((resolve) => {
      // Held while a count is awaited (the process must not end before it comes), let go after.
      if (this.pending.size === 0) worker.ref();
      this.pending.set(id, { key: text, done: resolve });
      worker.postMessage({ id, text, limit: this.limit } satisfies CountRequest);
    });
    this.queued.set(text, promise);
    return promise;
  };

  /** Starts the thread and its tokenizer now (it takes a while to load), before any text is sent. */
  warmUp(): void {
    this.prepare('').catch(() => undefined);
  }

  /** countTokens for the lint: the thread's count when it gave one for this text and limit. */
  count = (text: string, limit: number): number => {
    const counted = limit === this.limit ? this.counted.get(text) : undefined;
    this.queued.delete(text);
    if (counted === undefined) return this.countHere(text, limit);
    this.counted.delete(text);
    return counted;
  };

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    this.usable = false;
    this.settleAll();
    if (worker) await worker.terminate();
  }

  private start(): Worker | undefined {
    if (!this.usable) return undefined;
    if (this.worker) return this.worker;
    try {
      const worker = new Worker(this.workerFile);
      worker.unref();
      worker.on('message', (reply: CountReply) => {
        const waiting = this.pending.get(reply.id);
        if (!waiting) return;
        this.pending.delete(reply.id);
        if (this.pending.size === 0) worker.unref();
        if ('count' in reply) this.counted.set(waiting.key, reply.count);
        waiting.done();
      });
      // A thread that fails (its file missing, the tokenizer missing) leaves every count to this one.
      const fail = () => {
        this.usable = false;
        this.worker = undefined;
        this.settleAll();
      };
      worker.on('error', fail);
      worker.on('exit', fail);
      this.worker = worker;
      return worker;
    } catch {
      this.usable = false;
      return undefined;
    }
  }

  private settleAll(): void {
    for (const { done } of this.pending.values()) done();
    this.pending.clear();
  }
}
