// Reading Skillsmith's diagnostics and quick fixes in host tests. A diagnostic is
// compared as one string, `code@line:char-line:char` (zero-based), so that a test can
// state the exact codes and ranges it expects in one line each.
import * as assert from 'assert';
import * as vscode from 'vscode';
import { waitFor } from './wait';

/**
 * VS Code's own checks of an open SKILL.md (1.139; no source, no code) that report one of our
 * problems: Skillsmith then holds its own back and offers its fix on VS Code's. Written from
 * VS Code's messages as it shows them, not from the code under test.
 */
const VSCODE_SAYS: readonly [code: string, message: RegExp][] = [
  ['name-format', /^Skill name may only contain lowercase letters, numbers, and hyphens/],
  ['name-mismatch', /^The skill name '.*' should match the folder name/],
  ['name-missing', /^Skill should provide a name/],
  ['description-missing', /^Skill should provide a description/],
];

/** Our code for VS Code's report of one of our problems; undefined for anything else. */
export function vscodeReportOf(diagnostic: vscode.Diagnostic): string | undefined {
  if (diagnostic.source === 'skillsmith') return undefined;
  return VSCODE_SAYS.find(([, message]) => message.test(diagnostic.message))?.[0];
}

/**
 * Skillsmith's problems on `uri`, each said once: our diagnostics, and VS Code's report of one of
 * ours (given our code), which stands for it while the file is open.
 */
export function skillsmithDiagnostics(uri: vscode.Uri): vscode.Diagnostic[] {
  return vscode.languages.getDiagnostics(uri).flatMap((d) => {
    if (d.source === 'skillsmith') return [d];
    const code = vscodeReportOf(d);
    if (!code) return [];
    const standIn = new vscode.Diagnostic(d.range, d.message, d.severity);
    standIn.code = code;
    standIn.source = 'vscode';
    return [standIn];
  });
}

/** `code@line:char-line:char` of one diagnostic. */
export function describeDiagnostic(diagnostic: vscode.Diagnostic): string {
  const { start, end } = diagnostic.range;
  const code = typeof diagnostic.code === 'object' ? diagnostic.code.value : diagnostic.code;
  return `${String(code)}@${start.line}:${start.character}-${end.line}:${end.character}`;
}

/** The sorted descriptions of Skillsmith's diagnostics of `uri`. */
export function diagnosticSummary(uri: vscode.Uri): string[] {
  return skillsmithDiagnostics(uri).map(describeDiagnostic).sort();
}

/** Waits until the diagnostics of `uri` are exactly `expected` (in any order); returns them. */
export async function waitForDiagnostics(
  uri: vscode.Uri,
  expected: readonly string[],
  timeout = 10_000,
): Promise<vscode.Diagnostic[]> {
  const want = [...expected].sort();
  try {
    await waitFor(() => JSON.stringify(diagnosticSummary(uri)) === JSON.stringify(want), {
      timeout,
      message: `diagnostics of ${vscode.workspace.asRelativePath(uri)}`,
    });
  } catch {
    assert.deepStrictEqual(diagnosticSummary(uri), want, `diagnostics of ${vscode.workspace.asRelativePath(uri)}`);
  }
  return skillsmithDiagnostics(uri);
}

/**
 * True for a CodeAction of kind exactly `quickfix`: ours. (The command's result does not
 * carry the actions' diagnostics, and Copilot adds `quickfix.copilot` actions to every one.)
 */
export function isPlainQuickFix(action: vscode.CodeAction | vscode.Command): action is vscode.CodeAction {
  return 'kind' in action && action.kind?.value === vscode.CodeActionKind.QuickFix.value;
}

/** The quick fixes offered for our diagnostic `code` in `uri` (asked at its range), once there are some. */
export async function waitForQuickFixes(uri: vscode.Uri, code: string): Promise<vscode.CodeAction[]> {
  return waitFor(
    async () => {
      const diagnostic = skillsmithDiagnostics(uri).find((d) => d.code === code);
      if (!diagnostic) return undefined;
      const actions =
        (await vscode.commands.executeCommand<(vscode.CodeAction | vscode.Command)[]>(
          'vscode.executeCodeActionProvider',
          uri,
          diagnostic.range,
          vscode.CodeActionKind.QuickFix.value,
        )) ?? [];
      const ours = actions.filter(isPlainQuickFix);
      return ours.length > 0 ? ours : undefined;
    },
    { message: `quick fixes for ${code} in ${vscode.workspace.asRelativePath(uri)}` },
  );
}

/**
 * Saves `document` and waits until it is clean. (TextDocument.save() sometimes answers
 * false right after an edit while its save still lands a moment later.)
 */
export async function saveDocument(document: vscode.TextDocument): Promise<void> {
  await document.save();
  await waitFor(() => !document.isDirty, { message: `${vscode.workspace.asRelativePath(document.uri)} to be saved` });
}
