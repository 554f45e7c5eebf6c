// The run-action tool's contract (docs/tools.md, docs/actions.md) and what loading a skill says
// about its actions: name, description and a one-line summary of the input, so that the model
// knows what it can run and with which input before it asks.
import type { FileSystem } from '../base/fileSystem';
import { readActionsFile, summarizeInput, type ActionDeclaration } from './declaration';

/** The run-action tool, exactly as package.json declares it (a unit test keeps the two identical). */
export const RUN_ACTION_TOOL = {
  name: 'skillsmith_runAction',
  description:
    "Runs an action of an Agent Skill: a program the skill bundles, with a declared input contract. Load the skill first: its instructions list its actions and their input. Give the skill's name, the action (omit it for the skill's default action) and the input as a JSON object. The user confirms each run. Returns {status, data}, or a structured error whose suggestion says how to correct the input.",
  inputSchema: {
    type: 'object',
    properties: {
      name: { type: 'string', description: "The skill's name, exactly as listed." },
      action: {
        type: 'string',
        description: "The action's name, as listed when the skill was loaded. Omit it for the skill's default action.",
      },
      input: { type: 'object', description: "The action's input, matching its input schema." },
    },
    required: ['name'],
    additionalProperties: false,
  },
} as const;

/**
 * Who lets a run go ahead, as the model is told: each run asked, allowed by whoever started the
 * server, or approved by the user ahead of time (the rest asked).
 */
export type RunConsent = 'confirmed' | 'allowed' | 'approved';

/** The consent sentence of the run-action tool, per consent. */
const CONSENT_SENTENCE: Record<RunConsent, string> = {
  confirmed: 'The user confirms each run.',
  allowed: 'Runs go ahead without a confirmation (whoever started the server allowed them).',
  approved:
    'An action the user approved ahead of time runs without a question while it is unchanged; any other run needs their confirmation.',
};

/** The run-action tool's description for a consent mode (`allowed`: no claim that anyone confirms). */
export function runActionDescription(consent: RunConsent = 'confirmed'): string {
  return RUN_ACTION_TOOL.description.replace(CONSENT_SENTENCE.confirmed, CONSENT_SENTENCE[consent]);
}

/** One line per action, for the load tool's result. */
export function describeActions(
  actions: readonly ActionDeclaration[],
  runTool: string = RUN_ACTION_TOOL.name,
  consent: RunConsent = 'confirmed',
): string {
  const lines = actions.map(
    (a) =>
      `- ${a.name}${a.isDefault ? ' (default)' : ''}: ${a.description.replace(/\s+/g, ' ').trim()} Input: ${summarizeInput(a.input)}.`,
  );
  const how =
    consent === 'confirmed'
      ? 'the user confirms each run'
      : consent === 'allowed'
        ? 'runs go ahead without a confirmation'
        : 'one the user approved ahead of time runs without a question while unchanged; others need their confirmation';
  return `Actions of this skill (run one with the ${runTool} tool; ${how}):\n${lines.join('\n')}`;
}

/** The section the load tool appends for a skill's actions; undefined when it has none. */
export async function actionsSection(
  fs: FileSystem,
  skillDir: string,
  runTool?: string,
  consent?: RunConsent,
): Promise<string | undefined> {
  const declared = await readActionsFile(fs, skillDir);
  if (!declared) return undefined;
  if (!declared.ok)
    return `This skill's actions.json is invalid, so its actions cannot run: ${declared.errors.join(' ')}`;
  return declared.actions.length > 0 ? describeActions(declared.actions, runTool, consent) : undefined;
}
