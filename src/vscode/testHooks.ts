// The host tests' window into the extension host: counts of whole-file reads, to prove that
// a Refresh reads each skill file once and a bounded number at a time. Built only when the
// extension host runs with SKILLSMITH_TEST_HOOKS (see api.ts).
import type { SkillsmithTestHooks } from './api';
import type { ReadObserver } from './workspaceFileSystem';

/** A read observer and the hooks that report what it saw. */
export function createReadCounter(): { observer: ReadObserver; hooks: SkillsmithTestHooks } {
  let perPath: Record<string, number> = {};
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
  };
  const hooks: SkillsmithTestHooks = {
    fileReads: () => ({ perPath: { ...perPath }, maxInFlight, inFlight }),
    resetFileReads: () => {
      perPath = {};
      maxInFlight = inFlight;
    },
  };
  return { observer, hooks };
}
