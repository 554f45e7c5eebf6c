// The routing eval files of the workspace (docs/routing.md, "Eval files"), read and linted,
// kept up to date: found with EVAL_FILE_GLOB and watched; the trigger evals of user-level
// skills are looked up beside each skill. An open file is read from its editor, so that the
// cases and the squiggles follow typing. Listeners hear which files changed.
import * as vscode from 'vscode';
import { coalesced } from '../../core/base/coalesce';
import { decodeUtf8 } from '../../core/base/text';
import type { Problem } from '../../core/base/types';
import { EVAL_FILE_GLOB, evalFileKind, triggerEvalSkill, type EvalFileKind } from '../../core/routing/evalFiles';
import type { RoutingCase } from '../../core/routing/evalCases';
import { lintEvalFile } from '../../core/routing/evalLint';
import type { SkillsmithServices } from '../services';
import { inBackground } from '../background';
import { DisposableStore } from '../disposables';

/** One eval file as last read. */
export interface EvalFile {
  readonly uri: vscode.Uri;
  readonly kind: EvalFileKind;
  /** The skill of a trigger eval file. */
  readonly skill?: string;
  readonly cases: readonly RoutingCase[];
  readonly problems: readonly Problem[];
}

const EDIT_DELAY_MS = 300;

export class EvalFileIndex implements vscode.Disposable {
  private readonly files = new Map<string, EvalFile>();
  private readonly emitter = new vscode.EventEmitter<readonly vscode.Uri[]>();
  private readonly disposables = new DisposableStore();
  private readonly pendingEdits = new Map<string, vscode.TextDocument>();
  private readonly editsLater = coalesced(
    () => inBackground(this.services.log, 'applying eval file edits', this.applyEdits()),
    EDIT_DELAY_MS,
  );
  private readonly relintLater = coalesced(
    () => inBackground(this.services.log, 'reloading eval files', this.reloadAll()),
    EDIT_DELAY_MS,
  );

  /** Fires with the files whose cases or problems may have changed (added, changed or gone). */
  readonly onDidChange = this.emitter.event;

  constructor(private readonly services: SkillsmithServices) {
    const watcher = vscode.workspace.createFileSystemWatcher(EVAL_FILE_GLOB);
    const catalogChange = services.catalog.onDidChange(() => this.relintLater.schedule());
    this.disposables.addAll(
      watcher,
      this.emitter,
      { dispose: () => catalogChange.dispose() },
      { dispose: () => (this.editsLater.dispose(), this.relintLater.dispose()) },
      watcher.onDidCreate((uri) => inBackground(services.log, 'reloading an eval file', this.reload([uri]))),
      watcher.onDidChange((uri) => inBackground(services.log, 'reloading an eval file', this.reload([uri]))),
      watcher.onDidDelete((uri) => this.forget(uri)),
      vscode.workspace.onDidChangeTextDocument((event) => this.edited(event.document)),
      vscode.workspace.onDidCloseTextDocument((document) => this.edited(document)),
    );
  }

  /** Every file, sorted by path. */
  all(): EvalFile[] {
    return [...this.files.values()].sort((a, b) => (a.uri.toString() < b.uri.toString() ? -1 : 1));
  }

  get(uri: vscode.Uri): EvalFile | undefined {
    return this.files.get(uri.toString());
  }

  /** Finds every eval file (workspace and user-level skills) and reads them. */
  async reloadAll(): Promise<void> {
    const found = await vscode.workspace.findFiles(EVAL_FILE_GLOB, '**/{node_modules,.git}/**');
    for (const entry of this.services.catalog.entries()) {
      if (entry.record.location.scope !== 'user') continue;
      const path = `${entry.record.dir}/evals/trigger-evals.json`;
      if ((await this.services.fs.stat(path))?.kind === 'file') found.push(this.services.fs.toUri(path));
    }
    const keep = new Set(found.map((uri) => uri.toString()));
    const gone = [...this.files.values()].filter((f) => !keep.has(f.uri.toString())).map((f) => f.uri);
    for (const uri of gone) this.files.delete(uri.toString());
    await this.reload(found, gone);
  }

  /** Reads `uris` again; `alsoChanged` are announced with them. */
  private async reload(uris: readonly vscode.Uri[], alsoChanged: readonly vscode.Uri[] = []): Promise<void> {
    const changed: vscode.Uri[] = [...alsoChanged];
    for (const uri of uris) {
      const file = await this.read(uri);
      if (file) this.files.set(uri.toString(), file);
      else this.files.delete(uri.toString());
      changed.push(uri);
    }
    if (changed.length > 0) this.emitter.fire(changed);
  }

  private forget(uri: vscode.Uri): void {
    if (this.files.delete(uri.toString())) this.emitter.fire([uri]);
  }

  private edited(document: vscode.TextDocument): void {
    if (!evalFileKind(this.services.fs.toPath(document.uri)) || document.uri.scheme === 'git') return;
    this.pendingEdits.set(document.uri.toString(), document);
    this.editsLater.schedule();
  }

  private async applyEdits(): Promise<void> {
    const documents = [...this.pendingEdits.values()];
    this.pendingEdits.clear();
    await this.reload(documents.map((d) => d.uri));
  }

  /** The text of an eval file: its editor's when it is open, the disk's otherwise. */
  private async textOf(uri: vscode.Uri): Promise<string | undefined> {
    const open = vscode.workspace.textDocuments.find((d) => !d.isClosed && d.uri.toString() === uri.toString());
    if (open) return open.getText();
    try {
      return decodeUtf8(await this.services.fs.readFile(this.services.fs.toPath(uri))).replace(/^\uFEFF/, '');
    } catch {
      return undefined;
    }
  }

  private async read(uri: vscode.Uri): Promise<EvalFile | undefined> {
    const path = this.services.fs.toPath(uri);
    const kind = evalFileKind(path);
    if (!kind) return undefined;
    const text = await this.textOf(uri);
    if (text === undefined) return undefined;
    const skill = kind === 'trigger' ? triggerEvalSkill(path, this.services.catalog) : undefined;
    const { cases, problems } = lintEvalFile(text, skill, this.services.catalog);
    return { uri, kind, ...(skill ? { skill } : {}), cases, problems };
  }

  dispose(): void {
    this.disposables.dispose();
  }
}
