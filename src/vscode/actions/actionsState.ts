// What the actions feature keeps for as long as the extension runs, shared by its eager
// registration (registerActions.ts) and its lazily loaded implementation (src/lazy/actions.ts):
// the services, the secret store, the actions.json diagnostics, the one executor (created on
// first use: its `busy` bookkeeping must span every run), and the runs the user confirmed.
import type * as vscode from 'vscode';
import type { ConsentLedger } from '../../core/actions/consent';
import type { ActionExecutor } from '../../core/actions/executor';
import type { Problem } from '../../core/base/types';
import type { SkillsmithServices } from '../services';

export interface ActionsState {
  readonly services: SkillsmithServices;
  readonly secrets: vscode.SecretStorage;
  /** Remembers which secret names were set (never their values): SecretStorage cannot list. */
  readonly globalState: vscode.Memento;
  readonly diagnostics: vscode.DiagnosticCollection;
  /** The problems behind each actions.json's diagnostics, with the document version linted. */
  readonly problems: Map<string, { readonly version: number; readonly problems: readonly Problem[] }>;
  /** Runs shown in a confirmation (prepareInvocation); invoke takes the one it runs. */
  readonly consent: ConsentLedger;
  executor?: ActionExecutor;
}

/** The argument of `skillsmith.runAction`: every field skips a step. */
export interface RunActionArgs {
  readonly skill?: string;
  /**
   * The folder of the very copy to run (a Skills view item, a CodeLens): a shadowed copy is
   * refused with the reason, never swapped for the copy that wins its name.
   */
  readonly skillDir?: string;
  readonly action?: string;
  /** Fills the form (or, with `form: false`, is the input as is). */
  readonly input?: Record<string, unknown>;
  /** False: run with `input` without asking (a chat `/run` that gave the input). */
  readonly form?: boolean;
  /** True: no notification with the result (the caller shows it, as `/run` in chat does). */
  readonly quiet?: boolean;
}
