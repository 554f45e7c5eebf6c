// What a person is shown before an action runs (docs/actions.md, "Confirm"; docs/mcp.md): the
// skill, its folder and the location it comes from (so that a workspace copy that shadows the
// user's own skill never shows the same question), the command line, the input, the timeout and
// the secrets. The same facts whether the question comes at the run (MCP elicitation under
// `--actions ask`, the editor's confirmation) or ahead of time (`skillsmith approve`): only the
// input differs, one run's input or the contract any run's input meets. Everything that comes
// from the skill or the model is escaped (control and bidirectional characters as \uXXXX) and
// bounded, so that a long or crafted text cannot hide what runs.
import type { FileSystem } from '../base/fileSystem';
import { MAX_CONSENT_COMMAND_CHARS, MAX_CONSENT_FIELD_CHARS, MAX_CONSENT_INPUT_CHARS } from '../base/limits';
import { toNativePath } from '../base/paths';
import { boundedText } from '../base/text';
import type { SkillLocation } from '../catalog/locations';
import { summarizeInput, type ActionDeclaration } from './declaration';
import { quoteArgument, type PreparedRun } from './executor';
import { resolveRun } from './runPath';

/** The facts of an action as shown to a person, each escaped and bounded; without an input. */
export interface ActionFacts {
  readonly skill: string;
  readonly action: string;
  /** The skill's folder, as the platform writes paths. */
  readonly folder: string;
  /** Which location the skill comes from: the workspace's or the user's, and which folder of it. */
  readonly origin: string;
  readonly commandLine: string;
  readonly timeoutSeconds: number;
  readonly secrets: readonly string[];
}

/** The facts of one run: the action's, and its input as JSON. */
export interface ConsentFacts extends ActionFacts {
  readonly input: string;
}

const field = (text: string) => boundedText(text, MAX_CONSENT_FIELD_CHARS);

/** Where a location is, as a person says it: "the workspace's .agents/skills (in /repo)", "your user folder ~/.claude/skills". */
export function locationOrigin(location: SkillLocation): string {
  const label = field(location.label);
  if (location.scope === 'user') return `your user folder ${label}`;
  const root = location.root === undefined ? '' : ` (in ${field(toNativePath(location.root))})`;
  return `the workspace's ${label}${root}`;
}

/** The facts of a prepared run, ready to show; the input on one line, or indented for a code block. */
export function consentFacts(run: PreparedRun, layout: 'line' | 'indented' = 'line'): ConsentFacts {
  return {
    skill: field(run.entry.record.name),
    action: field(run.action.name),
    folder: field(toNativePath(run.entry.record.dir)),
    origin: locationOrigin(run.entry.record.location),
    commandLine: boundedText(run.commandLine, MAX_CONSENT_COMMAND_CHARS),
    input: boundedText(JSON.stringify(run.input, null, layout === 'indented' ? 2 : undefined), MAX_CONSENT_INPUT_CHARS),
    timeoutSeconds: run.timeoutSeconds,
    secrets: run.action.secrets.map(field),
  };
}

/** The lines both questions show after their first line, with the input line given. */
function factLines(facts: ActionFacts, inputLine: string): string {
  return [
    `Skill folder: ${facts.folder}`,
    `From: ${facts.origin}`,
    `Command line: ${facts.commandLine}`,
    inputLine,
    `Timeout: ${facts.timeoutSeconds} s`,
    ...(facts.secrets.length > 0 ? [`Secrets: ${facts.secrets.join(', ')}`] : []),
  ].join('\n');
}

/** The question before one run, as plain text (the MCP server's elicitation message). */
export function consentMessage(run: PreparedRun): string {
  const facts = consentFacts(run);
  return `Run the action '${facts.action}' of the skill '${facts.skill}'?\n\n${factLines(facts, `Input: ${facts.input}`)}`;
}

/** The question before an approval: the same facts, with the input contract in place of one input. */
export function approvalConsentText(facts: ActionFacts, input: ActionDeclaration['input'], files: number): string {
  const contract = boundedText(summarizeInput(input), MAX_CONSENT_INPUT_CHARS);
  return `Approve the action '${facts.action}' of the skill '${facts.skill}', so that agents run it without asking while it stays as it is now?\n\n${factLines(
    facts,
    `Input: whatever the model gives that matches: ${contract}`,
  )}\nBound to: its declaration and the sha256 of the skill's ${files} file${files === 1 ? '' : 's'}; any change needs a new approval.`;
}

/** The facts of an action without an input (for an approval): its command line as the executor would start it. */
export async function actionFactsOf(
  fs: FileSystem,
  record: { readonly name: string; readonly dir: string; readonly location: SkillLocation },
  action: ActionDeclaration,
): Promise<{ ok: true; facts: ActionFacts } | { ok: false; message: string }> {
  const run = await resolveRun(fs, record.dir, action.run);
  if (!run.ok) return { ok: false, message: run.message };
  const shown = run.program.kind === 'file' ? action.run[0] : run.program.name;
  return {
    ok: true,
    facts: {
      skill: field(record.name),
      action: field(action.name),
      folder: field(toNativePath(record.dir)),
      origin: locationOrigin(record.location),
      commandLine: boundedText([shown, ...run.args].map(quoteArgument).join(' '), MAX_CONSENT_COMMAND_CHARS),
      timeoutSeconds: action.timeoutSeconds,
      secrets: action.secrets.map(field),
    },
  };
}
