// Skillsmith's diagnostics in the real extension host (fixture: diagnostics/): exact
// codes and ranges for unopened files (the scan), after Validate All and after opening
// (the live lint), while typing, on delete, for duplicate names, and per setting.
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
import { diagnosticSummary, saveDocument, skillsmithDiagnostics, waitForDiagnostics } from '../helpers/diagnostics';

interface Api {
  whenIdle(): Promise<void>;
}

/** What every fixture file shows from the scan (the head of each file; no link checks). */
const FROM_SCAN: Record<string, string[]> = {
  'skills/good-skill/SKILL.md': [],
  'skills/name-format/SKILL.md': ['name-format@1:6-1:17', 'name-mismatch@1:6-1:17'],
  'skills/name-mismatch/SKILL.md': ['name-mismatch@1:6-1:16'],
  'skills/no-description/SKILL.md': ['description-missing@0:0-0:3'],
  'skills/no-name/SKILL.md': ['name-missing@0:0-0:3'],
  'skills/colon-quote/SKILL.md': ['yaml-syntax@2:13-2:50'],
  'skills/unclosed/SKILL.md': ['unclosed-frontmatter@0:0-0:3'],
  'skills/no-frontmatter/SKILL.md': ['no-frontmatter@0:0-0:16'],
  'skills/long-description/SKILL.md': ['description-too-long@2:13-2:1110'],
  'skills/unknown-field/SKILL.md': ['unknown-field@3:0-3:6'],
  'skills/with-bom/SKILL.md': ['bom@0:0-0:3'],
  'skills/lower-case/skill.md': ['file-name-case@0:0-0:3'],
  // Broken links need the whole file: the background validation after the scan adds them.
  'skills/broken-link/SKILL.md': ['broken-link@4:17-4:38'],
  'skills/dup-skill/SKILL.md': [],
  '.claude/skills/dup-skill/SKILL.md': ['duplicate-name@1:6-1:15'],
  'docs/outside/SKILL.md': [],
};

/** What a complete validation adds to the scan's view. */
const BROKEN_LINK = 'broken-link@4:17-4:38';

async function idle(): Promise<void> {
  await (await getExtensionApi<Api>()).whenIdle();
}

export const tests: HostTest[] = [
  {
    name: "unopened skill files show the scan's problems with exact ranges",
    fn: async () => {
      await idle();
      for (const [path, expected] of Object.entries(FROM_SCAN)) await waitForDiagnostics(workspaceUri(path), expected);
      const diagnostic = skillsmithDiagnostics(workspaceUri('skills/name-format/SKILL.md')).find(
        (d) => d.code === 'name-format',
      )!;
      assert.strictEqual(diagnostic.severity, vscode.DiagnosticSeverity.Error);
      assert.match(diagnostic.message, /'name-format'/);
      const bom = skillsmithDiagnostics(workspaceUri('skills/with-bom/SKILL.md'))[0];
      assert.strictEqual(bom.severity, vscode.DiagnosticSeverity.Warning);
    },
  },
  {
    name: 'the loser of a name clash carries duplicate-name, naming the winner',
    fn: async () => {
      const [duplicate] = await waitForDiagnostics(workspaceUri('.claude/skills/dup-skill/SKILL.md'), [
        'duplicate-name@1:6-1:15',
      ]);
      assert.strictEqual(duplicate.severity, vscode.DiagnosticSeverity.Warning);
      assert.ok(duplicate.message.includes('/skills/dup-skill/SKILL.md'), duplicate.message);
    },
  },
  {
    name: 'Validate All reads unopened files completely: broken links stay, the summary counts them',
    fn: async () => {
      const uri = workspaceUri('skills/broken-link/SKILL.md');
      const result = await vscode.commands.executeCommand<{ files: number; errors: number; warnings: number }>(
        'skillsmith.validateAll',
      );
      assert.ok(result, 'skillsmith.validateAll returned a summary');
      assert.strictEqual(result.files, 19);
      await waitForDiagnostics(uri, [BROKEN_LINK]);
      // Everything else is as the scan said; the setting-dependent name stays an error.
      await waitForDiagnostics(workspaceUri('skills/name-format/SKILL.md'), FROM_SCAN['skills/name-format/SKILL.md']);
      assert.ok(result.errors >= 10 && result.warnings >= 5, JSON.stringify(result));
    },
  },
  {
    name: 'opened files are linted from their text with the same exact ranges',
    fn: async () => {
      for (const [path, expected] of Object.entries(FROM_SCAN)) {
        if (path.startsWith('docs/')) continue;
        const document = await vscode.workspace.openTextDocument(workspaceUri(path));
        const want = path === 'skills/broken-link/SKILL.md' ? [BROKEN_LINK] : expected;
        await waitForDiagnostics(document.uri, want);
      }
    },
  },
  {
    name: 'typing updates the diagnostics after the debounce, and the fix clears them',
    fn: async () => {
      const editor = await openWorkspaceFile('skills/typing/SKILL.md');
      const uri = editor.document.uri;
      await waitForDiagnostics(uri, []);
      await editor.edit((edit) => edit.replace(new vscode.Range(1, 6, 1, 12), 'Typing_Bad'));
      assert.strictEqual(editor.document.lineAt(1).text, 'name: Typing_Bad');
      await waitForDiagnostics(uri, ['name-format@1:6-1:16', 'name-mismatch@1:6-1:16']);
      // Unsaved: the disk (and so the catalog) still says `typing`.
      await editor.edit((edit) => edit.insert(new vscode.Position(4, 0), 'See [x](references/nope.md).\n'));
      await waitForDiagnostics(uri, ['name-format@1:6-1:16', 'name-mismatch@1:6-1:16', 'broken-link@4:8-4:26']);
      await editor.edit((edit) => {
        edit.replace(new vscode.Range(1, 6, 1, 16), 'typing');
        edit.delete(new vscode.Range(4, 0, 5, 0));
      });
      await waitForDiagnostics(uri, []);
      await saveDocument(editor.document);
    },
  },
  {
    name: 'deleting an unopened skill file clears its diagnostics',
    fn: async () => {
      const uri = workspaceUri('skills/to-delete/SKILL.md');
      await waitForDiagnostics(uri, ['name-mismatch@1:6-1:16']);
      await deleteWorkspaceFile('skills/to-delete');
      await waitForDiagnostics(uri, []);
    },
  },
  {
    name: "renaming the winner removes the loser's duplicate-name, restoring it brings it back",
    fn: async () => {
      const winner = 'skills/dup-skill/SKILL.md';
      const loser = workspaceUri('.claude/skills/dup-skill/SKILL.md');
      await waitForDiagnostics(loser, ['duplicate-name@1:6-1:15']);
      await writeWorkspaceFile(winner, '---\nname: dup-skill-renamed\ndescription: The winner, renamed.\n---\nBody.\n');
      await waitForDiagnostics(workspaceUri(winner), ['name-mismatch@1:6-1:23']);
      await waitForDiagnostics(loser, []);
      // With the loser open, its live lint follows the catalog too.
      await vscode.workspace.openTextDocument(loser);
      await writeWorkspaceFile(winner, '---\nname: dup-skill\ndescription: The winner again.\n---\nBody.\n');
      await waitForDiagnostics(workspaceUri(winner), []);
      await waitForDiagnostics(loser, ['duplicate-name@1:6-1:15']);
    },
  },
  {
    name: 'a SKILL.md outside the skill locations is linted while open, and cleared when closed',
    timeoutMs: 60_000,
    fn: async () => {
      const uri = workspaceUri('docs/outside/SKILL.md');
      assert.deepStrictEqual(diagnosticSummary(uri), []);
      // Opened by the workbench, not by openTextDocument: an extension's reference would
      // keep the document alive for minutes after its editor closes.
      await vscode.commands.executeCommand('vscode.open', uri);
      await waitForDiagnostics(uri, ['name-format@1:6-1:13', 'name-mismatch@1:6-1:13']);
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await waitFor(() => !vscode.workspace.textDocuments.some((d) => d.uri.toString() === uri.toString()), {
        timeout: 20_000,
        message: 'the closed document to be released',
      });
      await waitForDiagnostics(uri, []);
    },
  },
  {
    name: 'skillsmith.validation.unicodeNames decides whether мой-навык is a valid name',
    timeoutMs: 40_000,
    fn: async () => {
      const unopened = workspaceUri('skills/мой-навык/SKILL.md');
      const config = () => vscode.workspace.getConfiguration('skillsmith');
      await waitForDiagnostics(unopened, ['name-format@1:6-1:15']);
      try {
        await config().update('validation.unicodeNames', true, vscode.ConfigurationTarget.Global);
        await waitForDiagnostics(unopened, []);
        const document = await vscode.workspace.openTextDocument(unopened);
        await waitForDiagnostics(document.uri, []);
        await config().update('validation.unicodeNames', false, vscode.ConfigurationTarget.Global);
        await waitForDiagnostics(document.uri, ['name-format@1:6-1:15']);
      } finally {
        await config().update('validation.unicodeNames', undefined, vscode.ConfigurationTarget.Global);
      }
      await idle();
    },
  },
];
