// What the 'skillsmith' DiagnosticCollection shows, and the Problem behind each diagnostic (the
// quick fixes need it). A skill's findings in its bundled files (scripts) are published on
// those files and remembered per skill, so that the next lint of the skill clears the ones
// it no longer finds. Where VS Code's own check of the open file reports the same problem on the
// same place, ours is held back while VS Code's is shown (vscodeSkillChecks.ts), and the Problem
// behind it answers for VS Code's diagnostic: its fix is offered there. The controller in
// diagnostics.ts decides what to lint and when.
import * as vscode from 'vscode';
import type { Problem } from '../../core/base/types';
import type { BundledFileProblems } from '../../core/review';
import { sameProblems } from '../../core/lint/sameProblems';
import { DisposableStore } from '../disposables';
import { toDiagnostic } from '../problemDiagnostic';
import type { WorkspaceFileSystem } from '../workspaceFileSystem';
import { vscodeReports } from './vscodeSkillChecks';

/** One published diagnostic and the Problem it came from. */
interface Published {
  readonly diagnostic: vscode.Diagnostic;
  readonly problem: Problem;
}

/** The diagnostics of one file; `version` is the document version linted, undefined for the disk's content. */
interface FileDiagnostics {
  readonly version: number | undefined;
  readonly items: readonly Published[];
}

export class PublishedDiagnostics implements vscode.Disposable {
  private readonly disposables = new DisposableStore();
  private readonly collection = this.disposables.add(vscode.languages.createDiagnosticCollection('skillsmith'));
  private readonly published = new Map<string, FileDiagnostics>();
  /** The bundled files each skill file's last lint published problems on. */
  private readonly bundledOf = new Map<string, vscode.Uri[]>();
  /** What the collection holds per Uri string: the published items VS Code does not report itself. */
  private readonly shown = new Map<string, readonly Published[]>();
  /** VS Code's own checks come and go with its validation of the open file. */
  private readonly changed = this.disposables.add(new vscode.EventEmitter<void>());
  /** Fired when what is published changed (the counts of the Skills view and the status bar follow it). */
  readonly onDidChange = this.changed.event;
  constructor(private readonly fs: WorkspaceFileSystem) {
    this.disposables.add(
      vscode.languages.onDidChangeDiagnostics((event) => {
        for (const uri of event.uris) if (this.published.has(uri.toString())) this.show(uri);
      }),
    );
  }

  /**
   * Shows `problems` on `uri`, found in document `version` (undefined: the file on disk). Tells
   * listeners only when the problems differ: a relint that finds the same ones (a skill's script
   * writing its output beside it, say) must not redraw the Skills view, as a redraw under the
   * pointer closes its tooltip and drops a click on an item's button.
   */
  publish(uri: vscode.Uri, problems: readonly Problem[], version: number | undefined): void {
    const key = uri.toString();
    const before = this.published.get(key)?.items;
    const items = problems.map((problem) => ({ diagnostic: toDiagnostic(problem), problem }));
    this.published.set(key, { version, items });
    this.shown.delete(key);
    this.show(uri);
    const unchanged =
      before !== undefined &&
      sameProblems(
        before.map((item) => item.problem),
        problems,
      );
    if (!unchanged) this.changed.fire();
  }

  /** Sets the collection of `uri` to the published items that VS Code does not report itself, when that changed. */
  private show(uri: vscode.Uri): void {
    const key = uri.toString();
    const items = this.published.get(key)?.items ?? [];
    const theirs = vscode.languages.getDiagnostics(uri).filter((d) => d.source !== 'skillsmith');
    const visible = items.filter((i) => !theirs.some((d) => vscodeReports(d, i.problem)));
    const before = this.shown.get(key);
    if (before && before.length === visible.length && before.every((item, n) => item === visible[n])) return;
    this.shown.set(key, visible);
    this.collection.set(
      uri,
      visible.map((i) => i.diagnostic),
    );
  }

  /**
   * The problems inside a skill's bundled files (its scripts' dangerous commands), on those
   * files; the ones the skill's last lint found and this one does not are cleared.
   */
  publishBundled(skillFile: string, bundled: readonly BundledFileProblems[]): void {
    const before = this.bundledOf.get(skillFile) ?? [];
    const now = bundled.map((file) => this.fs.toUri(file.filePath));
    for (const uri of before) if (!now.some((u) => u.toString() === uri.toString())) this.unpublish(uri);
    bundled.forEach((file, i) => this.publish(now[i], file.problems, undefined));
    if (now.length > 0) this.bundledOf.set(skillFile, now);
    else this.bundledOf.delete(skillFile);
  }

  unpublish(uri: vscode.Uri): void {
    const had = this.published.delete(uri.toString());
    this.shown.delete(uri.toString());
    this.collection.delete(uri);
    if (had) this.changed.fire();
  }

  /** The problems shown now for the Uri string `key`. */
  shownProblems(key: string): readonly Problem[] {
    return this.published.get(key)?.items.map((i) => i.problem) ?? [];
  }

  /**
   * Everything published for one skill: its SKILL.md's problems and those of its bundled files
   * (held-back ones included: VS Code shows them). Undefined when its SKILL.md has none published.
   */
  skillProblems(skillFile: string): readonly Problem[] | undefined {
    const own = this.published.get(this.fs.toUri(skillFile).toString());
    if (!own) return undefined;
    const bundled = (this.bundledOf.get(skillFile) ?? []).flatMap((uri) => this.shownProblems(uri.toString()));
    return [...own.items.map((i) => i.problem), ...bundled];
  }

  /**
   * The Problem behind one of our diagnostics, or behind VS Code's report of a problem of ours that
   * is held back for it, when it still describes the document's current text.
   */
  problemFor(document: vscode.TextDocument, diagnostic: vscode.Diagnostic): Problem | undefined {
    const file = this.published.get(document.uri.toString());
    if (!file) return undefined;
    // Fixes are edits at fixed positions: only valid for the text that was linted.
    const current = file.version === undefined ? !document.isDirty : file.version === document.version;
    if (!current) return undefined;
    if (diagnostic.source !== 'skillsmith') {
      const shown = this.shown.get(document.uri.toString()) ?? [];
      return file.items.find((i) => !shown.includes(i) && vscodeReports(diagnostic, i.problem))?.problem;
    }
    const found =
      file.items.find((i) => i.diagnostic === diagnostic) ??
      file.items.find(
        (i) =>
          i.problem.code === diagnostic.code &&
          i.problem.message === diagnostic.message &&
          i.diagnostic.range.isEqual(diagnostic.range),
      );
    return found?.problem;
  }

  dispose(): void {
    this.disposables.dispose();
  }
}
