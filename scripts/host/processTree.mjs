// Stops a process and everything it started. code-server forks an extension host,
// file watchers and pty helpers; killing only the parent leaves them running.
import { readdirSync, readFileSync } from 'node:fs';

function parentOf(pid) {
  try {
    // /proc/<pid>/stat: "pid (comm) state ppid ..."; comm may contain spaces.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return -1;
  }
}

/** Every descendant of `root`, deepest first. */
export function descendantsOf(root) {
  const children = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    const ppid = parentOf(pid);
    if (!children.has(ppid)) children.set(ppid, []);
    children.get(ppid).push(pid);
  }
  const ordered = [];
  const visit = (pid) => {
    for (const child of children.get(pid) ?? []) {
      visit(child);
      ordered.push(child);
    }
  };
  visit(root);
  return ordered;
}

function signal(pid, sig) {
  try {
    process.kill(pid, sig);
    return true;
  } catch {
    return false;
  }
}

function isAlive(pid) {
  return signal(pid, 0);
}

/**
 * SIGTERMs `pid`'s descendants (children first), then `pid`, waits up to `graceMs`,
 * then SIGKILLs survivors and the process group `pid` leads (spawned detached).
 */
export async function killTree(pid, { graceMs = 3000 } = {}) {
  const victims = [...descendantsOf(pid), pid];
  for (const victim of victims) signal(victim, 'SIGTERM');
  const deadline = Date.now() + graceMs;
  while (Date.now() < deadline && victims.some(isAlive)) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  killTreeNow(pid, victims);
}

/** Synchronous last resort (for process 'exit'): SIGKILL the tree and the group at once. */
export function killTreeNow(pid, known = []) {
  const victims = [...new Set([...known, ...descendantsOf(pid), pid])];
  for (const victim of victims) signal(victim, 'SIGKILL');
  signal(-pid, 'SIGKILL');
}
