// What the composition root hands to every feature: the one catalog and its helpers.
import type * as vscode from 'vscode';
import type { SkillCatalog } from '../core/catalog/catalog';
import type { CatalogWatcher } from './catalog/catalogWatcher';
import type { WorkspaceFileSystem } from './workspaceFileSystem';
import type { StatusBarSnapshot } from './views/statusBar';
import type { SkillsViewSnapshot } from './views/skillsView';

export interface SkillsmithServices {
  readonly catalog: SkillCatalog;
  readonly fs: WorkspaceFileSystem;
  readonly watcher: CatalogWatcher;
  readonly log: vscode.LogOutputChannel;
  readonly extensionUri: vscode.Uri;
}

/** What activate() returns: used by the host tests to wait for and inspect the catalog. */
export interface SkillsmithApi {
  readonly catalog: SkillCatalog;
  /** Resolves when the scan and every file event received so far have been applied. */
  whenIdle(): Promise<void>;
  /** What the Skills view shows now, grouped by location. */
  viewSnapshot?(): SkillsViewSnapshot[];
  /** What the status-bar item shows now. */
  statusBarSnapshot?(): StatusBarSnapshot;
  /** The latest paths the scan passed over, with why (also logged to the output channel). */
  skipped?(): readonly { readonly path: string; readonly reason: string }[];
}
