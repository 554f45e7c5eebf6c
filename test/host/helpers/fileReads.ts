// Waiting on the extension's reads (the test hooks count them: src/vscode/testHooks.ts), so that
// a test or a bench counts what one change made it read, and nothing it was still doing before.
import type { SkillsmithTestHooks } from '../../../src/vscode/api';
import { waitFor } from './wait';

export type FileReads = ReturnType<SkillsmithTestHooks['fileReads']>;

/** Waits until no file has been read for `quietMs` and none is in flight; what was read meanwhile. */
export async function readsQuiet(hooks: SkillsmithTestHooks, quietMs: number, timeout = 30_000): Promise<FileReads> {
  let last = '';
  let stableSince = Date.now();
  return waitFor(
    () => {
      const reads = hooks.fileReads();
      const snapshot = JSON.stringify(reads.touched);
      if (snapshot !== last || reads.inFlight > 0) {
        last = snapshot;
        stableSince = Date.now();
        return undefined;
      }
      return Date.now() - stableSince >= quietMs ? reads : undefined;
    },
    { timeout, interval: 100, message: `no read for ${quietMs} ms (last: ${last.slice(0, 300)})` },
  );
}
