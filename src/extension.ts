// The composition root: builds the one catalog, starts watching, and registers every
// feature. Each feature lives in src/vscode/<feature>/ and returns its disposables, which
// are all registered here, in one place.
import * as vscode from 'vscode';
import { createSkillCatalog } from './core/access/policy';
import { ActionLister } from './vscode/actions/actionLister';
import { registerActions } from './vscode/actions/registerActions';
import { createHostVerdicts } from './vscode/hosts/hostVerdictsService';
import { registerHosts } from './vscode/hosts/registerHosts';
import { readonlyCatalog, TEST_FAIL_FEATURE_ENV, TEST_HOOKS_ENV, type SkillsmithApi } from './vscode/api';
import { CatalogWatcher } from './vscode/catalog/catalogWatcher';
import { registerSkillsParticipant } from './vscode/chat/participant';
import { registerCodeActions } from './vscode/lint/codeActions';
import { registerRouting } from './vscode/routing/registerRouting';
import { createSkillDiagnostics } from './vscode/lint/diagnostics';
import { registerScaffold } from './vscode/scaffold/registerScaffold';
import { registerWalkthrough } from './vscode/walkthrough';
import { registerInstall } from './vscode/install/registerInstall';
import { ReadOnlyDocuments } from './vscode/readOnlyDocuments';
import type { SkillsmithServices } from './vscode/services';
import { affectsCatalog, readSettings } from './vscode/settings';
import { createTestHooks } from './vscode/testHooks';
import { registerMcpServer } from './vscode/mcp/registerMcpServer';
import { registerSkillTools } from './vscode/tools/languageModelTools';
import { registerStatusBar } from './vscode/views/statusBar';
import { registerSkillsView } from './vscode/views/skillsView';
import { registerViewCommands } from './vscode/views/viewCommands';
import { WorkspaceFileSystem } from './vscode/workspaceFileSystem';
import { inBackground } from './vscode/background';
import { FeatureStartup } from './vscode/featureStartup';

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
  const readOnly = new ReadOnlyDocuments();
  const services: SkillsmithServices = {
    catalog,
    fs,
    watcher,
    log,
    extensionUri: context.extensionUri,
    actions,
    hostVerdicts: hostVerdicts.verdicts,
    nativeSkills: hostVerdicts.nativeSkills,
    readOnly,
  };

  context.subscriptions.push(
    log,
    watcher,
    actions,
    readOnly,
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (affectsCatalog(event)) inBackground(log, 'watcher.restart', watcher.restart());
    }),
    vscode.workspace.onDidChangeWorkspaceFolders(() => inBackground(log, 'watcher.restart', watcher.restart())),
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
  // Each feature starts on its own: one that throws is logged and left out, and the rest still start.
  const startup = new FeatureStartup(
    log,
    (disposables) => context.subscriptions.push(...disposables),
    testHooks ? process.env[TEST_FAIL_FEATURE_ENV] : undefined,
  );
  // Diagnostics are shared: the quick fixes read their problems, Validate All refreshes them.
  const diagnostics = startup.start('diagnostics', () => createSkillDiagnostics(services));
  const skillsView = startup.start('Skills view', () => registerSkillsView(services, diagnostics));
  const statusBar = startup.start('status bar', () => registerStatusBar(services, diagnostics));
  const actionsFeature = startup.start('actions', () => registerActions(services, context));
  stopActionRuns = actionsFeature?.stopRuns;
  context.subscriptions.push(
    ...(diagnostics?.disposables ?? []),
    ...(skillsView?.disposables ?? []),
    ...(statusBar?.disposables ?? []),
    ...(actionsFeature?.disposables ?? []),
  );
  // Features: one register call each (a feature returns its disposables).
  if (diagnostics) startup.register('quick fixes', () => registerCodeActions(services, diagnostics));
  startup.register('language model tools', () => registerSkillTools(services));
  startup.register('@skills chat participant', () => registerSkillsParticipant(services));
  startup.register('New Skill', () => registerScaffold(services));
  startup.register('walkthrough', () => registerWalkthrough(log, context.extensionUri));
  startup.register('Add Skill from Repository', () => registerInstall(services));
  startup.register('Skills view commands', () =>
    registerViewCommands(services, diagnostics && (() => diagnostics.validateAll())),
  );
  startup.register('routing evals', () => registerRouting(services));
  startup.register('host verdicts', () => registerHosts(services, hostVerdicts.refreshPolicies));
  startup.register('MCP server', () => registerMcpServer(services, context));
  const failed = startup.failureMessage();
  if (failed) {
    inBackground(
      log,
      'the start-up failure message',
      vscode.window.showErrorMessage(failed, 'Show Log').then((choice) => choice && log.show()),
    );
  }

  // Activation returns at once; the scan runs in the background with window progress.
  inBackground(log, 'watcher.restart', watcher.restart());
  testHooks?.activated();
  return Object.freeze({
    catalog: readonlyCatalog(catalog),
    whenIdle: () => watcher.whenIdle(),
    viewSnapshot: () => skillsView?.snapshot() ?? [],
    statusBarSnapshot: () => statusBar?.snapshot() ?? { visible: false, text: '', tooltip: '' },
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
