// Skillsmith in a multi-root workspace (fixtures/multi-root: folders `app` and `lib`).
// Each name exists twice, so precedence across folders shows:
//   code-review   app/skills (wins: same location, first folder)  lib/skills (shadowed)
//   release-notes lib/.github/skills (wins: the earlier location)  app/.claude/skills (shadowed,
//                 although app is the first folder: location order beats folder order)
import * as assert from 'assert';
import * as vscode from 'vscode';
import type { SkillsmithApi } from '../../../src/vscode/api';
import { HostTest, deleteWorkspaceFile, waitFor, workspaceFolder, workspaceUri, writeWorkspaceFile } from '../helpers';
import { idleApi, viewLines } from './uiSupport';

/** `folder/path | name | status | location label` of every catalog entry, sorted. */
function catalogLines(api: SkillsmithApi): string[] {
  return api.catalog
    .entries()
    .map(
      (e) =>
        `${vscode.workspace.asRelativePath(vscode.Uri.file(e.record.filePath), true)} | ${e.record.name} | ${e.status} | ${e.record.location.label}`,
    )
    .sort();
}

async function invoke(name: string, input: object): Promise<string> {
  const result = await vscode.lm.invokeTool(name, { input, toolInvocationToken: undefined });
  return result.content
    .map((part) => (part as { value?: unknown }).value)
    .filter((v): v is string => typeof v === 'string')
    .join('');
}

export const tests: HostTest[] = [
  {
    name: 'both folders of skills.code-workspace are open',
    fn: () => {
      assert.deepStrictEqual([workspaceFolder(0).name, workspaceFolder(1).name], ['app', 'lib']);
    },
  },
  {
    name: "the catalog holds both folders' skills, each under its location",
    fn: async () => {
      const api = await idleApi();
      assert.deepStrictEqual(catalogLines(api), [
        'app/.claude/skills/release-notes/SKILL.md | release-notes | shadowed | .claude/skills',
        'app/skills/code-review/SKILL.md | code-review | offered | skills',
        'lib/.github/skills/release-notes/SKILL.md | release-notes | offered | .github/skills',
        'lib/skills/code-review/SKILL.md | code-review | shadowed | skills',
      ]);
    },
  },
  {
    name: 'precedence across folders: the location first, then the order of the folders',
    fn: async () => {
      const api = await idleApi();
      assert.strictEqual(
        api.catalog.get('code-review')?.record.filePath,
        workspaceUri('skills/code-review/SKILL.md', 0).fsPath,
      );
      assert.strictEqual(
        api.catalog.get('release-notes')?.record.filePath,
        workspaceUri('.github/skills/release-notes/SKILL.md', 1).fsPath,
      );
      for (const [loser, winner] of [
        [workspaceUri('skills/code-review/SKILL.md', 1), 'app/skills/code-review/SKILL.md'],
        [workspaceUri('.claude/skills/release-notes/SKILL.md', 0), 'lib/.github/skills/release-notes/SKILL.md'],
      ] as const) {
        const entry = api.catalog.entryForFile(loser.fsPath);
        assert.strictEqual(entry?.status, 'shadowed', loser.fsPath);
        assert.strictEqual(
          entry.shadowedBy && vscode.workspace.asRelativePath(vscode.Uri.file(entry.shadowedBy.filePath), true),
          winner,
        );
        assert.deepStrictEqual(
          entry.problems.map((p) => p.code),
          ['duplicate-name'],
        );
      }
    },
  },
  {
    name: 'the Skills view labels each location with its folder',
    fn: async () => {
      const api = await idleApi();
      assert.deepStrictEqual(viewLines(api), [
        'skills (app): code-review',
        'skills (lib): code-review [shadowed]',
        '.github/skills (lib): release-notes',
        '.claude/skills (app): release-notes [shadowed]',
      ]);
    },
  },
  {
    name: 'the tools list and load the winners of both folders',
    fn: async () => {
      await idleApi();
      const listed = await invoke('skillsmith_listSkills', {});
      assert.ok(
        listed.startsWith(
          "- code-review: Reviews a file against the team's conventions. Use when the user asks for a code review.\n" +
            '- release-notes: Drafts release notes from the merged changes. Use when preparing a release.\n',
        ),
        listed,
      );
      const notes = await invoke('skillsmith_loadSkill', { name: 'release-notes' });
      assert.match(notes, /^Base directory for this skill: .*\/lib\/\.github\/skills\/release-notes\n/);
      assert.doesNotMatch(notes, /APP-NOTES-MARKER/);
      assert.doesNotMatch(await invoke('skillsmith_loadSkill', { name: 'code-review' }), /LIB-REVIEW-MARKER/);
    },
  },
  {
    name: 'a skill written into the second folder joins the catalog, and leaves it when deleted',
    timeoutMs: 30_000,
    fn: async () => {
      const api = await idleApi();
      await writeWorkspaceFile(
        '.agents/skills/lib-only/SKILL.md',
        '---\nname: lib-only\ndescription: Only in lib. Use when testing the second folder.\n---\nBody.\n',
        1,
      );
      const entry = await waitFor(() => api.catalog.get('lib-only'), {
        timeout: 15_000,
        message: 'lib-only in the catalog',
      });
      assert.strictEqual(entry.status, 'offered');
      assert.strictEqual(entry.record.location.root, workspaceFolder(1).uri.fsPath);
      assert.strictEqual(entry.record.location.label, '.agents/skills');
      await deleteWorkspaceFile('.agents/skills/lib-only', 1);
      await waitFor(() => !api.catalog.get('lib-only'), { timeout: 15_000, message: 'lib-only gone' });
    },
  },
];
