// What works without a language model. VS Code resolves a chat request's model before it calls
// any participant, so `@skills /list` and `/show` cannot answer without one; the Command Palette
// and the Skills view show the same things: Show Listing, and Show Skill Expansion… (what
// loading a skill returns). Driven through the page: keys into the palette, the quick pick and
// the input box, and the document read back from the editor. Fixture: ui/.
import * as assert from 'assert';
import * as vscode from 'vscode';
import { HostTest, pressInWorkbench, typeInWorkbench, waitFor, workbenchTexts } from '../helpers';
import { idleApi } from './uiSupport';

/** What the quick input (palette, pick, input box) shows now. */
async function quickInput(): Promise<string> {
  return (await workbenchTexts({ selector: '.quick-input-widget', timeoutMs: 5_000 })).join('\n');
}

/** The text of the active editor as the page draws it (VS Code draws spaces as no-break spaces). */
async function editorText(): Promise<string> {
  const lines = await workbenchTexts({ selector: '.editor-group-container.active .monaco-editor .view-lines' });
  return lines.join('\n').replace(/\u00a0/g, ' ');
}

export const tests: HostTest[] = [
  {
    name: 'Command Palette: Show Skill Expansion…, a skill picked and its arguments typed, shows what loading it returns',
    timeoutMs: 60_000,
    fn: async () => {
      await idleApi();
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      try {
        await pressInWorkbench('F1');
        await typeInWorkbench('Skills: Show Skill Expansion');
        await waitFor(async () => /Skills: Show Skill Expansion/.test(await quickInput()), {
          message: 'the command in the palette',
        });
        await pressInWorkbench('Enter');
        await waitFor(async () => /gamma/.test(await quickInput()), { message: 'the pick of skills' });
        await typeInWorkbench('alpha');
        await pressInWorkbench('Enter');
        await waitFor(async () => /\$ARGUMENTS/.test(await quickInput()), {
          message: 'the input box for the arguments',
        });
        await typeInWorkbench('the nightly runs');
        await pressInWorkbench('Enter');
        await waitFor(() => vscode.window.activeTextEditor?.document.uri.scheme === 'skillsmith-expansion', {
          message: 'the expansion document',
        });
        const text = await waitFor(
          async () => {
            const shown = await editorText();
            return /Summarise the nightly runs as an alpha report\./.test(shown) ? shown : undefined;
          },
          { message: 'the expansion with its arguments on the page' },
        );
        assert.match(text, /^# alpha/m);
        assert.match(text, /Status: offered to the model/);
        assert.match(text, /Loading it with the arguments `the nightly runs` returns:/);
      } finally {
        await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      }
    },
  },
  {
    name: 'Show Skill Expansion (the command, given a name) says why a skill with errors is not offered, and still shows it',
    timeoutMs: 30_000,
    fn: async () => {
      await idleApi();
      try {
        const uri = await vscode.commands.executeCommand<vscode.Uri>('skillsmith.showSkill', 'Beta_Broken', '');
        assert.ok(uri, 'the document opened');
        const text = (await vscode.workspace.openTextDocument(uri)).getText();
        assert.match(text, /^# Beta_Broken/m);
        assert.match(text, /not offered to the model until they are fixed/);
        assert.match(text, /`name-format`/);
        assert.match(text, /Loading it returns:/);
      } finally {
        await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      }
    },
  },
];
