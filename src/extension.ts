// The composition root: the one place that builds the shared catalog and registers
// every feature. Each feature lives in src/vscode/ and returns its disposables.
import * as vscode from 'vscode';

export function activate(context: vscode.ExtensionContext): void {
  void context;
}

export function deactivate(): void {}
