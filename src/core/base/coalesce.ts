// Bursts of changes (a scan, a `git checkout`) reach the views as hundreds of catalog
// events; each view redraws once per burst instead.

/** A scheduler that runs `work` once, `delayMs` after the first call of a burst. */
export function coalesced(work: () => void, delayMs: number): { schedule(): void; dispose(): void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    schedule() {
      if (timer !== undefined) return;
      timer = setTimeout(() => {
        timer = undefined;
        work();
      }, delayMs);
    },
    dispose() {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
    },
  };
}
