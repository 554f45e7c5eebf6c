// One Test Explorer run of routing evals (docs/routing.md, "In the Test Explorer"): the
// chosen models (or the lexical router), the cost shown before a long run, then each case
// N times per model, with its item passed when every model picked right in a majority of
// runs, and failed with what was picked instead and how often. Cancelling stops at the
// next request; the cases not reached are marked skipped. The summary per model goes to
// the report.
import * as vscode from 'vscode';
import { ROUTING_CONFIRM_REQUESTS } from '../../core/base/limits';
import { plural } from '../../core/base/text';
import { runEval, type CaseRouter } from '../../core/routing/evalRun';
import { casePasses, isRightPick, NONE_LABEL, pickCounts, summarize, type CaseOutcome, type EvalSummary } from '../../core/routing/metrics';
import type { SkillsmithServices } from '../services';
import { readRoutingSettings } from '../settings';
import { chooseModels } from './modelChoice';
import { estimateRun, languageModelRouter, lexicalRouter } from './routers';
import type { CaseRef, RoutingTestTree } from './testTree';

/** What a finished run leaves behind, for the report and the host tests. */
export interface RoutingRunResult {
  readonly summaries: readonly EvalSummary[];
  readonly passed: readonly string[];
  readonly failed: readonly { readonly id: string; readonly message: string }[];
  readonly skipped: readonly string[];
  /** Cases whose every request failed: shown as errored, scored nowhere. */
  readonly errored: readonly string[];
  readonly estimate?: { readonly requests: number; readonly tokens: number };
  readonly cancelled: boolean;
}

/** The failure message of a case under one router: what was picked, how often. */
export function failureMessage(router: string, ref: CaseRef, outcome: CaseOutcome): string {
  const counts = pickCounts(outcome.picks)
    .map(([pick, n]) => `${pick ?? NONE_LABEL} ${n} of ${outcome.picks.length}`)
    .join(', ');
  const c = ref.case;
  const wanted = c.avoid?.length ? `anything but ${c.avoid.join(' or ')}` : c.expected.length === 0 ? 'no skill' : [...c.expected, ...c.acceptable].join(' or ');
  const right = outcome.picks.filter((p) => isRightPick(c, p)).length;
  return `${router} picked ${counts} (expected ${wanted}; right ${right} of ${outcome.picks.length}, a majority is needed)`;
}

/** Runs the request; resolves when the run has ended. */
export async function runRoutingTests(
  services: SkillsmithServices,
  controller: vscode.TestController,
  tree: RoutingTestTree,
  request: vscode.TestRunRequest,
  token: vscode.CancellationToken,
  withModels: boolean,
): Promise<RoutingRunResult | undefined> {
  const items = tree.casesOf(request);
  const refs = items.map((item) => tree.caseOf(item)!);
  const runs = withModels ? readRoutingSettings().runs : 1;
  let routers: CaseRouter[];
  let estimate: RoutingRunResult['estimate'];
  if (withModels) {
    const models = await chooseModels();
    if (models.length === 0) {
      void vscode.window.showWarningMessage('No language model to run the routing evals with. Install or sign in to a model provider, or run them with the lexical router.');
      return undefined;
    }
    estimate = await estimateRun(services, models, refs.map((r) => r.case), runs);
    if (estimate.requests > ROUTING_CONFIRM_REQUESTS) {
      const go = await vscode.window.showWarningMessage(
        `This routing run sends ${estimate.requests} model requests (about ${estimate.tokens.toLocaleString('en-US')} input tokens): ${plural(items.length, 'case')} × ${plural(runs, 'run')} × ${plural(models.length, 'model')}.`,
        { modal: true },
        'Run',
      );
      if (go !== 'Run') return undefined;
    }
    routers = models.map((model) => languageModelRouter(services, model));
  } else {
    routers = [lexicalRouter(services)];
  }

  const run = controller.createTestRun(request, 'Routing evals', true);
  const what = withModels ? `${routers.map((r) => r.name).join(', ')}, ${plural(runs, 'run')} per case` : 'the lexical router';
  run.appendOutput(`Routing ${plural(items.length, 'case')} with ${what}.\r\n`);
  if (estimate) run.appendOutput(`${estimate.requests} model requests at least, about ${estimate.tokens.toLocaleString('en-US')} input tokens.\r\n`);
  const outcomes: CaseOutcome[][] = routers.map(() => []);
  const result = { passed: [] as string[], failed: [] as { id: string; message: string }[], skipped: [] as string[], errored: [] as string[] };
  // Read while the run is open: VS Code may let go of the token once it has ended.
  let cancelled = false;
  try {
    for (const item of items) run.enqueued(item);
    for (let i = 0; i < items.length; i++) {
      const item = items[i];
      if (token.isCancellationRequested) {
        cancelled = true;
        run.skipped(item);
        result.skipped.push(item.id);
        continue;
      }
      run.started(item);
      const started = Date.now();
      const messages: vscode.TestMessage[] = [];
      // Runs whose request failed (rate limit, quota, network): a case with no valid run is errored, not failed or passed.
      const erroredMessages: vscode.TestMessage[] = [];
      let complete = true;
      for (let r = 0; r < routers.length; r++) {
        let errors: readonly string[] = [];
        const [outcome] = await runEval([refs[i].case], routers[r], { runs, token, onCase: (_, __, failed) => (errors = failed) });
        if (!outcome) {
          complete = false;
          break;
        }
        outcomes[r].push(outcome);
        if (outcome.picks.length === 0) {
          const message = new vscode.TestMessage(`${routers[r].name}: every request failed, so the case was not scored: ${errors[0] ?? 'no answer'}`);
          message.location = new vscode.Location(item.uri!, item.range!);
          erroredMessages.push(message);
        } else if (!casePasses(outcome)) {
          const failedRequests = errors.length > 0 ? ` ${errors.length} of its requests failed (not counted): ${errors[0]}` : '';
          const message = new vscode.TestMessage(failureMessage(routers[r].name, refs[i], outcome) + failedRequests);
          message.location = new vscode.Location(item.uri!, item.range!);
          messages.push(message);
        }
      }
      if (!complete) {
        cancelled = true;
        run.skipped(item);
        result.skipped.push(item.id);
      } else if (erroredMessages.length > 0 && messages.length === 0) {
        run.errored(item, erroredMessages, Date.now() - started);
        result.errored.push(item.id);
      } else if (messages.length === 0) {
        run.passed(item, Date.now() - started);
        result.passed.push(item.id);
      } else {
        run.failed(item, messages, Date.now() - started);
        result.failed.push({ id: item.id, message: messages.map((m) => String(m.message)).join('\n') });
      }
    }
  } finally {
    run.end();
  }
  const summaries = routers.map((router, r) => summarize(router.name, outcomes[r]));
  return { summaries, ...result, ...(estimate ? { estimate } : {}), cancelled };
}
