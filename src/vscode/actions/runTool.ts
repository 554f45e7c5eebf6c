// The run-action language-model tool (`#skillAction`): the model asks, VS Code's own tool
// confirmation shows the command line and the input, and only a confirmed run starts (called
// outside a chat, where VS Code confirms nothing, a notification asks the same). Every
// run must have been shown in a confirmation with the same facts (core/actions/consent.ts):
// a run that passed no confirmation, or another than the one shown, is refused instead of run.
import * as vscode from 'vscode';
import { consentFacts } from '../../core/actions/consentText';
import type { Prepared, PreparedRun } from '../../core/actions/executor';
import { failure, resultText, type ExecutionResult } from '../../core/actions/result';
import { toNativePath } from '../../core/base/paths';
import { boundedText, escapeUnsafeCharacters } from '../../core/base/text';
import type { ActionsState } from './actionsState';
import { executorOf, refusedWhenDisabled } from './executorHolder';

interface ToolInput {
  readonly name: string;
  readonly action?: string;
  readonly input?: unknown;
}

function readInput(input: unknown): ToolInput | string {
  if (typeof input !== 'object' || input === null || Array.isArray(input))
    return 'The input must be a JSON object: {name, action?, input?}.';
  const { name, action, input: actionInput, ...rest } = input as Record<string, unknown>;
  if (typeof name !== 'string' || name.trim() === '') return "'name' is required: the skill's name.";
  if (action !== undefined && typeof action !== 'string') return "'action' must be a string when given.";
  if (Object.keys(rest).length > 0)
    return `Unexpected ${Object.keys(rest)
      .map((k) => `'${k}'`)
      .join(', ')}; allowed: name, action, input.`;
  return { name, action, input: actionInput };
}

/** The model's request as it came: the preparation and the invocation of one call share it. */
function requestKey(input: unknown): string {
  return JSON.stringify(input) ?? '';
}

async function prepare(state: ActionsState, raw: unknown): Promise<Prepared> {
  const input = readInput(raw);
  if (typeof input === 'string') return { ok: false, result: failure('', '', 'invalid_input', input) };
  const disabled = refusedWhenDisabled(input.name, input.action);
  if (disabled) return { ok: false, result: disabled };
  await state.services.watcher.whenIdle();
  return executorOf(state).prepare({ skill: input.name, action: input.action, input: input.input, asker: 'model' });
}

/** The confirmation's text: what runs, where, from which location, with which input, for how long at most. */
function confirmationMessage(run: PreparedRun): vscode.MarkdownString {
  // Escaped and bounded (core/actions/consentText.ts); no Markdown is taken from the skill.
  const facts = consentFacts(run, 'indented');
  const secrets =
    facts.secrets.length > 0
      ? ` It receives the secret${facts.secrets.length > 1 ? 's' : ''} ${facts.secrets.join(', ')}.`
      : '';
  const message = new vscode.MarkdownString();
  message.appendText(`The skill ${facts.skill} runs its action ${facts.action} on this machine:\n\n`);
  message.appendCodeblock(facts.commandLine, 'sh');
  message.appendText(`\nin ${facts.folder}, from ${facts.origin}, with this input:\n\n`);
  message.appendCodeblock(facts.input, 'json');
  message.appendText(`\nIt is stopped after ${facts.timeoutSeconds} s.${secrets}`);
  // VS Code's "allow for this session" and "always allow" apply to the whole tool (docs/actions.md, "Policies").
  message.appendMarkdown(
    '\n\nAllowing this tool for the session or always lets every action of every skill run without asking; allow it once to be asked each time.',
  );
  return message;
}

export async function prepareToolInvocation(
  state: ActionsState,
  options: vscode.LanguageModelToolInvocationPrepareOptions<unknown>,
  _token: vscode.CancellationToken,
): Promise<vscode.PreparedToolInvocation> {
  const prepared = await prepare(state, options.input);
  // A failed preparation shows nothing, and withdraws what an earlier one showed for the same request.
  state.consent.prepared(requestKey(options.input), prepared.ok ? prepared.run : undefined);
  if (!prepared.ok) return { invocationMessage: `Not running: ${prepared.result.error?.message ?? 'refused'}` };
  const { run } = prepared;
  return {
    invocationMessage: `Running ${run.entry.record.name} › ${run.action.name}`,
    confirmationMessages: {
      title: `Run ${run.entry.record.name} › ${run.action.name}?`,
      message: confirmationMessage(run),
    },
  };
}

export async function invokeTool(
  state: ActionsState,
  options: vscode.LanguageModelToolInvocationOptions<unknown>,
  token: vscode.CancellationToken,
): Promise<vscode.LanguageModelToolResult> {
  const answer = (result: ExecutionResult) =>
    new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(resultText(result))]);
  const prepared = await prepare(state, options.input);
  if (!prepared.ok) {
    state.consent.prepared(requestKey(options.input), undefined);
    return answer(prepared.result);
  }
  const { run } = prepared;
  if (!state.consent.take(requestKey(options.input), run)) {
    return answer(
      failure(
        run.entry.record.name,
        run.action.name,
        'not_allowed',
        'This run was not shown to the user for confirmation as it is now (never shown, shown too long ago, or the action, its input, timeout or secrets changed since).',
        'Call the tool again, so that the user can confirm it.',
      ),
    );
  }
  // Outside a chat (no invocation token) VS Code shows no confirmation at all: ask here.
  if (options.toolInvocationToken === undefined && !(await confirmInNotification(state, run))) {
    return answer(
      failure(
        run.entry.record.name,
        run.action.name,
        'cancelled',
        'The user declined to run the action.',
        'Do not run it again unless the user asks for it.',
      ),
    );
  }
  return answer(await executorOf(state).execute(run, token));
}

const RUN_BUTTON = 'Run';
/** What a notification shows of the input before cutting it. */
const MAX_NOTIFIED_INPUT_CHARS = 400;

/**
 * The same question as the chat's confirmation, as a notification with Run and Cancel (as VS
 * Code asks before automatic tasks run): a modal dialog would block the whole window, and a
 * dismissed notification declines. The full command and input also go to the output channel.
 */
async function confirmInNotification(state: ActionsState, run: PreparedRun): Promise<boolean> {
  const input = JSON.stringify(run.input);
  const facts = consentFacts(run);
  const shown = boundedText(input, MAX_NOTIFIED_INPUT_CHARS);
  const secrets = facts.secrets.length > 0 ? ` It receives ${facts.secrets.join(', ')}.` : '';
  state.services.log.info(
    escapeUnsafeCharacters(
      `Asking to run ${run.entry.record.name} › ${run.action.name}: ${run.commandLine} in ${toNativePath(run.entry.record.dir)} with ${input}`,
    ),
  );
  const answer = await vscode.window.showWarningMessage(
    `Run ${facts.skill} › ${facts.action}? It runs \`${facts.commandLine}\` in ${facts.folder} (from ${facts.origin}) with the input ${shown}, stopped after ${facts.timeoutSeconds} s.${secrets}`,
    RUN_BUTTON,
    'Cancel',
  );
  state.services.log.info(
    `${answer === RUN_BUTTON ? 'Confirmed' : answer === undefined ? 'Dismissed, not run' : 'Declined'}: ${run.entry.record.name} › ${run.action.name}.`,
  );
  return answer === RUN_BUTTON;
}
