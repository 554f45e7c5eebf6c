// Work that nobody awaits: a message shown, a rescan started by an event. The extension host
// drops a rejection that no one handles, so every such promise goes through here and its failure
// reaches the log.
import type * as vscode from 'vscode';

/** Where a failure in the background is written: the Skillsmith output channel. */
export type ErrorLog = Pick<vscode.LogOutputChannel, 'error'>;

/** Starts `work` without awaiting it; a rejection is logged as "`what` failed: …". */
export function inBackground(log: ErrorLog, what: string, work: PromiseLike<unknown>): void {
  Promise.resolve(work).catch((error: unknown) => {
    log.error(`${what} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  });
}
