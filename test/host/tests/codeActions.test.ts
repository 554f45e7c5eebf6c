// Skillsmith's quick fixes in the real extension host (fixture: diagnostics/): each one
// is fetched through vscode.executeCodeActionProvider, applied as VS Code would, and
// judged by the resulting document text (or bytes on disk, for the BOM).
import * as assert from 'assert';
import * as vscode from 'vscode';
import {
  HostTest,
  deleteWorkspaceFile,
  getExtensionApi,
  openWorkspaceFile,
  waitFor,
  workspaceUri,
  writeWorkspaceFile,
} from '../helpers';
import { isPlainQuickFix, saveDocument, waitForDiagnostics, waitForQuickFixes } from '../helpers/diagnostics';

interface Api {
  whenIdle(): Promise<void>;
}

const BOM = [0xef, 0xbb, 0xbf];

/** Opens `path`, applies the quick fix titled `title` for `code`, and returns the document. */
async function applyQuickFix(path: string, code: string, title: string): Promise<vscode.TextDocument> {
  await (await getExtensionApi<Api>()).whenIdle();
  const editor = await openWorkspaceFile(path);
  const actions = await waitForQuickFixes(editor.document.uri, code);
  const action = actions.find((a) => a.title === title);
  assert.ok(action, `no fix '${title}' among ${JSON.stringify(actions.map((a) => a.title))}`);
  assert.strictEqual(action.kind?.value, vscode.CodeActionKind.QuickFix.value);
  assert.ok(action.edit, `'${title}' carries a WorkspaceEdit`);
  assert.ok(await vscode.workspace.applyEdit(action.edit));
  return editor.document;
}

async function bytesOf(uri: vscode.Uri): Promise<Uint8Array> {
  return vscode.workspace.fs.readFile(uri);
}

function startsWithBom(bytes: Uint8Array): boolean {
  return BOM.every((byte, i) => bytes[i] === byte);
}

export const tests: HostTest[] = [
  {
    // Its kebab-case form is its folder's name: one rename for that intent, name-mismatch's.
    name: "name-format: rename to the kebab-case form, which is the folder's name, offered once",
    fn: async () => {
      const document = await applyQuickFix(
        'skills/name-format/SKILL.md',
        'name-format',
        "Rename to the folder's name 'name-format'",
      );
      assert.strictEqual(
        document.getText(),
        '---\nname: name-format\ndescription: Its name is not kebab-case.\n---\nBody.\n',
      );
      await waitForDiagnostics(document.uri, []);
    },
  },
  {
    name: "name-mismatch: rename to the folder's name (preferred)",
    fn: async () => {
      const path = 'skills/name-mismatch/SKILL.md';
      const actions = await waitForQuickFixes((await openWorkspaceFile(path)).document.uri, 'name-mismatch');
      assert.deepStrictEqual(
        actions.map((a) => [a.title, a.isPreferred]),
        [["Rename to the folder's name 'name-mismatch'", true]],
      );
      const document = await applyQuickFix(path, 'name-mismatch', "Rename to the folder's name 'name-mismatch'");
      assert.strictEqual(
        document.getText(),
        "---\nname: name-mismatch\ndescription: Its name is not its folder's.\n---\nBody.\n",
      );
      await waitForDiagnostics(document.uri, []);
    },
  },
  {
    name: "yaml-syntax: quote a value that contains ': '",
    fn: async () => {
      const document = await applyQuickFix(
        'skills/colon-quote/SKILL.md',
        'yaml-syntax',
        "Quote the value of 'description'",
      );
      assert.strictEqual(
        document.getText(),
        '---\nname: colon-quote\ndescription: "Reviews code. Use when: the user asks"\n---\nBody.\n',
      );
      await waitForDiagnostics(document.uri, []);
    },
  },
  {
    name: "yaml-syntax: turn a value that contains ': ' into a >- block",
    fn: async () => {
      const title = "Write the value of 'description' as a folded block (>-)";
      const document = await applyQuickFix('skills/colon-folded/SKILL.md', 'yaml-syntax', title);
      assert.strictEqual(
        document.getText(),
        '---\nname: colon-folded\ndescription: >-\n  Reviews code. Use when: the user asks\n---\nBody.\n',
      );
      await waitForDiagnostics(document.uri, []);
    },
  },
  {
    name: 'name-missing: insert the folder name',
    fn: async () => {
      const document = await applyQuickFix('skills/no-name/SKILL.md', 'name-missing', "Add 'name: no-name'");
      assert.strictEqual(document.getText(), '---\nname: no-name\ndescription: Has no name.\n---\nBody.\n');
      await waitForDiagnostics(document.uri, []);
    },
  },
  {
    name: 'description-missing: insert a placeholder description',
    fn: async () => {
      const document = await applyQuickFix(
        'skills/no-description/SKILL.md',
        'description-missing',
        'Add a placeholder description',
      );
      assert.strictEqual(
        document.getText(),
        '---\nname: no-description\ndescription: "TODO: say what this skill does and when to use it"\n---\nBody.\n',
      );
      await waitForDiagnostics(document.uri, []);
    },
  },
  // Every case of SKILL.md gets diagnostics, so every case gets their quick fixes too.
  ...[
    ['title-case', 'Skill.md'],
    ['upper-case', 'SKILL.MD'],
    ['odd-case', 'sKiLl.Md'],
  ].map(([folder, file]): HostTest => ({
    name: `quick fixes are offered and apply on ${file} too`,
    fn: async () => {
      const path = `skills/${folder}/${file}`;
      const uri = await writeWorkspaceFile(path, `---\nname: Bad_Name\ndescription: Named ${file}.\n---\nBody.\n`);
      try {
        await openWorkspaceFile(path);
        await waitForDiagnostics(uri, ['file-name-case@0:0-0:3', 'name-format@1:6-1:14', 'name-mismatch@1:6-1:14']);
        const document = await applyQuickFix(path, 'name-mismatch', `Rename to the folder's name '${folder}'`);
        assert.strictEqual(document.getText(), `---\nname: ${folder}\ndescription: Named ${file}.\n---\nBody.\n`);
        await waitForDiagnostics(uri, ['file-name-case@0:0-0:3']);
      } finally {
        await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
        await deleteWorkspaceFile(`skills/${folder}`);
      }
    },
  })),
  {
    name: 'problems without a fix offer no quick fix',
    fn: async () => {
      const uri = (await openWorkspaceFile('skills/unknown-field/SKILL.md')).document.uri;
      const [diagnostic] = await waitForDiagnostics(uri, ['unknown-field@3:0-3:6']);
      const actions = await vscode.commands.executeCommand<(vscode.CodeAction | vscode.Command)[]>(
        'vscode.executeCodeActionProvider',
        uri,
        diagnostic.range,
      );
      assert.deepStrictEqual(
        actions.filter(isPlainQuickFix).map((a) => a.title),
        [],
      );
    },
  },
  {
    name: 'bom: the fix saves pending edits, rewrites the file without BOM, and later saves keep it out',
    timeoutMs: 40_000,
    fn: async () => {
      const uri = workspaceUri('skills/with-bom/SKILL.md');
      assert.ok(startsWithBom(await bytesOf(uri)), 'the fixture starts with a BOM');
      const editor = await openWorkspaceFile('skills/with-bom/SKILL.md');
      await waitForDiagnostics(uri, ['bom@0:0-0:3']);
      await editor.edit((edit) => edit.insert(new vscode.Position(5, 0), 'Unsaved line.\n'));
      const actions = await waitFor(async () => {
        const found = await waitForQuickFixes(uri, 'bom');
        return found.some((a) => a.command) ? found : undefined; // once the lint has caught up with the edit
      });
      const [action] = actions;
      assert.strictEqual(action.title, 'Remove the byte order mark (BOM)');
      assert.strictEqual(action.isPreferred, true);
      assert.strictEqual(action.edit, undefined);
      assert.strictEqual(action.command?.command, 'skillsmith.removeBom');
      await vscode.commands.executeCommand(action.command.command, ...(action.command.arguments ?? []));

      const expected = '---\nname: with-bom\ndescription: Starts with a byte order mark.\n---\nBody.\nUnsaved line.\n';
      const bytes = await bytesOf(uri);
      assert.ok(
        !startsWithBom(bytes),
        `bytes start with ${[...bytes.subarray(0, 3)].map((b) => b.toString(16)).join(' ')}`,
      );
      assert.strictEqual(Buffer.from(bytes).toString('utf8'), expected);
      await waitForDiagnostics(uri, []);
      assert.strictEqual(editor.document.getText(), expected);
      assert.strictEqual(editor.document.isDirty, false);
      const encoding = (editor.document as { encoding?: string }).encoding;
      assert.strictEqual(encoding, 'utf8');

      // A later edit and save must not bring the BOM back.
      await editor.edit((edit) => edit.insert(new vscode.Position(6, 0), 'Saved line.\n'));
      await saveDocument(editor.document);
      const saved = await bytesOf(uri);
      assert.ok(!startsWithBom(saved), 'the BOM came back on save');
      assert.strictEqual(Buffer.from(saved).toString('utf8'), expected + 'Saved line.\n');
      await waitForDiagnostics(uri, []);
    },
  },
];
