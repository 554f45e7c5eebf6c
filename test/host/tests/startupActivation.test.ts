// Activation for a user whose skills live only in ~/.claude/skills (the `startup` suite:
// an EMPTY workspace folder, and HOME seeded from fixtures/home-user-skills). No
// workspaceContains event can fire here, so only onStartupFinished activates Skillsmith.
// These tests never call activate() (nor anything that activates by itself: a tool, a
// command, the participant) before the extension is active on its own.
import * as assert from 'assert';
import * as os from 'os';
import * as path from 'path';
import * as vscode from 'vscode';
import type { SkillsmithApi } from '../../../src/vscode/api';
import {
  HostTest,
  getExtension,
  hasSkillsContext,
  waitFor,
  workspaceFolder,
  workspaceUri,
  writeWorkspaceFile,
} from '../helpers';
import { waitForDiagnostics } from '../helpers/diagnostics';

const USER_NOTES_LINE =
  '- user-notes: Turns meeting notes into a list of decisions and action items. Use when the user pastes meeting notes.';

/** The API of the already active extension (never activates it). */
async function activeApi(): Promise<SkillsmithApi> {
  const extension = getExtension();
  assert.ok(extension.isActive, 'Skillsmith is active (the first test waits for that)');
  const api = extension.exports as SkillsmithApi;
  await api.whenIdle();
  return api;
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
    name: 'Skillsmith activates on its own at startup in an empty workspace',
    timeoutMs: 60_000,
    fn: async () => {
      assert.deepStrictEqual(
        await vscode.workspace.fs.readDirectory(workspaceFolder().uri),
        [],
        'the workspace folder is empty',
      );
      await waitFor(() => getExtension().isActive, {
        timeout: 50_000,
        message: 'Skillsmith to be activated by the workbench',
      });
      assert.ok(getExtension().exports, 'activate() returned its API');
    },
  },
  {
    name: 'the user-level skill is in the catalog and the listing',
    fn: async () => {
      const api = await activeApi();
      const entry = api.catalog.get('user-notes');
      assert.ok(entry, `user-notes in the catalog (${api.catalog.names().join(', ')})`);
      assert.strictEqual(entry.status, 'offered');
      assert.strictEqual(entry.record.location.scope, 'user');
      assert.strictEqual(entry.record.location.label, '~/.claude/skills');
      assert.strictEqual(entry.record.filePath, path.join(os.homedir(), '.claude', 'skills', 'user-notes', 'SKILL.md'));
      assert.strictEqual(api.catalog.size, 1);
      assert.strictEqual(api.catalog.listing(12000).text, USER_NOTES_LINE);
    },
  },
  {
    name: 'the API only reads: frozen, without test hooks (SKILLSMITH_TEST_HOOKS is not set here)',
    fn: async () => {
      const api = await activeApi();
      assert.strictEqual(process.env.SKILLSMITH_TEST_HOOKS, undefined);
      assert.strictEqual(api.testHooks, undefined);
      assert.ok(Object.isFrozen(api) && Object.isFrozen(api.catalog));
      assert.ok(
        !('setTrustWorkspaceSkills' in api.catalog) && !('replaceAll' in api.catalog),
        Object.keys(api.catalog).join(', '),
      );
    },
  },
  {
    name: 'the tools are enabled (skillsmith.hasSkills holds) and list and load the user-level skill',
    timeoutMs: 40_000,
    fn: async () => {
      await activeApi();
      await waitFor(() => hasSkillsContext(), {
        timeout: 20_000,
        message: "skillsmith.hasSkills (the tools' when clause)",
      });
      const listed = await invoke('skillsmith_listSkills', {});
      assert.ok(listed.startsWith(`${USER_NOTES_LINE}\n`), listed);
      assert.match(
        await invoke('skillsmith_loadSkill', { name: 'user-notes', args: 'the notes' }),
        /USER-MARKER-e51a: list the decisions and action items in the notes\./,
      );
    },
  },
  {
    name: 'a SKILL.md outside the default folders (docs/x/SKILL.md) gets diagnostics when opened',
    timeoutMs: 30_000,
    fn: async () => {
      await activeApi();
      const uri = await writeWorkspaceFile(
        'docs/x/SKILL.md',
        '---\nname: Not_Kebab\ndescription: Lives in docs. Use when testing.\n---\nBody.\n',
      );
      await vscode.commands.executeCommand('vscode.open', uri);
      await waitForDiagnostics(uri, ['name-format@1:6-1:15', 'name-mismatch@1:6-1:15']);
      assert.strictEqual(
        (await activeApi()).catalog.entryForFile(workspaceUri('docs/x/SKILL.md').fsPath),
        undefined,
        'not a catalog skill',
      );
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    },
  },
];
