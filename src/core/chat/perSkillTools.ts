// The tools of the seed-compatible per-skill mode (docs/actions.md, "Surfaces"): a skill with a
// default action is the tool `skill__<name>` with that action's input schema (the seed's
// function calling); each other action is `skill__<name>__<action>`; a skill without a default
// action keeps the `skill__<name>` tool that loads its instructions. Action tool names are
// reduced to [A-Za-z0-9_] and 64 characters, with a hash when that would lose information;
// a later tool whose name is taken is left out, so names never collide.
import type { ActionDeclaration } from '../actions/declaration';
import { MAX_TOOL_NAME_LENGTH } from '../base/limits';
import type { ToolDefinition } from '../loading/toolDefinitions';
import { nameHash, perSkillToolDefinitions, perSkillToolName, PER_SKILL_TOOL_PREFIX } from './prompt';

/** What a per-skill tool does when called. */
export type PerSkillTarget =
  | { readonly kind: 'load'; readonly skill: string }
  | { readonly kind: 'action'; readonly skill: string; readonly action: string };

export interface PerSkillSkill {
  readonly name: string;
  readonly description: string;
  /** The skill's actions (none when it has no actions.json, or actions are off). */
  readonly actions?: readonly ActionDeclaration[];
}

export interface PerSkillTools {
  readonly definitions: readonly ToolDefinition[];
  readonly targets: ReadonlyMap<string, PerSkillTarget>;
}

/** `skill__<name>__<action>`, in [A-Za-z0-9_], at most 64 characters. */
export function perSkillActionToolName(skill: string, action: string): string {
  const plain = `${PER_SKILL_TOOL_PREFIX}${skill}__${action}`.replace(/-/g, '_');
  if (/^[A-Za-z0-9_]+$/.test(plain) && plain.length <= MAX_TOOL_NAME_LENGTH) return plain;
  const hash = nameHash(`${skill}\0${action}`);
  const slug = plain
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z0-9_]+/g, '_');
  return `${slug.slice(0, MAX_TOOL_NAME_LENGTH - hash.length - 1)}_${hash}`;
}

/** The per-skill tools for the listed skills, and what each name does. */
export function perSkillTools(skills: readonly PerSkillSkill[]): PerSkillTools {
  const definitions: ToolDefinition[] = [];
  const targets = new Map<string, PerSkillTarget>();
  const add = (definition: ToolDefinition, target: PerSkillTarget) => {
    if (targets.has(definition.name)) return;
    targets.set(definition.name, target);
    definitions.push(definition);
  };
  for (const skill of skills) {
    const actions = skill.actions ?? [];
    const main = actions.find((a) => a.isDefault);
    if (main) {
      add(
        {
          name: perSkillToolName(skill.name),
          description: `Skill '${skill.name}', action '${main.name}': ${main.description}\nRuns a program on the user's machine after they confirm.`,
          inputSchema: { ...main.input },
        },
        { kind: 'action', skill: skill.name, action: main.name },
      );
    } else {
      for (const definition of perSkillToolDefinitions([skill])) add(definition, { kind: 'load', skill: skill.name });
    }
    for (const action of actions.filter((a) => a !== main)) {
      add(
        {
          name: perSkillActionToolName(skill.name, action.name),
          description: `Skill '${skill.name}', action '${action.name}': ${action.description}\nRuns a program on the user's machine after they confirm.`,
          inputSchema: { ...action.input },
        },
        { kind: 'action', skill: skill.name, action: action.name },
      );
    }
  }
  return { definitions, targets };
}
