// Quick fixes for our diagnostics: each Fix the core attached to a Problem becomes one
// CodeAction, on our diagnostic or on VS Code's report of the same problem. Text fixes are WorkspaceEdits (the core's positions are already in the
// BOM-less coordinates VS Code uses); the BOM fix runs a command (removeBom.ts).
import * as vscode from 'vscode';
import type { Fix } from '../../core/base/types';
import type { SkillDiagnostics } from './diagnostics';
import { COMMANDS } from '../ids';
import { removeBom } from './removeBom';
import type { SkillsmithServices } from '../services';
import { SKILL_FILE_SELECTOR } from './skillFiles';
import { inBackground } from '../background';

/** Registers the quick-fix provider for skill files and the remove-BOM command. */
export function registerCodeActions(services: SkillsmithServices, diagnostics: SkillDiagnostics): vscode.Disposable[] {
  const provider = new SkillQuickFixes(diagnostics);
  return [
    vscode.languages.registerCodeActionsProvider(SKILL_FILE_SELECTOR, provider, {
      providedCodeActionKinds: SkillQuickFixes.kinds,
    }),
    vscode.commands.registerCommand(COMMANDS.removeBom, async (uri: vscode.Uri) => {
      try {
        return await removeBom(uri);
      } catch (error) {
        services.log.error(`Could not remove the BOM of ${uri.toString(true)}: ${String(error)}`);
        inBackground(
          services.log,
          'an error message',
          vscode.window.showErrorMessage(
            `Could not remove the byte order mark: ${error instanceof Error ? error.message : String(error)}`,
          ),
        );
        return false;
      }
    }),
  ];
}

class SkillQuickFixes implements vscode.CodeActionProvider {
  static readonly kinds = [vscode.CodeActionKind.QuickFix];

  constructor(private readonly diagnostics: SkillDiagnostics) {}

  provideCodeActions(
    document: vscode.TextDocument,
    _range: vscode.Range,
    context: vscode.CodeActionContext,
  ): vscode.CodeAction[] {
    if (context.only && !context.only.contains(vscode.CodeActionKind.QuickFix)) return [];
    const actions: vscode.CodeAction[] = [];
    for (const diagnostic of context.diagnostics) {
      // Ours, or VS Code's own report of a problem of ours, which then carries our fix (vscodeSkillChecks.ts).
      const problem = this.diagnostics.problemFor(document, diagnostic);
      for (const fix of problem?.fixes ?? []) actions.push(toCodeAction(document, diagnostic, fix));
    }
    return actions;
  }
}

function toCodeAction(document: vscode.TextDocument, diagnostic: vscode.Diagnostic, fix: Fix): vscode.CodeAction {
  const action = new vscode.CodeAction(fix.title, vscode.CodeActionKind.QuickFix);
  action.diagnostics = [diagnostic];
  action.isPreferred = fix.isPreferred;
  if (fix.removeBom) {
    action.command = { command: COMMANDS.removeBom, title: fix.title, arguments: [document.uri] };
    return action;
  }
  const edit = new vscode.WorkspaceEdit();
  for (const { range, newText } of fix.edits) {
    edit.replace(
      document.uri,
      new vscode.Range(range.start.line, range.start.character, range.end.line, range.end.character),
      newText,
    );
  }
  action.edit = edit;
  return action;
}
