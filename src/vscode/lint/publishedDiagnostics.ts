// What the 'skillsmith' DiagnosticCollection shows, and the Problem behind each diagnostic (the
// quick fixes need it). A skill's findings in its bundled files (scripts) are published on
// those files and remembered per skill, so that the next lint of the skill clears the ones
// it no longer finds. The controller in diagnostics.ts decides what to lint and when.
import * as vscode from 'vscode';
import type { Problem } from '../../core/base/types';
import type { BundledFileProblems } from '../../core/lint/bundledFiles';
import { toDiagnostic } from '../problemDiagnostic';
import type { WorkspaceFileSystem } from '../workspaceFileSystem';

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
  private readonly collection = vscode.languages.createDiagnosticCollection('skillsmith');
  private readonly published = new Map<string, FileDiagnostics>();
  /** The bundled files each skill file's last lint published problems on. */
  private readonly bundledOf = new Map<string, vscode.Uri[]>();

  constructor(private readonly fs: WorkspaceFileSystem) {}

  /** Shows `problems` on `uri`, found in document `version` (undefined: the file on disk). */
  publish(uri: vscode.Uri, problems: readonly Problem[], version: number | undefined): void {
    const items = problems.map((problem) => ({ diagnostic: toDiagnostic(problem), problem }));
    this.published.set(uri.toString(), { version, items });
    this.collection.set(
      uri,
      items.map((i) => i.diagnostic),
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
    this.published.delete(uri.toString());
    this.collection.delete(uri);
  }

  /** The problems shown now for the Uri string `key`. */
  shownProblems(key: string): readonly Problem[] {
    return this.published.get(key)?.items.map((i) => i.problem) ?? [];
  }

  /** The Problem behind one of our diagnostics, when it still describes the document's current text. */
  problemFor(document: vscode.TextDocument, diagnostic: vscode.Diagnostic): Problem | undefined {
    const file = this.published.get(document.uri.toString());
    if (!file) return undefined;
    // Fixes are edits at fixed positions: only valid for the text that was linted.
    const current = file.version === undefined ? !document.isDirty : file.version === document.version;
    if (!current) return undefined;
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
    this.collection.dispose();
  }
}
