// The composition root: builds the one catalog, starts watching, and registers every
// feature. Each feature lives in src/vscode/<feature>/ and returns its disposables, which
// are all registered here, in one place.
import * as vscode from 'vscode';
import { createSkillCatalog } from './core/access/policy';
import { ActionLister } from './vscode/actions/actionLister';
import { registerActions } from './vscode/actions/registerActions';
import { createHostVerdicts } from './vscode/hosts/hostVerdictsService';
import { registerHosts } from './vscode/hosts/registerHosts';
import { readonlyCatalog, TEST_HOOKS_ENV, type SkillsmithApi } from './vscode/api';
import { CatalogWatcher } from './vscode/catalog/catalogWatcher';
import { registerSkillsParticipant } from './vscode/chat/participant';
import { registerCodeActions } from './vscode/lint/codeActions';
import { registerRouting } from './vscode/routing/registerRouting';
import { createSkillDiagnostics } from './vscode/lint/diagnostics';
import { registerScaffold } from './vscode/scaffold/registerScaffold';
import { registerInstall } from './vscode/install/registerInstall';
import type { SkillsmithServices } from './vscode/services';
import { affectsCatalog, readSettings } from './vscode/settings';
import { createTestHooks } from './vscode/testHooks';
import { registerMcpServer } from './vscode/mcp/registerMcpServer';
import { registerSkillTools } from './vscode/tools/languageModelTools';
import { registerStatusBar } from './vscode/views/statusBar';
import { registerSkillsView } from './vscode/views/skillsView';
import { registerViewCommands } from './vscode/views/viewCommands';
import { WorkspaceFileSystem } from './vscode/workspaceFileSystem';

/** Stops the actions still running; set by activate, awaited by deactivate. */
let stopActionRuns: (() => Promise<void>) | undefined;

export function activate(context: vscode.ExtensionContext): SkillsmithApi {
  const log = vscode.window.createOutputChannel('Skillsmith', { log: true });
  const testHooks = process.env[TEST_HOOKS_ENV] ? createTestHooks() : undefined;
  const catalog = createSkillCatalog({ trustWorkspaceSkills: vscode.workspace.isTrusted });
  const fs = new WorkspaceFileSystem(
    () => (vscode.workspace.workspaceFolders ?? []).map((f) => f.uri),
    testHooks?.observer,
  );
  const watcher = new CatalogWatcher(catalog, fs, log);
  const actions = new ActionLister(fs, catalog);
  const hostVerdicts = createHostVerdicts(catalog, fs);
  const services: SkillsmithServices = {
    catalog,
    fs,
    watcher,
    log,
    extensionUri: context.extensionUri,
    actions,
    hostVerdicts: hostVerdicts.verdicts,
    nativeSkills: hostVerdicts.nativeSkills,
  };

  context.subscriptions.push(
    log,
    watcher,
    actions,
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (affectsCatalog(event)) void watcher.restart();
    }),
    vscode.workspace.onDidChangeWorkspaceFolders(() => void watcher.restart()),
    // Trust is granted once per window and never revoked without a reload.
    vscode.workspace.onDidGrantWorkspaceTrust(() => catalog.setTrustWorkspaceSkills(true)),
  );
  if (testHooks) {
    context.subscriptions.push(
      watcher.onDidScan(() => {
        catalog.listing(readSettings().listingBudget);
        testHooks.firstListingReady();
      }),
    );
  }
  // Diagnostics are shared: the quick fixes read their problems, Validate All refreshes them.
  const diagnostics = createSkillDiagnostics(services);
  const skillsView = registerSkillsView(services);
  const statusBar = registerStatusBar(services);
  const actionsFeature = registerActions(services, context);
  stopActionRuns = actionsFeature.stopRuns;
  // Features: one register call each (a feature returns its disposables).
  context.subscriptions.push(
    ...diagnostics.disposables,
    ...registerCodeActions(services, diagnostics),
    ...registerSkillTools(services),
    ...actionsFeature.disposables,
    ...registerSkillsParticipant(services),
    ...registerScaffold(services),
    ...registerInstall(services),
    ...registerViewCommands(services, () => diagnostics.validateAll()),
    ...registerRouting(services),
    ...registerHosts(services),
    ...registerMcpServer(services, context),
    ...skillsView.disposables,
    ...statusBar.disposables,
  );

  // Activation returns at once; the scan runs in the background with window progress.
  void watcher.restart();
  testHooks?.activated();
  return Object.freeze({
    catalog: readonlyCatalog(catalog),
    whenIdle: () => watcher.whenIdle(),
    viewSnapshot: skillsView.snapshot,
    statusBarSnapshot: statusBar.snapshot,
    skipped: () => watcher.skipped(),
    ...(testHooks ? { testHooks: testHooks.hooks } : {}),
  });
}

/**
 * VS Code awaits this before it disposes the subscriptions: an action still running when the
 * window closes is stopped with its process tree, not left behind (docs/actions.md).
 */
export function deactivate(): Promise<void> | undefined {
  return stopActionRuns?.();
}
