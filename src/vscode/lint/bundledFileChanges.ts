// The skills whose bundled files (scripts, references) changed on disk: their findings in
// those files are read from disk, so the diagnostics re-lint them. The catalog watcher reports
// every path under a location, whoever wrote it (this editor's save, an agent, a checkout);
// the paths are collected and handed over once per pause, since a checkout or a watcher storm
// reports thousands at once.
import * as vscode from 'vscode';
import { basenamePath } from '../../core/base/paths';
import { isSkillFileName } from '../../core/catalog/discovery';
import { skillFilesOwning } from '../../core/catalog/owningSkills';
import type { SkillsmithServices } from '../services';

export class BundledFileChanges implements vscode.Disposable {
  private readonly paths = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private readonly subscription: vscode.Disposable;

  /** Calls `relint` with the SKILL.md paths of the skills whose other files changed, `delayMs` after the last change. */
  constructor(
    private readonly services: SkillsmithServices,
    private readonly relint: (skillFiles: ReadonlySet<string>) => void,
    private readonly delayMs: number,
  ) {
    this.subscription = services.watcher.onDidChangePath((path) => this.changed(path));
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
    this.subscription.dispose();
    if (this.timer !== undefined) clearTimeout(this.timer);
  }
}
