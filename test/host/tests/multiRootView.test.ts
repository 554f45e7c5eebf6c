// A multi-root workspace (ui-multi-root: folders `one` and `two`, each with a skill
// named `shared`): both folders' skills are in the catalog and the view, labelled by
// folder, and the first folder's `shared` shadows the second's.
import * as assert from 'assert';
import * as vscode from 'vscode';
import { HostTest, waitFor } from '../helpers';
import { diskPath, idleApi, settleWith, viewLines } from './uiSupport';

export const tests: HostTest[] = [
  {
    name: "both folders' skills appear, grouped by location and folder",
    fn: async () => {
      const api = await idleApi();
      assert.deepStrictEqual(viewLines(api), [
        'skills (one): only-one',
        'skills (one): shared',
        'skills (two): shared [shadowed]',
        '.claude/skills (two): only-two',
      ]);
      assert.deepStrictEqual(
        api.catalog.offered().map((e) => e.record.name),
        ['only-one', 'only-two', 'shared'],
      );
    },
  },
  {
    name: 'the same name in both folders: the first folder wins, the second is shadowed',
    fn: async () => {
      const api = await idleApi();
      const winner = api.catalog.get('shared');
      assert.ok(winner);
      assert.strictEqual(winner.record.filePath, diskPath('skills/shared/SKILL.md', 0));
      const loser = api.catalog.entryForFile(diskPath('skills/shared/SKILL.md', 1));
      assert.strictEqual(loser?.status, 'shadowed');
      assert.ok(loser.problems.some((p) => p.code === 'duplicate-name'));
      await waitFor(() => api.statusBarSnapshot().text === '$(mortar-board) 4 skills $(warning) 1', {
        message: 'the status bar: 4 skills, 1 warning',
      });
    },
  },
  {
    name: "New Skill offers each folder's locations; Enter takes the first folder's skills/",
    fn: async () => {
      const api = await idleApi();
      const uri = await settleWith(
        vscode.commands.executeCommand<vscode.Uri | undefined>('skillsmith.newSkill', {
          template: 'minimal',
          name: 'multi-new',
          description: 'Made in a multi-root workspace. Use when testing.',
        }),
        'workbench.action.acceptSelectedQuickOpenItem',
      );
      assert.ok(uri);
      assert.strictEqual(uri.fsPath, diskPath('skills/multi-new/SKILL.md', 0));
      await waitFor(() => viewLines(api).includes('skills (one): multi-new'), { message: 'multi-new in the view' });
    },
  },
  {
    name: 'New Skill into the second folder by location argument',
    fn: async () => {
      const api = await idleApi();
      const uri = await vscode.commands.executeCommand<vscode.Uri>('skillsmith.newSkill', {
        template: 'minimal',
        name: 'second-new',
        description: 'In folder two. Use when testing.',
        location: vscode.Uri.file(diskPath('.claude/skills', 1)),
      });
      assert.strictEqual(uri?.fsPath, diskPath('.claude/skills/second-new/SKILL.md', 1));
      assert.ok(viewLines(api).length >= 5);
      await waitFor(() => viewLines(api).includes('.claude/skills (two): second-new'), {
        message: 'second-new in the view',
      });
    },
  },
];
