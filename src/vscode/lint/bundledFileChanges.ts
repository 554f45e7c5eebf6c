// The skills whose bundled files (scripts, references) changed on disk: their findings in
// those files are read from disk, so the diagnostics re-lint them. Two sources report paths:
// - the editor's own saves, which never depend on a file watcher: VS Code's can miss a
//   subfolder created together with its parent (`mkdir -p skill/scripts`; seen in 1 of 4 host
//   runs on Linux), which CreatedFolderWatches covers only up to its limit;
// - the catalog watcher, for every path under a location that another program writes (an
//   agent, a checkout).
// The paths are collected and handed over once per pause, since a checkout or a watcher storm
// reports thousands at once, and a save reported by both sources costs one pass.
import * as vscode from 'vscode';
import { basenamePath } from '../../core/base/paths';
import { isSkillFileName } from '../../core/catalog/discovery';
import { skillFilesOwning } from '../../core/catalog/owningSkills';
import type { SkillsmithServices } from '../services';
import { DisposableStore } from '../disposables';

export class BundledFileChanges implements vscode.Disposable {
  private readonly paths = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private readonly disposables = new DisposableStore();

  /** Calls `relint` with the SKILL.md paths of the skills whose other files changed, `delayMs` after the first change of a burst. */
  constructor(
    private readonly services: SkillsmithServices,
    private readonly relint: (skillFiles: ReadonlySet<string>) => void,
    private readonly delayMs: number,
  ) {
    this.disposables.addAll(
      services.watcher.onDidChangePath((path) => this.changed(path)),
      vscode.workspace.onDidSaveTextDocument((document) => {
        if (!document.isUntitled) this.changed(services.fs.toPath(document.uri));
      }),
      { dispose: () => clearTimeout(this.timer) },
    );
  }

  private changed(path: string): void {
    if (isSkillFileName(basenamePath(path))) return; // the catalog's own change covers SKILL.md
    this.paths.add(path);
    if (this.timer !== undefined) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      const owners = skillFilesOwning(this.services.catalog.records(), this.paths);
      this.paths.clear();
      if (owners.size > 0) this.relint(owners);
    }, this.delayMs);
  }

  dispose(): void {
    this.disposables.dispose();
  }
}
