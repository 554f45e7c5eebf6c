// Running an action as the model asked (docs/mcp.md, docs/actions.md "Approvals"): with the
// consent the server's actions mode requires, a question to the client's user through
// elicitation where the mode asks, and refusals that say why and how to run it anyway.
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { decideModelRun, type ActionsMode, type ApprovalStanding } from '../core/access/policy';
import { actionManifest, approvalDifferences, type ApprovalStore } from '../core/actions/approvals';
import { consentMessage } from '../core/actions/consentText';
import type { ActionExecutor, PreparedRun } from '../core/actions/executor';
import type { ExecutionResult } from '../core/actions/result';
import { tokenOfAbortSignal } from '../core/base/cancellation';
import type { FileSystem } from '../core/base/fileSystem';
import { formatToolError } from '../core/loading/tools';
import { sha256Digest } from '../node/sha256';
import { askRefusal, type RunRefusal } from './toolText';

/** What a run needs of the server. */
export interface ActionRunDeps {
  readonly server: Server;
  readonly fs: FileSystem;
  readonly executor: ActionExecutor;
  readonly actions: ActionsMode;
  /** The user's approvals, for `approved` mode. */
  readonly approvals?: ApprovalStore;
}

/** A run's result as a tool result: its JSON, with isError unless it succeeded. */
export function actionResult(result: ExecutionResult): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(result) }], isError: result.status !== 'success' };
}

/** Where the user's approval of this run's action stands: none, unchanged, or what changed. */
async function approvalOf(
  fs: FileSystem,
  approvals: ApprovalStore | undefined,
  run: PreparedRun,
): Promise<ApprovalStanding> {
  if (!approvals) return { kind: 'none' };
  try {
    const approval = await approvals.find(run.entry.record.dir, run.action.name);
    if (!approval) return { kind: 'none' };
    const now = await actionManifest(fs, sha256Digest, run.entry.record.dir, run.action);
    if (!now.ok) return { kind: 'changed', differences: [now.message] };
    const differences = approvalDifferences(approval, now.manifest);
    return differences.length === 0 ? { kind: 'matches' } : { kind: 'changed', differences };
  } catch (error) {
    return { kind: 'unreadable', message: error instanceof Error ? error.message : String(error) };
  }
}

/** Runs an action as the model asked, with the consent the mode requires. */
export async function runAction(
  deps: ActionRunDeps,
  skill: string,
  action: string | undefined,
  input: unknown,
  // notifications/cancelled for this request stops the run with its process tree.
  signal: AbortSignal,
): Promise<CallToolResult> {
  const { server, executor } = deps;
  const off = (): CallToolResult => ({
    content: [
      {
        type: 'text',
        text: formatToolError({
          type: 'not_allowed',
          message: 'Actions are turned off for this server.',
          suggestion:
            'Whoever starts the server can allow them: skillsmith mcp --actions ask (confirm each run), --actions approved (what the user approved with skillsmith approve) or --actions allow.',
        }),
      },
    ],
    isError: true,
  });
  if (deps.actions === 'off') return off();
  const prepared = await executor.prepare({ skill, action, input, asker: 'model' });
  if (!prepared.ok) return actionResult(prepared.result);
  const run = prepared.run;
  const refuse = (why: RunRefusal, detail?: readonly string[]): CallToolResult => ({
    content: [
      {
        type: 'text',
        text: formatToolError({
          type: 'not_allowed',
          ...askRefusal(why, run.entry.record.name, run.action.name, run.input, { mode: deps.actions, detail }),
        }),
      },
    ],
    isError: true,
  });
  const decision = decideModelRun(
    deps.actions,
    deps.actions === 'approved' ? await approvalOf(deps.fs, deps.approvals, run) : { kind: 'none' },
    !!server.getClientCapabilities()?.elicitation,
  );
  if (decision.kind === 'refuse') {
    if (decision.why === 'off') return off();
    return refuse(decision.why, decision.detail);
  }
  if (decision.kind === 'ask') {
    // The run's own signal: a cancelled tools/call withdraws its question (the SDK sends the
    // client notifications/cancelled for it) instead of leaving a dialog nobody waits on.
    const answer = await server.elicitInput(
      {
        message: consentMessage(run),
        requestedSchema: {
          type: 'object',
          properties: {
            run: { type: 'boolean', title: 'Run it', description: 'Run this command line with this input.' },
          },
          required: ['run'],
        },
      },
      { signal },
    );
    if (answer.action !== 'accept' || answer.content?.run !== true)
      return refuse(answer.action === 'cancel' ? 'cancel' : 'decline');
  }
  // Exactly the run that was shown: the prepared command line and input.
  return actionResult(await executor.execute(run, tokenOfAbortSignal(signal)));
}
