// Stopping an action's whole process tree, the one place that knows how (docs/actions.md,
// "Bound it"). On POSIX the action leads its own process group (spawned `detached`): one
// signal to the group reaches its children and grandchildren, TERM first and KILL after a
// grace. On Windows `taskkill /T /F` stops the tree while its root lives. The runner stops a
// tree at a timeout, on cancellation and when a run ends; `killTreeNow` is for a process that
// is about to exit (the MCP server on SIGTERM, EPIPE or stdin closing), where no timer fires.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';

const WINDOWS = process.platform === 'win32';

/** The group of a POSIX child still has members (false once every one has ended). */
export function groupExists(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Signals the process group that `pgid` leads; errors (already gone) are ignored. */
function signalGroup(pgid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pgid, signal);
  } catch {
    // Every member has ended.
  }
}

/** The root of a Windows tree is still running (its id still names it). */
function rootAlive(child: ChildProcess): boolean {
  return child.pid !== undefined && child.exitCode === null && child.signalCode === null;
}

/**
 * Stops a Windows process tree at once: `taskkill /T /F` while the root is alive. Windows has
 * no TERM that a console program receives, so there is no grace. Once the root has exited,
 * `taskkill /T` cannot find its tree any more, and its id may already belong to another
 * process: it is never used then.
 */
function killWindowsTree(child: ChildProcess): void {
  if (!rootAlive(child)) return;
  const killer = spawn('taskkill', ['/PID', String(child.pid), '/T', '/F'], { stdio: 'ignore', windowsHide: true });
  // The root itself, through its process handle (never its id), should taskkill have missed it.
  const killRoot = () => {
    if (rootAlive(child)) child.kill('SIGKILL');
  };
  killer.on('error', killRoot);
  killer.on('exit', killRoot);
}

/**
 * Stops the tree of `child`: on POSIX TERM to its group now and KILL to whatever of it is left
 * after `graceMs` (the group is probed first: its id cannot be reused while it has members); on
 * Windows the whole tree at once.
 */
export function stopTree(child: ChildProcess, graceMs: number): void {
  if (WINDOWS) return killWindowsTree(child);
  const pgid = child.pid;
  if (pgid === undefined || !groupExists(pgid)) return;
  signalGroup(pgid, 'SIGTERM');
  // Not cleared when the run settles: a member that ignores TERM must still be killed.
  const force = setTimeout(() => {
    if (groupExists(pgid)) signalGroup(pgid, 'SIGKILL');
  }, graceMs);
  force.unref();
}

/**
 * Kills the tree of `child` synchronously, with no grace: for a process that exits right after
 * (an `exit` handler cannot wait for a timer or a child). Returns whether anything was left.
 */
export function killTreeNow(child: ChildProcess): boolean {
  if (WINDOWS) {
    if (!rootAlive(child)) return false;
    spawnSync('taskkill', ['/PID', String(child.pid), '/T', '/F'], { stdio: 'ignore', windowsHide: true });
    if (rootAlive(child)) child.kill('SIGKILL');
    return true;
  }
  const pgid = child.pid;
  if (pgid === undefined || !groupExists(pgid)) return false;
  signalGroup(pgid, 'SIGKILL');
  return true;
}

/** Whether anything of the tree of `child` may still run (POSIX: its group; Windows: its root). */
export function treeAlive(child: ChildProcess): boolean {
  if (WINDOWS) return rootAlive(child);
  return child.pid !== undefined && groupExists(child.pid);
}
