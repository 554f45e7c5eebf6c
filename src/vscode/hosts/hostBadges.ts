// A badge on each skill file that a host of `skillsmith.hosts` will not find, load or list in
// full (docs/hosts.md, "In the editor"): in the Skills view, where a skill's item carries its
// file, and in the Explorer. The badge is one sign, ⊘, beside the count of problems that VS Code
// shows for the file; hovering it names each host and why.
import * as vscode from 'vscode';
import type { HostCompatFinding } from '../../core/hosts/hostCompat';

/** The sign of a skill that one of the chosen hosts will not find, load or list in full. */
export const HOST_BADGE = '⊘';

export class HostBadges implements vscode.FileDecorationProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<vscode.Uri[]>();
  readonly onDidChangeFileDecorations = this.changed.event;
  /** By URI: the findings shown for that file. */
  private shown = new Map<string, { readonly uri: vscode.Uri; readonly findings: readonly HostCompatFinding[] }>();

  /** Shows these findings from now on, and tells VS Code which files changed. */
  update(
    next: ReadonlyMap<string, { readonly uri: vscode.Uri; readonly findings: readonly HostCompatFinding[] }>,
  ): void {
    const touched = [...new Set([...this.shown.keys(), ...next.keys()])].map(
      (key) => (next.get(key) ?? this.shown.get(key))!.uri,
    );
    this.shown = new Map(next);
    if (touched.length > 0) this.changed.fire(touched);
  }

  /** Changes the findings of some files only (no findings: no badge), and tells VS Code which. */
  patch(
    files: ReadonlyMap<string, { readonly uri: vscode.Uri; readonly findings: readonly HostCompatFinding[] }>,
  ): void {
    for (const [key, value] of files) {
      if (value.findings.length === 0) this.shown.delete(key);
      else this.shown.set(key, value);
    }
    if (files.size > 0) this.changed.fire([...files.values()].map((value) => value.uri));
  }

  provideFileDecoration(uri: vscode.Uri): vscode.FileDecoration | undefined {
    const found = this.shown.get(uri.toString());
    if (!found || found.findings.length === 0) return undefined;
    const lines = found.findings.map((f) => f.message);
    return { badge: HOST_BADGE, tooltip: lines.join('\n') };
  }

  dispose(): void {
    this.changed.dispose();
  }
}
