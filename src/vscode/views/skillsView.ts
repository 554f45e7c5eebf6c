// The Skills view (`skillsmith.skills`): the catalog grouped by location, each skill
// with why it is or is not offered to the model. It reads the one catalog and redraws
// when it changes, coalescing bursts (a scan or a `git checkout` touches many files). A skill
// with actions (actions.json) has them as children, each with a Run button.
import * as vscode from 'vscode';
import { coalesced } from '../../core/base/coalesce';
import type { CatalogEntry } from '../../core/catalog/catalog';
import type { SkillLocation } from '../../core/catalog/locations';
import { OFFER_STATUS_LABEL, whyNotOffered } from '../../core/catalog/offerStatusText';
import { hostsModule } from '../hostsModule';
import { viewHostsMessage } from '../../core/hosts/hostsLeftOut';
import { locationDescription } from '../locationLabels';
import { readSettings, SETTINGS } from '../settings';
import { ACTION_ITEM_CONTEXT, COMMANDS, SKILLS_VIEW_ID } from '../ids';
import type { SkillsViewSnapshot } from '../api';
import type { ActionSummary, SkillsmithServices } from '../services';
import type { SkillProblems } from '../skillProblems';
import { countProblems, countsText, type ProblemCounts } from '../../core/lint/problemCounts';

const REDRAW_DELAY_MS = 100;

type Node =
  | { kind: 'location'; location: SkillLocation; entries: CatalogEntry[] }
  | { kind: 'skill'; entry: CatalogEntry }
  // Its shape is what `skillsmith.runAction` reads from the item it is run on.
  | { kind: 'action'; entry: CatalogEntry; action: ActionSummary };

/** A tree item's label as text (a TreeItemLabel by its text). */
function labelText(label: vscode.TreeItem['label']): string {
  return typeof label === 'object' ? label.label : String(label);
}

function iconOf(entry: CatalogEntry, counts: ProblemCounts): string {
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
      return counts.warnings > 0 ? 'warning' : 'pass';
  }
}

/** The badge's sign (hostBadges.ts), repeated here so that the view does not load the hosts feature. */
const HOST_BADGE = '⊘';

function tooltipOf(entry: CatalogEntry, counts: ProblemCounts, agents: string | undefined): vscode.MarkdownString {
  const { record } = entry;
  const tooltip = new vscode.MarkdownString(undefined, true);
  tooltip.appendMarkdown(`**${record.name}**`);
  const why = whyNotOffered(entry);
  if (why) tooltip.appendText(` — not offered: ${why}`);
  tooltip.appendMarkdown('\n\n');
  tooltip.appendText(record.description?.trim() || '(no description)');
  tooltip.appendMarkdown('\n\n');
  tooltip.appendText(`${record.filePath}\n\n${countsText(counts)}`);
  if (agents) tooltip.appendMarkdown(`\n\n${agents}`);
  return tooltip;
}

class SkillsTreeProvider implements vscode.TreeDataProvider<Node>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeTreeData = this.changed.event;

  constructor(
    private readonly services: SkillsmithServices,
    private readonly problems: SkillProblems | undefined,
  ) {}

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
    // The tooltip is resolved on hover (resolveTreeItem): it asks the host verdicts.
    item.iconPath = new vscode.ThemeIcon(iconOf(entry, this.countsOf(entry)));
    item.contextValue = `skillsmith.skill.${entry.status}`;
    item.command = { command: COMMANDS.openSkill, title: 'Open Skill', arguments: [uri] };
    return item;
  }

  /** The tooltip, on hover: the skill, and which of the user's agents load it (and what the ⊘ badge means). */
  resolveTreeItem(item: vscode.TreeItem, node: Node): vscode.TreeItem {
    if (node.kind === 'skill')
      item.tooltip = tooltipOf(node.entry, this.countsOf(node.entry), this.agentsOf(node.entry));
    return item;
  }

  /** What the Problems panel shows for the skill, its scripts' findings included. */
  private countsOf(entry: CatalogEntry): ProblemCounts {
    return countProblems(this.problems?.problemsOf(entry.record.filePath) ?? entry.problems);
  }

  private agentsOf(entry: CatalogEntry): string | undefined {
    try {
      const verdicts = this.services.hostVerdicts().of(entry.record);
      if (!verdicts || verdicts.size === 0) return undefined;
      const hosts = hostsModule();
      const answer = hosts.agentsMarkdown(hosts.agentsAnswer(entry.record, verdicts));
      const badged = hosts.hostCompatFindings(entry.record, verdicts).length > 0;
      return badged
        ? `${answer}\n\n${HOST_BADGE} beside the name: one of your agents (\`skillsmith.hosts\`) will not find, load or list this skill in full; the problem on its SKILL.md says why, with a fix where one exists.`
        : answer;
    } catch (error) {
      this.services.log.warn(`Skills view: no agents' verdicts for ${entry.record.filePath}: ${String(error)}`);
      return undefined;
    }
  }

  snapshot(): SkillsViewSnapshot[] {
    return this.getChildren().map((group) => {
      const location = this.getTreeItem(group);
      return {
        location: labelText(location.label),
        ...(location.description ? { description: String(location.description) } : {}),
        skills: this.getChildren(group).map((skill) => {
          const item = this.resolveTreeItem(this.getTreeItem(skill), skill);
          const actions = this.getChildren(skill).map((child) => labelText(this.getTreeItem(child).label));
          return {
            name: labelText(item.label),
            ...(item.description ? { description: String(item.description) } : {}),
            icon: (item.iconPath as vscode.ThemeIcon).id,
            tooltip: (item.tooltip as vscode.MarkdownString).value,
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
export function registerSkillsView(
  services: SkillsmithServices,
  problems?: SkillProblems,
): {
  disposables: vscode.Disposable[];
  snapshot: () => SkillsViewSnapshot[];
} {
  const provider = new SkillsTreeProvider(services, problems);
  const view = vscode.window.createTreeView(SKILLS_VIEW_ID, { treeDataProvider: provider, showCollapseAll: true });
  // The agents whose marks the view shows, and those it leaves out (docs/hosts.md, "Which hosts").
  // Only over skills: a view with a message shows no welcome content, and the empty view's welcome
  // is what sends a newcomer to the folders agents read.
  // Set only when it changes: each set lays the view out again, which closes an open tooltip.
  const showHosts = () => {
    const message = services.catalog.size > 0 ? viewHostsMessage(readSettings().hosts) : undefined;
    if (view.message !== message) view.message = message;
  };
  showHosts();
  const redraw = coalesced(() => {
    showHosts();
    provider.refresh();
  }, REDRAW_DELAY_MS);
  const subscription = services.catalog.onDidChange(() => redraw.schedule());
  const disposables: vscode.Disposable[] = [
    view,
    provider,
    subscription,
    redraw,
    services.actions.onDidChange(() => redraw.schedule()),
    ...(problems ? [problems.onDidChange(() => redraw.schedule())] : []),
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (event.affectsConfiguration(SETTINGS.hosts)) showHosts();
    }),
  ];
  return { disposables, snapshot: () => provider.snapshot() };
}
