// When a suite fails or dies without results, the reason is in code-server's, the
// extension host's or Skillsmith's own log inside the sandbox; print their tails before
// the sandbox is deleted.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { tailOf } from './codeServer.mjs';

function filesUnder(dir, accept, found = []) {
  let entries = [];
  try {
    entries = readdirSync(dir);
  } catch {
    return found;
  }
  for (const entry of entries) {
    const full = join(dir, entry);
    if (statSync(full).isDirectory()) filesUnder(full, accept, found);
    else if (accept(entry)) found.push(full);
  }
  return found;
}

// Repeated on every configuration read by built-in extensions; never the cause.
const NOISE = /Accessing a resource scoped configuration without providing a resource/;

/** Prints the tails of the logs most likely to explain a failed suite. */
export function printSuiteLogs(sandbox, print) {
  const logs = [
    { file: sandbox.serverLog },
    // The browser console is chatty; its errors are what matters.
    { file: join(sandbox.dir, 'workbench.log'), only: /error|exception|fail|uncaught/i },
    ...filesUnder(
      sandbox.userDataDir,
      (name) => /exthost|remoteagent|skillsmith/i.test(name) && name.endsWith('.log'),
    ).map((file) => ({ file })),
  ];
  for (const { file, only } of logs) {
    const lines = tailOf(file, only ? 5000 : 200)
      .split('\n')
      .filter((line) => line.trim() && !NOISE.test(line) && (!only || only.test(line)));
    if (lines.length === 0) continue;
    print(`  --- ${only ? 'errors in' : 'tail of'} ${file}`);
    for (const line of lines.slice(-25)) print(`  | ${line.length > 400 ? line.slice(0, 400) + '…' : line}`);
  }
}
