// README screenshots of the examples/ workspace (the one `npm start` opens), taken by
// scripts/host/screenshot.mjs --suite=release-screenshots: the squiggles on a broken
// SKILL.md with the quick-fix menu open, Show Listing under a small budget (the
// suite sets skillsmith.listing.budget so that the budget drops skills), and the
// Get Started walkthrough.
import * as assert from 'assert';
import * as vscode from 'vscode';
import { HostTest, openWorkspaceFile, screenshot, sleep, waitFor } from '../helpers';
import { idleApi } from '../tests/uiSupport';

const BROKEN = '.claude/skills/broken-example/SKILL.md';

/** A clean stage: no editors, no chat, no panel. */
async function clearStage(): Promise<void> {
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  await vscode.commands.executeCommand('workbench.action.closeAuxiliaryBar');
  await vscode.commands.executeCommand('workbench.action.closePanel');
}

export const tests: HostTest[] = [
  {
    name: 'squiggles on a broken SKILL.md with the quick-fix menu open',
    timeoutMs: 60_000,
    fn: async () => {
      await idleApi();
      await clearStage();
      await vscode.commands.executeCommand('workbench.view.explorer');
      const editor = await openWorkspaceFile(BROKEN);
      await waitFor(
        () => vscode.languages.getDiagnostics(editor.document.uri).filter((d) => d.source === 'skillsmith').length >= 4,
        { message: 'the skillsmith diagnostics of the broken example' },
      );
      // The cursor on the name value: name-format and name-mismatch both offer a fix there.
      const line = editor.document.lineAt(1).text;
      const at = line.indexOf('Broken-Example');
      assert.ok(at > 0, `line 2 is the name: ${line}`);
      editor.selection = new vscode.Selection(1, at + 3, 1, at + 3);
      // The Problems panel lists the messages; the quick-fix menu needs the editor focused.
      await vscode.commands.executeCommand('workbench.actions.view.problems');
      await vscode.commands.executeCommand('workbench.action.focusActiveEditorGroup');
      await sleep(1000);
      await vscode.commands.executeCommand('editor.action.quickFix');
      await screenshot('squiggles-quickfix', { settleMs: 2500 });
      await vscode.commands.executeCommand('hideCodeActionWidget');
    },
  },
  {
    name: 'Show Listing under a small budget, with the dropped skills',
    timeoutMs: 60_000,
    fn: async () => {
      const api = await idleApi();
      const budget = vscode.workspace.getConfiguration('skillsmith').get<number>('listing.budget', 12000);
      assert.ok(api.catalog.listing(budget).dropped.length > 0, `the budget ${budget} drops skills of the examples`);
      await clearStage();
      await vscode.commands.executeCommand('skillsmith.skills.focus');
      await vscode.commands.executeCommand('skillsmith.showListing');
      await screenshot('show-listing', { settleMs: 2000 });
    },
  },
  {
    name: 'the Get Started walkthrough on its linting step',
    timeoutMs: 60_000,
    fn: async () => {
      await idleApi();
      await clearStage();
      const walkthrough = 'skillsmith.skillsmith#getStarted';
      await vscode.commands.executeCommand('workbench.action.openWalkthrough', { category: walkthrough, step: 'lintSkill' }, false);
      await screenshot('walkthrough', { settleMs: 3000 });
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    },
  },
];
