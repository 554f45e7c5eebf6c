// One Test Explorer run of routing evals (docs/routing.md, "In the Test Explorer"): the
// chosen models (or the lexical router), the cost shown before a long run, then each case
// N times per model, with its item passed when every model picked right in a majority of
// runs, and failed with what was picked instead and how often. Cancelling stops at the
// next request; the cases not reached are marked skipped. The summary per model goes to
// the report.
import * as vscode from 'vscode';
import { ROUTING_CONFIRM_REQUESTS } from '../../core/base/limits';
import { plural } from '../../core/base/text';
import { forEachConcurrent } from '../../core/base/concurrency';
import { RequestGate } from '../../core/chat/rateLimits';
import { estimateText, usageText, type RunEstimate, type RunUsage } from '../../core/chat/runCost';
import { runCase, type CaseRouter } from '../../core/routing/evalRun';
import {
  casePasses,
  caseResult,
  NONE_LABEL,
  pickCounts,
  summarize,
  type CaseOutcome,
  type EvalSummary,
} from '../../core/routing/metrics';
import { caseRateText, intervalText } from '../../core/routing/report';
import type { TokenCounter } from '../languageModelChat';
import type { SkillsmithServices } from '../services';
import { readRoutingSettings } from '../settings';
import { chooseModels } from './modelChoice';
import { estimateRun, languageModelRouter, lexicalRouter } from './routers';
import type { CaseRef, RoutingTestTree } from './testTree';
import { inBackground } from '../background';

/** What a finished run leaves behind, for the report and the host tests. */
export interface RoutingRunResult {
  readonly summaries: readonly EvalSummary[];
  readonly passed: readonly string[];
  readonly failed: readonly { readonly id: string; readonly message: string }[];
  readonly skipped: readonly string[];
  /** Cases whose every request failed: shown as errored, scored nowhere. */
  readonly errored: readonly string[];
  /** What the run was estimated to cost, and what it used. */
  readonly estimate?: RunEstimate;
  readonly usage?: RunUsage;
  /** The k-of-N line each case got in the test output, by item id (passed cases included). */
  readonly rates: Readonly<Record<string, string>>;
  readonly cancelled: boolean;
}

/** The failure message of a case under one router: what was picked, how often, and how sure the rate is. */
export function failureMessage(router: string, ref: CaseRef, outcome: CaseOutcome): string {
  const counts = pickCounts(outcome.picks)
    .map(([pick, n]) => `${pick ?? NONE_LABEL} ${n} of ${outcome.picks.length}`)
    .join(', ');
  const c = ref.case;
  const wanted = c.avoid?.length
    ? `anything but ${c.avoid.join(' or ')}`
    : c.expected.length === 0
      ? 'no skill'
      : [...c.expected, ...c.acceptable].join(' or ');
  const result = caseResult(outcome);
  return `${router} picked ${counts} (expected ${wanted}; right ${result.right} of ${result.runs}, 95 % CI ${intervalText(result.rate_ci)}, a majority is needed)`;
}

/** Runs the request; resolves when the run has ended. */
export async function runRoutingTests(
  services: SkillsmithServices,
  controller: vscode.TestController,
  tree: RoutingTestTree,
  request: vscode.TestRunRequest,
  token: vscode.CancellationToken,
  withModels: boolean,
  runOffline: () => void,
): Promise<RoutingRunResult | undefined> {
  const items = tree.casesOf(request);
  const refs = items.map((item) => tree.caseOf(item)!);
  const settings = readRoutingSettings();
  const runs = withModels ? settings.runs : 1;
  let routers: CaseRouter[];
  let estimate: RunEstimate | undefined;
  const usage: TokenCounter = { requests: 0, input: 0, output: 0 };
  if (withModels) {
    const models = await chooseModels();
    if (models.length === 0) {
      noModelRun(services, controller, request, items, runOffline);
      return undefined;
    }
    estimate = await estimateRun(
      services,
      models,
      refs.map((r) => r.case),
      runs,
    );
    if (estimate.requests > ROUTING_CONFIRM_REQUESTS) {
      const go = await vscode.window.showWarningMessage(
        `This routing run sends ${estimateText(estimate)}: ${plural(items.length, 'case')} × ${plural(runs, 'run')} × ${plural(models.length, 'model')}.`,
        { modal: true },
        'Run',
      );
      if (go !== 'Run') return undefined;
    }
    // One gate for the whole run: a rate limit on one request holds every request (core/chat/rateLimits.ts).
    const gate = new RequestGate();
    routers = models.map((model) => languageModelRouter(services, model, { gate, usage }));
  } else {
    routers = [lexicalRouter(services)];
  }

  const run = controller.createTestRun(request, 'Routing evals', true);
  const concurrency = withModels ? settings.concurrency : 1;
  const what = withModels
    ? `${routers.map((r) => r.name).join(', ')}, ${plural(runs, 'run')} per case, ${concurrency} at once`
    : 'the lexical router';
  run.appendOutput(`Routing ${plural(items.length, 'case')} with ${what}.\r\n`);
  if (estimate) run.appendOutput(`Estimated: ${estimateText(estimate)}.\r\n`);
  const outcomes = routers.map(() => new Array<CaseOutcome | undefined>(items.length));
  const result = {
    passed: [] as string[],
    failed: [] as { id: string; message: string }[],
    skipped: [] as string[],
    errored: [] as string[],
    rates: {} as Record<string, string>,
  };
  // Read while the run is open: VS Code may let go of the token once it has ended.
  let cancelled = false;
  const reached = new Set<number>();
  try {
    for (const item of items) run.enqueued(item);
    await forEachConcurrent(
      items,
      concurrency,
      async (item, i) => {
        reached.add(i);
        run.started(item);
        const started = Date.now();
        const messages: vscode.TestMessage[] = [];
        // Runs whose request failed (rate limit, quota, network): a case with no valid run is errored, not failed or passed.
        const erroredMessages: vscode.TestMessage[] = [];
        const rates: string[] = [];
        for (let r = 0; r < routers.length; r++) {
          const outcome = await runCase(refs[i].case, routers[r], runs, token);
          if (!outcome) {
            cancelled = true;
            run.skipped(item);
            result.skipped.push(item.id);
            return;
          }
          outcomes[r][i] = outcome;
          const errors = outcome.errors ?? [];
          const at = new vscode.Location(item.uri!, item.range!);
          if (outcome.picks.length === 0) {
            const message = new vscode.TestMessage(
              `${routers[r].name}: every request failed, so the case was not scored: ${errors[0] ?? 'no answer'}`,
            );
            message.location = at;
            erroredMessages.push(message);
            continue;
          }
          rates.push(`${routers[r].name}: ${caseRateText(caseResult(outcome)).replace(/`/g, '')}`);
          if (!casePasses(outcome)) {
            const failedRequests =
              errors.length > 0 ? ` ${errors.length} of its requests failed (not counted): ${errors[0]}` : '';
            const message = new vscode.TestMessage(failureMessage(routers[r].name, refs[i], outcome) + failedRequests);
            message.location = at;
            messages.push(message);
          }
        }
        // k of N for every case, passed ones included: a pass on 2 of 3 is not a pass on 3 of 3.
        if (rates.length > 0 && runs > 1) {
          result.rates[item.id] = rates.join('; ');
          run.appendOutput(`${item.label}: ${rates.join('; ')}\r\n`, new vscode.Location(item.uri!, item.range!), item);
        }
        if (erroredMessages.length > 0 && messages.length === 0) {
          run.errored(item, erroredMessages, Date.now() - started);
          result.errored.push(item.id);
        } else if (messages.length === 0) {
          run.passed(item, Date.now() - started);
          result.passed.push(item.id);
        } else {
          run.failed(item, messages, Date.now() - started);
          result.failed.push({
            id: item.id,
            message: messages.map((m) => (typeof m.message === 'string' ? m.message : m.message.value)).join('\n'),
          });
        }
      },
      () => token.isCancellationRequested,
    );
    if (token.isCancellationRequested) cancelled = true;
    items.forEach((item, i) => {
      if (reached.has(i)) return;
      run.skipped(item);
      result.skipped.push(item.id);
    });
    if (withModels) run.appendOutput(`Used: ${usageText(usageOf(usage))}.\r\n`);
  } finally {
    run.end();
  }
  const summaries = routers.map((router, r) =>
    summarize(
      router.name,
      outcomes[r].filter((o): o is CaseOutcome => o !== undefined),
    ),
  );
  return { summaries, ...result, ...(estimate ? { estimate, usage: usageOf(usage) } : {}), cancelled };
}

function usageOf(counter: TokenCounter): RunUsage {
  return { requests: counter.requests, input_tokens: counter.input, output_tokens: counter.output, source: 'counted' };
}

/**
 * No model to run with: the run still appears, its cases skipped, with what to do in the test
 * output, and a notification offers the offline run or the way to get a model.
 */
function noModelRun(
  services: SkillsmithServices,
  controller: vscode.TestController,
  request: vscode.TestRunRequest,
  items: readonly vscode.TestItem[],
  runOffline: () => void,
): void {
  const run = controller.createTestRun(request, 'Routing evals', true);
  run.appendOutput(`${NO_MODEL_MESSAGE}\r\n`);
  for (const item of items) run.skipped(item);
  run.end();
  inBackground(
    services.log,
    'a warning message',
    vscode.window.showWarningMessage(NO_MODEL_MESSAGE, LEXICAL_ACTION, GET_MODEL_ACTION).then((choice) => {
      if (choice === LEXICAL_ACTION) runOffline();
      else if (choice === GET_MODEL_ACTION)
        return vscode.commands.executeCommand('workbench.extensions.search', '@category:"AI" chat');
    }),
  );
}

export const NO_MODEL_HINT = 'Sign in to GitHub Copilot, or install another extension that provides chat models.';
export const NO_MODEL_MESSAGE = `No language model is available to run the routing evals with, so none ran. ${NO_MODEL_HINT} Or run them offline with the lexical router.`;
const LEXICAL_ACTION = 'Run with the Lexical Router';
const GET_MODEL_ACTION = 'Find a Model Provider';
