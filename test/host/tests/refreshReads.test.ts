// Refresh reads each skill file once, a bounded number at a time (the `refresh` suite runs
// with SKILLSMITH_TEST_HOOKS, so the extension counts every whole-file read per path).
// After Validate All, every file is fully validated; a Refresh then rescans (file heads
// only) and the pass after the scan reads each of those files completely again: once,
// VALIDATE_CONCURRENCY (16) at a time. Reading them also while the scan reports its
// changes, or all at once, is what this test catches.
import * as assert from 'assert';
import * as fs from 'fs';
import * as vscode from 'vscode';
import type { SkillsmithApi, SkillsmithTestHooks } from '../../../src/vscode/api';
import { HostTest, hostLog, readsQuiet, waitFor } from '../helpers';
import { diskPath, idleApi, skillText, writeOnDisk, writeOnDiskUntil } from './uiSupport';

const SKILLS = 40;
const MAX_CONCURRENT_READS = 16;
/** How long the reads must stay unchanged before the background pass counts as over. */
const QUIET_MS = 1500;

const names = Array.from({ length: SKILLS }, (_, i) => `read-once-${String(i).padStart(2, '0')}`);
const skillFiles = () => names.map((name) => diskPath(`skills/${name}/SKILL.md`)).sort();

function hooksOf(api: SkillsmithApi): SkillsmithTestHooks {
  assert.ok(api.testHooks, 'the test hooks exist (SKILLSMITH_TEST_HOOKS is set for this suite)');
  return api.testHooks;
}

/** Waits until every skill file was read, none is in flight, and the counts stay put for QUIET_MS. */
async function readsSettled(hooks: SkillsmithTestHooks): Promise<ReturnType<SkillsmithTestHooks['fileReads']>> {
  let last = '';
  let stableSince = 0;
  return waitFor(
    () => {
      const reads = hooks.fileReads();
      const snapshot = JSON.stringify(reads);
      const complete = reads.inFlight === 0 && skillFiles().every((file) => (reads.perPath[file] ?? 0) > 0);
      if (snapshot !== last || !complete) {
        last = snapshot;
        stableSince = Date.now();
        return undefined;
      }
      return Date.now() - stableSince >= QUIET_MS ? reads : undefined;
    },
    {
      timeout: 30_000,
      interval: 100,
      message: `every skill file read and no read for ${QUIET_MS} ms (last: ${last.slice(0, 300)})`,
    },
  );
}

export const tests: HostTest[] = [
  {
    name: 'the test hooks are on (SKILLSMITH_TEST_HOOKS is set for this suite)',
    fn: async () => {
      assert.strictEqual(process.env.SKILLSMITH_TEST_HOOKS, '1');
      hooksOf(await idleApi());
    },
  },
  {
    name: `after Validate All, Refresh reads each of ${SKILLS} skill files exactly once, at most ${MAX_CONCURRENT_READS} at a time`,
    timeoutMs: 90_000,
    fn: async () => {
      const api = await idleApi();
      const hooks = hooksOf(api);
      const text = (name: string) => skillText(name, `Read-once skill ${name}. Use when counting reads.`);
      // The suite's first write: the watcher may not be running yet (see writeOnDiskUntil).
      await writeOnDiskUntil(`skills/${names[0]}/SKILL.md`, text(names[0]), () => api.catalog.get(names[0]), {
        message: `${names[0]} in the catalog`,
      });
      for (const name of names.slice(1)) writeOnDisk(`skills/${name}/SKILL.md`, text(name));
      await waitFor(
        async () => {
          await api.whenIdle();
          return api.catalog.size === SKILLS;
        },
        { timeout: 20_000, message: `the ${SKILLS} skills in the catalog` },
      );
      assert.deepStrictEqual(
        api.catalog
          .entries()
          .map((e) => e.record.filePath)
          .sort(),
        skillFiles(),
      );

      const summary = await vscode.commands.executeCommand<{ files: number }>('skillsmith.validateAll');
      assert.strictEqual(summary?.files, SKILLS);
      // Let anything Validate All or the writes started finish before counting.
      await readsSettled(hooks);
      hooks.resetFileReads();

      await vscode.commands.executeCommand('skillsmith.refresh');
      await api.whenIdle();
      const reads = await readsSettled(hooks);
      hostLog(`refresh: ${Object.keys(reads.perPath).length} files read, at most ${reads.maxInFlight} at once`);
      assert.deepStrictEqual(Object.keys(reads.perPath).sort(), skillFiles(), 'only the skill files were read');
      const notOnce = Object.entries(reads.perPath).filter(([, count]) => count !== 1);
      assert.deepStrictEqual(notOnce, [], 'every skill file read exactly once');
      assert.ok(
        reads.maxInFlight <= MAX_CONCURRENT_READS,
        `at most ${MAX_CONCURRENT_READS} reads at once, saw ${reads.maxInFlight}`,
      );
      assert.ok(reads.maxInFlight >= 1);
    },
  },
  {
    name: `an edit on disk to one of ${SKILLS} skills reads that skill's files alone, and its new problem shows (read through the diagnostics API)`,
    timeoutMs: 60_000,
    fn: async () => {
      const api = await idleApi();
      const hooks = hooksOf(api);
      await readsQuiet(hooks, QUIET_MS);
      hooks.resetFileReads();
      const edited = names[7];
      const file = diskPath(`skills/${edited}/SKILL.md`);
      fs.appendFileSync(file, 'See [the missing guide](references/missing.md).\n');
      const uri = vscode.Uri.file(file);
      await waitFor(() => vscode.languages.getDiagnostics(uri).some((d) => d.code === 'broken-link') || undefined, {
        timeout: 20_000,
        message: `broken-link on ${edited}`,
      });
      const { touched } = await readsQuiet(hooks, QUIET_MS);
      const folder = `${diskPath(`skills/${edited}`)}/`;
      hostLog(`edit: read ${JSON.stringify(touched)}`);
      assert.ok((touched[file] ?? 0) > 0, 'the edited SKILL.md was read');
      assert.deepStrictEqual(
        Object.keys(touched).filter((path) => !path.startsWith(folder)),
        [],
        "no other skill's file was read",
      );
    },
  },
  {
    name: 'cleanup: the read-once skills leave the catalog',
    timeoutMs: 30_000,
    fn: async () => {
      const api = await idleApi();
      for (const name of names) fs.rmSync(diskPath(`skills/${name}`), { recursive: true, force: true });
      await waitFor(() => api.catalog.size === 0, { timeout: 20_000, message: 'an empty catalog' });
    },
  },
];
