// `Skills: Approve Action for Agents…`, `Skills: Show Action Approvals` and `Skills: Revoke
// Action Approval…` (docs/actions.md, "Approvals"): the editor's form of `skillsmith approve`,
// for the agents that cannot ask (`skillsmith mcp --actions approved`). The question shows
// exactly what the CLI shows (src/node/actionApproval.ts), and the approval goes to the same
// file, the user's own, which a workspace cannot hold.
import * as vscode from 'vscode';
import type { ActionApproval } from '../../core/actions/approvals';
import { readActionsFile, type ActionDeclaration } from '../../core/actions/declaration';
import { samePath, toNativePath } from '../../core/base/paths';
import type { CatalogEntry } from '../../core/catalog/catalogEntry';
import { approvalStanding, prepareApproval } from '../../node/actionApproval';
import { approvalsPath, FileApprovalStore, storeProblem } from '../../node/approvalStore';
import { inBackground } from '../background';
import type { ActionsState } from './actionsState';

const APPROVE = 'Approve';
const REVOKE = 'Revoke';

/** The approval's question as Markdown: the CLI's text, verbatim in a fence longer than any run of backticks in it. */
function approvalMarkdown(skill: string, action: string, text: string): string {
  const fence = '`'.repeat(Math.max(3, ...[...text.matchAll(/`+/g)].map((m) => m[0].length + 1)));
  return [
    `# Approve ${skill} › ${action} for agents that cannot ask`,
    '',
    'An agent served by `skillsmith mcp --actions approved` runs it without asking while everything below is unchanged; once anything changes, it refuses until you approve it again. This is what `skillsmith approve` shows.',
    '',
    `${fence}text`,
    text,
    fence,
    '',
  ].join('\n');
}

/** The user's approvals file, or why it may not be used with these workspace folders. */
function approvalStore(state: ActionsState): FileApprovalStore | undefined {
  const file = approvalsPath();
  const roots = (vscode.workspace.workspaceFolders ?? []).map((folder) => state.services.fs.toPath(folder.uri));
  const problem = storeProblem(file, roots);
  if (problem === undefined) return new FileApprovalStore(file);
  showError(state, problem);
  return undefined;
}

function showError(state: ActionsState, message: string): void {
  inBackground(state.services.log, 'an error message', vscode.window.showErrorMessage(message));
}

function showInformation(state: ActionsState, message: string): void {
  inBackground(state.services.log, 'an information message', vscode.window.showInformationMessage(message));
}

/**
 * A Skills view action item (`{kind: 'action', entry, action}`), when that is what the command got,
 * with its skill as the catalog holds it now (the item keeps the entry of when the view was drawn:
 * the copy may since have been shadowed, or its workspace trusted or not).
 */
function actionItemOf(state: ActionsState, arg: unknown): { entry: CatalogEntry; action: string } | undefined {
  const item = arg as { kind?: string; entry?: CatalogEntry; action?: { name?: string } } | null | undefined;
  if (item?.kind !== 'action' || !item.entry || typeof item.action?.name !== 'string') return undefined;
  const drawn = item.entry.record.filePath;
  const now = state.services.catalog.entries().find((e) => samePath(e.record.filePath, drawn));
  return { entry: now ?? item.entry, action: item.action.name };
}

/** Every declared action of the skills that win their names, for the pick. */
async function declaredActions(state: ActionsState): Promise<{ entry: CatalogEntry; action: ActionDeclaration }[]> {
  const found: { entry: CatalogEntry; action: ActionDeclaration }[] = [];
  for (const entry of state.services.catalog.entries()) {
    if (entry.status === 'shadowed') continue;
    const declared = await readActionsFile(state.services.fs, entry.record.dir);
    if (declared?.ok) for (const action of declared.actions) found.push({ entry, action });
  }
  return found;
}

const isApprovalOf = (approval: ActionApproval, entry: CatalogEntry, action: string) =>
  approval.action === action && samePath(approval.folder, entry.record.dir);

/** Asks which action, unless the command came from one. */
async function chooseAction(
  state: ActionsState,
  store: FileApprovalStore,
): Promise<{ entry: CatalogEntry; action: string } | undefined> {
  const actions = await declaredActions(state);
  if (actions.length === 0) {
    showInformation(state, 'No skill here declares an action. A skill declares its actions in its actions.json.');
    return undefined;
  }
  const approvals = await store.all();
  const items = actions.map(({ entry, action }) => ({
    label: `${entry.record.name} › ${action.name}`,
    description: approvals.some((a) => isApprovalOf(a, entry, action.name)) ? 'approved' : undefined,
    detail: action.description,
    choice: { entry, action: action.name },
  }));
  return (
    await vscode.window.showQuickPick(items, {
      title: 'Approve Action for Agents',
      placeHolder: 'Which action may agents that cannot ask run without asking, while it is unchanged?',
      matchOnDetail: true,
      ignoreFocusOut: true,
    })
  )?.choice;
}

async function approve(state: ActionsState, arg?: unknown): Promise<boolean> {
  const store = approvalStore(state);
  if (!store) return false;
  const chosen = actionItemOf(state, arg) ?? (await chooseAction(state, store));
  if (!chosen) return false;
  const prepared = await prepareApproval(state.services.fs, chosen.entry, chosen.action);
  if (!prepared.ok) {
    showError(state, `Cannot approve ${chosen.entry.record.name} › ${chosen.action}: ${prepared.message}`);
    return false;
  }
  // What is approved, in a read-only preview beside that stays on it; then a choice whose first
  // (focused) item is Cancel, so that Enter alone approves nothing (as Add's second confirmation).
  await state.services.readOnly.showLockedMarkdown(
    `Approve ${prepared.skill} › ${prepared.action}.md`,
    approvalMarkdown(prepared.skill, prepared.action, prepared.text),
  );
  const answer = await vscode.window.showQuickPick(
    [
      { label: '$(close) Cancel', description: 'approve nothing', approve: false },
      { label: `$(verified) ${APPROVE}`, description: 'agents that cannot ask may run exactly this', approve: true },
    ],
    {
      title: `Approve ${prepared.skill} › ${prepared.action} for agents that cannot ask? (what runs is shown beside)`,
      placeHolder: 'Read what runs and the files it binds, beside, then choose',
      ignoreFocusOut: true,
    },
  );
  if (!answer?.approve) return false;
  await store.put(prepared.approval(new Date()));
  showInformation(
    state,
    `Approved ${prepared.skill} › ${prepared.action} for agents (kept in ${toNativePath(store.location)}).`,
  );
  return true;
}

/** The approvals with where each stands now, as quick pick items. */
async function approvalItems(state: ActionsState, store: FileApprovalStore) {
  const approvals = await store.all();
  return Promise.all(
    approvals.map(async (approval) => {
      const differences = await approvalStanding(state.services.fs, approval);
      return {
        label: `${approval.skill} › ${approval.action}`,
        description: differences.length === 0 ? 'unchanged' : 'changed: refused until approved again',
        detail: [
          `${toNativePath(approval.folder)} · approved ${approval.approvedAt} · ${Object.keys(approval.files).length} files`,
          ...differences,
        ].join(' · '),
        approval,
      };
    }),
  );
}

async function show(state: ActionsState): Promise<void> {
  const store = approvalStore(state);
  if (!store) return;
  const items = await approvalItems(state, store);
  if (items.length === 0) {
    showInformation(state, `No action is approved for agents (${toNativePath(store.location)}).`);
    return;
  }
  const chosen = await vscode.window.showQuickPick(items, {
    title: 'Action Approvals',
    placeHolder: `Approved for skillsmith mcp --actions approved (${toNativePath(store.location)}). Choose one to revoke it.`,
    matchOnDescription: true,
    matchOnDetail: true,
  });
  if (!chosen) return;
  const answer = await vscode.window.showQuickPick(
    [
      { label: '$(close) Keep it', revoke: false },
      {
        label: `$(trash) ${REVOKE}`,
        description: 'agents that cannot ask then refuse to run it until you approve it again',
        revoke: true,
      },
    ],
    { title: `Revoke the approval of ${chosen.label}?`, ignoreFocusOut: true },
  );
  if (answer?.revoke) await revoke(state, store, [chosen.approval]);
}

async function revokeChosen(state: ActionsState, arg?: unknown): Promise<number> {
  const store = approvalStore(state);
  if (!store) return 0;
  const item = actionItemOf(state, arg);
  if (item) {
    const approvals = (await store.all()).filter((a) => isApprovalOf(a, item.entry, item.action));
    if (approvals.length === 0) {
      showInformation(state, `${item.entry.record.name} › ${item.action} is not approved for agents.`);
      return 0;
    }
    return revoke(state, store, approvals);
  }
  const items = await approvalItems(state, store);
  if (items.length === 0) {
    showInformation(state, `No action is approved for agents (${toNativePath(store.location)}).`);
    return 0;
  }
  const chosen = await vscode.window.showQuickPick(items, {
    title: 'Revoke Action Approval',
    placeHolder: 'Which approvals to revoke? (Space to choose, Enter to revoke)',
    canPickMany: true,
    matchOnDescription: true,
    matchOnDetail: true,
  });
  if (!chosen || chosen.length === 0) return 0;
  return revoke(
    state,
    store,
    chosen.map((c) => c.approval),
  );
}

async function revoke(state: ActionsState, store: FileApprovalStore, approvals: readonly ActionApproval[]) {
  let removed = 0;
  for (const approval of approvals) removed += await store.remove(approval.folder, approval.action);
  const names = approvals.map((a) => `${a.skill} › ${a.action}`).join(', ');
  showInformation(state, `Revoked the approval${removed === 1 ? '' : 's'} of ${names}.`);
  return removed;
}

/**
 * A failure (an approvals file that cannot be read as approvals, which is then left as it is;
 * a folder gone mid-way) is said to the user and logged, never lost in a rejected command.
 */
async function guarded<T>(state: ActionsState, what: string, fallback: T, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    state.services.log.error(`${what}: ${message}`);
    showError(state, `${what}: ${message}`);
    return fallback;
  }
}

/** Approve Action for Agents…: true when an approval was stored. */
export const approveActionCommand = (state: ActionsState, arg?: unknown): Promise<boolean> =>
  guarded(state, 'Approve Action for Agents', false, () => approve(state, arg));

/** Show Action Approvals: every approval and where it stands; choosing one offers to revoke it. */
export const showActionApprovals = (state: ActionsState): Promise<void> =>
  guarded(state, 'Show Action Approvals', undefined, () => show(state));

/** Revoke Action Approval…: the chosen approvals (several at once); how many were revoked. */
export const revokeActionApproval = (state: ActionsState, arg?: unknown): Promise<number> =>
  guarded(state, 'Revoke Action Approval', 0, () => revokeChosen(state, arg));
