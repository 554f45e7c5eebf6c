// Node's ProcessRunner (core/actions/processRunner.ts): starts an action's program with no
// shell, writes the request to stdin, keeps at most the first 1 MiB of stdout and the last
// 8 KiB of stderr, and at the timeout or on cancellation kills the whole process tree. On
// POSIX the child leads its own process group: TERM reaches its children too, then KILL after
// the grace period, and whatever is left of the group when the run ends is stopped the same
// way. On Windows `taskkill /T /F` stops the tree while its root lives (src/node/processTree.ts;
// docs/actions.md says what a process that leaves its group or tree can still do). `killAllNow`
// kills every tree still running, synchronously, for a process about to exit.
import { spawn, type ChildProcess } from 'node:child_process';
import { statSync } from 'node:fs';
import { isAbsolutePath, joinPath, normalizePath, toNativePath } from '../core/base/paths';
import type { ProcessOutcome, ProcessRunner, ProcessSpec } from '../core/actions/processRunner';
import type { CancellationToken } from '../core/base/cancellation';
import { killTreeNow, stopTree, treeAlive } from './processTree';

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
  const extensions = WINDOWS
    ? ['', ...(envValue(env, 'PATHEXT') ?? '.COM;.EXE').split(';').filter((e) => /^\.(com|exe)$/i.test(e))]
    : [''];
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

/** The longest prefix of `bytes`, at most `max` long, that does not cut a UTF-8 character in two. */
export function utf8Prefix(bytes: Buffer, max: number): Buffer {
  if (bytes.length <= max) return bytes;
  let end = max;
  // Back off over continuation bytes (10xxxxxx) to the start of the cut character.
  while (end > 0 && (bytes[end] & 0xc0) === 0x80) end--;
  return bytes.subarray(0, end);
}

/** The longest suffix of `bytes`, at most `max` long, that starts at a UTF-8 character. */
export function utf8Suffix(bytes: Buffer, max: number): Buffer {
  if (bytes.length <= max) return bytes;
  let start = bytes.length - max;
  while (start < bytes.length && (bytes[start] & 0xc0) === 0x80) start++;
  return bytes.subarray(start);
}

export class NodeProcessRunner implements ProcessRunner {
  /** Every child whose tree may still run: its run is going, or its group is within the grace. */
  private readonly trees = new Set<ChildProcess>();

  constructor(private readonly options: NodeProcessRunnerOptions = {}) {}

  /** Kills every tree still running at once (SIGKILL to each group; taskkill on Windows). */
  killAllNow(): void {
    for (const child of this.trees) killTreeNow(child);
    this.trees.clear();
  }

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
        // On POSIX the program leads a new process group, so that one signal reaches its children.
        child = spawn(program, [...spec.args], {
          cwd: toNativePath(spec.cwd),
          env,
          shell: false,
          windowsHide: true,
          detached: !WINDOWS,
          stdio: ['pipe', 'pipe', 'pipe'],
        });
      } catch (error) {
        resolve(notStarted(error instanceof Error ? error.message : String(error)));
        return;
      }
      this.trees.add(child);
      const stdout: Buffer[] = [];
      let stdoutBytes = 0;
      let stdoutTruncated = false;
      let stderr = Buffer.alloc(0);
      let stderrTruncated = false;
      let ended: 'timeout' | 'cancelled' | undefined;
      let exit: { code: number | null; signal: string | null } | undefined;
      let settled = false;
      const timers: NodeJS.Timeout[] = [];

      const finish = (outcome: ProcessOutcome) => {
        if (settled) return;
        settled = true;
        for (const timer of timers) clearTimeout(timer);
        cancellation.dispose();
        // Whoever still holds the pipes writes into nothing from now on, and this process
        // keeps no handle open for it (a CLI would otherwise never exit).
        child.stdin?.destroy();
        child.stdout?.destroy();
        child.stderr?.destroy();
        child.unref();
        // What is left of the run's group ends with it: a run leaves nothing behind.
        if (!WINDOWS) stopTree(child, spec.killGraceMs);
        // Forgotten once nothing of it can be left (past the KILL), so that its id is never reused.
        if (!treeAlive(child)) this.trees.delete(child);
        else setTimeout(() => this.trees.delete(child), spec.killGraceMs + 100).unref();
        resolve(outcome);
      };
      const stop = (why: 'timeout' | 'cancelled') => {
        if (ended || settled) return;
        ended = why;
        stopTree(child, spec.killGraceMs);
      };
      child.stdout!.on('data', (chunk: Buffer) => {
        const room = spec.maxStdoutBytes - stdoutBytes;
        if (chunk.length > room) stdoutTruncated = true;
        if (room > 0) {
          const kept = chunk.length > room ? utf8Prefix(chunk, room) : chunk;
          stdout.push(kept);
          // A character cut at the cap fills the room: nothing after it is kept.
          stdoutBytes += chunk.length > room ? room : kept.length;
        }
      });
      child.stderr!.on('data', (chunk: Buffer) => {
        stderr = Buffer.concat([stderr, chunk]);
        if (stderr.length > spec.maxStderrBytes) {
          stderrTruncated = true;
          stderr = Buffer.from(utf8Suffix(stderr, spec.maxStderrBytes));
        }
      });
      child.stdin!.on('error', () => undefined); // a program that never reads its input
      child.stdout!.on('error', () => undefined);
      child.stderr!.on('error', () => undefined);
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
        stderrTruncated,
      });
      child.on('exit', (code, signal) => {
        exit = { code, signal };
        // A process the program started may hold the pipes open: past a short drain, the run
        // ends without waiting for it (finish closes the pipes and stops the group).
        timers.push(setTimeout(() => finish(outcome()), PIPE_DRAIN_MS));
      });
      child.on('close', () => finish(outcome()));
      timers.push(setTimeout(() => stop('timeout'), spec.timeoutMs));
      const cancellation = token.onCancellationRequested(() => stop('cancelled'));
      if (token.isCancellationRequested) stop('cancelled');
    });
  }
}

function notStarted(reason: string): ProcessOutcome {
  return {
    kind: 'not-started',
    exitCode: null,
    signal: null,
    stdout: '',
    stdoutTruncated: false,
    stderrTail: '',
    startError: reason,
  };
}
