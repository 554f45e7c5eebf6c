// One bad name, said once. VS Code checks open SKILL.md files itself (its diagnostics have no
// source): where it reports a problem of ours on the same place, ours is held back and our quick
// fix is offered on its diagnostic; the host verdicts leave out what the lint says; the quick-fix
// menu offers one rename per intent, even while the YAML is broken. The menu is opened with
// Ctrl+. on the page (the cursor put on the name by the API) and read from it, and a fix is applied by a click; the diagnostics are read
// with vscode.languages.getDiagnostics. Fixture: vscode-checks/ (two skills in .claude/skills),
// with the default agents (VS Code's, Claude Code, Codex).
import * as assert from 'assert';
import * as vscode from 'vscode';
import {
  HostTest,
  clickInWorkbench,
  getExtensionApi,
  openWorkspaceFile,
  pressInWorkbench,
  waitFor,
  workbenchTexts,
} from '../helpers';

interface Api {
  whenIdle(): Promise<void>;
}

/** `source code line: message`, ours as `skillsmith <code>`, VS Code's as `vscode`. */
function describe(d: vscode.Diagnostic): string {
  const code = typeof d.code === 'object' ? d.code.value : d.code;
  const who = d.source === 'skillsmith' ? `skillsmith ${String(code)}` : 'vscode';
  return `${who} @${d.range.start.line}: ${d.message}`;
}

/** Every diagnostic of `uri` on `line`, ours and VS Code's, once VS Code's own check has run. */
async function problemsOnLine(uri: vscode.Uri, line: number, expected: number): Promise<string[]> {
  return waitFor(
    () => {
      const all = vscode.languages.getDiagnostics(uri);
      if (!all.some((d) => d.source !== 'skillsmith')) return undefined; // VS Code's check has not run yet
      const onLine = all.filter((d) => d.range.start.line === line).map(describe);
      return onLine.length === expected ? onLine.sort() : undefined;
    },
    {
      timeout: 15_000,
      message: `${expected} problems on line ${line + 1} (now: ${JSON.stringify(vscode.languages.getDiagnostics(uri).map(describe))})`,
    },
  );
}

/** The titles of the quick-fix menu opened with Ctrl+. with the cursor on the name's value, read from the page. */
async function quickFixMenu(editor: vscode.TextEditor, name: string): Promise<string[]> {
  const line = editor.document.lineAt(1);
  assert.strictEqual(line.text, `name: ${name}`);
  const onName = new vscode.Position(1, line.text.length - 1);
  editor.selection = new vscode.Selection(onName, onName);
  // The editor, not the view of the test before, has the keyboard.
  await vscode.commands.executeCommand('workbench.action.focusActiveEditorGroup');
  const rows = await waitFor(
    async () => {
      await pressInWorkbench('Control+.');
      return workbenchTexts({ selector: '.action-widget .monaco-list-row', timeoutMs: 3_000 }).catch(() => undefined);
    },
    { timeout: 30_000, message: 'the quick-fix menu' },
  );
  return rows.map((row) => row.split('\n')[0].trim());
}

async function openSkill(path: string): Promise<vscode.TextEditor> {
  await (await getExtensionApi<Api>()).whenIdle();
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  return openWorkspaceFile(path);
}

export const tests: HostTest[] = [
  {
    name: "a name that is not kebab-case and not its folder's: two problems on it, VS Code's, and one rename in the Ctrl+. menu",
    timeoutMs: 60_000,
    fn: async () => {
      const editor = await openSkill('.claude/skills/code-review/SKILL.md');
      const uri = editor.document.uri;
      assert.deepStrictEqual(await problemsOnLine(uri, 1, 2), [
        'vscode @1: Skill name may only contain lowercase letters, numbers, and hyphens.',
        "vscode @1: The skill name 'Code_Review' should match the folder name 'code-review'.",
      ]);
      // Ours are held, not lost: the skill still has its errors (the Skills view, Show Listing).
      const menu = await quickFixMenu(editor, 'Code_Review');
      await pressInWorkbench('Escape');
      assert.deepStrictEqual(
        menu.filter((title) => /^Rename/.test(title)),
        ["Rename to the folder's name 'code-review'"],
        `the menu: ${JSON.stringify(menu)}`,
      );
    },
  },
  {
    name: 'while the YAML is broken, the name still gets its one rename, and the click applies it',
    timeoutMs: 60_000,
    fn: async () => {
      const editor = await openSkill('.claude/skills/broken-yaml/SKILL.md');
      const uri = editor.document.uri;
      await problemsOnLine(uri, 1, 2);
      assert.ok(
        vscode.languages.getDiagnostics(uri).some((d) => d.source === 'skillsmith' && d.code === 'yaml-syntax'),
        'our yaml-syntax error stays: VS Code says nothing of the same',
      );
      const menu = await quickFixMenu(editor, 'Broken_Yaml');
      assert.deepStrictEqual(
        menu.filter((title) => /^Rename/.test(title)),
        ["Rename to the folder's name 'broken-yaml'"],
        `the menu: ${JSON.stringify(menu)}`,
      );
      await clickInWorkbench({ selector: '.action-widget .monaco-list-row[aria-label^="Rename to the folder"]' });
      await waitFor(() => editor.document.lineAt(1).text === 'name: broken-yaml', {
        message: `the rename applied (line 2: ${editor.document.lineAt(1).text})`,
      });
      // With the name fixed, VS Code says nothing about it, and neither do we.
      await waitFor(() => vscode.languages.getDiagnostics(uri).every((d) => d.range.start.line !== 1), {
        timeout: 15_000,
        message: 'no problem left on the name',
      });
    },
  },
];
