// A cross-process lock on the cache, so two test runs started at once (parallel
// engineers, CI next to a developer) never install into the same folder together.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/** Takes the lock folder `dir`, waiting for a live holder; returns a release function. */
export async function acquireLock(dir, { log = console.log, timeoutMs = 30 * 60_000 } = {}) {
  const started = Date.now();
  let announced = false;
  for (;;) {
    try {
      mkdirSync(dir);
      writeFileSync(join(dir, 'pid'), String(process.pid));
      return () => rmSync(dir, { recursive: true, force: true });
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
    }
    let holder = NaN;
    try {
      holder = Number(readFileSync(join(dir, 'pid'), 'utf8'));
    } catch {
      /* being written */
    }
    if (Number.isInteger(holder) && holder > 0 && !isAlive(holder)) {
      rmSync(dir, { recursive: true, force: true }); // left by a run that died
      continue;
    }
    if (Date.now() - started > timeoutMs) {
      throw new Error(`timed out waiting for the host cache lock ${dir} (held by pid ${holder})`);
    }
    if (!announced) {
      log(`[host] waiting for another run (pid ${holder}) to finish provisioning the cache...`);
      announced = true;
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}
