// When a suite dies without results, the reason is in code-server's or the
// extension host's log inside the sandbox; print their tails before it is deleted.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { tailOf } from './codeServer.mjs';

function filesUnder(dir, accept, found = []) {
  let entries = [];
  try { entries = readdirSync(dir); } catch { return found; }
  for (const entry of entries) {
    const full = join(dir, entry);
    if (statSync(full).isDirectory()) filesUnder(full, accept, found);
    else if (accept(entry)) found.push(full);
  }
  return found;
}

/** Prints the tails of the logs most likely to explain a failed suite. */
export function printSuiteLogs(sandbox, print) {
  const logs = [
    { file: sandbox.serverLog },
    // The browser console is chatty; its errors are what matters.
    { file: join(sandbox.dir, 'workbench.log'), only: /error|exception|fail|uncaught/i },
    ...filesUnder(sandbox.userDataDir, (name) => /exthost|remoteagent/i.test(name) && name.endsWith('.log')).map((file) => ({ file })),
  ];
  for (const { file, only } of logs) {
    const lines = tailOf(file, only ? 5000 : 25).split('\n').filter((line) => line.trim() && (!only || only.test(line)));
    if (lines.length === 0) continue;
    print(`  --- ${only ? 'errors in' : 'tail of'} ${file}`);
    for (const line of lines.slice(-25)) print(`  | ${line.length > 400 ? line.slice(0, 400) + '…' : line}`);
  }
}
