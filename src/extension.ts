// The composition root: builds the one catalog, starts watching, and registers every
// feature. Each feature lives in src/vscode/ and returns its disposables, which are all
// registered here, in one place.
import * as vscode from 'vscode';
import { SkillCatalog } from './core/catalog';
import { CatalogWatcher } from './vscode/catalogWatcher';
import { WorkspaceFileSystem } from './vscode/fileSystem';
import type { SkillsmithApi, SkillsmithServices } from './vscode/services';
import { affectsCatalog } from './vscode/settings';

export function activate(context: vscode.ExtensionContext): SkillsmithApi {
  const log = vscode.window.createOutputChannel('Skillsmith', { log: true });
  const catalog = new SkillCatalog();
  const fs = new WorkspaceFileSystem(() => (vscode.workspace.workspaceFolders ?? []).map((f) => f.uri));
  const watcher = new CatalogWatcher(catalog, fs, log);
  const services: SkillsmithServices = { catalog, fs, watcher, log, extensionUri: context.extensionUri };

  context.subscriptions.push(
    log,
    watcher,
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (affectsCatalog(event)) void watcher.restart();
    }),
    vscode.workspace.onDidChangeWorkspaceFolders(() => void watcher.restart()),
  );
  // Features: one register call each (a feature returns its disposables).
  context.subscriptions.push(
    // (feature registrations go here, e.g. ...registerDiagnostics(services))
  );
  void services;

  // Activation returns at once; the scan runs in the background with window progress.
  void watcher.restart();
  return { catalog, whenIdle: () => watcher.whenIdle() };
}

export function deactivate(): void {}
