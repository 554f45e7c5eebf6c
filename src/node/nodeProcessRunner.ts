// Node's ProcessRunner (core/actions/processRunner.ts): starts an action's program with no
// shell, writes the request to stdin, keeps at most the first 1 MiB of stdout and the last
// 8 KiB of stderr, and at the timeout or on cancellation kills the whole process tree: TERM,
// then KILL after the grace period. On POSIX the child leads its own process group, so one
// signal reaches its children too; on Windows `taskkill /T` walks the tree (`/F` forces).
import { spawn, type ChildProcess } from 'node:child_process';
import { statSync } from 'node:fs';
import { isAbsolutePath, joinPath, normalizePath, toNativePath } from '../core/base/paths';
import type { ProcessOutcome, ProcessRunner, ProcessSpec } from '../core/actions/processRunner';
import type { CancellationToken } from '../core/base/cancellation';

export interface NodeProcessRunnerOptions {
  /**
   * Used for a `node` program when none is on PATH: the editor's own runtime
   * (`process.execPath` with ELECTRON_RUN_AS_NODE=1 in the extension host).
   */
  readonly nodeFallback?: { readonly path: string; readonly env?: Readonly<Record<string, string>> };
}

const WINDOWS = process.platform === 'win32';
/** How long the pipes may stay open after the program exited. */
const PIPE_DRAIN_MS = 500;

/** The variable `name` of an environment, matched without case on Windows. */
function envValue(env: Readonly<Record<string, string>>, name: string): string | undefined {
  if (!WINDOWS) return env[name];
  return Object.entries(env).find(([key]) => key.toUpperCase() === name)?.[1];
}

/** A program name found on the search path of `env`, as an absolute path. */
export function findOnPath(name: string, env: Readonly<Record<string, string>>): string | undefined {
  const dirs = (envValue(env, 'PATH') ?? '').split(WINDOWS ? ';' : ':').filter((d) => d !== '' && isAbsolutePath(d));
  const extensions = WINDOWS ? ['', ...(envValue(env, 'PATHEXT') ?? '.COM;.EXE').split(';').filter((e) => /^\.(com|exe)$/i.test(e))] : [''];
  for (const dir of dirs) {
    for (const extension of extensions) {
      const candidate = toNativePath(joinPath(normalizePath(dir), name + extension));
      try {
        if (statSync(candidate).isFile()) return candidate;
      } catch {
        // Not in this folder.
      }
    }
  }
  return undefined;
}

/** Signals the whole tree of `child`; errors (already gone) are ignored. */
function killTree(child: ChildProcess, force: boolean): void {
  if (child.pid === undefined) return;
  if (WINDOWS) {
    const args = ['/PID', String(child.pid), '/T', ...(force ? ['/F'] : [])];
    const killer = spawn('taskkill', args, { stdio: 'ignore', windowsHide: true });
    killer.on('error', () => child.kill());
    if (force) killer.on('exit', () => child.kill('SIGKILL'));
    return;
  }
  try {
    process.kill(-child.pid, force ? 'SIGKILL' : 'SIGTERM');
  } catch {
    child.kill(force ? 'SIGKILL' : 'SIGTERM');
  }
}

export class NodeProcessRunner implements ProcessRunner {
  constructor(private readonly options: NodeProcessRunnerOptions = {}) {}

  run(spec: ProcessSpec, token: CancellationToken): Promise<ProcessOutcome> {
    let program: string;
    let env: Record<string, string> = { ...spec.env };
    if (spec.program.kind === 'file') program = toNativePath(spec.program.path);
    else {
      const found = findOnPath(spec.program.name, spec.env);
      const fallback = this.options.nodeFallback;
      if (found) program = found;
      else if (fallback && /^node(\.exe)?$/i.test(spec.program.name)) {
        program = fallback.path;
        env = { ...env, ...fallback.env };
      } else {
        return Promise.resolve(notStarted(`'${spec.program.name}' was not found on PATH`));
      }
    }
    return new Promise((resolve) => {
      let child: ChildProcess;
      try {
        child = spawn(program, [...spec.args], { cwd: toNativePath(spec.cwd), env, shell: false, windowsHide: true, detached: !WINDOWS, stdio: ['pipe', 'pipe', 'pipe'] });
      } catch (error) {
        resolve(notStarted(error instanceof Error ? error.message : String(error)));
        return;
      }
      const stdout: Buffer[] = [];
      let stdoutBytes = 0;
      let stdoutTruncated = false;
      let stderr = Buffer.alloc(0);
      let ended: 'timeout' | 'cancelled' | undefined;
      let exit: { code: number | null; signal: string | null } | undefined;
      let settled = false;
      const timers: NodeJS.Timeout[] = [];

      const finish = (outcome: ProcessOutcome) => {
        if (settled) return;
        settled = true;
        for (const timer of timers) clearTimeout(timer);
        cancellation.dispose();
        resolve(outcome);
      };
      const stop = (why: 'timeout' | 'cancelled') => {
        if (ended || exit) return;
        ended = why;
        killTree(child, false);
        // Stragglers that ignore TERM (or hold the pipes open) are killed when the grace ends.
        const force = setTimeout(() => killTree(child, true), spec.killGraceMs);
        force.unref();
      };
      child.stdout!.on('data', (chunk: Buffer) => {
        const room = spec.maxStdoutBytes - stdoutBytes;
        if (chunk.length > room) stdoutTruncated = true;
        if (room > 0) {
          const kept = chunk.length > room ? chunk.subarray(0, room) : chunk;
          stdout.push(kept);
          stdoutBytes += kept.length;
        }
      });
      child.stderr!.on('data', (chunk: Buffer) => {
        stderr = Buffer.concat([stderr, chunk]);
        if (stderr.length > spec.maxStderrBytes) stderr = stderr.subarray(stderr.length - spec.maxStderrBytes);
      });
      child.stdin!.on('error', () => undefined); // a program that never reads its input
      child.stdin!.end(spec.stdin);
      child.on('error', (error) => {
        if (child.pid === undefined) finish(notStarted(error.message));
      });
      const outcome = (): ProcessOutcome => ({
        kind: ended ?? 'exited',
        exitCode: exit?.code ?? null,
        signal: exit?.signal ?? null,
        stdout: Buffer.concat(stdout).toString('utf8'),
        stdoutTruncated,
        stderrTail: stderr.toString('utf8'),
      });
      child.on('exit', (code, signal) => {
        exit = { code, signal };
        // A grandchild may hold the pipes open: past a short drain it is killed, not waited for.
        timers.push(setTimeout(() => {
          killTree(child, true);
          finish(outcome());
        }, PIPE_DRAIN_MS));
      });
      child.on('close', () => finish(outcome()));
      timers.push(setTimeout(() => stop('timeout'), spec.timeoutMs));
      const cancellation = token.onCancellationRequested(() => stop('cancelled'));
      if (token.isCancellationRequested) stop('cancelled');
    });
  }
}

function notStarted(reason: string): ProcessOutcome {
  return { kind: 'not-started', exitCode: null, signal: null, stdout: '', stdoutTruncated: false, stderrTail: '', startError: reason };
}
