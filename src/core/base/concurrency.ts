// Bounded parallelism for file reads (enough in flight to keep the disk busy, few enough that
// thousands of skills never exhaust file handles), and time slicing for synchronous work.

/** Runs `work` over every item with at most `limit` running at once; keeps input order. */
export async function mapConcurrent<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/**
 * Runs `work` over the items, at most `limit` at once, taking items in order; once `stop()`
 * says so (a cancelled run), no new item starts and the ones running finish.
 */
export async function forEachConcurrent<T>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<void>,
  stop: () => boolean = () => false,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length && !stop()) {
      const index = next++;
      await work(items[index], index);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
}

/** A gate that runs at most `limit` tasks at once, in the order they were given. */
export function createLimiter(limit: number): <T>(task: () => Promise<T>) => Promise<T> {
  let active = 0;
  const waiting: (() => void)[] = [];
  let head = 0;
  const startNext = () => {
    if (active >= limit || head >= waiting.length) return;
    active++;
    waiting[head++]();
    if (head === waiting.length) {
      waiting.length = 0;
      head = 0;
    }
  };
  return <T>(task: () => Promise<T>) =>
    new Promise<T>((resolve, reject) => {
      waiting.push(() => {
        task()
          .then(resolve, reject)
          .finally(() => {
            active--;
            startNext();
          });
      });
      startNext();
    });
}

/**
 * Splits long synchronous work into slices of at most `sliceMs`: `due()` says when a slice
 * is over, and `pause()` lets the event loop run (timers, other extensions' messages) before
 * the next one. A scan of thousands of files then never blocks the loop for long.
 *
 * Every slicer of the process measures from the same moment: when the event loop last got
 * its turn back from any of them. A scan runs slicers one after the other and inside each
 * other (discovery, bulk reads, analysis, the catalog's swap); each starting its own count
 * would let the loop wait for the sum of their slices.
 */
export function createTimeSlicer(sliceMs: number): { due(): boolean; pause(): Promise<void> } {
  return processSlices(sliceMs);
}

/**
 * A slicer factory whose slicers share one clock `now`; createTimeSlicer uses the process's
 * (performance.now). A slicer made STALE_SLICES slices or more after the last pause belongs
 * to a new task of the event loop (sliced work never runs that long without a pause), so
 * it starts a new slice, rather than pausing before its first step: a single file event
 * then costs no extra turn of the loop.
 */
export function createSliceClock(now: () => number): (sliceMs: number) => { due(): boolean; pause(): Promise<void> } {
  let sliceStarted = now();
  return (sliceMs) => {
    if (now() - sliceStarted >= STALE_SLICES * sliceMs) sliceStarted = now();
    return {
      due: () => now() - sliceStarted >= sliceMs,
      pause: () =>
        new Promise<void>((resolve) =>
          setImmediate(() => {
            sliceStarted = now();
            resolve();
          }),
        ),
    };
  };
}

const STALE_SLICES = 4;

const processSlices = createSliceClock(() => performance.now());
