// The interface the executor drives to start one program (docs/actions.md, "Execution").
// The core decides what to run and how to read the outcome; an implementation (Node's in
// src/node/nodeProcessRunner.ts) starts it with no shell, feeds stdin, caps the output, and
// kills the whole process tree at the timeout or on cancellation.
import type { CancellationToken } from '../base/cancellation';
import type { ResolvedProgram } from './runPath';

export interface ProcessSpec {
  readonly program: ResolvedProgram;
  readonly args: readonly string[];
  /** Absolute, canonical (core/base/paths). */
  readonly cwd: string;
  /** The whole environment of the child: nothing else is inherited. */
  readonly env: Readonly<Record<string, string>>;
  readonly stdin: string;
  readonly timeoutMs: number;
  /** Between TERM and KILL. */
  readonly killGraceMs: number;
  readonly maxStdoutBytes: number;
  readonly maxStderrBytes: number;
}

export interface ProcessOutcome {
  /** `exited`: on its own; `timeout`/`cancelled`: killed; `not-started`: it could not be started. */
  readonly kind: 'exited' | 'timeout' | 'cancelled' | 'not-started';
  readonly exitCode: number | null;
  readonly signal: string | null;
  /** At most maxStdoutBytes of stdout, decoded as UTF-8. */
  readonly stdout: string;
  readonly stdoutTruncated: boolean;
  /** The last maxStderrBytes of stderr. */
  readonly stderrTail: string;
  /** True when stderr was longer than what stderrTail keeps. */
  readonly stderrTruncated?: boolean;
  /** Why it could not be started (`not-started`). */
  readonly startError?: string;
}

export interface ProcessRunner {
  run(spec: ProcessSpec, token: CancellationToken): Promise<ProcessOutcome>;
}
