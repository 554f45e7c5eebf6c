// Changes made on disk behind VS Code's back (node fs, not workspace.fs) reach the
// catalog, the Skills view and the status bar through the file watcher alone; so
// does a change of the `skillsmith.locations` setting. Runs after skillsView.test.
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { HostTest, waitFor } from '../helpers';
import { catalogNames, diskPath, idleApi, setSetting, skillText, viewLines, writeOnDisk } from './uiSupport';

const TIMEOUT = { timeout: 15_000 };

export const tests: HostTest[] = [
  {
    name: 'a skill created on disk appears in the catalog, the view and the status bar',
    fn: async () => {
      const api = await idleApi();
      writeOnDisk(
        'skills/delta/SKILL.md',
        skillText('delta', 'Handles delta files. Use when a delta file is mentioned.'),
      );
      await waitFor(() => api.catalog.get('delta')?.status === 'offered', {
        ...TIMEOUT,
        message: 'delta in the catalog',
      });
      await waitFor(() => viewLines(api).includes('skills: delta'), { ...TIMEOUT, message: 'delta in the view' });
      await waitFor(() => api.statusBarSnapshot().text.startsWith('$(mortar-board) 7 skills'), {
        ...TIMEOUT,
        message: 'the status bar to count 7',
      });
    },
  },
  {
    name: 'a changed description shows up',
    fn: async () => {
      const api = await idleApi();
      writeOnDisk('skills/delta/SKILL.md', skillText('delta', 'A new description. Use when testing changes.'));
      await waitFor(
        () => api.catalog.get('delta')?.record.description === 'A new description. Use when testing changes.',
        { ...TIMEOUT, message: 'the new description' },
      );
    },
  },
  {
    name: 'a skill that breaks shows as errors in the view, and recovers',
    fn: async () => {
      const api = await idleApi();
      writeOnDisk('skills/delta/SKILL.md', '---\nname: delta\n---\nNo description.\n');
      await waitFor(() => viewLines(api).includes('skills: delta [errors]'), {
        ...TIMEOUT,
        message: 'delta shown with errors',
      });
      writeOnDisk('skills/delta/SKILL.md', skillText('delta', 'Fixed again. Use when testing.'));
      await waitFor(() => viewLines(api).includes('skills: delta'), { ...TIMEOUT, message: 'delta offered again' });
    },
  },
  {
    name: 'a renamed skill folder moves in the catalog',
    fn: async () => {
      const api = await idleApi();
      fs.renameSync(diskPath('skills/delta'), diskPath('skills/epsilon'));
      writeOnDisk('skills/epsilon/SKILL.md', skillText('epsilon', 'Renamed from delta. Use when testing renames.'));
      await waitFor(() => !api.catalog.get('delta') && api.catalog.get('epsilon')?.status === 'offered', {
        ...TIMEOUT,
        message: 'delta gone, epsilon there',
      });
      await waitFor(() => viewLines(api).includes('skills: epsilon') && !viewLines(api).includes('skills: delta'), {
        ...TIMEOUT,
        message: 'the view to follow the rename',
      });
    },
  },
  {
    name: 'a deleted skill folder (rm -rf) disappears',
    fn: async () => {
      const api = await idleApi();
      fs.rmSync(diskPath('skills/epsilon'), { recursive: true, force: true });
      await waitFor(() => !api.catalog.get('epsilon'), { ...TIMEOUT, message: 'epsilon gone from the catalog' });
      await waitFor(() => !viewLines(api).some((line) => line.includes('epsilon')), {
        ...TIMEOUT,
        message: 'epsilon gone from the view',
      });
      await waitFor(() => api.statusBarSnapshot().text.startsWith('$(mortar-board) 6 skills'), {
        ...TIMEOUT,
        message: 'the status bar to count 6',
      });
    },
  },
  {
    name: 'a skill in a location folder that did not exist (.claude/skills) appears',
    fn: async () => {
      const api = await idleApi();
      assert.ok(!fs.existsSync(diskPath('.claude')));
      writeOnDisk(
        '.claude/skills/zeta/SKILL.md',
        skillText('zeta', 'Lives in .claude. Use when testing new locations.'),
      );
      await waitFor(() => api.catalog.get('zeta')?.record.location.label === '.claude/skills', {
        ...TIMEOUT,
        message: 'zeta in the catalog',
      });
      await waitFor(() => viewLines(api).includes('.claude/skills: zeta'), {
        ...TIMEOUT,
        message: 'the .claude/skills group in the view',
      });
      fs.rmSync(diskPath('.claude'), { recursive: true, force: true });
      await waitFor(() => !api.catalog.get('zeta'), { ...TIMEOUT, message: 'zeta gone after removing .claude' });
    },
  },
  {
    name: 'folders made at once (mkdir -p .claude/skills/eta), the skill written into them later: found, and its edits followed',
    fn: async () => {
      const api = await idleApi();
      assert.ok(!fs.existsSync(diskPath('.claude')));
      try {
        // The test before removed .claude: made again this soon, VS Code reports it as changed.
        fs.mkdirSync(diskPath('.claude/skills/eta'), { recursive: true });
        // The watcher reports only .claude; let that event be handled before the file comes.
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        await api.whenIdle();
        writeOnDisk(
          '.claude/skills/eta/SKILL.md',
          skillText('eta', 'Written after its folders. Use when testing mkdir -p.'),
        );
        await waitFor(() => api.catalog.get('eta')?.status === 'offered', {
          ...TIMEOUT,
          message: 'eta in the catalog',
        });
        writeOnDisk('.claude/skills/eta/SKILL.md', skillText('eta', 'Edited later. Use when testing mkdir -p.'));
        await waitFor(() => api.catalog.get('eta')?.record.description === 'Edited later. Use when testing mkdir -p.', {
          ...TIMEOUT,
          message: 'the edit to eta',
        });
      } finally {
        fs.rmSync(diskPath('.claude'), { recursive: true, force: true });
      }
      await waitFor(() => !api.catalog.get('eta'), { ...TIMEOUT, message: 'eta gone after removing .claude' });
    },
  },
  {
    name: 'changing skillsmith.locations takes effect, and restoring it brings the defaults back',
    timeoutMs: 40_000,
    fn: async () => {
      const api = await idleApi();
      writeOnDisk(
        'custom-skills/custom-one/SKILL.md',
        skillText('custom-one', 'Lives in a custom location. Use when testing settings.'),
      );
      try {
        await setSetting('locations', ['custom-skills']);
        await waitFor(
          async () => {
            await api.whenIdle();
            return catalogNames(api).join(',') === 'custom-skills:custom-one';
          },
          { ...TIMEOUT, message: 'only the custom location' },
        );
        await waitFor(() => viewLines(api).join('|') === 'custom-skills: custom-one', {
          ...TIMEOUT,
          message: 'the view to show only the custom location',
        });
        // The new location is watched too.
        writeOnDisk(
          'custom-skills/custom-two/SKILL.md',
          skillText('custom-two', 'Also custom. Use when testing settings.'),
        );
        await waitFor(() => api.catalog.get('custom-two'), {
          ...TIMEOUT,
          message: 'custom-two picked up by the watcher',
        });
      } finally {
        await setSetting('locations', undefined);
      }
      await waitFor(
        async () => {
          await api.whenIdle();
          return api.catalog.get('gamma') && !api.catalog.get('custom-one');
        },
        { ...TIMEOUT, message: 'the default locations back' },
      );
      assert.strictEqual(api.catalog.size, 6);
    },
  },
  {
    name: 'a user-level folder created after start (~/.claude/skills) is found and watched',
    fn: async () => {
      const api = await idleApi();
      // The host runs with a sandboxed HOME, where no user-level skills folder exists yet.
      const userSkills = path.join(os.homedir(), '.claude', 'skills');
      assert.ok(!fs.existsSync(userSkills), `${userSkills} should not exist before the test`);
      try {
        fs.mkdirSync(path.join(userSkills, 'user-one'), { recursive: true });
        fs.writeFileSync(
          path.join(userSkills, 'user-one', 'SKILL.md'),
          skillText('user-one', 'A user-level skill. Use when testing user folders.'),
        );
        await waitFor(() => api.catalog.get('user-one')?.record.location.label === '~/.claude/skills', {
          ...TIMEOUT,
          message: 'user-one from ~/.claude/skills',
        });
        // From now on the folder itself is watched.
        fs.mkdirSync(path.join(userSkills, 'user-two'));
        fs.writeFileSync(
          path.join(userSkills, 'user-two', 'SKILL.md'),
          skillText('user-two', 'Another one. Use when testing user folders.'),
        );
        await waitFor(() => api.catalog.get('user-two')?.status === 'offered', {
          ...TIMEOUT,
          message: 'user-two picked up by the watcher',
        });
      } finally {
        fs.rmSync(path.join(os.homedir(), '.claude'), { recursive: true, force: true });
      }
      await waitFor(() => !api.catalog.get('user-one') && !api.catalog.get('user-two'), {
        ...TIMEOUT,
        message: 'the user skills gone again',
      });
    },
  },
];
