// A storm of file events in the real host: 1,000 skill folders written with node fs as
// fast as the disk allows, then 500 of them deleted, all behind VS Code's back. The file
// watcher may coalesce events under such a load; the catalog must still converge on
// exactly the skills the test wrote and did not delete (their names and descriptions are
// the test's own), and the Skills view and the status bar must show them. How long that
// takes is printed, never asserted.
import * as assert from 'assert';
import * as fs from 'fs';
import * as vscode from 'vscode';
import type { SkillsmithApi } from '../../../src/vscode/api';
import { HostTest, hostLog, sleep, waitFor, workspaceFolder } from '../helpers';
import { diskPath, idleApi, skillText } from './uiSupport';

const CREATED = 1000;
const DELETED = 500;
const SETTLE_TIMEOUT_MS = 180_000;

/** The storm fixture's one skill, as its file says. */
const SEED = {
  name: 'seed-skill',
  description: 'The one skill the storm workspace starts with. Use when testing the watcher.',
};

function stormDescription(name: string): string {
  return `Storm skill ${name}. Use when testing event storms.`;
}

/** The catalog line (file, name, status, description) of a valid skill in skills/. */
function expectedLine(skill: { name: string; description: string }): string {
  return `${diskPath(`skills/${skill.name}/SKILL.md`)} | ${skill.name} | offered | ${skill.description}`;
}

/** What the catalog must hold: the seed skill and the storm skills `names`, sorted by file. */
function expectedLines(names: readonly string[]): string[] {
  return [
    expectedLine(SEED),
    ...names.map((name) => expectedLine({ name, description: stormDescription(name) })),
  ].sort();
}

/** One line per entry (file, name, status, description), sorted by file. */
function linesOf(api: SkillsmithApi): string[] {
  return api.catalog
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

/** Waits until the catalog holds exactly `expected`; returns when that first held. */
async function settled(api: SkillsmithApi, expected: readonly string[]): Promise<number> {
  let last = '';
  try {
    await waitFor(
      async () => {
        await api.whenIdle();
        const actual = linesOf(api);
        last = difference(actual, expected);
        return actual.length === expected.length && actual.every((line, i) => line === expected[i]);
      },
      { timeout: SETTLE_TIMEOUT_MS, interval: 100, message: 'the catalog to hold exactly the skills left on disk' },
    );
  } catch (error) {
    throw new Error(`${(error as Error).message}: ${last}`);
  }
  return Date.now();
}

export const tests: HostTest[] = [
  {
    name: `${CREATED} skill folders created and ${DELETED} deleted at once: the catalog converges on the ${CREATED - DELETED} left, and the view shows it`,
    timeoutMs: SETTLE_TIMEOUT_MS + 60_000,
    fn: async () => {
      const api = await idleApi();
      assert.deepStrictEqual(linesOf(api), expectedLines([]), 'only the seed skill before the storm');
      const names = Array.from({ length: CREATED }, (_, i) => `storm-${String(i).padStart(4, '0')}`);
      // What VS Code's watcher delivers of the storm (it may coalesce): printed, not asserted.
      const seen = { created: 0, changed: 0, deleted: 0, first: 0, last: 0 };
      const saw = (kind: 'created' | 'changed' | 'deleted') => () => {
        seen[kind]++;
        seen.last = Date.now();
        seen.first ||= seen.last;
      };
      const probe = vscode.workspace.createFileSystemWatcher(
        new vscode.RelativePattern(workspaceFolder(), 'skills/**'),
      );
      probe.onDidCreate(saw('created'));
      probe.onDidChange(saw('changed'));
      probe.onDidDelete(saw('deleted'));

      const began = Date.now();
      for (const name of names) {
        fs.mkdirSync(diskPath(`skills/${name}`));
        fs.writeFileSync(diskPath(`skills/${name}/SKILL.md`), skillText(name, stormDescription(name)));
      }
      const written = Date.now();
      const doomed = names.filter((_, i) => i % 2 === 1);
      for (const name of doomed) fs.rmSync(diskPath(`skills/${name}`), { recursive: true });
      const deleted = Date.now();
      assert.strictEqual(doomed.length, DELETED);

      const survivors = names.filter((_, i) => i % 2 === 0);
      const expected = expectedLines(survivors);
      assert.strictEqual(expected.length, 1 + CREATED - DELETED);
      const converged = await settled(api, expected);
      hostLog(
        `storm: wrote ${CREATED} skills in ${written - began} ms, deleted ${DELETED} in ${deleted - written} ms; ` +
          `the catalog held exactly the survivors ${converged - deleted} ms after the last deletion (${converged - began} ms after the first write)`,
      );
      hostLog(
        `storm: so far the watcher delivered ${seen.created} creations, ${seen.changed} changes, ${seen.deleted} deletions ` +
          `for ${2 * CREATED} paths created and ${2 * DELETED} deleted, from ${seen.first - deleted} to ${seen.last - deleted} ms after the last deletion`,
      );

      // Late events must not undo it.
      await sleep(2000);
      await api.whenIdle();
      probe.dispose();
      assert.deepStrictEqual(linesOf(api), expected, 'still exact after the stragglers');

      // The Skills view shows the same skills, under their location.
      const expectedView = [SEED.name, ...survivors].map((name) => `skills: ${name}`).sort();
      const viewLines = () =>
        (api.viewSnapshot?.() ?? []).flatMap((group) => group.skills.map((s) => `${group.location}: ${s.name}`)).sort();
      await waitFor(() => viewLines().join('\n') === expectedView.join('\n'), {
        timeout: 15_000,
        message: `the view to show the ${expectedView.length} skills`,
      });
      assert.ok(viewLines().includes('skills: storm-0000') && !viewLines().includes('skills: storm-0001'));
      await waitFor(() => api.statusBarSnapshot().text === '$(mortar-board) 501 skills', {
        timeout: 15_000,
        message: `the status bar to count 501 skills (now ${JSON.stringify(api.statusBarSnapshot().text)})`,
      });
      hostLog(`storm: the view and the status bar show 501 skills ${Date.now() - deleted} ms after the last deletion`);
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
      const converged = await settled(api, expectedLines([]));
      hostLog(`storm: removing the other ${CREATED - DELETED} settled in ${converged - began} ms`);
      assert.ok(api.catalog.get('seed-skill'));
    },
  },
];
