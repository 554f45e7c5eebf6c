// `/eval [skill]` in @skills (docs/routing.md): runs the routing evals of one skill, or of
// all, with the chat's current model, and answers with the same summary as the report.
// The participant hands its turn over through ROUTING_COMMANDS.evalInChat.
import * as vscode from 'vscode';
import { plural } from '../../core/base/text';
import { nameKey } from '../../core/catalog/catalog';
import { escapeInlineMarkdown } from '../../core/chat/chatCommands';
import type { RoutingCase } from '../../core/routing/evalCases';
import { runEval } from '../../core/routing/evalRun';
import { summarize, type EvalSummary } from '../../core/routing/metrics';
import { hostsModule } from '../hostsModule';
import { summaryMarkdown } from '../../core/routing/report';
import type { SkillsmithServices } from '../services';
import { readRoutingSettings } from '../settings';
import type { EvalFileIndex } from './evalFileIndex';
import { estimateRun, languageModelRouter } from './routers';
import { estimateText, usageText } from '../../core/chat/runCost';
import type { TokenCounter } from '../languageModelChat';

/** The part of the participant's turn that /eval needs. */
export interface EvalChatTurn {
  readonly request: vscode.ChatRequest;
  readonly stream: vscode.ChatResponseStream;
  readonly token: vscode.CancellationToken;
  readonly model: vscode.LanguageModelChat;
}

/** Whether a case is about `skill`: it expects it, accepts it, or must avoid it. */
export function caseConcerns(c: RoutingCase, skill: string): boolean {
  const key = nameKey(skill);
  return (
    [...c.expected, ...c.acceptable, ...(c.avoid ?? [])].some((name) => nameKey(name) === key) ||
    (c.skill !== undefined && nameKey(c.skill) === key)
  );
}

/** Answers `/eval`; resolves with the ChatResult and the summary (when something ran). */
export async function evalInChat(
  services: SkillsmithServices,
  index: EvalFileIndex,
  turn: EvalChatTurn,
): Promise<{ result: vscode.ChatResult; summary?: EvalSummary }> {
  const { request, stream, token, model } = turn;
  const skill = request.prompt.trim().split(/\s+/)[0] || undefined;
  const metadata = { command: 'eval', rounds: [], skillsUsed: [] };
  const all = index.all().flatMap((f) => f.cases);
  const cases = skill ? all.filter((c) => caseConcerns(c, skill)) : all;
  if (cases.length === 0) {
    const where = skill ? ` for \`${skill}\`` : '';
    stream.markdown(
      `No routing evals found${where}. Add cases to \`<skill>/evals/trigger-evals.json\` (\`[{"query": "…", "should_trigger": true}]\`) or to a \`*.routing.json\` file (\`[{"query": "…", "expected": ["skill-name"]}]\`), then ask again.`,
    );
    return { result: { metadata } };
  }
  const { runs, concurrency } = readRoutingSettings();
  const usage: TokenCounter = { requests: 0, input: 0, output: 0 };
  const router = languageModelRouter(services, model, { usage });
  const estimate = await estimateRun(services, [model], cases, runs);
  stream.markdown(
    `Routing ${plural(cases.length, 'case')}${skill ? ` about \`${skill}\`` : ''} with **${model.name}**, ${plural(runs, 'run')} each: ${estimateText(estimate)}.\n\n`,
  );
  let done = 0;
  const errors: string[] = [];
  const outcomes = await runEval(cases, router, {
    runs,
    concurrency,
    token,
    onCase: (_, __, failed) => {
      errors.push(...failed);
      stream.progress(`Case ${++done} of ${cases.length}…`);
    },
  });
  if (token.isCancellationRequested) return { result: { metadata: { ...metadata, status: 'cancelled' } } };
  const summary = summarize(model.name, outcomes);
  stream.markdown(
    summaryMarkdown(
      summary,
      `Routing with ${model.name}`,
      hostsModule().hostListingNotes(services.catalog.records(), services.hostVerdicts()),
    ),
  );
  stream.markdown(
    `\n_${usageText({ requests: usage.requests, input_tokens: usage.input, output_tokens: usage.output, source: 'counted' })}._`,
  );
  // A failed request is left out of the figures (the summary says how many): say why.
  if (errors.length > 0)
    stream.markdown(
      `\n\n**${plural(errors.length, 'run')} failed** and counted nowhere: ${escapeInlineMarkdown(errors[0])}`,
    );
  return { result: { metadata }, summary };
}
