// `skillsmith approve SKILL [ACTION] [--root ROOT] [--no-user] [--yes]`, `approve --list [--json]`
// and `approve --revoke SKILL [ACTION]` (docs/cli.md, docs/actions.md "Approvals"): the user
// approves an action ahead of time, for agents that cannot ask (`skillsmith mcp --actions
// approved`). The question shows what `--actions ask` shows before a run, with the input
// contract for the input; the approval records the declaration and every file's sha256, in the
// user's own approvals file, never in a workspace.
import { decideAccess } from '../core/access/policy';
import {
  actionManifest,
  approvalDifferences,
  type ActionApproval,
  type ApprovalStore,
} from '../core/actions/approvals';
import { actionFactsOf, approvalConsentText } from '../core/actions/consentText';
import { defaultAction, readActionsFile } from '../core/actions/declaration';
import type { FileSystem } from '../core/base/fileSystem';
import { toNativePath } from '../core/base/paths';
import type { SkillCatalog } from '../core/catalog/catalog';
import { sha256Digest } from '../node/sha256';
import { UsageError } from './args';

export interface ApproveDeps {
  readonly fs: FileSystem;
  readonly catalog: SkillCatalog;
  readonly store: ApprovalStore;
  /** Asks the user; false when there is no one to ask (no terminal). */
  readonly confirm: (question: string) => Promise<boolean>;
  readonly yes: boolean;
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
  readonly now?: () => Date;
}

/** Approves one action of the winning copy of SKILL; the exit code. */
export async function approveAction(deps: ApproveDeps, skill: string, actionName: string | undefined): Promise<number> {
  const { fs, catalog, store, err } = deps;
  const entry = catalog.get(skill.trim());
  if (!entry) {
    err(`skillsmith approve: no skill named '${skill}'. Run skillsmith list to see the names.`);
    return 1;
  }
  // Approving is the user's asking that a model may run it: the policy's own question.
  const access = decideAccess(entry.standing, { asker: 'user', what: 'run-action' });
  if (!access.allowed) {
    err(
      `skillsmith approve: ${access.denial.message}${access.denial.suggestion ? ` ${access.denial.suggestion}` : ''}`,
    );
    return 1;
  }
  const declared = await readActionsFile(fs, entry.record.dir);
  if (!declared) {
    err(`skillsmith approve: skill '${entry.record.name}' has no actions.`);
    return 1;
  }
  if (!declared.ok) {
    err(`skillsmith approve: the actions.json of '${entry.record.name}' is invalid: ${declared.errors.join(' ')}`);
    return 1;
  }
  const names = declared.actions.map((a) => a.name);
  const action = actionName ? declared.actions.find((a) => a.name === actionName) : defaultAction(declared.actions);
  if (!action) {
    err(
      actionName
        ? `skillsmith approve: skill '${entry.record.name}' has no action '${actionName}'. Its actions: ${names.join(', ')}.`
        : `skillsmith approve: skill '${entry.record.name}' has no default action; name one of: ${names.join(', ')}.`,
    );
    return 1;
  }
  const facts = await actionFactsOf(fs, entry.record, action);
  if (!facts.ok) {
    err(`skillsmith approve: this action cannot run, so it cannot be approved: ${facts.message}`);
    return 1;
  }
  const manifest = await actionManifest(fs, sha256Digest, entry.record.dir, action);
  if (!manifest.ok) {
    err(`skillsmith approve: ${manifest.message}`);
    return 1;
  }
  const files = Object.keys(manifest.manifest.files);
  deps.out(`${approvalConsentText(facts.facts, action.input, files.length)}\nFiles: ${files.join(', ')}\n`);
  if (!deps.yes && !(await deps.confirm('Approve? [y/N] '))) {
    err('skillsmith approve: nothing was approved. Answer y on a terminal, or run again with --yes.');
    return 1;
  }
  const approval: ActionApproval = {
    skill: entry.record.name,
    folder: entry.record.dir,
    action: action.name,
    declaration: manifest.manifest.declaration,
    files: manifest.manifest.files,
    approvedAt: (deps.now?.() ?? new Date()).toISOString(),
  };
  await store.put(approval);
  deps.out(`Approved ${entry.record.name}/${action.name} (in ${toNativePath(store.location)}).\n`);
  return 0;
}

/** Where one approval stands now: unchanged, or what differs. */
async function standingOf(fs: FileSystem, approval: ActionApproval): Promise<string[]> {
  const declared = await readActionsFile(fs, approval.folder).catch(() => undefined);
  if (!declared) return [`The skill's folder or its actions.json is gone.`];
  if (!declared.ok) return [`Its actions.json is invalid: ${declared.errors.join(' ')}`];
  const action = declared.actions.find((a) => a.name === approval.action);
  if (!action) return [`The action '${approval.action}' is no longer declared.`];
  const now = await actionManifest(fs, sha256Digest, approval.folder, action);
  return now.ok ? approvalDifferences(approval, now.manifest) : [now.message];
}

/** `--list`: every approval, and whether what it recorded is unchanged. */
export async function listApprovals(deps: Pick<ApproveDeps, 'fs' | 'store' | 'out'>, json: boolean): Promise<number> {
  const approvals = await deps.store.all();
  const rows = await Promise.all(
    approvals.map(async (a) => ({ approval: a, differences: await standingOf(deps.fs, a) })),
  );
  if (json) {
    deps.out(
      `${JSON.stringify({
        file: toNativePath(deps.store.location),
        approvals: rows.map(({ approval, differences }) => ({
          skill: approval.skill,
          action: approval.action,
          folder: toNativePath(approval.folder),
          approvedAt: approval.approvedAt,
          files: Object.keys(approval.files).length,
          unchanged: differences.length === 0,
          differences,
        })),
      })}\n`,
    );
    return 0;
  }
  if (rows.length === 0) {
    deps.out(`No approvals (${toNativePath(deps.store.location)}).\n`);
    return 0;
  }
  const lines = rows.map(({ approval: a, differences }) =>
    [
      `${a.skill}/${a.action}  ${toNativePath(a.folder)}  approved ${a.approvedAt}, ${Object.keys(a.files).length} files: ${differences.length === 0 ? 'unchanged' : 'CHANGED, refused until approved again'}`,
      ...differences.map((d) => `  - ${d}`),
    ].join('\n'),
  );
  deps.out(`${lines.join('\n')}\n`);
  return 0;
}

/** `--revoke SKILL [ACTION]`: every approval of that skill name (any folder), or of one action. */
export async function revokeApprovals(
  deps: Pick<ApproveDeps, 'store' | 'out' | 'err'>,
  skill: string,
  action: string | undefined,
): Promise<number> {
  const matching = (await deps.store.all()).filter(
    (a) => a.skill === skill && (action === undefined || a.action === action),
  );
  let removed = 0;
  for (const a of matching) removed += await deps.store.remove(a.folder, a.action);
  if (removed === 0) {
    deps.err(`skillsmith approve: no approval of ${action ? `${skill}/${action}` : skill} to revoke.`);
    return 1;
  }
  deps.out(`Revoked ${removed} approval${removed === 1 ? '' : 's'} of ${action ? `${skill}/${action}` : skill}.\n`);
  return 0;
}

/** Checks the positionals of each form. */
export function approveUsage(list: boolean, revoke: boolean, positionals: readonly string[]): void {
  if (list && revoke) throw new UsageError('approve takes --list or --revoke, not both');
  if (list && positionals.length > 0) throw new UsageError('approve --list takes no SKILL');
  if (!list && positionals.length === 0) throw new UsageError('approve needs a skill NAME');
  if (positionals.length > 2) throw new UsageError(`approve takes SKILL and ACTION only (got '${positionals[2]}')`);
}
