// The composition root: builds the one catalog, starts watching, and registers every
// feature. Each feature lives in src/vscode/ and returns its disposables, which are all
// registered here, in one place.
import * as vscode from 'vscode';
import { SkillCatalog } from './core/catalog/catalog';
import { CatalogWatcher } from './vscode/catalog/catalogWatcher';
import { registerCodeActions } from './vscode/lint/codeActions';
import { createSkillDiagnostics } from './vscode/lint/diagnostics';
import { registerCommands } from './vscode/views/viewCommands';
import { WorkspaceFileSystem } from './vscode/workspaceFileSystem';
import { registerSkillsParticipant } from './vscode/chat/participant';
import { registerScaffold } from './vscode/scaffold/newSkill';
import type { SkillsmithApi, SkillsmithServices } from './vscode/services';
import { registerStatusBar } from './vscode/views/statusBar';
import { registerSkillsView } from './vscode/views/skillsView';
import { registerSkillTools } from './vscode/tools/languageModelTools';
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
  // Diagnostics are shared: the quick fixes read their problems, Validate All refreshes them.
  const diagnostics = createSkillDiagnostics(services);
  // Features: one register call each (a feature returns its disposables).
  context.subscriptions.push(
    ...diagnostics.disposables,
    ...registerCodeActions(services, diagnostics),
    ...registerSkillTools(services),
    ...registerSkillsParticipant(services),
    ...registerScaffold(services),
    ...registerCommands(services, () => diagnostics.validateAll()),
  );
  const skillsView = registerSkillsView(services);
  const statusBar = registerStatusBar(services);
  context.subscriptions.push(...skillsView.disposables, ...statusBar.disposables);

  // Activation returns at once; the scan runs in the background with window progress.
  void watcher.restart();
  return {
    catalog,
    whenIdle: () => watcher.whenIdle(),
    viewSnapshot: skillsView.snapshot,
    statusBarSnapshot: statusBar.snapshot,
    skipped: () => watcher.skipped(),
  };
}

export function deactivate(): void {}
