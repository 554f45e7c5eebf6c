// The view's and the palette's small commands: Refresh (a full rescan), Validate All
// (every skill file's diagnostics, then the Problems panel), Show Listing (what the
// model is told), Show Skill Expansion (what loading a skill returns), and Open Skill
// (used by the Skills view's items).
import * as vscode from 'vscode';
import { normalizePath } from '../../core/base/paths';
import { plural } from '../../core/base/text';
import { countsText, type ProblemCounts } from '../../core/lint/problemCounts';
import { registerExpansionDocument } from './expansionDocument';
import { listingUri, registerListingDocument } from './listingDocument';
import { COMMANDS } from '../ids';
import type { SkillsmithServices } from '../services';
import { inBackground } from '../background';

/** What Validate All found. */
export interface ValidateAllResult extends ProblemCounts {
  readonly files: number;
}

/** Runs the diagnostics over every skill file (owned by the diagnostics feature). */
export type ValidateAll = () => Promise<ValidateAllResult>;

/** Registers refresh, validateAll, showListing and showSkill (with their document providers) and openSkill. */
export function registerViewCommands(services: SkillsmithServices, validateAll?: ValidateAll): vscode.Disposable[] {
  return [
    ...registerListingDocument(services),
    ...registerExpansionDocument(services),
    vscode.commands.registerCommand(COMMANDS.refresh, async () => {
      await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title: 'Refreshing skills…' },
        () => services.watcher.restart(),
      );
      vscode.window.setStatusBarMessage(`Skills: ${plural(services.catalog.size, 'skill')} found.`, 3000);
      return services.catalog.size;
    }),
    vscode.commands.registerCommand(COMMANDS.validateAll, async (): Promise<ValidateAllResult | undefined> => {
      if (!validateAll) {
        inBackground(
          services.log,
          'a warning message',
          vscode.window.showWarningMessage('Skills: validation is not available.'),
        );
        return undefined;
      }
      const result = await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title: 'Validating skills…' },
        () => validateAll(),
      );
      await vscode.commands.executeCommand('workbench.actions.view.problems');
      const summary = `Validated ${plural(result.files, 'skill file')}: ${countsText(result)}.`;
      if (result.errors > 0) inBackground(services.log, 'a warning message', vscode.window.showWarningMessage(summary));
      else inBackground(services.log, 'an information message', vscode.window.showInformationMessage(summary));
      return result;
    }),
    vscode.commands.registerCommand(COMMANDS.showListing, async () => {
      const document = await vscode.workspace.openTextDocument(listingUri());
      await vscode.window.showTextDocument(document, { preview: true });
      return document.uri;
    }),
    // Opens a SKILL.md given a Uri or an absolute path (the Skills view's items).
    vscode.commands.registerCommand(COMMANDS.openSkill, async (target?: vscode.Uri | string) => {
      if (target === undefined) return undefined;
      const uri = typeof target === 'string' ? services.fs.toUri(normalizePath(target)) : target;
      const editor = await vscode.window.showTextDocument(uri, { preview: true });
      return editor.document.uri;
    }),
  ];
}
