// Host verdicts in the editor (docs/hosts.md, "In the editor"): `host-compat` problems on each
// SKILL.md that a host of `skillsmith.hosts` will not find, load or list in full, in their own
// collection, and their quick fixes: move the skill into a folder the host reads (never over
// an existing folder), rename it to its folder, shorten its description to the host's cap,
// rename the file to SKILL.md; a badge on the file (hostBadges.ts); the hover that says which
// agents load the skill (agentsHover.ts); and Link Skill into Another Agents' Folder (linkSkillCommand.ts). Recomputed after the catalog or the settings change, coalesced.
import * as vscode from 'vscode';
import { coalesced } from '../../core/base/coalesce';
import { lazyModule } from '../lazy';
import { SETTINGS } from '../settings';
import type { SkillsmithServices } from '../services';
import { COMMANDS, SKILL_FILE_SELECTOR } from '../ids';
import { agentsHover } from './agentsHover';
import { HostBadges } from './hostBadges';
import { inBackground } from '../background';
import type { HostCompatFeature } from './hostCompatFeature';

/** The hosts bundle with this feature's part of it (the engine's part is src/vscode/hostsModule.ts). */
const hostsBundle = lazyModule<typeof import('../../lazy/hosts')>('hosts');

/** How long after the last catalog change the verdicts are published. */
const PUBLISH_DELAY_MS = 300;

/**
 * Registers the host-compat problems and their quick fixes; returns the disposables. The work is
 * in the lazily loaded hosts bundle (hostCompatFeature.ts), loaded by the first publication,
 * which comes after the first scan.
 */
export function registerHosts(
  services: SkillsmithServices,
  refreshPolicies: (reread: boolean) => Promise<boolean>,
): vscode.Disposable[] {
  const collection = vscode.languages.createDiagnosticCollection('skillsmith-hosts');
  const badges = new HostBadges();
  let feature: HostCompatFeature | undefined;
  const loaded = () => (feature ??= hostsBundle().hostCompatFeature(services, collection, badges));
  // The policy files (Codex's agents/openai.yaml) are read again before a publication, when the
  // skills changed or one of those files did.
  let policyChanged = true;
  const schedule = coalesced(() => {
    const reread = policyChanged;
    policyChanged = false;
    inBackground(
      services.log,
      'the host verdicts',
      refreshPolicies(reread).then(() => loaded().publish()),
    );
  }, PUBLISH_DELAY_MS);
  const policyEvent = () => {
    policyChanged = true;
    schedule.schedule();
  };
  // A policy file written, changed or deleted beside a skill changes that skill's invocation.
  const policyFiles = vscode.workspace.createFileSystemWatcher('**/agents/openai.yaml');
  const catalogChanges = services.catalog.onDidChange(() => schedule.schedule());
  schedule.schedule();
  return [
    collection,
    badges,
    policyFiles,
    policyFiles.onDidCreate(policyEvent),
    policyFiles.onDidChange(policyEvent),
    policyFiles.onDidDelete(policyEvent),
    vscode.window.registerFileDecorationProvider(badges),
    { dispose: () => schedule.dispose() },
    { dispose: () => catalogChanges.dispose() },
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (event.affectsConfiguration(SETTINGS.hosts) || event.affectsConfiguration(SETTINGS.hostContextTokens))
        schedule.schedule();
    }),
    vscode.workspace.onDidChangeWorkspaceFolders(() => schedule.schedule()),
    vscode.commands.registerCommand(COMMANDS.linkSkill, (arg: unknown) =>
      hostsBundle().linkSkillCommand(services, arg),
    ),
    vscode.languages.registerHoverProvider(SKILL_FILE_SELECTOR, {
      provideHover: (document, position) => agentsHover(services, document, position),
    }),
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
