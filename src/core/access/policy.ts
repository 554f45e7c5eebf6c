// Who may see what (docs/precedence-and-access.md): the one function that answers every
// access question. The tools, `@skills`, the per-skill tools, the actions and the CLI all
// ask it, with the facts the catalog keeps about a skill (its SkillStanding), never with a
// display status: a skill that is both hidden and untrusted must be refused for the right
// reason, whatever the Skills view shows first.
import { SkillCatalog, type SkillStanding } from '../catalog/catalog';

/** What the model asks for. */
export type ModelRequest = 'list' | 'load' | 'read' | 'run-action';
/** What the user asks for: to run it (which hands it to a model, or runs one of its actions), or to look at it. */
export type UserRequest = 'run' | 'run-action' | 'view';

export type AccessRequest =
  { readonly asker: 'model'; readonly what: ModelRequest } | { readonly asker: 'user'; readonly what: UserRequest };

/** The error type a refusal carries (docs/tools.md, "Errors"). */
export type DenialType = 'not_found' | 'invalid_skill' | 'not_allowed';

export interface AccessDenial {
  readonly type: DenialType;
  /** Why, as a fact: what the message is about. */
  readonly reason: 'shadowed' | 'untrusted' | 'hidden' | 'errors';
  readonly message: string;
  readonly suggestion?: string;
}

export type AccessDecision = { readonly allowed: true } | { readonly allowed: false; readonly denial: AccessDenial };

const ALLOWED: AccessDecision = { allowed: true };

function deny(type: DenialType, reason: AccessDenial['reason'], message: string, suggestion?: string): AccessDecision {
  return { allowed: false, denial: suggestion ? { type, reason, message, suggestion } : { type, reason, message } };
}

/**
 * Decides one request about one skill. In order:
 * - looking at a skill without a model is always allowed;
 * - a shadowed copy is not what its name stands for: it cannot be used, as if absent;
 * - an untrusted workspace refuses every use of its skills, whatever else is wrong with them;
 * - a hidden skill does not exist for the model, but the user may run it;
 * - a skill with errors cannot be used by anyone;
 * - what is left is offered.
 */
export function decideAccess(skill: SkillStanding, request: AccessRequest): AccessDecision {
  if (request.what === 'view') return ALLOWED;
  const name = `'${skill.name}'`;
  if (skill.shadowed) {
    return deny(
      'not_found',
      'shadowed',
      `No skill named ${name} can be used from here: another skill of that name takes precedence.`,
    );
  }
  if (skill.scope === 'workspace' && !skill.workspaceTrusted) {
    return deny(
      'not_allowed',
      'untrusted',
      `Skill ${name} comes from a workspace that is not trusted, so it cannot be ${request.what === 'list' ? 'offered' : 'used'}.`,
      'Ask the user to trust the workspace (Manage Workspace Trust); user-level skills still work.',
    );
  }
  if (skill.hidden && request.asker === 'model') {
    return deny(
      'not_found',
      'hidden',
      `No skill named ${name}.`,
      'Call the list-skills tool to see the available skills.',
    );
  }
  if (skill.hasErrors) {
    return deny('invalid_skill', 'errors', `Skill ${name} has errors and cannot be used until they are fixed.`);
  }
  return ALLOWED;
}

/**
 * Whether an action of this skill is told where the workspace is (SKILLSMITH_WORKSPACE and the
 * request's context). Not in an untrusted workspace, even for a user-level skill: Restricted
 * Mode means that no code works on the workspace's files (a linter would load its config,
 * which is code), and an action should not be pointed there (docs/actions.md, "Policies").
 */
export function actionMaySeeWorkspace(skill: SkillStanding): boolean {
  return skill.workspaceTrusted;
}

/** Whether the model sees the skill in its listing: the first row of the policy. */
export function isListed(skill: SkillStanding): boolean {
  return decideAccess(skill, { asker: 'model', what: 'list' }).allowed;
}

/** The catalog whose listing follows this policy: the one every caller builds. */
export function createSkillCatalog(options: { readonly trustWorkspaceSkills?: boolean } = {}): SkillCatalog {
  return new SkillCatalog({ ...options, isListed });
}
