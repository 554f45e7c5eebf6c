// The actions feature as activation sees it (docs/actions.md): the run-action tool, the Run,
// Set Secret, Delete Secret and approval commands, the CodeLens, diagnostics and quick fixes of
// actions.json. Each only forwards to the implementation in the lazily loaded bundle
// (src/lazy/actions.ts: the JSON Schema validator, the executor, the form), which is
// required the first time an action is run or an actions.json is opened. Nothing runs
// at scan, lint or load time: only an explicit, confirmed run starts a program.
import * as vscode from 'vscode';
import { RUN_ACTION_TOOL } from '../../core/actions/actionTools';
import { ConsentLedger } from '../../core/actions/consent';
import { ACTIONS_FILE } from '../../core/base/limits';
import type * as ActionsBundle from '../../lazy/actions';
import { COMMANDS } from '../ids';
import { lazyModule } from '../lazy';
import type { SkillsmithServices } from '../services';
import type { ActionsState } from './actionsState';
import { inBackground } from '../background';

const SELECTOR: vscode.DocumentSelector = { pattern: `**/${ACTIONS_FILE}` };
const isActionsFile = (document: vscode.TextDocument) =>
  document.uri.path.endsWith(`/${ACTIONS_FILE}`) && document.uri.scheme !== 'git';

/** The actions feature: its disposables, and what stops every run still going when the window closes. */
export interface ActionsFeature {
  readonly disposables: vscode.Disposable[];
  /** Stops every run in progress (TERM, then KILL after the grace) and resolves once they ended. */
  readonly stopRuns: () => Promise<void>;
}

/** Registers the actions feature. */
export function registerActions(services: SkillsmithServices, context: vscode.ExtensionContext): ActionsFeature {
  const impl = lazyModule<typeof ActionsBundle>('actions');
  const diagnostics = vscode.languages.createDiagnosticCollection('skillsmith-actions');
  const state: ActionsState = {
    services,
    secrets: context.secrets,
    globalState: context.globalState,
    diagnostics,
    problems: new Map(),
    consent: new ConsentLedger(),
  };
  const lint = (document: vscode.TextDocument) => {
    if (isActionsFile(document)) inBackground(services.log, 'impl', impl().lintDocument(state, document));
  };
  const forget = (document: vscode.TextDocument) => {
    diagnostics.delete(document.uri);
    state.problems.delete(document.uri.toString());
  };
  vscode.workspace.textDocuments.forEach(lint);
  const disposables = [
    diagnostics,
    vscode.workspace.onDidOpenTextDocument(lint),
    vscode.workspace.onDidChangeTextDocument((event) => lint(event.document)),
    vscode.workspace.onDidCloseTextDocument(forget),
    vscode.languages.registerCodeActionsProvider(
      SELECTOR,
      { provideCodeActions: (document, _range, ctx) => impl().quickFixes(state, document, ctx) },
      { providedCodeActionKinds: [vscode.CodeActionKind.QuickFix] },
    ),
    vscode.languages.registerCodeLensProvider(SELECTOR, {
      provideCodeLenses: (document) => impl().codeLenses(state, document),
    }),
    vscode.lm.registerTool<unknown>(RUN_ACTION_TOOL.name, {
      prepareInvocation: (options, token) => impl().prepareToolInvocation(state, options, token),
      invoke: (options, token) => impl().invokeTool(state, options, token),
    }),
    vscode.commands.registerCommand(COMMANDS.runAction, (arg?: unknown) => impl().runActionCommand(state, arg)),
    vscode.commands.registerCommand(COMMANDS.setSecret, (name?: string, value?: string, skillDir?: string) =>
      impl().setSecret(state, name, value, skillDir),
    ),
    vscode.commands.registerCommand(COMMANDS.deleteSecret, (name?: string, skillDir?: string) =>
      impl().deleteSecret(state, name, skillDir),
    ),
    vscode.commands.registerCommand(COMMANDS.approveAction, (arg?: unknown) => impl().approveActionCommand(state, arg)),
    vscode.commands.registerCommand(COMMANDS.showActionApprovals, () => impl().showActionApprovals(state)),
    vscode.commands.registerCommand(COMMANDS.revokeActionApproval, (arg?: unknown) =>
      impl().revokeActionApproval(state, arg),
    ),
  ];
  return { disposables, stopRuns: async () => state.executor?.stopAll() };
}
