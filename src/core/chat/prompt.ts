// What the @skills participant tells the model: the system prompt around the listing, and,
// for the seed-compatible mode (docs/tools.md), one tool per skill. Tool names must match
// `^[a-zA-Z0-9_-]{1,64}$`, which skill names (up to 64 characters, possibly Unicode) do not
// always fit, so the mapping lives here, next to its reverse lookup.

import { MAX_TOOL_NAME_LENGTH } from '../base/limits';
import type { ToolDefinition } from '../loading/toolDefinitions';

export type ToolMode = 'tools' | 'perSkill';

export interface SystemPromptInput {
  /** The listing from `buildListing` (one `- name: description` line per skill). */
  readonly listing: string;
  /** How many skills the listing left out to stay within its budget. */
  readonly droppedCount: number;
  /** `tools`: list/load/read tools; `perSkill`: one `skill__<name>` tool per skill. */
  readonly mode: ToolMode;
  /** Skills may run actions in this turn (docs/actions.md): the prompt says how. */
  readonly actions?: boolean;
}

export const PER_SKILL_TOOL_PREFIX = 'skill__';

const HASH_DIGITS = 10;

/** Assembles the system prompt: how to use skills, then the listing of available ones. */
export function buildSystemPrompt(input: SystemPromptInput): string {
  const load =
    input.mode === 'perSkill'
      ? `- Load a skill before following it: each skill is a tool named ${PER_SKILL_TOOL_PREFIX}<name>. Call it with \`query\` set to what the user asked for; it returns the skill's instructions.`
      : "- Load a skill before following it: call the load-skill tool with the skill's exact name (pass the user's request as `args` when the skill takes arguments). It returns the skill's instructions.";
  const lines = [
    'You are @skills, an assistant that works with Agent Skills: folders of instructions, scripts and reference files that teach you how to do a specific task.',
    '',
    'How to use skills:',
    "- Compare the user's request with the description of each skill below. Use a skill when its description matches the request; otherwise answer directly, without one.",
    load,
    "- Never guess a skill's instructions from its description alone.",
    "- Follow the loaded instructions step by step, applying them to the user's request.",
    '- A skill may mention files it bundles (under scripts/, references/ or assets/). When you need one for the task, read it with the read-skill-file tool; do not read files you do not need.',
    '- When a tool returns an error, read its message and suggestion, and adjust instead of repeating the same call.',
    ...(input.actions ? [ACTIONS_LINE[input.mode]] : []),
    '',
    ...skillsSection(input),
  ];
  return lines.join('\n');
}

const ACTIONS_LINE: Record<ToolMode, string> = {
  tools:
    "- Some skills bundle actions: programs that run on the user's machine, each with an input schema. Loading a skill lists its actions; run one with the run-action tool when the instructions call for it. The user confirms every run.",
  perSkill: `- Some skill tools run an action (a program on the user's machine) instead of loading instructions: ${PER_SKILL_TOOL_PREFIX}<name> when the skill has a default action, ${PER_SKILL_TOOL_PREFIX}<name>__<action> for its other actions. Give the input their schema asks for. The user confirms every run.`,
};

function skillsSection(input: SystemPromptInput): string[] {
  const listing = input.listing.trim();
  const dropped = Math.max(0, Math.floor(input.droppedCount));
  const section = listing === '' ? ['No skills are listed.'] : ['Available skills:', listing];
  if (dropped > 0) {
    const count = dropped === 1 ? '1 more skill is' : `${dropped} more skills are`;
    const hint =
      input.mode === 'tools'
        ? ' If the user names a skill that is not listed, you can still load it by that name.'
        : '';
    section.push('', `(${count} installed but left out of this list to keep it short.${hint})`);
  }
  return section;
}

/**
 * The tool name for a skill in seed mode: `skill__<name>` when the name is ASCII letters,
 * digits and hyphens and fits; otherwise an ASCII slug of it plus `_` and a hash of the
 * full name. Plain names never contain `_`, so the two forms cannot collide.
 */
export function perSkillToolName(skillName: string): string {
  const room = MAX_TOOL_NAME_LENGTH - PER_SKILL_TOOL_PREFIX.length;
  if (/^[A-Za-z0-9-]+$/.test(skillName) && skillName.length <= room) return PER_SKILL_TOOL_PREFIX + skillName;
  const slug = skillName
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z0-9-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, room - HASH_DIGITS - 1);
  return `${PER_SKILL_TOOL_PREFIX}${slug}_${nameHash(skillName)}`;
}

/** The skill whose seed-mode tool is `toolName`, among `skillNames`; undefined when none is. */
export function skillNameForToolName(toolName: string, skillNames: Iterable<string>): string | undefined {
  if (!toolName.startsWith(PER_SKILL_TOOL_PREFIX)) return undefined;
  for (const name of skillNames) {
    if (perSkillToolName(name) === toolName) return name;
  }
  return undefined;
}

/** One seed-mode tool per skill, input `{ query }`; a later skill whose tool name is taken is skipped. */
export function perSkillToolDefinitions(
  skills: readonly { readonly name: string; readonly description: string }[],
): ToolDefinition[] {
  const seen = new Set<string>();
  const definitions: ToolDefinition[] = [];
  for (const skill of skills) {
    const name = perSkillToolName(skill.name);
    if (seen.has(name)) continue;
    seen.add(name);
    definitions.push({
      name,
      description: `Skill '${skill.name}': ${skill.description}\nCall this to load the skill's instructions before following them.`,
      inputSchema: {
        type: 'object',
        properties: {
          query: {
            type: 'string',
            description: "The user's request, in their words; it becomes the skill's arguments.",
          },
        },
        required: ['query'],
        additionalProperties: false,
      },
    });
  }
  return definitions;
}

/** The top HASH_DIGITS hex digits of the 64-bit FNV-1a hash of the name's UTF-16 units. */
export function nameHash(value: string): string {
  let hash = 0xcbf29ce484222325n;
  for (let i = 0; i < value.length; i++) {
    hash ^= BigInt(value.charCodeAt(i));
    hash = (hash * 0x100000001b3n) & 0xffffffffffffffffn;
  }
  return hash.toString(16).padStart(16, '0').slice(0, HASH_DIGITS);
}
