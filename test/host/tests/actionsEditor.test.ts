// actions.json in the editor and running an action by hand (docs/actions.md): our diagnostics at
// the exact ranges and a quick fix, VS Code's own checks and completion from the shipped JSON
// Schema, the Run CodeLens, the Skills view's action children and their Run button (clicked),
// and the schema form, typed into with real keys and validated as you type.
import * as assert from 'assert';
import * as fs from 'fs';
import * as vscode from 'vscode';
import {
  HostTest,
  clickInWorkbench,
  clickNotificationButton,
  getExtensionApi,
  pressInWorkbench,
  typeInWorkbench,
  waitFor,
  workbenchTexts,
  workspaceUri,
} from '../helpers';
import { diskPath, idleApi, settleWith } from './uiSupport';

const RAN = 'skills/echo-action/ran.jsonl';
const ACCEPT = 'workbench.action.acceptSelectedQuickOpenItem';

function runs(): { action: string; input: Record<string, unknown> }[] {
  const file = diskPath(RAN);
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
}

const codeOf = (d: vscode.Diagnostic) => String(typeof d.code === 'object' ? d.code.value : d.code);

async function openBadActions(): Promise<vscode.TextDocument> {
  await getExtensionApi();
  const document = await vscode.workspace.openTextDocument(workspaceUri('skills/bad-actions/actions.json'));
  await vscode.window.showTextDocument(document);
  return document;
}

export const tests: HostTest[] = [
  {
    name: 'actions.json: our diagnostics at the offending values, and VS Code checks it against the shipped schema',
    timeoutMs: 30_000,
    fn: async () => {
      const document = await openBadActions();
      const ours = await waitFor(
        () => {
          const found = vscode.languages.getDiagnostics(document.uri).filter((d) => d.source === 'skillsmith');
          return found.length >= 4 ? found : undefined;
        },
        { message: 'four skillsmith diagnostics on bad-actions/actions.json' },
      );
      const shown = ours.map((d) => `${codeOf(d)} ${d.range.start.line}:${document.getText(d.range)}`).sort();
      assert.deepStrictEqual(shown, [
        'action-run-missing 5:"scripts/missing.mjs"',
        'action-run-missing 8:{',
        'actions-invalid 3:"Bad_Name"',
        'actions-invalid 6:900',
      ]);
      // VS Code's JSON language service, from contributes.jsonValidation: the schema's pattern and maximum.
      const fromSchema = await waitFor(
        () => {
          const found = vscode.languages.getDiagnostics(document.uri).filter((d) => d.source !== 'skillsmith');
          return found.length >= 2 ? found : undefined;
        },
        { timeout: 20_000, message: 'JSON schema diagnostics from VS Code' },
      );
      const schemaRanges = fromSchema.map((d) => document.getText(d.range));
      assert.ok(
        schemaRanges.includes('"Bad_Name"') && schemaRanges.includes('900'),
        JSON.stringify(fromSchema.map((d) => [d.message, document.getText(d.range)])),
      );
    },
  },
  {
    name: "actions.json: the JSON Schema completes an action's fields, and a quick fix renames a bad name",
    timeoutMs: 30_000,
    fn: async () => {
      const document = await openBadActions();
      // A new, empty key in the second action's object, as a user starts typing one.
      const line = document.lineAt(10);
      assert.match(line.text, /"description": "Has no run\."$/);
      const editor = await vscode.window.showTextDocument(document);
      await editor.edit((edit) => edit.insert(line.range.end, ',\n      ""'));
      const completions = await vscode.commands.executeCommand<vscode.CompletionList>(
        'vscode.executeCompletionItemProvider',
        document.uri,
        new vscode.Position(11, 7),
      );
      const labels = completions.items.map((item) => (typeof item.label === 'string' ? item.label : item.label.label));
      for (const field of ['run', 'input', 'timeoutSeconds', 'maxConcurrent', 'secrets'])
        assert.ok(
          labels.some((l) => l.includes(field)),
          `${field} in ${labels.join(', ')}`,
        );
      // Revert acts on the active editor: make it this document's, and wait for the revert to land.
      await vscode.window.showTextDocument(document);
      await vscode.commands.executeCommand('workbench.action.files.revert');
      await waitFor(() => !/""/.test(document.getText()), {
        timeout: 10_000,
        message: 'the revert to undo the inserted key',
      });
      const name = await waitFor(
        () =>
          vscode.languages
            .getDiagnostics(document.uri)
            .find((d) => d.source === 'skillsmith' && document.getText(d.range) === '"Bad_Name"'),
        { message: 'the name diagnostic' },
      );
      const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>(
        'vscode.executeCodeActionProvider',
        document.uri,
        name.range,
        vscode.CodeActionKind.QuickFix.value,
      );
      const rename = actions.find((a) => a.title === "Rename to 'bad-name'");
      assert.ok(rename?.edit, actions.map((a) => a.title).join(', '));
      assert.ok(await vscode.workspace.applyEdit(rename.edit));
      assert.match(document.getText(), /"name": "bad-name"/);
      await waitFor(
        () =>
          !vscode.languages
            .getDiagnostics(document.uri)
            .some((d) => d.source === 'skillsmith' && document.getText(d.range) === '"bad-name"'),
        { message: 'the name diagnostic to go' },
      );
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    },
  },
  {
    name: 'a Run CodeLens above each action, and the actions under their skill in the Skills view',
    timeoutMs: 30_000,
    fn: async () => {
      const uri = workspaceUri('skills/echo-action/actions.json');
      await vscode.workspace.openTextDocument(uri);
      const lenses = await waitFor(
        async () => {
          const found = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri);
          return found.length === 2 ? found : undefined;
        },
        { message: 'two lenses' },
      );
      assert.deepStrictEqual(
        lenses.map((l) => [l.range.start.line, l.command?.title, l.command?.command]),
        [
          [2, '$(play) Run echo', 'skillsmith.runAction'],
          [18, '$(play) Run count', 'skillsmith.runAction'],
        ],
      );
      // The lens names its copy's folder, so that a shadowed copy is never swapped for the winner.
      assert.deepStrictEqual(lenses[0].command?.arguments, [
        { skill: 'echo-action', skillDir: diskPath('skills/echo-action').replace(/\\/g, '/'), action: 'echo' },
      ]);
      const api = await idleApi();
      const skills = await waitFor(
        () => {
          const found = (api.viewSnapshot?.() ?? []).flatMap((g) => g.skills) as { name: string; actions?: string[] }[];
          return found.some((s) => s.actions) ? found : undefined;
        },
        { message: 'the view to show actions' },
      );
      assert.deepStrictEqual(
        skills.map((s) => [s.name, s.actions ?? []]),
        [
          ['bad-actions', []],
          ['echo-action', ['echo', 'count']],
          ['needs-secret', ['call']],
        ],
      );
    },
  },
  {
    name: 'Command Palette: Run Action…, then the schema form typed into with real keys; Enter on each step runs what was typed; Show Result, clicked in the notification, opens a document that Close All (Ctrl+K Ctrl+W) closes with no question to save',
    timeoutMs: 60_000,
    fn: async () => {
      await idleApi();
      const before = runs().length;
      const header = async () =>
        (await workbenchTexts({ selector: '.quick-input-widget', timeoutMs: 5_000 })).join('\n');
      await pressInWorkbench('F1');
      await typeInWorkbench('Skills: Run Action');
      await waitFor(async () => /Skills: Run Action/.test(await header()), { message: 'the command in the palette' });
      await pressInWorkbench('Enter');
      await waitFor(async () => /echo-action › echo/.test(await header()), { message: 'the pick of actions' });
      await typeInWorkbench('echo-action › echo');
      await pressInWorkbench('Enter');
      await waitFor(async () => (await header()).includes('(1/3)'), { message: 'the first step: word' });
      await typeInWorkbench('keys');
      await pressInWorkbench('Enter');
      await waitFor(async () => (await header()).includes('(2/3)'), { message: 'the second step: times' });
      await pressInWorkbench('Control+A');
      await typeInWorkbench('3');
      await pressInWorkbench('Enter');
      await waitFor(async () => (await header()).includes('(3/3)'), {
        message: 'the third step: tone, a pick with the default first',
      });
      await pressInWorkbench('ArrowDown');
      await pressInWorkbench('Enter');
      await waitFor(() => runs().length === before + 1, { timeout: 15_000, message: 'the run to happen' });
      assert.deepStrictEqual(runs().at(-1)!.input, { word: 'keys', times: 3, tone: 'loud' });
      // Show Result, clicked in the notification: a read-only document, which closing never asks to save.
      await clickNotificationButton(
        'Show Result',
        '.notifications-center .notification-list-item:has-text("echo-action › echo finished")',
      );
      const result = await waitFor(
        () => {
          const editor = vscode.window.activeTextEditor;
          return editor?.document.uri.path.endsWith('result.json') ? editor : undefined;
        },
        { message: 'the result document' },
      );
      assert.strictEqual(result.document.uri.scheme, 'skillsmith-result');
      assert.match(result.document.getText(), /"echoed": "KEYS KEYS KEYS"/);
      assert.deepStrictEqual(
        vscode.workspace.textDocuments.filter((d) => d.isUntitled || d.isDirty).map((d) => d.uri.toString()),
        [],
      );
      await pressInWorkbench('Control+K');
      await pressInWorkbench('Control+W');
      await waitFor(() => vscode.window.tabGroups.all.every((g) => g.tabs.length === 0), {
        message: 'every editor closed, with no question to save',
      });
    },
  },
  {
    name: 'the schema form (started by the command) asks for each field with its default, and Enter runs the action',
    timeoutMs: 40_000,
    fn: async () => {
      const before = runs().length;
      const result = await settleWith(
        vscode.commands.executeCommand<{ status: string; data: unknown }>('skillsmith.runAction', {
          skill: 'echo-action',
          action: 'echo',
          input: { word: 'form' },
          quiet: true,
        }),
        ACCEPT,
      );
      assert.strictEqual(result?.status, 'success');
      assert.deepStrictEqual(result.data, { echoed: 'form form', action: 'echo' });
      assert.strictEqual(runs().length, before + 1);
      assert.deepStrictEqual(runs().at(-1)!.input, { word: 'form', times: 2, tone: 'plain' });
    },
  },
  {
    name: 'the form validates as you type: a value out of range is refused with the suggestion until corrected',
    timeoutMs: 40_000,
    fn: async () => {
      const before = runs().length;
      const pending = vscode.commands.executeCommand<{ status: string; data: unknown }>('skillsmith.runAction', {
        skill: 'echo-action',
        action: 'echo',
        input: { word: 'typed' },
        quiet: true,
      });
      const header = async () =>
        (await workbenchTexts({ selector: '.quick-input-widget', timeoutMs: 5_000 })).join('\n');
      await waitFor(async () => (await header()).includes('(1/3)'), { message: 'the first step' });
      await vscode.commands.executeCommand(ACCEPT);
      await waitFor(async () => (await header()).includes('(2/3)'), { message: 'the second step' });
      // Type as a user would: select the default, then a number out of range.
      await pressInWorkbench('Control+A');
      await pressInWorkbench('7');
      const message = await waitFor(
        async () => {
          const text = (await workbenchTexts({ selector: '.quick-input-message', timeoutMs: 5_000 })).join('\n');
          return text.includes('/times: must be <= 3, got 7') ? text : undefined;
        },
        { message: 'the validation message of the second step' },
      );
      assert.match(message, /Use a whole number from 1 to 3\./);
      await vscode.commands.executeCommand(ACCEPT);
      assert.ok((await header()).includes('(2/3)'), 'Enter does not pass an invalid value');
      await pressInWorkbench('Control+A');
      await pressInWorkbench('3');
      const result = await settleWith(pending, ACCEPT);
      assert.strictEqual(result?.status, 'success');
      assert.strictEqual(runs().length, before + 1);
      assert.deepStrictEqual(runs().at(-1)!.input, { word: 'typed', times: 3, tone: 'plain' });
    },
  },
  {
    name: 'the Skills view: a click on the Run button of a real action item runs that action (no input fields: no form)',
    timeoutMs: 60_000,
    fn: async () => {
      await idleApi();
      const before = runs().length;
      // Opening the view is the setup; the test is the click on the item's own Run button.
      await vscode.commands.executeCommand('skillsmith.skills.focus');
      const view = '.pane:has(.pane-header:has-text("Skills")) .monaco-list';
      // The skill becomes expandable once its actions.json has been read.
      await clickInWorkbench({
        selector: '.monaco-list-row[aria-expanded="false"]:has-text("echo-action") .monaco-tl-twistie',
        within: view,
        timeoutMs: 15_000,
      });
      await clickInWorkbench({ role: 'treeitem', name: 'count', within: view });
      await clickInWorkbench({ role: 'button', name: 'Run Action', within: `${view} .monaco-list-row.focused` });
      await waitFor(() => runs().length === before + 1, { timeout: 15_000, message: 'the clicked action to run' });
      assert.strictEqual(runs().at(-1)!.action, 'count');
    },
  },
  {
    name: 'Escape in the form cancels: nothing runs',
    fn: async () => {
      const before = runs().length;
      const result = await settleWith(
        vscode.commands.executeCommand('skillsmith.runAction', { skill: 'echo-action', action: 'echo', quiet: true }),
        'workbench.action.closeQuickOpen',
      );
      assert.strictEqual(result, undefined);
      assert.strictEqual(runs().length, before);
    },
  },
];
