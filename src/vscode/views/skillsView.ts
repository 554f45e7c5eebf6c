// The Skills view (`skillsmith.skills`): the catalog grouped by location, each skill
// with why it is or is not offered to the model. It reads the one catalog and redraws
// when it changes, coalescing bursts (a scan or a `git checkout` touches many files). A skill
// with actions (actions.json) has them as children, each with a Run button.
import * as vscode from 'vscode';
import { coalesced } from '../../core/base/coalesce';
import { plural } from '../../core/base/text';
import type { CatalogEntry } from '../../core/catalog/catalog';
import type { SkillLocation } from '../../core/catalog/locations';
import { OFFER_STATUS_LABEL, whyNotOffered } from '../../core/catalog/offerStatusText';
import { locationDescription } from '../locationLabels';
import { ACTION_ITEM_CONTEXT, COMMANDS, SKILLS_VIEW_ID } from '../ids';
import type { ActionSummary, SkillsmithServices } from '../services';

const REDRAW_DELAY_MS = 100;

type Node =
  | { kind: 'location'; location: SkillLocation; entries: CatalogEntry[] }
  | { kind: 'skill'; entry: CatalogEntry }
  // Its shape is what `skillsmith.runAction` reads from the item it is run on.
  | { kind: 'action'; entry: CatalogEntry; action: ActionSummary };

/** What the view shows, for the host tests. */
export interface SkillsViewSnapshot {
  readonly location: string;
  readonly description?: string;
  readonly skills: readonly {
    readonly name: string;
    readonly description?: string;
    readonly icon: string;
    readonly actions?: readonly string[];
  }[];
}

function iconOf(entry: CatalogEntry): string {
  switch (entry.status) {
    case 'errors':
      return 'error';
    case 'hidden':
      return 'eye-closed';
    case 'shadowed':
      return 'circle-slash';
    case 'untrusted':
      return 'shield';
    default:
      return entry.problems.some((p) => p.severity === 'warning') ? 'warning' : 'pass';
  }
}

function tooltipOf(entry: CatalogEntry): vscode.MarkdownString {
  const { record } = entry;
  const tooltip = new vscode.MarkdownString(undefined, true);
  tooltip.appendMarkdown(`**${record.name}**`);
  const why = whyNotOffered(entry);
  if (why) tooltip.appendText(` — not offered: ${why}`);
  tooltip.appendMarkdown('\n\n');
  tooltip.appendText(record.description?.trim() || '(no description)');
  tooltip.appendMarkdown('\n\n');
  const errors = entry.problems.filter((p) => p.severity === 'error').length;
  const warnings = entry.problems.filter((p) => p.severity === 'warning').length;
  tooltip.appendText(`${record.filePath}\n\n${plural(errors, 'error')}, ${plural(warnings, 'warning')}`);
  return tooltip;
}

class SkillsTreeProvider implements vscode.TreeDataProvider<Node>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeTreeData = this.changed.event;

  constructor(private readonly services: SkillsmithServices) {}

  refresh(): void {
    this.changed.fire();
  }

  dispose(): void {
    this.changed.dispose();
  }

  getChildren(node?: Node): Node[] {
    if (node?.kind === 'location') return node.entries.map((entry) => ({ kind: 'skill', entry }));
    if (node?.kind === 'skill')
      return (this.services.actions.peek(node.entry.record.dir) ?? []).map((action) => ({
        kind: 'action',
        entry: node.entry,
        action,
      }));
    if (node) return [];
    const groups = new Map<string, { location: SkillLocation; entries: CatalogEntry[] }>();
    for (const entry of this.services.catalog.entries()) {
      const location = entry.record.location;
      const group = groups.get(location.path) ?? { location, entries: [] };
      group.entries.push(entry);
      groups.set(location.path, group);
    }
    return [...groups.values()]
      .sort((a, b) => a.location.rank - b.location.rank)
      .map((group) => ({ kind: 'location', ...group }));
  }

  getTreeItem(node: Node): vscode.TreeItem {
    if (node.kind === 'location') {
      const item = new vscode.TreeItem(node.location.label, vscode.TreeItemCollapsibleState.Expanded);
      item.id = `location:${node.location.path}`;
      item.description = locationDescription(node.location, this.services.fs);
      item.tooltip = node.location.path;
      item.iconPath = new vscode.ThemeIcon(node.location.scope === 'user' ? 'account' : 'folder');
      item.contextValue = 'skillsmith.location';
      return item;
    }
    if (node.kind === 'action') return actionItem(node.entry, node.action);
    const { entry } = node;
    const uri = this.services.fs.toUri(entry.record.filePath);
    const hasActions = (this.services.actions.peek(entry.record.dir)?.length ?? 0) > 0;
    const item = new vscode.TreeItem(
      entry.record.name,
      hasActions ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None,
    );
    item.id = `skill:${entry.record.filePath}`;
    item.resourceUri = uri; // lets the problem decorations colour the item
    item.description = entry.status === 'offered' ? false : OFFER_STATUS_LABEL[entry.status];
    item.tooltip = tooltipOf(entry);
    item.iconPath = new vscode.ThemeIcon(iconOf(entry));
    item.contextValue = `skillsmith.skill.${entry.status}`;
    item.command = { command: COMMANDS.openSkill, title: 'Open Skill', arguments: [uri] };
    return item;
  }

  snapshot(): SkillsViewSnapshot[] {
    return this.getChildren().map((group) => {
      const location = this.getTreeItem(group);
      return {
        location: String(location.label),
        ...(location.description ? { description: String(location.description) } : {}),
        skills: this.getChildren(group).map((skill) => {
          const item = this.getTreeItem(skill);
          const actions = this.getChildren(skill).map((child) => String(this.getTreeItem(child).label));
          return {
            name: String(item.label),
            ...(item.description ? { description: String(item.description) } : {}),
            icon: (item.iconPath as vscode.ThemeIcon).id,
            ...(actions.length > 0 ? { actions } : {}),
          };
        }),
      };
    });
  }
}

/** An action under its skill: Run is its inline button (package.json menus), and its click. */
function actionItem(entry: CatalogEntry, action: ActionSummary): vscode.TreeItem {
  const item = new vscode.TreeItem(action.name, vscode.TreeItemCollapsibleState.None);
  item.id = `action:${entry.record.filePath}#${action.name}`;
  item.description = action.isDefault ? 'default' : undefined;
  item.tooltip = action.description;
  item.iconPath = new vscode.ThemeIcon('symbol-event');
  item.contextValue = ACTION_ITEM_CONTEXT;
  return item;
}

/** Registers the Skills view; `snapshot()` returns what it shows (for tests). */
export function registerSkillsView(services: SkillsmithServices): {
  disposables: vscode.Disposable[];
  snapshot: () => SkillsViewSnapshot[];
} {
  const provider = new SkillsTreeProvider(services);
  const view = vscode.window.createTreeView(SKILLS_VIEW_ID, { treeDataProvider: provider, showCollapseAll: true });
  const redraw = coalesced(() => provider.refresh(), REDRAW_DELAY_MS);
  const subscription = services.catalog.onDidChange(() => redraw.schedule());
  const disposables: vscode.Disposable[] = [
    view,
    provider,
    subscription,
    redraw,
    services.actions.onDidChange(() => redraw.schedule()),
  ];
  return { disposables, snapshot: () => provider.snapshot() };
}
