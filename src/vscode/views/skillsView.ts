// The Skills view (`skillsmith.skills`): the catalog grouped by location, each skill
// with why it is or is not offered to the model. It reads the one catalog and redraws
// when it changes, coalescing bursts (a scan or a `git checkout` touches many files).
import * as vscode from 'vscode';
import type { CatalogEntry, OfferStatus } from '../../core/catalog/catalog';
import type { SkillLocation } from '../../core/catalog/locations';
import { locationDescription } from '../locationLabels';
import { OPEN_SKILL_COMMAND } from './viewCommands';
import type { SkillsmithServices } from '../services';

/** The view id contributed in package.json. */
export const SKILLS_VIEW_ID = 'skillsmith.skills';
const REDRAW_DELAY_MS = 100;

type Node = { kind: 'location'; location: SkillLocation; entries: CatalogEntry[] } | { kind: 'skill'; entry: CatalogEntry };

/** What the view shows, for the host tests. */
export interface SkillsViewSnapshot {
  readonly location: string;
  readonly description?: string;
  readonly skills: readonly { readonly name: string; readonly description?: string; readonly icon: string }[];
}

const STATUS_TEXT: Record<OfferStatus, string | undefined> = {
  offered: undefined,
  errors: 'errors',
  hidden: 'hidden',
  shadowed: 'shadowed',
  untrusted: 'untrusted — trust the workspace to offer it',
};

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
  if (STATUS_TEXT[entry.status]) tooltip.appendMarkdown(` — not offered: ${STATUS_TEXT[entry.status]}`);
  tooltip.appendMarkdown('\n\n');
  tooltip.appendText(record.description?.trim() || '(no description)');
  tooltip.appendMarkdown('\n\n');
  if (entry.shadowedBy) tooltip.appendText(`Shadowed by ${entry.shadowedBy.filePath}\n\n`);
  const errors = entry.problems.filter((p) => p.severity === 'error').length;
  const warnings = entry.problems.filter((p) => p.severity === 'warning').length;
  tooltip.appendText(`${record.filePath}\n\n${errors} error(s), ${warnings} warning(s)`);
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
    const { entry } = node;
    const uri = this.services.fs.toUri(entry.record.filePath);
    const item = new vscode.TreeItem(entry.record.name, vscode.TreeItemCollapsibleState.None);
    item.id = `skill:${entry.record.filePath}`;
    item.resourceUri = uri; // lets the problem decorations colour the item
    item.description = STATUS_TEXT[entry.status] ?? false;
    item.tooltip = tooltipOf(entry);
    item.iconPath = new vscode.ThemeIcon(iconOf(entry));
    item.contextValue = `skillsmith.skill.${entry.status}`;
    item.command = { command: OPEN_SKILL_COMMAND, title: 'Open Skill', arguments: [uri] };
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
          return {
            name: String(item.label),
            ...(item.description ? { description: String(item.description) } : {}),
            icon: (item.iconPath as vscode.ThemeIcon).id,
          };
        }),
      };
    });
  }
}

/** Registers the Skills view; `snapshot()` returns what it shows (for tests). */
export function registerSkillsView(services: SkillsmithServices): { disposables: vscode.Disposable[]; snapshot: () => SkillsViewSnapshot[] } {
  const provider = new SkillsTreeProvider(services);
  const view = vscode.window.createTreeView(SKILLS_VIEW_ID, { treeDataProvider: provider, showCollapseAll: true });
  let timer: NodeJS.Timeout | undefined;
  const subscription = services.catalog.onDidChange(() => {
    if (timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      provider.refresh();
    }, REDRAW_DELAY_MS);
  });
  const disposables: vscode.Disposable[] = [
    view,
    provider,
    { dispose: () => subscription.dispose() },
    { dispose: () => clearTimeout(timer) },
  ];
  return { disposables, snapshot: () => provider.snapshot() };
}
