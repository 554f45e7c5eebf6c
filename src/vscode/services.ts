// What the composition root hands to every feature: the one catalog and its helpers.
import type * as vscode from 'vscode';
import type { SkillCatalog } from '../core/catalog/catalog';
import type { ReadOnlyDocuments } from './readOnlyDocuments';
import type { CatalogVerdicts } from '../core/hosts/verdictCache';
import type { SkillLocation } from '../core/catalog/locations';
import type { WorkspaceFileSystem } from './workspaceFileSystem';

/** What the features use of the watcher that keeps the catalog equal to the disk (catalog/catalogWatcher.ts). */
export interface CatalogWatching {
  /** Fires when a full scan has filled the catalog. */
  readonly onDidScan: vscode.Event<void>;
  /** Fires for every path the watchers report under a location, after the catalog has it. */
  readonly onDidChangePath: vscode.Event<string>;
  /** True while a full scan runs. */
  readonly scanning: boolean;
  /** The locations in force, best precedence first. */
  readonly locations: readonly SkillLocation[];
  /** Rebuilds from the current settings and workspace folders: new watchers, one full scan. */
  restart(): Promise<void>;
  /** Re-reads one path now and resolves once the catalog has it. */
  refreshPath(path: string): Promise<void>;
  /** Resolves once the scan and every event received so far have been applied. */
  whenIdle(): Promise<void>;
}

/** One action a skill declares, as the Skills view lists it. */
export interface ActionSummary {
  readonly name: string;
  readonly description: string;
  readonly isDefault: boolean;
}

/** The actions skills declare, read on first need (actions/actionLister.ts). */
export interface ActionListing {
  /** Fires when the actions of some skill became known or changed. */
  readonly onDidChange: vscode.Event<void>;
  /** The actions of a skill when known; starts reading them otherwise. */
  peek(skillDir: string): readonly ActionSummary[] | undefined;
}

export interface SkillsmithServices {
  readonly catalog: SkillCatalog;
  readonly fs: WorkspaceFileSystem;
  readonly watcher: CatalogWatching;
  readonly log: vscode.LogOutputChannel;
  readonly extensionUri: vscode.Uri;
  /** The actions skills declare, for the Skills view. */
  readonly actions: ActionListing;
  /** The catalog's verdicts for the hosts of `skillsmith.hosts` (docs/hosts.md). */
  readonly hostVerdicts: () => CatalogVerdicts;
  /** The skills VS Code's own agent lists itself (by file path key), or undefined when its skills are off. */
  readonly nativeSkills: () => ReadonlySet<string> | undefined;
  /** Read-only result documents (reviews, action results): never untitled, never dirty. */
  readonly readOnly: ReadOnlyDocuments;
}
