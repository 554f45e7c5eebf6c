// What the composition root hands to every feature: the one catalog and its helpers.
import type * as vscode from 'vscode';
import type { SkillCatalog } from '../core/catalog/catalog';
import type { CatalogVerdicts } from '../core/hosts/verdictCache';
import type { ActionLister } from './actions/actionLister';
import type { CatalogWatcher } from './catalog/catalogWatcher';
import type { WorkspaceFileSystem } from './workspaceFileSystem';

export type { ActionSummary } from './actions/actionLister';

export interface SkillsmithServices {
  readonly catalog: SkillCatalog;
  readonly fs: WorkspaceFileSystem;
  readonly watcher: CatalogWatcher;
  readonly log: vscode.LogOutputChannel;
  readonly extensionUri: vscode.Uri;
  /** The actions skills declare, for the Skills view. */
  readonly actions: ActionLister;
  /** The catalog's verdicts for the hosts of `skillsmith.hosts` (docs/hosts.md). */
  readonly hostVerdicts: () => CatalogVerdicts;
  /** The skills VS Code's own agent lists itself (by file path key), or undefined when its skills are off. */
  readonly nativeSkills: () => ReadonlySet<string> | undefined;
}
