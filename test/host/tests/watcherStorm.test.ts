// A storm of file events in the real host: 1,000 skill folders written with node fs as
// fast as the disk allows, then 500 of them deleted, all behind VS Code's back. The file
// watcher may coalesce events under such a load; the catalog must still converge on
// exactly what a fresh scan of the disk finds, and the Skills view and the status bar
// must show it. How long that takes is printed, never asserted.
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as vscode from 'vscode';
import { createSkillCatalog } from '../../../src/core/access/policy';
import { type SkillCatalog } from '../../../src/core/catalog/catalog';
import { CatalogUpdater } from '../../../src/core/catalog/catalogUpdater';
import { resolveLocations } from '../../../src/core/catalog/locations';
import { NodeFileSystem } from '../../../src/node/nodeFileSystem';
import type { SkillsmithApi } from '../../../src/vscode/api';
import { HostTest, hostLog, sleep, waitFor, workspaceFolder } from '../helpers';
import { diskPath, idleApi, skillText } from './uiSupport';

const CREATED = 1000;
const DELETED = 500;
const SETTLE_TIMEOUT_MS = 180_000;

/** A fresh catalog of the disk, built by the core exactly as the extension builds its own. */
async function freshScan(): Promise<SkillCatalog> {
  const configured = vscode.workspace.getConfiguration('skillsmith').get<string[]>('locations');
  const locations = resolveLocations({ workspaceFolders: [workspaceFolder().uri.fsPath], configured, home: os.homedir() });
  const catalog = createSkillCatalog({ trustWorkspaceSkills: vscode.workspace.isTrusted });
  await new CatalogUpdater(catalog, new NodeFileSystem(), locations).scanAll();
  return catalog;
}

/** One line per entry (file, name, status, description), sorted by file. */
function linesOf(catalog: Pick<SkillCatalog, 'entries'>): string[] {
  return catalog
    .entries()
    .map((e) => `${e.record.filePath} | ${e.record.name} | ${e.status} | ${e.record.description ?? ''}`)
    .sort();
}

/** The first lines where two sorted lists differ, for a readable failure. */
function difference(actual: readonly string[], expected: readonly string[]): string {
  const missing = expected.filter((line) => !actual.includes(line));
  const extra = actual.filter((line) => !expected.includes(line));
  return `${actual.length} entries, ${expected.length} expected; missing ${missing.length} (${missing.slice(0, 3).join('; ')}), extra ${extra.length} (${extra.slice(0, 3).join('; ')})`;
}

/** Waits until the catalog equals a fresh scan; returns when that first held. */
async function settled(api: SkillsmithApi, expected: readonly string[]): Promise<number> {
  let last = '';
  try {
    await waitFor(
      async () => {
        await api.whenIdle();
        const actual = linesOf(api.catalog);
        last = difference(actual, expected);
        return actual.length === expected.length && actual.every((line, i) => line === expected[i]);
      },
      { timeout: SETTLE_TIMEOUT_MS, interval: 100, message: 'the catalog to equal a fresh scan' },
    );
  } catch (error) {
    throw new Error(`${(error as Error).message}: ${last}`);
  }
  return Date.now();
}

export const tests: HostTest[] = [
  {
    name: `${CREATED} skill folders created and ${DELETED} deleted at once: the catalog converges on a fresh scan, and the view shows it`,
    timeoutMs: SETTLE_TIMEOUT_MS + 60_000,
    fn: async () => {
      const api = await idleApi();
      const start = linesOf(api.catalog);
      assert.deepStrictEqual(linesOf(await freshScan()), start, 'the catalog matches the disk before the storm');
      const names = Array.from({ length: CREATED }, (_, i) => `storm-${String(i).padStart(4, '0')}`);
      // What VS Code's watcher delivers of the storm (it may coalesce): printed, not asserted.
      const seen = { created: 0, changed: 0, deleted: 0, first: 0, last: 0 };
      const saw = (kind: 'created' | 'changed' | 'deleted') => () => {
        seen[kind]++;
        seen.last = Date.now();
        seen.first ||= seen.last;
      };
      const probe = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(workspaceFolder(), 'skills/**'));
      probe.onDidCreate(saw('created'));
      probe.onDidChange(saw('changed'));
      probe.onDidDelete(saw('deleted'));

      const began = Date.now();
      for (const name of names) {
        fs.mkdirSync(diskPath(`skills/${name}`));
        fs.writeFileSync(diskPath(`skills/${name}/SKILL.md`), skillText(name, `Storm skill ${name}. Use when testing event storms.`));
      }
      const written = Date.now();
      const doomed = names.filter((_, i) => i % 2 === 1);
      for (const name of doomed) fs.rmSync(diskPath(`skills/${name}`), { recursive: true });
      const deleted = Date.now();
      assert.strictEqual(doomed.length, DELETED);

      const expected = linesOf(await freshScan());
      assert.strictEqual(expected.length, start.length + CREATED - DELETED);
      const converged = await settled(api, expected);
      hostLog(
        `storm: wrote ${CREATED} skills in ${written - began} ms, deleted ${DELETED} in ${deleted - written} ms; ` +
          `the catalog equalled a fresh scan ${converged - deleted} ms after the last deletion (${converged - began} ms after the first write)`,
      );
      hostLog(
        `storm: so far the watcher delivered ${seen.created} creations, ${seen.changed} changes, ${seen.deleted} deletions ` +
          `for ${2 * CREATED} paths created and ${2 * DELETED} deleted, from ${seen.first - deleted} to ${seen.last - deleted} ms after the last deletion`,
      );

      // Late events must not undo it.
      await sleep(2000);
      await api.whenIdle();
      probe.dispose();
      assert.deepStrictEqual(linesOf(api.catalog), linesOf(await freshScan()), 'still equal after the stragglers');

      // The Skills view shows the same skills, under their locations.
      const fresh = await freshScan();
      const expectedView = fresh.entries().map((e) => `${e.record.location.label}: ${e.record.name}`).sort();
      const viewLines = () => (api.viewSnapshot?.() ?? []).flatMap((group) => group.skills.map((s) => `${group.location}: ${s.name}`)).sort();
      await waitFor(() => viewLines().join('\n') === expectedView.join('\n'), { timeout: 15_000, message: `the view to show the ${expectedView.length} skills` });
      assert.ok(viewLines().includes('skills: storm-0000') && !viewLines().includes('skills: storm-0001'));
      await waitFor(() => api.statusBarSnapshot?.().text.startsWith(`$(mortar-board) ${fresh.size} skills`), {
        timeout: 15_000,
        message: `the status bar to count ${fresh.size} skills`,
      });
      hostLog(`storm: the view and the status bar show ${fresh.size} skills ${Date.now() - deleted} ms after the last deletion`);
    },
  },
  {
    name: `removing the other ${CREATED - DELETED} storm folders empties them from the catalog again`,
    timeoutMs: SETTLE_TIMEOUT_MS + 30_000,
    fn: async () => {
      const api = await idleApi();
      const began = Date.now();
      for (const entry of fs.readdirSync(diskPath('skills'))) {
        if (entry.startsWith('storm-')) fs.rmSync(diskPath(`skills/${entry}`), { recursive: true });
      }
      const expected = linesOf(await freshScan());
      assert.strictEqual(expected.length, 1, 'only the seed skill is left on disk');
      const converged = await settled(api, expected);
      hostLog(`storm: removing the other ${CREATED - DELETED} settled in ${converged - began} ms`);
      assert.ok(api.catalog.get('seed-skill'));
    },
  },
];
