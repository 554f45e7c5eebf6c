// A feature that throws while the extension starts is logged and named in one notification,
// and the other features still start (the suite makes 'routing evals' throw through the test hooks).
import * as assert from 'assert';
import * as vscode from 'vscode';
import { HostTest, getExtensionApi, notificationTexts, waitFor } from '../helpers';

const NOTICE = '.notifications-center .notification-list-item:has-text("failed to start")';

export const tests: HostTest[] = [
  {
    name: 'the feature that failed is named in one notification (read in the Notification Center)',
    timeoutMs: 40_000,
    fn: async () => {
      await getExtensionApi();
      const texts = await notificationTexts(NOTICE, 30_000);
      assert.strictEqual(texts.length, 1, `one notification, not ${texts.length}: ${texts.join(' | ')}`);
      assert.match(texts[0], /a feature failed to start \(routing evals\)/);
      assert.match(texts[0], /The other features work/);
    },
  },
  {
    name: 'the other features still start (the Skills view snapshot and diagnostics, read from the extension API)',
    timeoutMs: 40_000,
    fn: async () => {
      const api = await getExtensionApi<{
        whenIdle(): Promise<void>;
        viewSnapshot(): { location: string }[];
      }>();
      await api.whenIdle();
      assert.ok(api.viewSnapshot().length > 0, 'the Skills view shows the workspace locations');
      const broken = vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0].uri, 'skills/broken-skill/SKILL.md');
      await waitFor(() => vscode.languages.getDiagnostics(broken).some((d) => d.source === 'skillsmith'), {
        message: 'a diagnostic on the broken skill',
        timeout: 20_000,
      });
      const commands = await vscode.commands.getCommands(true);
      assert.ok(commands.includes('skillsmith.newSkill'), 'New Skill is registered');
    },
  },
];
