// Polling for state that settles asynchronously (diagnostics, watcher events,
// model registration). Tests wait for a condition instead of sleeping.

export interface WaitOptions {
  /** Give up after this long; default 10 s. */
  timeout?: number;
  /** Poll every this many ms; default 50. */
  interval?: number;
  /** Says what was awaited, for the timeout error. */
  message?: string;
}

/**
 * Calls `predicate` until it returns a truthy value (which is returned) or the
 * timeout passes. A throwing predicate counts as "not yet"; its last error is
 * quoted in the timeout error.
 */
export async function waitFor<T>(predicate: () => T | Promise<T>, options: WaitOptions = {}): Promise<NonNullable<T>> {
  const { timeout = 10_000, interval = 50, message = 'condition' } = options;
  const deadline = Date.now() + timeout;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await predicate();
      if (value) return value;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() >= deadline) {
      const cause = lastError instanceof Error ? `; last error: ${lastError.message}` : '';
      throw new Error(`timed out after ${timeout} ms waiting for ${message}${cause}`);
    }
    await sleep(interval);
  }
}

/** Resolves after `ms` milliseconds. */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
