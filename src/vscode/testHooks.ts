// The host tests' window into the extension host, built only when the extension host runs
// with SKILLSMITH_TEST_HOOKS (see api.ts): counts of whole-file reads, to prove that a Refresh
// reads each skill file once and a bounded number at a time, and of every read of a file's bytes,
// to prove that an edit reads the edited skill's files alone; and the cold start as users feel
// it, for the host benchmark: the time from activation to the first listing, and the longest
// the extension host's event loop was held meanwhile (perf_hooks.monitorEventLoopDelay).
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { SkillsmithTestHooks } from './api';
import type { ReadObserver } from './workspaceFileSystem';

/** The test hooks, the read observer they count with, and the mark of the first listing. */
export function createTestHooks(): {
  observer: ReadObserver;
  hooks: SkillsmithTestHooks;
  activated(): void;
  firstListingReady(): void;
} {
  const reads = createReadCounter();
  const activatedAt = performance.now();
  let activationMs = 0;
  // From the end of activate() (the scan runs in the background from there) to the first listing.
  const loopDelay = monitorEventLoopDelay({ resolution: 1 });
  let startup: { readyMs: number; maxBlockMs: number; activationMs: number } | undefined;
  return {
    observer: reads.observer,
    hooks: { ...reads.hooks, startup: () => startup },
    activated: () => {
      activationMs = performance.now() - activatedAt;
      loopDelay.enable();
    },
    firstListingReady: () => {
      if (startup) return;
      loopDelay.disable();
      startup = { readyMs: performance.now() - activatedAt, maxBlockMs: loopDelay.max / 1e6, activationMs };
    },
  };
}

/** A read observer and the hooks that report what it saw. */
function createReadCounter(): { observer: ReadObserver; hooks: Omit<SkillsmithTestHooks, 'startup'> } {
  let perPath: Record<string, number> = {};
  let touched: Record<string, number> = {};
  let inFlight = 0;
  let maxInFlight = 0;
  const observer: ReadObserver = {
    started(path) {
      perPath[path] = (perPath[path] ?? 0) + 1;
      maxInFlight = Math.max(maxInFlight, ++inFlight);
    },
    finished() {
      inFlight--;
    },
    touched(path) {
      touched[path] = (touched[path] ?? 0) + 1;
    },
  };
  const hooks = {
    fileReads: () => ({ perPath: { ...perPath }, touched: { ...touched }, maxInFlight, inFlight }),
    resetFileReads: () => {
      perPath = {};
      touched = {};
      maxInFlight = inFlight;
    },
  };
  return { observer, hooks };
}
