// `skillsmith run NAME [ACTION] [--input JSON|@FILE] [--root ROOT] [--json] [--timeout S]`
// (docs/cli.md, docs/actions.md): the same executor as the editor. The user runs it by hand,
// so nothing is confirmed; secrets come from the CLI's own environment, and only the
// declared ones reach the program. Ctrl-C, SIGTERM and SIGHUP stop the run's process tree
// (TERM, then KILL after the grace) before the CLI exits with 128 + the signal's number.
import { readFileSync } from 'node:fs';
import { ActionExecutor } from '../core/actions/executor';
import { NEVER_CANCELLED } from '../core/base/cancellation';
import type { ExecutionResult } from '../core/actions/result';
import type { FileSystem } from '../core/base/fileSystem';
import { MAX_ACTION_TIMEOUT_SECONDS } from '../core/base/limits';
import { resolvePath, toNativePath } from '../core/base/paths';
import type { SkillCatalog } from '../core/catalog/catalog';
import { NodeProcessRunner } from '../node/nodeProcessRunner';
import { NodeFileSystem } from '../node/nodeFileSystem';
import { flag, parseCommandArgs, stringOption, UsageError } from './args';
import { loadCatalog } from './listCommand';
import { writeErr, writeOut } from './output';
import { cwd, rootFolder } from './workingFolder';

/** The `--input` value: JSON text, or `@FILE` holding it; undefined when not given. */
export function readInputOption(value: string | undefined, cwd: string): unknown {
  if (value === undefined) return undefined;
  let text = value;
  if (value.startsWith('@')) {
    const file = resolvePath(cwd, value.slice(1));
    try {
      text = readFileSync(toNativePath(file), 'utf8');
    } catch (error) {
      throw new UsageError(
        `cannot read the input file '${value.slice(1)}': ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new UsageError(`--input is not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** `--timeout S`: seconds above 0, at most the format's maximum. */
export function readTimeoutOption(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const seconds = Number(value);
  if (!/^\d+(\.\d+)?$/.test(value) || !(seconds > 0) || seconds > MAX_ACTION_TIMEOUT_SECONDS) {
    throw new UsageError(`--timeout takes seconds above 0 and at most ${MAX_ACTION_TIMEOUT_SECONDS}, not '${value}'`);
  }
  return seconds;
}

/** The signals that end the CLI, with their numbers (the exit code is 128 + the number). */
const STOPPING_SIGNALS = { SIGHUP: 1, SIGINT: 2, SIGTERM: 15 } as const;
type StoppingSignal = keyof typeof STOPPING_SIGNALS;

/** While installed, a stopping signal stops every run of `executor` instead of killing the CLI at once. */
function stopRunsOnSignals(executor: ActionExecutor): {
  readonly received: () => StoppingSignal | undefined;
  dispose(): void;
} {
  let received: StoppingSignal | undefined;
  const handlers = (Object.keys(STOPPING_SIGNALS) as StoppingSignal[]).map((signal) => {
    const handler = () => {
      received ??= signal;
      executor
        .stopAll()
        .catch((error: unknown) => process.stderr.write(`skillsmith: stopping the runs failed: ${String(error)}\n`));
    };
    process.on(signal, handler);
    return () => process.off(signal, handler);
  });
  return { received: () => received, dispose: () => handlers.forEach((off) => off()) };
}

export interface RunOptions {
  readonly catalog: SkillCatalog;
  readonly fs: FileSystem;
  readonly root: string;
  readonly skill: string;
  readonly action: string | undefined;
  readonly input: unknown;
  readonly timeoutSeconds: number | undefined;
  readonly unicodeNames: boolean;
}

/** What a CLI run ended with: the result, and the signal that stopped it, if one did. */
export interface CliRun {
  readonly result: ExecutionResult;
  /** The exit code a signal asks for (128 + its number), when one stopped the run. */
  readonly signalExitCode?: number;
}

/** Runs one action as the user, with the secrets of this process's environment. */
export async function runForCli(options: RunOptions): Promise<CliRun> {
  const executor = new ActionExecutor({
    catalog: options.catalog,
    fs: options.fs,
    runner: new NodeProcessRunner({ nodeFallback: { path: process.execPath } }),
    secret: async (name) => process.env[name],
    missingSecretHint: (name) => `Set the environment variable ${name} for skillsmith, then run it again.`,
    baseEnv: process.env,
    workspaceOf: () => options.root,
    unicodeNames: () => options.unicodeNames,
  });
  const signals = stopRunsOnSignals(executor);
  try {
    const result = await executor.run(
      {
        skill: options.skill,
        action: options.action,
        input: options.input,
        asker: 'user',
        timeoutSeconds: options.timeoutSeconds,
      },
      NEVER_CANCELLED,
    );
    const signal = signals.received();
    return signal ? { result, signalExitCode: 128 + STOPPING_SIGNALS[signal] } : { result };
  } finally {
    signals.dispose();
  }
}

/** The result for a person: the data on success, the error and what to do otherwise. */
export function runText(result: ExecutionResult): { out: string; err: string } {
  if (result.status === 'success') {
    const data = result.data as { text?: unknown } | undefined;
    const keys = data && typeof data === 'object' ? Object.keys(data) : [];
    const text = keys.length === 1 && typeof data?.text === 'string' ? data.text : JSON.stringify(result.data, null, 2);
    return { out: text.endsWith('\n') ? text : text + '\n', err: '' };
  }
  const error = result.error;
  return {
    out: '',
    err: `skillsmith: ${result.skill}/${result.action}: ${error?.type ?? result.status}: ${error?.message ?? ''}${error?.suggestion ? `\n${error.suggestion}` : ''}`,
  };
}

/** `skillsmith run`: parses its options, runs the action and prints its result. */
export async function run(argv: readonly string[]): Promise<number> {
  const args = parseCommandArgs(argv, {
    strings: ['root', 'input', 'timeout'],
    booleans: ['json', 'unicode-names', 'no-user'],
  });
  const [name, action, ...extra] = args.positionals;
  if (!name) throw new UsageError('run needs a skill NAME');
  if (extra.length > 0)
    throw new UsageError(`run takes NAME and ACTION only; pass the input with --input (got '${extra[0]}')`);
  const input = readInputOption(stringOption(args, 'input'), cwd());
  const timeoutSeconds = readTimeoutOption(stringOption(args, 'timeout'));
  const fs = new NodeFileSystem();
  const root = await rootFolder(fs, stringOption(args, 'root') ?? '.');
  const unicodeNames = flag(args, 'unicode-names');
  const catalog = await loadCatalog(fs, { root, includeUser: !flag(args, 'no-user'), unicodeNames });
  const { result, signalExitCode } = await runForCli({
    catalog,
    fs,
    root,
    skill: name,
    action,
    input,
    timeoutSeconds,
    unicodeNames,
  });
  if (flag(args, 'json')) await writeOut(JSON.stringify(result) + '\n');
  else {
    const { out, err } = runText(result);
    if (out) await writeOut(out);
    if (err) writeErr(err);
  }
  return signalExitCode ?? (result.status === 'success' ? 0 : 1);
}
