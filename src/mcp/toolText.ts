// What `skillsmith mcp` says about its tools (docs/mcp.md): each tool's annotations, the text that
// matches the server's actions mode, and refusals that say what happened, as far as the server can
// know, and how to run the action anyway. Agent CLIs run headless declare elicitation and then
// decline or cancel without asking anyone, so a refusal never claims that a person said no.
import type { ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import type { RunConsent } from '../core/actions/actionTools';
import type { ActionDeclaration } from '../core/actions/declaration';
import type { ActionsMode } from '../core/access/policy';
import { MAX_DESCRIPTION_LENGTH } from '../core/base/limits';
import { boundedText, escapeUnsafeCharacters } from '../core/base/text';

export type { ActionsMode } from '../core/access/policy';

/** What the model is told about consent in a mode. */
export function runConsentOf(mode: ActionsMode): RunConsent {
  return mode === 'allow' ? 'allowed' : mode === 'approved' ? 'approved' : 'confirmed';
}

/** The consent clause of the model's text, per mode. */
function consentClause(mode: ActionsMode): string {
  if (mode === 'allow') return 'runs go ahead without a confirmation';
  if (mode === 'approved')
    return 'an action the user approved ahead of time runs without a question while it is unchanged; any other run needs their confirmation';
  return 'the user confirms each run';
}

/** A read tool: reads the catalog and the skills' folders, changes nothing, reaches nothing outside. */
export function readToolAnnotations(title: string): ToolAnnotations {
  return { title, readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
}

/**
 * A tool that runs an action: a program the skill bundles. The server cannot know what a program
 * does, so these are the protocol's cautious defaults, stated rather than left out.
 */
export function runToolAnnotations(title: string): ToolAnnotations {
  return { title, readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true };
}

/** The server's instructions for the model, true to the mode. */
export function serverInstructions(
  mode: ActionsMode,
  tools: { list: string; load: string; read: string; run: string },
): string {
  const base = `Agent Skills from this workspace. ${tools.list} lists them; ${tools.load} loads one's instructions when a task needs it; ${tools.read} reads a file it bundles`;
  if (mode === 'off') return `${base}. Actions are turned off.`;
  return `${base}; ${tools.run} runs an action it declares (${consentClause(mode)}).`;
}

/** An action tool's description: what the action does and what it declares. */
export function actionToolDescription(skill: string, action: ActionDeclaration, mode: ActionsMode): string {
  const declared = [`timeout ${action.timeoutSeconds} s`];
  if (action.secrets.length > 0) declared.push(`secrets ${action.secrets.join(', ')}`);
  // The description comes from the skill's actions.json: escaped, and bounded as the declaration is.
  const description = boundedText(action.description, MAX_DESCRIPTION_LENGTH);
  return `${description} (the action '${escapeUnsafeCharacters(action.name)}' of the skill '${escapeUnsafeCharacters(skill)}': ${declared.join('; ')}; ${consentClause(mode)})`;
}

/** Quotes one argument for a POSIX shell. */
function shellQuote(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}

/** The ways to run an action that was not run here, for the server's mode. */
function waysToRun(mode: ActionsMode, skill: string, action: string, input: unknown): string {
  const hasInput = input !== undefined && !(typeof input === 'object' && input && Object.keys(input).length === 0);
  const run = `skillsmith run ${shellQuote(skill)} ${shellQuote(action)}${hasInput ? ` --input ${shellQuote(JSON.stringify(input))}` : ''}`;
  const approve = `skillsmith approve ${shellQuote(skill)} ${shellQuote(action)}`;
  const ways = [
    mode === 'approved'
      ? `the user can approve it ahead of time with \`${approve}\` (it shows them what runs), then you call it again: this server runs approved actions without asking`
      : `the user can approve it ahead of time with \`${approve}\`, and whoever starts the server starts it with --actions approved, which runs approved actions without asking`,
    `the user can run it by hand with \`${run}\``,
    "the user can turn on the host's own setting that shows this MCP server's questions to them (elicitation), then you call it again",
  ];
  return `To run it: ${ways.join('; or ')}. Tell the user; do not retry it unchanged.`;
}

/** Why a run was not made: the client's answer, no way to ask, or an approval that no longer matches. */
export type RunRefusal = 'decline' | 'cancel' | 'no-elicitation' | 'changed' | 'unreadable';

/** The refusal's message and suggestion, for the JSON error of docs/tools.md. */
export function askRefusal(
  why: RunRefusal,
  skill: string,
  action: string,
  input: unknown,
  options: { readonly mode?: ActionsMode; readonly detail?: readonly string[] } = {},
): { message: string; suggestion: string } {
  const mode = options.mode ?? 'ask';
  const what = `'${skill}/${action}'`;
  const approve = `skillsmith approve ${shellQuote(skill)} ${shellQuote(action)}`;
  if (why === 'changed')
    return {
      message: `Nothing ran: ${what} was approved, but it changed since: ${(options.detail ?? []).join(' ')}`,
      suggestion: `The user should look at what changed, and approve it again if they agree: \`${approve}\` shows what runs now. Tell the user; do not retry it unchanged.`,
    };
  if (why === 'unreadable')
    return {
      message: `Nothing ran: the approvals of this server cannot be read: ${(options.detail ?? []).join(' ')}`,
      suggestion: `The user should fix or remove the approvals file, then approve the action again with \`${approve}\`.`,
    };
  const unapproved = mode === 'approved' ? ` ${what} is not approved, so the server asked to confirm it.` : '';
  const message =
    why === 'no-elicitation'
      ? `Nothing ran:${unapproved || ` running ${what} needs the user's confirmation,`} and this MCP client cannot ask for it (it does not support elicitation).`
      : `Nothing ran:${unapproved} the client ${why === 'decline' ? 'declined' : 'cancelled'}, or could not ask you, when the server asked to confirm the run of ${what}. Some hosts answer without showing the question to anyone.`;
  return { message, suggestion: waysToRun(mode, skill, action, input) };
}
