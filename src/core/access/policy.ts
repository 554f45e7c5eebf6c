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

/**
 * Who lets a model's action run (docs/actions.md, "Approvals"; docs/mcp.md, "Consent for
 * actions"): `ask` asks at each run, `approved` runs what the user approved ahead of time and
 * asks for the rest, `allow` runs everything, `off` nothing.
 */
export type ActionsMode = 'ask' | 'approved' | 'allow' | 'off';

/** Where an approval of this action stands: none, one whose content is unchanged, or one that differs. */
export type ApprovalStanding =
  | { readonly kind: 'none' }
  | { readonly kind: 'matches' }
  | { readonly kind: 'changed'; readonly differences: readonly string[] }
  | { readonly kind: 'unreadable'; readonly message: string };

export type ModelRunDecision =
  | { readonly kind: 'run' }
  | { readonly kind: 'ask' }
  | {
      readonly kind: 'refuse';
      readonly why: 'off' | 'no-elicitation' | 'changed' | 'unreadable';
      readonly detail?: readonly string[];
    };

/**
 * Whether a model's run that passed every check of the executor runs now, is asked about, or
 * is refused. An approval that no longer matches refuses the run outright, with the
 * difference, rather than asking: the user approved something else, and a host that answers
 * for them would turn the change into a yes.
 */
export function decideModelRun(mode: ActionsMode, approval: ApprovalStanding, clientCanAsk: boolean): ModelRunDecision {
  if (mode === 'off') return { kind: 'refuse', why: 'off' };
  if (mode === 'allow') return { kind: 'run' };
  if (mode === 'approved') {
    if (approval.kind === 'matches') return { kind: 'run' };
    if (approval.kind === 'changed') return { kind: 'refuse', why: 'changed', detail: approval.differences };
    if (approval.kind === 'unreadable') return { kind: 'refuse', why: 'unreadable', detail: [approval.message] };
  }
  return clientCanAsk ? { kind: 'ask' } : { kind: 'refuse', why: 'no-elicitation' };
}
