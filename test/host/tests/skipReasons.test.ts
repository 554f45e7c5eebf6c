// What the scan passes over reaches the user with a reason: a SKILL.md that is a folder
// and a symlink loop, made behind VS Code's back, are skipped and logged to the
// 'Skillsmith' output channel. That channel cannot be read through the API, so the
// same reasons are read from the API's skipped() (the watcher keeps the latest ones).
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import type { SkillsmithApi } from '../../../src/vscode/api';
import { HostTest, hostLog, waitFor } from '../helpers';
import { diskPath, idleApi, skillText, writeOnDiskUntil } from './uiSupport';

const TIMEOUT = { timeout: 15_000 };

/** How many skips of `target` whose reason matches the API kept. */
function skipsOf(api: SkillsmithApi, target: string, reason: RegExp): number {
  return api.skipped().filter((s) => s.path === target && reason.test(s.reason)).length;
}

export const tests: HostTest[] = [
  {
    name: 'a SKILL.md that is a folder and a symlink loop are skipped with their reasons, from events and from a full scan',
    timeoutMs: 40_000,
    fn: async () => {
      const api = await idleApi();
      assert.ok(typeof api.skipped === 'function', 'the API offers skipped()');
      const skills = diskPath('skills');
      const folderNamedSkill = diskPath('skills/odd-one/SKILL.md');
      const loop = diskPath('skills/looper/back-to-skills');
      try {
        // The suite's first write: the watcher may not be running yet (see writeOnDiskUntil).
        const writes = await writeOnDiskUntil(
          'skills/looper/SKILL.md',
          skillText('looper', 'Holds a symlink back to its location. Use when testing loops.'),
          () => api.catalog.get('looper')?.status === 'offered',
          { message: 'looper in the catalog' },
        );
        if (writes > 1) hostLog(`skip reasons: the watcher saw looper after ${writes} writes, 2 s apart`);
        fs.mkdirSync(folderNamedSkill, { recursive: true });
        fs.symlinkSync(skills, loop, 'dir');

        // The file watcher's events alone.
        const notAFile = /^SKILL\.md is not a file$/;
        const loopReason = /^symlink loop: points back to /;
        await waitFor(() => skipsOf(api, folderNamedSkill, notAFile) > 0, {
          ...TIMEOUT,
          message: 'the folder named SKILL.md reported from its event',
        });
        await waitFor(() => skipsOf(api, loop, loopReason) > 0, {
          ...TIMEOUT,
          message: 'the symlink loop reported from its event',
        });

        // A full scan (Refresh) reports them again.
        await api.whenIdle();
        const before = [skipsOf(api, folderNamedSkill, notAFile), skipsOf(api, loop, loopReason)];
        await vscode.commands.executeCommand('skillsmith.refresh');
        await api.whenIdle();
        const after = [skipsOf(api, folderNamedSkill, notAFile), skipsOf(api, loop, loopReason)];
        assert.ok(
          after[0] > before[0] && after[1] > before[1],
          `reported again by the scan: ${JSON.stringify(api.skipped().slice(-6))}`,
        );

        // Neither is a skill, and the loop made no phantom copies of the skills it leads back to.
        assert.deepStrictEqual(
          api.catalog
            .entries()
            .map((e) => path.relative(skills, e.record.filePath))
            .sort(),
          ['looper/SKILL.md', 'seed-skill/SKILL.md'],
        );
        assert.ok(api.skipped().length <= 200, 'the kept reasons are bounded');
      } finally {
        // The storm that follows must not walk the loop.
        fs.rmSync(loop, { force: true });
        fs.rmSync(diskPath('skills/odd-one'), { recursive: true, force: true });
        fs.rmSync(diskPath('skills/looper'), { recursive: true, force: true });
      }
      await waitFor(
        async () => {
          await api.whenIdle();
          return api.catalog.size === 1 && api.catalog.get('seed-skill');
        },
        { ...TIMEOUT, message: 'only seed-skill left' },
      );
    },
  },
];
