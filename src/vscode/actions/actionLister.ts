// The actions each skill declares, for the Skills view: read from actions.json on first need,
// kept until that file or the skill changes, and told to listeners when they do. Only names
// and descriptions are kept; running reads the file again (core/actions/executor.ts).
import * as vscode from 'vscode';
import { readActionsFile } from '../../core/actions/declaration';
import { ACTIONS_FILE } from '../../core/base/limits';
import { dirnamePath, pathKey } from '../../core/base/paths';
import type { SkillCatalog } from '../../core/catalog/catalog';
import type { ActionListing, ActionSummary } from '../services';
import type { WorkspaceFileSystem } from '../workspaceFileSystem';
import { DisposableStore } from '../disposables';

export class ActionLister implements ActionListing, vscode.Disposable {
  /** By the path key of the skill folder; a promise while it is being read. */
  private readonly known = new Map<string, readonly ActionSummary[] | Promise<void>>();
  private readonly changed = new vscode.EventEmitter<void>();
  /** Fires when the actions of some skill became known or changed. */
  readonly onDidChange = this.changed.event;
  private readonly disposables = new DisposableStore();

  constructor(
    private readonly fs: WorkspaceFileSystem,
    catalog: SkillCatalog,
  ) {
    const forget = (dir: string) => {
      if (this.known.delete(pathKey(dir))) this.changed.fire();
    };
    const catalogChanges = catalog.onDidChange((change) => change.files.forEach((file) => forget(dirnamePath(file))));
    const watcher = vscode.workspace.createFileSystemWatcher(`**/${ACTIONS_FILE}`);
    const onFile = (uri: vscode.Uri) => forget(dirnamePath(fs.toPath(uri)));
    this.disposables.addAll(
      this.changed,
      { dispose: () => catalogChanges.dispose() },
      watcher,
      watcher.onDidCreate(onFile),
      watcher.onDidChange(onFile),
      watcher.onDidDelete(onFile),
    );
  }

  /** The actions of a skill when known (an invalid or missing file has none); starts reading otherwise. */
  peek(skillDir: string): readonly ActionSummary[] | undefined {
    const key = pathKey(skillDir);
    const known = this.known.get(key);
    if (known !== undefined && !(known instanceof Promise)) return known;
    if (known === undefined) {
      const reading = readActionsFile(this.fs, skillDir).then(
        (result) => {
          if (this.known.get(key) !== reading) return;
          const actions = result?.ok
            ? result.actions.map((a) => ({ name: a.name, description: a.description, isDefault: a.isDefault }))
            : [];
          this.known.set(key, actions);
          if (actions.length > 0) this.changed.fire();
        },
        () => {
          this.known.set(key, []);
        },
      );
      this.known.set(key, reading);
    }
    return undefined;
  }

  dispose(): void {
    this.disposables.dispose();
  }
}
