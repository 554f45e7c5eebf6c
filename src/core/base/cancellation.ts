// Cancellation in the core: the subset of `vscode.CancellationToken` that the agent loop, the
// executor and the routing runs need (a VS Code token fits as is), a token that never fires,
// and a source for callers that cancel by hand (the CLI on Ctrl-C, tests).

export interface CancellationToken {
  readonly isCancellationRequested: boolean;
  onCancellationRequested(listener: () => void): { dispose(): void };
}

/** A token that never fires. */
export const NEVER_CANCELLED: CancellationToken = {
  isCancellationRequested: false,
  onCancellationRequested: () => ({ dispose: () => undefined }),
};

/** A token and the function that fires it (once; later calls do nothing). */
export function createCancellationSource(): { readonly token: CancellationToken; cancel(): void } {
  const listeners = new Set<() => void>();
  let cancelled = false;
  return {
    token: {
      get isCancellationRequested() {
        return cancelled;
      },
      onCancellationRequested(listener) {
        listeners.add(listener);
        return { dispose: () => listeners.delete(listener) };
      },
    },
    cancel() {
      if (cancelled) return;
      cancelled = true;
      for (const listener of [...listeners]) listener();
    },
  };
}

/** Waits `ms`, or rejects with "cancelled" as soon as the token fires. */
export function sleep(ms: number, token: CancellationToken = NEVER_CANCELLED): Promise<void> {
  return new Promise((resolve, reject) => {
    if (token.isCancellationRequested) return reject(new Error('cancelled'));
    const timer = setTimeout(() => {
      cancel.dispose();
      resolve();
    }, ms);
    const cancel = token.onCancellationRequested(() => {
      clearTimeout(timer);
      reject(new Error('cancelled'));
    });
  });
}

/** A token that fires when `signal` aborts (a protocol request's signal, as the MCP SDK gives it). */
export function tokenOfAbortSignal(signal: AbortSignal): CancellationToken {
  return {
    get isCancellationRequested() {
      return signal.aborted;
    },
    onCancellationRequested(listener) {
      const onAbort = () => listener();
      signal.addEventListener('abort', onAbort, { once: true });
      return { dispose: () => signal.removeEventListener('abort', onAbort) };
    },
  };
}
