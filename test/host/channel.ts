// The extension host's end of the test channel (the runner's end is
// scripts/host/channel.mjs). console.log in a remote extension host does not reach
// the runner, so events are appended to a file in a folder the runner polls.
import { appendFileSync, existsSync, readFileSync, renameSync, writeFileSync } from 'fs';
import { join } from 'path';

export type HostEvent =
  | { event: 'module'; name: string }
  | { event: 'pass'; name: string; ms: number }
  | { event: 'fail'; name: string; error: string; stack?: string }
  | { event: 'log'; text: string }
  /** Measurements of a benchmark suite (scripts/host/bench-host.mjs collects them). */
  | { event: 'figures'; figures: Record<string, number> }
  | { event: 'done'; passed: number; failed: number };

function channelDir(): string | undefined {
  return process.env.SKILLSMITH_HOST_CHANNEL || undefined;
}

/** Sends one event to the runner (or to the console outside the harness). */
export function report(event: HostEvent): void {
  const dir = channelDir();
  if (!dir) {
    console.log('[host-test]', JSON.stringify(event));
    return;
  }
  appendFileSync(join(dir, 'events.jsonl'), JSON.stringify(event) + '\n');
}

let requestCounter = 0;

/**
 * Asks the runner for something and waits for its answer file. Returns undefined
 * outside the harness. Rejects with the runner's error, or after `timeoutMs`.
 */
export async function requestFromRunner(payload: object, timeoutMs: number): Promise<unknown> {
  const dir = channelDir();
  if (!dir) return undefined;
  const id = `${Date.now()}-${process.pid}-${++requestCounter}`.padStart(20, '0');
  const base = join(dir, id);
  writeFileSync(`${base}.tmp`, JSON.stringify(payload));
  renameSync(`${base}.tmp`, `${base}.request.json`);
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (existsSync(`${base}.done.json`)) return JSON.parse(readFileSync(`${base}.done.json`, 'utf8'));
    if (existsSync(`${base}.error.json`)) {
      throw new Error(`runner: ${JSON.parse(readFileSync(`${base}.error.json`, 'utf8')).message}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the runner did not answer request ${id} within ${timeoutMs} ms`);
}
