// Read-only results (the review of an add or an update, an action's result) as virtual
// documents of their own scheme: never untitled, never dirty, so closing the editors never asks
// to save them (docs/install.md). The review opens in a locked Markdown preview beside, which
// stays on it (a preview that follows the active editor would show another document at the
// moment the second confirmation asks about it).
import * as vscode from 'vscode';
import { DisposableStore } from './disposables';

export const READ_ONLY_SCHEME = 'skillsmith-result';

export class ReadOnlyDocuments implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly contents = new Map<string, string>();
  private readonly disposables = new DisposableStore();
  private readonly changed = this.disposables.add(new vscode.EventEmitter<vscode.Uri>());
  readonly onDidChange = this.changed.event;
  private count = 0;

  constructor() {
    this.disposables.add(vscode.workspace.registerTextDocumentContentProvider(READ_ONLY_SCHEME, this));
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.contents.get(uri.toString()) ?? '';
  }

  /** A new read-only document named `fileName` (its extension gives the language) holding `content`. */
  create(fileName: string, content: string): vscode.Uri {
    // A number per document, so that two reviews never share (and overwrite) one.
    const uri = vscode.Uri.from({ scheme: READ_ONLY_SCHEME, path: `/${++this.count}/${fileName}` });
    if (this.contents.size > 50) this.contents.delete(this.contents.keys().next().value as string);
    this.contents.set(uri.toString(), content);
    this.changed.fire(uri);
    return uri;
  }

  /** Opens Markdown in a locked preview beside (the source, read-only, when there is no Markdown preview). */
  async showLockedMarkdown(fileName: string, markdown: string): Promise<vscode.Uri> {
    const uri = this.create(fileName, markdown);
    await vscode.commands
      .executeCommand('markdown.showLockedPreviewToSide', uri)
      .then(undefined, () =>
        vscode.window.showTextDocument(uri, { preview: false, viewColumn: vscode.ViewColumn.Beside }),
      );
    return uri;
  }

  dispose(): void {
    this.disposables.dispose();
    this.contents.clear();
  }
}
