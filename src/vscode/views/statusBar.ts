// The status-bar summary: how many skills there are and how many problems they have,
// with a tooltip that says what the model is offered and what the budget dropped.
// Clicking it opens the Skills view. Hidden while the catalog is empty.
import * as vscode from 'vscode';
import { coalesced } from '../../core/base/coalesce';
import { plural } from '../../core/base/text';
import type { OfferStatus, SkillCatalog } from '../../core/catalog/catalog';
import { NOT_OFFERED_STATUSES, OFFER_STATUS_LABEL } from '../../core/catalog/offerStatusText';
import { SKILLS_VIEW_ID, STATUS_BAR_ID } from '../ids';
import type { StatusBarSnapshot } from '../api';
import type { SkillsmithServices } from '../services';
import type { SkillProblems } from '../skillProblems';
import { addCounts, countProblems, countsText, NO_PROBLEMS } from '../../core/lint/problemCounts';
import { readSettings, SETTINGS } from '../settings';

const UPDATE_DELAY_MS = 100;

/**
 * The item's text and tooltip (markdown) for the catalog as it is. A skill's problems are what
 * the Problems panel shows for it (its scripts' included) when `problems` knows them.
 */
export function statusContent(catalog: SkillCatalog, budget: number, problems?: SkillProblems): StatusBarSnapshot {
  const entries = catalog.entries();
  let counts = NO_PROBLEMS;
  const notOffered = new Map<OfferStatus, number>();
  for (const entry of entries) {
    counts = addCounts(counts, countProblems(problems?.problemsOf(entry.record.filePath) ?? entry.problems));
    if (entry.status !== 'offered') notOffered.set(entry.status, (notOffered.get(entry.status) ?? 0) + 1);
  }
  let text = `$(mortar-board) ${plural(entries.length, 'skill')}`;
  if (counts.errors > 0) text += ` $(error) ${counts.errors}`;
  if (counts.warnings > 0) text += ` $(warning) ${counts.warnings}`;
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
    `- ${countsText(counts)}`,
    '',
    'Click to open the Skills view.',
  ].join('\n');
  return { visible: entries.length > 0, text, tooltip };
}

/** Registers the status-bar item; `snapshot()` returns what it shows (for tests). */
export function registerStatusBar(
  services: SkillsmithServices,
  problems?: SkillProblems,
): {
  disposables: vscode.Disposable[];
  snapshot: () => StatusBarSnapshot;
} {
  const item = vscode.window.createStatusBarItem(STATUS_BAR_ID, vscode.StatusBarAlignment.Left, 10);
  item.name = 'Skillsmith';
  item.command = `${SKILLS_VIEW_ID}.focus`;
  let current: StatusBarSnapshot = { visible: false, text: '', tooltip: '' };
  const update = () => {
    current = statusContent(services.catalog, readSettings().listingBudget, problems);
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
    ...(problems ? [problems.onDidChange(() => updateSoon.schedule())] : []),
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (event.affectsConfiguration(SETTINGS.listingBudget)) updateSoon.schedule();
    }),
  ];
  return { disposables, snapshot: () => ({ ...current }) };
}
