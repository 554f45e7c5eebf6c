// The status-bar summary: how many skills there are and how many problems they have,
// with a tooltip that says what the model is offered and what the budget dropped.
// Clicking it opens the Skills view. Hidden while the catalog is empty.
import * as vscode from 'vscode';
import { coalesced } from '../../core/base/coalesce';
import { plural } from '../../core/base/text';
import type { OfferStatus, SkillCatalog } from '../../core/catalog/catalog';
import { NOT_OFFERED_STATUSES, OFFER_STATUS_LABEL } from '../../core/catalog/offerStatusText';
import { SKILLS_VIEW_ID, STATUS_BAR_ID } from '../ids';
import type { SkillsmithServices } from '../services';
import { readSettings } from '../settings';

const UPDATE_DELAY_MS = 100;

/** What the status-bar item shows, for the host tests. */
export interface StatusBarSnapshot {
  readonly visible: boolean;
  readonly text: string;
  readonly tooltip: string;
}

/** The item's text and tooltip (markdown) for the catalog as it is. */
export function statusContent(catalog: SkillCatalog, budget: number): StatusBarSnapshot {
  const entries = catalog.entries();
  let errors = 0;
  let warnings = 0;
  const notOffered = new Map<OfferStatus, number>();
  for (const entry of entries) {
    for (const problem of entry.problems) {
      if (problem.severity === 'error') errors++;
      else if (problem.severity === 'warning') warnings++;
    }
    if (entry.status !== 'offered') notOffered.set(entry.status, (notOffered.get(entry.status) ?? 0) + 1);
  }
  let text = `$(mortar-board) ${plural(entries.length, 'skill')}`;
  if (errors > 0) text += ` $(error) ${errors}`;
  if (warnings > 0) text += ` $(warning) ${warnings}`;
  // In Restricted Mode, say why the workspace's skills are not offered.
  const untrusted = notOffered.get('untrusted') ?? 0;
  const restricted = !catalog.workspaceTrusted && entries.some((e) => e.record.location.scope === 'workspace');
  if (restricted) text += ' (Restricted Mode)';

  const listing = catalog.listing(budget);
  const notOfferedCount = [...notOffered.values()].reduce((a, b) => a + b, 0);
  // A count reads "1 with errors", not "1 errors"; the other labels read as they are.
  const why = NOT_OFFERED_STATUSES.filter((status) => notOffered.has(status))
    .map((status) => `${notOffered.get(status)} ${status === 'errors' ? 'with errors' : OFFER_STATUS_LABEL[status]}`)
    .join(', ');
  const tooltip = [
    `**Skillsmith**: ${plural(entries.length, 'skill')}`,
    '',
    `- ${catalog.offeredCount} offered to the model`,
    `- ${notOfferedCount} not offered${why ? ` (${why})` : ''}`,
    ...(restricted
      ? [`- Restricted Mode: ${plural(untrusted, 'workspace skill')} will be offered once you trust this workspace`]
      : []),
    `- listing: ${listing.used} / ${listing.budget} characters${listing.dropped.length > 0 ? `; the budget dropped ${listing.dropped.length}` : ''}`,
    `- ${plural(errors, 'error')}, ${plural(warnings, 'warning')}`,
    '',
    'Click to open the Skills view.',
  ].join('\n');
  return { visible: entries.length > 0, text, tooltip };
}

/** Registers the status-bar item; `snapshot()` returns what it shows (for tests). */
export function registerStatusBar(services: SkillsmithServices): {
  disposables: vscode.Disposable[];
  snapshot: () => StatusBarSnapshot;
} {
  const item = vscode.window.createStatusBarItem(STATUS_BAR_ID, vscode.StatusBarAlignment.Left, 10);
  item.name = 'Skillsmith';
  item.command = `${SKILLS_VIEW_ID}.focus`;
  let current: StatusBarSnapshot = { visible: false, text: '', tooltip: '' };
  const update = () => {
    current = statusContent(services.catalog, readSettings().listingBudget);
    item.text = current.text;
    item.tooltip = new vscode.MarkdownString(current.tooltip, true);
    if (current.visible) item.show();
    else item.hide();
  };
  const updateSoon = coalesced(update, UPDATE_DELAY_MS);
  update();
  const disposables: vscode.Disposable[] = [
    item,
    updateSoon,
    services.catalog.onDidChange(() => updateSoon.schedule()),
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (event.affectsConfiguration('skillsmith.listing.budget')) updateSoon.schedule();
    }),
  ];
  return { disposables, snapshot: () => ({ ...current }) };
}
