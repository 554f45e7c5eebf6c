// The read-only "Skill Listing" document behind Skills: Show Listing. The listing under
// a budget is invisible otherwise: this shows first what each host of `skillsmith.hosts`
// lists, in sentences, then the exact text `@skills` gives the model, how much of the budget it
// uses, what the budget dropped and which skills are not offered and why. It is a virtual document
// (`skillsmith-listing:`) that follows the catalog.
import * as vscode from 'vscode';
import { coalesced } from '../../core/base/coalesce';
import { pathKey } from '../../core/base/paths';
import type { SkillCatalog } from '../../core/catalog/catalog';
import { whyNotOffered } from '../../core/catalog/offerStatusText';
import { hostsModule } from '../hostsModule';
import type { CatalogVerdicts } from '../../core/hosts/verdictCache';
import { LISTING_SCHEME } from '../ids';
import type { SkillsmithServices } from '../services';
import { readSettings, SETTINGS } from '../settings';

const REFRESH_DELAY_MS = 100;

/** The Uri of the listing document. */
export function listingUri(): vscode.Uri {
  return vscode.Uri.from({ scheme: LISTING_SCHEME, path: '/Skill Listing.md' });
}

/** A code fence that the text cannot close early. */
function fenceFor(text: string): string {
  const longest = Math.max(0, ...(text.match(/~+/g) ?? []).map((run) => run.length));
  return '~'.repeat(Math.max(3, longest + 1));
}

/** The report shown in the listing document, as markdown; `displayPath` shortens file paths. */
export function renderListingReport(
  catalog: SkillCatalog,
  budget: number,
  displayPath: (path: string) => string = (path) => path,
  hosts?: CatalogVerdicts,
  nativeSkills?: ReadonlySet<string>,
): string {
  const listing = catalog.listing(budget);
  const notOffered = catalog.entries().filter((entry) => entry.status !== 'offered');
  const fence = fenceFor(listing.text);
  const lines = ['# Skill listing', ''];
  // First what each agent of `skillsmith.hosts` sees (docs/hosts.md), then Skillsmith's own listing.
  if (hosts && hosts.hosts.length > 0)
    lines.push(
      'What each of your agents (`skillsmith.hosts`) sees of your skills, then what `@skills` shows its model.',
      ...hostsModule().hostListingSections(
        catalog.entries().map((e) => e.record),
        hosts,
        displayPath,
      ),
      '',
    );
  lines.push(
    "## @skills: Skillsmith's own listing",
    '',
    "What `@skills` puts in the model's prompt: one line per offered skill, cut at the character budget (`skillsmith.listing.budget`).",
    '',
    `- Budget: ${listing.used} / ${listing.budget} characters used`,
    `- Listed: ${listing.included.length} of ${catalog.offeredCount} offered skills`,
    `- Dropped by the budget: ${listing.dropped.length}`,
    `- Not offered: ${notOffered.length}`,
    '',
    '## The listing, exactly as the model sees it',
    '',
    fence + 'text',
    ...(listing.text === '' ? [] : [listing.text]),
    fence,
  );
  if (listing.dropped.length > 0) {
    lines.push(
      '',
      `## Dropped by the budget (${listing.dropped.length})`,
      '',
      'Offered, but left out of the listing: the model can still load them by name.',
      '',
    );
    lines.push(...listing.dropped.map((name) => `- ${name}`));
  }
  if (notOffered.length > 0) {
    lines.push('', `## Not offered (${notOffered.length})`, '');
    lines.push(
      ...notOffered.map(
        (entry) =>
          `- ${entry.record.name} — ${whyNotOffered(entry, displayPath)} — ${displayPath(entry.record.filePath)}`,
      ),
    );
  }
  // What the registered tools leave out because VS Code's own agent lists it (docs/hosts.md, "Coexistence").
  const native = catalog.entries().filter((entry) => nativeSkills?.has(pathKey(entry.record.filePath)));
  if (native.length > 0) {
    lines.push(
      '',
      `## Listed by VS Code's agent itself (${native.length})`,
      '',
      "VS Code's agent lists these skills itself (`chat.useAgentSkills` is on). When it calls Skillsmith's list and load tools, those leave them out, so that its model never gets a skill twice; `@skills` lists them as above, and their files and actions stay available.",
      '',
    );
    lines.push(...native.map((entry) => `- ${entry.record.name} — ${displayPath(entry.record.filePath)}`));
  }
  return lines.join('\n') + '\n';
}

/** Registers the `skillsmith-listing:` provider; it refreshes when the catalog or the budget changes. */
export function registerListingDocument(services: SkillsmithServices): vscode.Disposable[] {
  const changed = new vscode.EventEmitter<vscode.Uri>();
  const refreshSoon = coalesced(() => changed.fire(listingUri()), REFRESH_DELAY_MS);
  const provider: vscode.TextDocumentContentProvider = {
    onDidChange: changed.event,
    provideTextDocumentContent: () => {
      const multiRoot = (vscode.workspace.workspaceFolders?.length ?? 0) > 1;
      const displayPath = (path: string) => vscode.workspace.asRelativePath(services.fs.toUri(path), multiRoot);
      return renderListingReport(
        services.catalog,
        readSettings().listingBudget,
        displayPath,
        services.hostVerdicts(),
        services.nativeSkills(),
      );
    },
  };
  return [
    changed,
    refreshSoon,
    services.catalog.onDidChange(() => refreshSoon.schedule()),
    vscode.workspace.registerTextDocumentContentProvider(LISTING_SCHEME, provider),
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (
        [SETTINGS.listingBudget, SETTINGS.hosts, SETTINGS.hostContextTokens, SETTINGS.vscodeAgentSkills].some((key) =>
          event.affectsConfiguration(key),
        )
      )
        refreshSoon.schedule();
    }),
  ];
}
