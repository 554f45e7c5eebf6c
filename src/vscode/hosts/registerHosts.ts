// Host verdicts in the editor (docs/hosts.md, "In the editor"): `host-compat` problems on each
// SKILL.md that a host of `skillsmith.hosts` will not find, load or list in full, in their own
// collection, and their quick fixes: move the skill into a folder the host reads (never over
// an existing folder), rename it to its folder, shorten its description to the host's cap,
// rename the file to SKILL.md; and a badge on the file (hostBadges.ts). Recomputed after the
// catalog or the settings change, coalesced.
import * as vscode from 'vscode';
import { coalesced } from '../../core/base/coalesce';
import { hostsModule } from '../hostsModule';
import type { SkillsmithServices } from '../services';
import { SKILL_FILE_SELECTOR } from '../ids';
import { HostBadges } from './hostBadges';
import type { HostCompatFeature } from './hostCompatFeature';

/** How long after the last catalog change the verdicts are published. */
const PUBLISH_DELAY_MS = 300;

/**
 * Registers the host-compat problems and their quick fixes; returns the disposables. The work is
 * in the lazily loaded hosts bundle (hostCompatFeature.ts), loaded by the first publication,
 * which comes after the first scan.
 */
export function registerHosts(services: SkillsmithServices): vscode.Disposable[] {
  const collection = vscode.languages.createDiagnosticCollection('skillsmith-hosts');
  const badges = new HostBadges();
  let feature: HostCompatFeature | undefined;
  const loaded = () => (feature ??= hostsModule().hostCompatFeature(services, collection, badges));
  const schedule = coalesced(() => loaded().publish(), PUBLISH_DELAY_MS);
  const catalogChanges = services.catalog.onDidChange(() => schedule.schedule());
  schedule.schedule();
  return [
    collection,
    badges,
    vscode.window.registerFileDecorationProvider(badges),
    { dispose: () => schedule.dispose() },
    { dispose: () => catalogChanges.dispose() },
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (event.affectsConfiguration('skillsmith.hosts') || event.affectsConfiguration('skillsmith.hostContextTokens'))
        schedule.schedule();
    }),
    vscode.workspace.onDidChangeWorkspaceFolders(() => schedule.schedule()),
    vscode.languages.registerCodeActionsProvider(
      SKILL_FILE_SELECTOR,
      {
        // Nothing is published before the feature is loaded: no problems, no fixes.
        provideCodeActions: (document, _range, context) => feature?.provideCodeActions(document, context) ?? [],
        resolveCodeAction: (action, token) => (feature ? feature.resolveCodeAction(action, token) : action),
      },
      { providedCodeActionKinds: [vscode.CodeActionKind.QuickFix] },
    ),
  ];
}
