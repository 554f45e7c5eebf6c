// The one executor of the extension, created on first use with the editor's deps: the catalog
// and file system everyone shares, Node's process runner (with the editor's own runtime for
// `node` when none is on PATH), secrets from SecretStorage, and the output channel as log.
import * as vscode from 'vscode';
import { ActionExecutor } from '../../core/actions/executor';
import { secretKey } from '../secretKey';
import { failure, type ExecutionResult } from '../../core/actions/result';
import { NodeProcessRunner } from '../../node/nodeProcessRunner';
import { COMMANDS } from '../ids';
import { readSettings, SETTINGS } from '../settings';
import type { ActionsState } from './actionsState';

/** The executor, created on the first run. */
export function executorOf(state: ActionsState): ActionExecutor {
  const { services } = state;
  state.executor ??= new ActionExecutor({
    catalog: services.catalog,
    fs: services.fs,
    runner: new NodeProcessRunner({ nodeFallback: { path: process.execPath, env: { ELECTRON_RUN_AS_NODE: '1' } } }),
    secret: async (name, skillDir) => state.secrets.get(secretKey(name, skillDir)),
    missingSecretHint: (name) =>
      `Run 'Skills: Set Action Secret' (${COMMANDS.setSecret}), pick ${name} for this skill and enter its value, then run the action again. Secrets are kept per skill.`,
    baseEnv: process.env,
    workspaceOf: (skillDir) => {
      const folder =
        vscode.workspace.getWorkspaceFolder(services.fs.toUri(skillDir)) ?? vscode.workspace.workspaceFolders?.[0];
      return folder ? services.fs.toPath(folder.uri) : undefined;
    },
    unicodeNames: () => readSettings().unicodeNames,
    log: (line) => services.log.info(line),
  });
  return state.executor;
}

/** The result when actions are turned off by the setting; undefined when they are on. */
export function refusedWhenDisabled(skill: string, action: string | undefined): ExecutionResult | undefined {
  if (readSettings().actionsEnabled) return undefined;
  return failure(
    skill,
    action ?? '(default)',
    'not_allowed',
    `Actions are turned off (${SETTINGS.actionsEnabled} is false).`,
    'Ask the user to turn the setting on, or continue without running the action.',
  );
}
