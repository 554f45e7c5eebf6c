// Shared by the Skills view / status bar / New Skill / listing host tests: the
// extension's API once its catalog is idle, node-fs writes that only the file watcher
// can notice, and waiting for a command that shows a quick input to settle.
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import type { SkillsmithApi } from '../../../src/vscode/api';
import { getExtensionApi, waitFor, workspaceFolder } from '../helpers';

/**
 * The listing of the `ui` fixture, written from its files (not from the code under test):
 * alpha, gamma and linked are offered; one line each, sorted by name.
 */
export const UI_LISTING_LINES: readonly string[] = [
  '- alpha: Writes alpha reports from raw measurements. Use when the user asks for an alpha report or a summary of test runs.',
  '- gamma: Turns gamma-ray spectra into a readable table of peaks with their energies and likely isotopes. Use for spectroscopy data.',
  '- linked: Follows the team guide for release notes. Use when writing release notes for a version.',
];

/** The API, after the scan and every pending file event have been applied. */
export async function idleApi(): Promise<SkillsmithApi> {
  const api = await getExtensionApi<SkillsmithApi>();
  await api.whenIdle();
  return api;
}

/** The absolute path of `relative` in workspace folder `folder`. */
export function diskPath(relative: string, folder = 0): string {
  return path.join(workspaceFolder(folder).uri.fsPath, ...relative.split('/'));
}

/** Writes a file with node fs (not workspace.fs), creating its folders. */
export function writeOnDisk(relative: string, content: string, folder = 0): string {
  const file = diskPath(relative, folder);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
  return file;
}

/**
 * Writes `relative` with node fs until `seen()` holds, re-writing the same content every
 * 2 s. VS Code starts its recursive file watcher asynchronously; on a loaded machine a
 * write made in the first seconds after activation can come before it and is reported to
 * no one (the Explorer misses it too). A re-write is a change event once the watcher runs.
 * Returns how many writes it took.
 */
export async function writeOnDiskUntil(
  relative: string,
  content: string,
  seen: () => unknown,
  options: { message: string; timeout?: number; folder?: number },
): Promise<number> {
  const { message, timeout = 30_000, folder = 0 } = options;
  const deadline = Date.now() + timeout;
  for (let writes = 1; ; writes++) {
    writeOnDisk(relative, content, folder);
    try {
      await waitFor(seen, { timeout: Math.min(2_000, Math.max(0, deadline - Date.now())), message });
      return writes;
    } catch (error) {
      if (Date.now() >= deadline) throw new Error(`${(error as Error).message} (${writes} writes in ${timeout} ms)`);
    }
  }
}

/** A SKILL.md text. */
export function skillText(name: string, description: string, body = 'Do it for $ARGUMENTS.'): string {
  return `---\nname: ${name}\ndescription: ${description}\n---\n${body}\n`;
}

/** `label:name` for every catalog entry, in the catalog's order. */
export function catalogNames(api: SkillsmithApi): string[] {
  return api.catalog.entries().map((e) => `${e.record.location.label}:${e.record.name}`);
}

/** `location: name(description)` lines of the Skills view, for compact assertions. */
export function viewLines(api: SkillsmithApi): string[] {
  return (api.viewSnapshot?.() ?? []).flatMap((group) =>
    group.skills.map(
      (s) =>
        `${group.location}${group.description ? ` (${group.description})` : ''}: ${s.name}${s.description ? ` [${s.description}]` : ''}`,
    ),
  );
}

/**
 * Runs a command that shows a quick input, pressing `command` (accept or close) until
 * the command settles: a press before the input is shown does nothing.
 */
export async function settleWith<T>(pending: Thenable<T>, command: string): Promise<T> {
  let settled = false;
  let value: T | undefined;
  let failure: unknown;
  Promise.resolve(pending).then(
    (v) => ((value = v), (settled = true)),
    (e) => ((failure = e), (settled = true)),
  );
  await waitFor(
    async () => {
      if (!settled) await vscode.commands.executeCommand(command);
      return settled;
    },
    { interval: 100, message: `the command to settle after ${command}` },
  );
  if (failure) throw failure instanceof Error ? failure : new Error(JSON.stringify(failure));
  return value as T;
}

/** Sets a skillsmith.* setting in the workspace (undefined removes it). */
export async function setSetting(key: string, value: unknown): Promise<void> {
  await vscode.workspace.getConfiguration('skillsmith').update(key, value, vscode.ConfigurationTarget.Workspace);
}
