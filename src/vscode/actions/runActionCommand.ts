// `Skills: Run Action…` (skillsmith.runAction): the user runs an action by hand, from the
// palette, the Skills view, a CodeLens in actions.json or `/run` in chat. The action is
// picked when not given, its input is asked for through the schema form, and the run shows
// cancellable progress; the result goes to the output channel and a notification. It
// resolves with the ExecutionResult (undefined when the user cancelled a step).
import * as vscode from 'vscode';
import { decideAccess } from '../../core/access/policy';
import { defaultAction, readActionsFile, type ActionDeclaration } from '../../core/actions/declaration';
import type { ExecutionResult } from '../../core/actions/result';
import { samePath } from '../../core/base/paths';
import type { CatalogEntry } from '../../core/catalog/catalog';
import type { ActionsState, RunActionArgs } from './actionsState';
import { SETTINGS } from '../settings';
import { executorOf, refusedWhenDisabled } from './executorHolder';
import { askForInput } from './inputForm';
import { inBackground } from '../background';

interface Choice {
  readonly entry: CatalogEntry;
  readonly action: ActionDeclaration;
}

/** The command's argument as RunActionArgs: a Skills view item (`{entry, action}`) or the args themselves. */
function toArgs(arg: unknown): RunActionArgs {
  if (typeof arg !== 'object' || arg === null) return {};
  const item = arg as { kind?: string; entry?: CatalogEntry; action?: { name?: string } };
  if (item.kind === 'action' && item.entry)
    return { skill: item.entry.record.name, skillDir: item.entry.record.dir, action: item.action?.name };
  return arg;
}

/** The actions the user may run, by skill, for the pick. */
async function runnableActions(state: ActionsState, only?: CatalogEntry): Promise<Choice[]> {
  const entries = only ? [only] : state.services.catalog.entries().filter((e) => e.status !== 'shadowed');
  const choices: Choice[] = [];
  for (const entry of entries) {
    if (!decideAccess(entry.standing, { asker: 'user', what: 'run-action' }).allowed) continue;
    const declared = await readActionsFile(state.services.fs, entry.record.dir);
    if (declared?.ok) for (const action of declared.actions) choices.push({ entry, action });
  }
  return choices;
}

async function pick(choices: readonly Choice[], placeHolder: string): Promise<Choice | undefined> {
  const items = choices.map((choice) => ({
    label: `$(play) ${choice.entry.record.name} › ${choice.action.name}`,
    description: choice.action.isDefault ? 'default' : undefined,
    detail: choice.action.description,
    choice,
  }));
  return (
    await vscode.window.showQuickPick(items, {
      title: 'Run Action',
      placeHolder,
      matchOnDetail: true,
      ignoreFocusOut: true,
    })
  )?.choice;
}

/** Which action to run: the one named, the skill's default, or the user's pick. */
async function chooseAction(state: ActionsState, args: RunActionArgs): Promise<Choice | ExecutionResult | undefined> {
  if (args.skill === undefined) {
    const choices = await runnableActions(state);
    if (choices.length === 0) {
      inBackground(
        state.services.log,
        'an information message',
        vscode.window.showInformationMessage(
          'No skill here has actions that can run. An action is declared in an actions.json beside the SKILL.md.',
        ),
      );
      return undefined;
    }
    return pick(choices, 'Which action?');
  }
  const { skillDir } = args;
  const catalog = state.services.catalog;
  const found =
    skillDir === undefined ? catalog.get(args.skill) : catalog.entries().find((e) => samePath(e.record.dir, skillDir));
  // A copy that may not run (shadowed, untrusted, broken) gets the executor's refusal below.
  const entry =
    found && decideAccess(found.standing, { asker: 'user', what: 'run-action' }).allowed ? found : undefined;
  const declared = entry ? await readActionsFile(state.services.fs, entry.record.dir) : undefined;
  const actions = declared?.ok ? declared.actions : [];
  const named = args.action ? actions.find((a) => a.name === args.action) : defaultAction(actions);
  if (entry && named) return { entry, action: named };
  if (entry && !args.action && actions.length > 1)
    return pick(
      actions.map((action) => ({ entry, action })),
      `Which action of ${entry.record.name}?`,
    );
  // Unknown skill or action, an invalid file, or a refusal: the executor's checks word the error.
  const prepared = await executorOf(state).prepare({
    skill: args.skill,
    skillDir,
    action: args.action,
    input: args.input,
    asker: 'user',
  });
  return prepared.ok ? { entry: prepared.run.entry, action: prepared.run.action } : prepared.result;
}

function report(state: ActionsState, result: ExecutionResult): void {
  state.services.log.info(`Result of ${result.skill} › ${result.action}: ${JSON.stringify(result)}`);
  const name = `${result.skill} › ${result.action}`;
  if (result.status === 'success') {
    inBackground(
      state.services.log,
      'an information message',
      vscode.window
        .showInformationMessage(`${name} finished in ${result.durationMs} ms.`, 'Show Result')
        .then((button) => {
          if (button)
            return vscode.window.showTextDocument(
              // Read-only: closing it never asks to save (src/vscode/readOnlyDocuments.ts).
              state.services.readOnly.create(
                `${result.skill} › ${result.action} result.json`.replace(/[/\\]/g, '-'),
                JSON.stringify(result.data, null, 2),
              ),
              { preview: true },
            );
        }),
    );
    return;
  }
  const error = result.error;
  inBackground(
    state.services.log,
    'an error message',
    vscode.window.showErrorMessage(
      `${name}: ${error?.message ?? result.status}${error?.suggestion ? ` ${error.suggestion}` : ''}`,
    ),
  );
}

/** Runs the command; see the top of this file. */
export async function runActionCommand(state: ActionsState, arg: unknown): Promise<ExecutionResult | undefined> {
  const args = toArgs(arg);
  const disabled = refusedWhenDisabled(args.skill ?? '', args.action);
  if (disabled) {
    inBackground(
      state.services.log,
      'an error message',
      vscode.window.showErrorMessage(disabled.error!.message, 'Open Setting').then((button) => {
        if (button) return vscode.commands.executeCommand('workbench.action.openSettings', SETTINGS.actionsEnabled);
      }),
    );
    return disabled;
  }
  await state.services.watcher.whenIdle();
  const chosen = await chooseAction(state, args);
  if (chosen === undefined || 'status' in chosen) {
    if (chosen && !args.quiet) report(state, chosen);
    return chosen;
  }
  const { entry, action } = chosen;
  const title = `Run ${entry.record.name} › ${action.name}`;
  const input = args.form === false ? (args.input ?? {}) : await askForInput(action.input, args.input ?? {}, title);
  if (input === undefined) return undefined;
  const result = await vscode.window.withProgress(
    {
      location: vscode.ProgressLocation.Notification,
      title: `Running ${entry.record.name} › ${action.name}…`,
      cancellable: true,
    },
    (_progress, token) =>
      executorOf(state).run(
        { skill: entry.record.name, skillDir: entry.record.dir, action: action.name, input, asker: 'user' },
        token,
      ),
  );
  if (!args.quiet) report(state, result);
  return result;
}
