// The Skills view for the README: a few skills, one with errors, one hidden, one
// shadowed, and the status-bar summary (run by scripts/host/screenshot.mjs).
import * as vscode from 'vscode';
import { HostTest, screenshot, waitFor } from '../helpers';
import { diskPath, idleApi, settleWith } from '../tests/uiSupport';

export const tests: HostTest[] = [
  {
    name: 'the Skills view with the listing document',
    timeoutMs: 60_000,
    fn: async () => {
      const api = await idleApi();
      await vscode.commands.executeCommand('workbench.action.closeAuxiliaryBar');
      await vscode.commands.executeCommand('skillsmith.skills.focus');
      await vscode.commands.executeCommand('skillsmith.showListing');
      await waitFor(() => api.statusBarSnapshot().visible, { message: 'the status bar item' });
      await screenshot('skills-view', { settleMs: 1500 });
    },
  },
  {
    name: 'a new skill just created',
    timeoutMs: 60_000,
    fn: async () => {
      await idleApi();
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await vscode.commands.executeCommand('skillsmith.newSkill', {
        template: 'with-references', name: 'release-notes', description: 'Writes release notes from merged pull requests. Use when preparing a release.', location: diskPath('skills'),
      });
      await vscode.commands.executeCommand('skillsmith.skills.focus');
      await screenshot('new-skill', { settleMs: 1500 });
    },
  },
  {
    name: 'the New Skill template pick',
    timeoutMs: 60_000,
    fn: async () => {
      await idleApi();
      const pending = vscode.commands.executeCommand('skillsmith.newSkill');
      await screenshot('new-skill-templates', { settleMs: 1500 });
      await settleWith(pending, 'workbench.action.closeQuickOpen');
    },
  },
];
