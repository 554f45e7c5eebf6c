// `skillsmith approve SKILL [ACTION] [--root ROOT] [--no-user] [--yes]`, `approve --list [--json]`
// and `approve --revoke SKILL [ACTION]` (docs/cli.md, docs/actions.md "Approvals"): the user
// approves an action ahead of time, for agents that cannot ask (`skillsmith mcp --actions
// approved`). The question shows what `--actions ask` shows before a run, with the input
// contract for the input; the approval records the declaration and every file's sha256, in the
// user's own approvals file, never in a workspace.
import type { ApprovalStore } from '../core/actions/approvals';
import type { FileSystem } from '../core/base/fileSystem';
import { toNativePath } from '../core/base/paths';
import type { SkillCatalog } from '../core/catalog/catalog';
import { approvalStanding, prepareApproval } from '../node/actionApproval';
import { approvalsPath, FileApprovalStore, storeProblem } from '../node/approvalStore';
import { NodeFileSystem } from '../node/nodeFileSystem';
import { flag, parseCommandArgs, stringOption, UsageError } from './args';
import { ask } from './installCommands';
import { loadCatalogFor } from './listCommand';
import { writeErr, writeOut } from './output';
import { rootFolder } from './workingFolder';

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
  const { catalog, store, err } = deps;
  const entry = catalog.get(skill.trim());
  if (!entry) {
    err(`skillsmith approve: no skill named '${skill}'. Run skillsmith list to see the names.`);
    return 1;
  }
  const prepared = await prepareApproval(deps.fs, entry, actionName);
  if (!prepared.ok) {
    err(`skillsmith approve: ${prepared.message}`);
    return 1;
  }
  deps.out(`${prepared.text}\n`);
  if (!deps.yes && !(await deps.confirm('Approve? [y/N] '))) {
    err('skillsmith approve: nothing was approved. Answer y on a terminal, or run again with --yes.');
    return 1;
  }
  await store.put(prepared.approval(deps.now?.() ?? new Date()));
  deps.out(`Approved ${prepared.skill}/${prepared.action} (in ${toNativePath(store.location)}).\n`);
  return 0;
}

/** `--list`: every approval, and whether what it recorded is unchanged. */
export async function listApprovals(deps: Pick<ApproveDeps, 'fs' | 'store' | 'out'>, json: boolean): Promise<number> {
  const approvals = await deps.store.all();
  const rows = await Promise.all(
    approvals.map(async (a) => ({ approval: a, differences: await approvalStanding(deps.fs, a) })),
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

/** `skillsmith approve`: parses its options, then approves, lists or revokes. */
export async function approve(argv: readonly string[]): Promise<number> {
  const args = parseCommandArgs(argv, {
    strings: ['root'],
    booleans: ['list', 'revoke', 'yes', 'json', 'no-user', 'unicode-names'],
  });
  const list = flag(args, 'list');
  const revoke = flag(args, 'revoke');
  approveUsage(list, revoke, args.positionals);
  const fs = new NodeFileSystem();
  const root = await rootFolder(fs, stringOption(args, 'root') ?? '.');
  const file = approvalsPath();
  const problem = storeProblem(file, [root]);
  if (problem) {
    writeErr(`skillsmith approve: ${problem}`);
    return 2;
  }
  const store = new FileApprovalStore(file);
  const out = (text: string) => {
    writeOut(text).catch(() => undefined);
  };
  const err = (text: string) => writeErr(text);
  const [skill, action] = args.positionals;
  try {
    if (list) return await listApprovals({ fs, store, out }, flag(args, 'json'));
    if (revoke) return await revokeApprovals({ store, out, err }, skill, action);
    const catalog = await loadCatalogFor(fs, root, args);
    return await approveAction(
      { fs, catalog, store, out, err, yes: flag(args, 'yes'), confirm: (q) => ask(q, /^y(es)?$/i) },
      skill,
      action,
    );
  } catch (error) {
    // The approvals file cannot be read as approvals: it is left as it is.
    err(`skillsmith approve: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}
