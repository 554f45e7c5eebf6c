// A run never outlives `skillsmith mcp` (docs/mcp.md, "When the server stops"). The client
// ends a stdio server by closing its stdin, then SIGTERM, then SIGKILL (the SDK's client waits
// two seconds between each); a client that goes away makes the next write fail with EPIPE. On
// each of these the server's runs are stopped with their whole process tree: stdin closing
// stops them (TERM, then KILL after the grace) and refuses new ones; a stopping signal stops
// them and kills what is left before the server exits; and any exit (EPIPE included: the CLI
// exits on it) kills what is still left at once. Only SIGKILL of the server itself, which no
// process can catch, leaves a tree behind on POSIX.
import type { ActionExecutor } from '../core/actions/executor';
import type { NodeProcessRunner } from '../node/nodeProcessRunner';

/** The signals that end the server, with their numbers (the exit code is 128 + the number). */
const STOPPING_SIGNALS = { SIGHUP: 1, SIGINT: 2, SIGTERM: 15 } as const;
type StoppingSignal = keyof typeof STOPPING_SIGNALS;

/** How long the runs get to end on TERM after a signal, before what is left is killed (under the SDK client's 2 s). */
const SIGNAL_GRACE_MS = 1000;

/** Installs the handlers, for the rest of the process's life (they end it). */
export function stopRunsWhenServerEnds(
  executor: ActionExecutor,
  runner: NodeProcessRunner,
  input: NodeJS.ReadableStream,
  log: (line: string) => void,
): void {
  const closeRuns = () => executor.close().catch((error: unknown) => log(`stopping the runs failed: ${String(error)}`));
  const onInputEnd = () => {
    if (executor.activeRuns > 0) log('the client closed stdin: stopping the running actions');
    closeRuns().catch(() => undefined);
  };
  input.once('end', onInputEnd);
  input.once('close', onInputEnd);
  process.on('exit', () => runner.killAllNow());
  for (const signal of Object.keys(STOPPING_SIGNALS) as StoppingSignal[]) {
    const handler = () => {
      log(`${signal}: stopping the running actions and exiting`);
      const grace = new Promise((resolve) => setTimeout(resolve, SIGNAL_GRACE_MS).unref());
      const exit = () => {
        runner.killAllNow();
        process.exit(128 + STOPPING_SIGNALS[signal]);
      };
      Promise.race([closeRuns(), grace]).then(exit, exit);
    };
    process.on(signal, handler);
  }
}
