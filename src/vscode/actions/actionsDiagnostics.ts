// Diagnostics and quick fixes of an open actions.json (docs/actions.md, "Problems"): the core's
// lint (exact ranges from jsonc-parser), for the files that sit beside a SKILL.md, as the user
// types. VS Code's own JSON language service checks the file against the shipped JSON Schema
// too (contributes.jsonValidation); this lint adds what a schema cannot say.
import * as vscode from 'vscode';
import { toDiagnostic } from '../problemDiagnostic';

const toRange = (range: Problem['range']) =>
  new vscode.Range(range.start.line, range.start.character, range.end.line, range.end.character);
import { lintActionsText } from '../../core/actions/lintActions';
import { dirnamePath, joinPath } from '../../core/base/paths';
import type { Fix, Problem } from '../../core/base/types';
import type { ActionsState } from './actionsState';

/** True when the folder holds a skill file: only a skill's actions.json is linted. */
async function besideSkill(state: ActionsState, dir: string): Promise<boolean> {
  for (const name of ['SKILL.md', 'skill.md'])
    if (await state.services.fs.stat(joinPath(dir, name)).catch(() => undefined)) return true;
  return false;
}

/** Lints an open actions.json and publishes the result (a newer version of the text wins). */
export async function lintDocument(state: ActionsState, document: vscode.TextDocument): Promise<void> {
  const { fs } = state.services;
  const dir = dirnamePath(fs.toPath(document.uri));
  const key = document.uri.toString();
  const version = document.version;
  if (!(await besideSkill(state, dir))) return;
  const problems = await lintActionsText(document.getText(), {
    fileExists: async (relative) => (await fs.stat(joinPath(dir, relative)).catch(() => undefined)) !== undefined,
  });
  if (document.isClosed || document.version !== version) return;
  state.problems.set(key, { version, problems });
  state.diagnostics.set(document.uri, problems.map(toDiagnostic));
}

function toCodeAction(document: vscode.TextDocument, diagnostic: vscode.Diagnostic, fix: Fix): vscode.CodeAction {
  const action = new vscode.CodeAction(fix.title, vscode.CodeActionKind.QuickFix);
  action.diagnostics = [diagnostic];
  action.isPreferred = fix.isPreferred;
  action.edit = new vscode.WorkspaceEdit();
  for (const edit of fix.edits) action.edit.replace(document.uri, toRange(edit.range), edit.newText);
  return action;
}

/** The quick fixes of our diagnostics in `context`, while they still describe the text. */
export function quickFixes(
  state: ActionsState,
  document: vscode.TextDocument,
  context: vscode.CodeActionContext,
): vscode.CodeAction[] {
  const linted = state.problems.get(document.uri.toString());
  if (!linted || linted.version !== document.version) return [];
  const actions: vscode.CodeAction[] = [];
  for (const diagnostic of context.diagnostics) {
    if (diagnostic.source !== 'skillsmith') continue;
    const problem = linted.problems.find(
      (p) =>
        p.code === diagnostic.code && p.message === diagnostic.message && toRange(p.range).isEqual(diagnostic.range),
    );
    for (const fix of problem?.fixes ?? []) actions.push(toCodeAction(document, diagnostic, fix));
  }
  return actions;
}
