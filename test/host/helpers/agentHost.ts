// The Agent Host Protocol as VS Code logs it (<logs>/ahp/*.jsonl: every message between the
// workbench and the agent host that runs the Copilot harness), read by the host tests of that
// harness: what the workbench offers a session, and what the agent host reports back.
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as vscode from 'vscode';
import { hostLog } from './log';

export interface Customization {
  readonly type: string;
  readonly uri?: string;
  readonly name?: string;
  readonly contents?: string;
  readonly children?: readonly Customization[];
  readonly _meta?: { readonly mcpDefaultCwds?: Record<string, unknown> };
}

/** The sandbox's user-data folder: HOME is `<sandbox>/home` (scripts/host/sandbox.mjs). */
export const userData = () => path.join(os.homedir(), '..', 'ud');

/** Every JSON message of the Agent Host Protocol logs, oldest first. */
export function ahpMessages(): unknown[] {
  const logs = path.join(userData(), 'logs');
  const messages: unknown[] = [];
  for (const run of fs.readdirSync(logs).sort()) {
    const dir = path.join(logs, run, 'ahp');
    if (!fs.existsSync(dir)) continue;
    for (const file of fs.readdirSync(dir).sort())
      for (const line of fs.readFileSync(path.join(dir, file), 'utf8').split('\n'))
        if (line.trim())
          try {
            messages.push(JSON.parse(line));
          } catch {
            // A line being written as we read.
          }
  }
  return messages;
}

/** The actions of one type that the agent host and the workbench exchanged, oldest first. */
export function actions<T>(type: string): T[] {
  const found: T[] = [];
  const visit = (value: unknown): void => {
    if (!value || typeof value !== 'object') return;
    const record = value as Record<string, unknown>;
    if (record.type === type) found.push(value as T);
    for (const child of Object.values(record)) visit(child);
  };
  for (const message of ahpMessages()) visit(message);
  return found;
}

/**
 * The customizations the agent host reported, the latest of each (by uri): in a subscribe
 * snapshot, a session/customizationsChanged or a session/customizationUpdated, whichever came.
 */
export function customizationsSeen(): Customization[] {
  const latest = new Map<string, Customization>();
  const keep = (c: unknown) => {
    const item = c as Customization;
    if (item && typeof item === 'object' && typeof item.uri === 'string') latest.set(item.uri, item);
  };
  const visit = (value: unknown): void => {
    if (!value || typeof value !== 'object') return;
    const record = value as Record<string, unknown>;
    if (Array.isArray(record.customizations)) record.customizations.forEach(keep);
    if (record.type === 'session/customizationUpdated') keep(record.customization);
    for (const child of Object.values(record)) visit(child);
  };
  for (const message of ahpMessages()) visit(message);
  return [...latest.values()];
}

/** Sends `query` in the chat view (workbench.action.chat.open command) without waiting for the answer. */
export function send(query: string): void {
  void vscode.commands.executeCommand('workbench.action.chat.open', { query }).then(undefined, (e: unknown) => {
    hostLog(`[copilot-harness] chat.open failed: ${String(e)}`);
  });
}
