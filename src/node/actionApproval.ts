// The steps of approving an action ahead of time (docs/actions.md, "Approvals") that the CLI's
// `skillsmith approve` and the editor's Approve Action for Agents… share, so that both show the
// same question and record the same thing: the user's own policy question, the declaration, the
// text that `--actions ask` would show, and the sha256 of every file the action runs or reads.
import { decideAccess } from '../core/access/policy';
import { actionManifest, approvalDifferences, type ActionApproval } from '../core/actions/approvals';
import { actionFactsOf, approvalConsentText } from '../core/actions/consentText';
import { defaultAction, readActionsFile } from '../core/actions/declaration';
import type { FileSystem } from '../core/base/fileSystem';
import type { CatalogEntry } from '../core/catalog/catalogEntry';
import { sha256Digest } from './sha256';

/** An approval ready to be shown and, once the user agrees, stored. */
export interface PreparedApproval {
  readonly ok: true;
  readonly skill: string;
  readonly action: string;
  /** What the user is asked about: the consent text, then the files the approval binds. */
  readonly text: string;
  readonly files: readonly string[];
  /** The record to store, stamped with when the user agreed. */
  readonly approval: (approvedAt: Date) => ActionApproval;
}

export type ApprovalPreparation = PreparedApproval | { readonly ok: false; readonly message: string };

/** Prepares the approval of one action of `entry` (its default action when `actionName` is undefined). */
export async function prepareApproval(
  fs: FileSystem,
  entry: CatalogEntry,
  actionName: string | undefined,
): Promise<ApprovalPreparation> {
  const refuse = (message: string) => ({ ok: false as const, message });
  // Approving is the user's asking that a model may run it: the policy's own question.
  const access = decideAccess(entry.standing, { asker: 'user', what: 'run-action' });
  if (!access.allowed)
    return refuse(`${access.denial.message}${access.denial.suggestion ? ` ${access.denial.suggestion}` : ''}`);
  const { record } = entry;
  const declared = await readActionsFile(fs, record.dir);
  if (!declared) return refuse(`skill '${record.name}' has no actions.`);
  if (!declared.ok) return refuse(`the actions.json of '${record.name}' is invalid: ${declared.errors.join(' ')}`);
  const names = declared.actions.map((a) => a.name);
  const action = actionName ? declared.actions.find((a) => a.name === actionName) : defaultAction(declared.actions);
  if (!action)
    return refuse(
      actionName
        ? `skill '${record.name}' has no action '${actionName}'. Its actions: ${names.join(', ')}.`
        : `skill '${record.name}' has no default action; name one of: ${names.join(', ')}.`,
    );
  const facts = await actionFactsOf(fs, record, action);
  if (!facts.ok) return refuse(`this action cannot run, so it cannot be approved: ${facts.message}`);
  const manifest = await actionManifest(fs, sha256Digest, record.dir, action);
  if (!manifest.ok) return refuse(manifest.message);
  const files = Object.keys(manifest.manifest.files);
  return {
    ok: true,
    skill: record.name,
    action: action.name,
    text: `${approvalConsentText(facts.facts, action.input, files.length)}\nFiles: ${files.join(', ')}`,
    files,
    approval: (approvedAt) => ({
      skill: record.name,
      folder: record.dir,
      action: action.name,
      declaration: manifest.manifest.declaration,
      files: manifest.manifest.files,
      approvedAt: approvedAt.toISOString(),
    }),
  };
}

/** Where one approval stands now: [] while everything it recorded is unchanged, else what differs. */
export async function approvalStanding(fs: FileSystem, approval: ActionApproval): Promise<string[]> {
  const declared = await readActionsFile(fs, approval.folder).catch(() => undefined);
  if (!declared) return [`The skill's folder or its actions.json is gone.`];
  if (!declared.ok) return [`Its actions.json is invalid: ${declared.errors.join(' ')}`];
  const action = declared.actions.find((a) => a.name === approval.action);
  if (!action) return [`The action '${approval.action}' is no longer declared.`];
  const now = await actionManifest(fs, sha256Digest, approval.folder, action);
  return now.ok ? approvalDifferences(approval, now.manifest) : [now.message];
}
