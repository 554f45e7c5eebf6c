// The routers a routing run or `/eval` uses in the editor: the lexical ranker over the
// listed skills, or a VS Code language model given exactly the @skills prompt and tools
// (the listing under the current budget, the tool mode of `skillsmith.chat.toolMode`).
// Calls that are not picks run through the core tools, as the model's own calls would.
import * as vscode from 'vscode';
import type { ListingItem } from '../../core/catalog/listing';
import { defaultTemperature, modelCaseRouter } from '../../core/chat/modelCaseRouter';
import { RequestGate, retryingModel } from '../../core/chat/rateLimits';
import { addEstimates, estimateRunCost, routingPromptText, type RunEstimate } from '../../core/chat/runCost';
import { LIST_SKILLS_TOOL, READ_SKILL_FILE_TOOL } from '../../core/loading/toolDefinitions';
import { formatToolError, runListSkills, runReadSkillFile } from '../../core/loading/tools';
import type { RoutingCase } from '../../core/routing/evalCases';
import { lexicalCaseRouter, type CaseRouter } from '../../core/routing/evalRun';
import { listedSkills as listedSkillsOf, offeredSkills } from '../../core/routing/listedSkills';
import { LanguageModelChatAdapter, type TokenCounter } from '../languageModelChat';
import type { SkillsmithServices } from '../services';
import { readRoutingSettings, readSettings } from '../settings';
import { skillToolContext, toolResultText } from '../toolContext';

/** The listed skills under the current budget (core/routing/listedSkills.ts). */
export function listedSkills(services: SkillsmithServices): (ListingItem & { readonly description: string })[] {
  return listedSkillsOf(services.catalog, readSettings().listingBudget);
}

export function lexicalRouter(services: SkillsmithServices): CaseRouter {
  return lexicalCaseRouter(offeredSkills(services.catalog), readSettings().listingBudget);
}

export interface ModelRouterOptions {
  /** Counts the requests each case sent. */
  readonly onRequests?: (n: number) => void;
  /** The skills offered, sorted by name (default: the catalog's); each case is listed under the budget. */
  readonly skills?: readonly ListingItem[];
  /** Shared by every request of a run: a rate limit holds them all (core/chat/rateLimits.ts). */
  readonly gate?: RequestGate;
  /** The requests of the run, for the tokens they used. */
  readonly usage?: TokenCounter;
}

/**
 * A model as a router, at the temperature of `skillsmith.routing.temperature` (or its default
 * for the number of runs), asking again after a rate limit.
 */
export function languageModelRouter(
  services: SkillsmithServices,
  model: vscode.LanguageModelChat,
  options: ModelRouterOptions = {},
): CaseRouter {
  const settings = readSettings();
  const routing = readRoutingSettings();
  const adapter = new LanguageModelChatAdapter(model, options.usage);
  return modelCaseRouter({
    model: retryingModel(adapter, options.gate ?? new RequestGate()),
    skills: options.skills ?? offeredSkills(services.catalog),
    budget: settings.listingBudget,
    mode: settings.toolMode,
    temperature: routing.temperature ?? defaultTemperature(routing.runs),
    ...(options.onRequests ? { onRequests: options.onRequests } : {}),
    invokeTool: async (call) => {
      const context = skillToolContext(services, 'model');
      if (call.name === LIST_SKILLS_TOOL.name) return toolResultText(runListSkills(context, call.input));
      if (call.name === READ_SKILL_FILE_TOOL.name) return toolResultText(await runReadSkillFile(context, call.input));
      return formatToolError({ type: 'not_found', message: `No tool named '${call.name}'.` });
    },
  });
}

/** What a run will cost at least, each model's tokens counted with its own tokenizer (core/chat/runCost.ts). */
export async function estimateRun(
  services: SkillsmithServices,
  models: readonly vscode.LanguageModelChat[],
  cases: readonly RoutingCase[],
  runs: number,
): Promise<RunEstimate> {
  const settings = readSettings();
  const promptOf = routingPromptText({
    skills: offeredSkills(services.catalog),
    budget: settings.listingBudget,
    mode: settings.toolMode,
  });
  const estimates: RunEstimate[] = [];
  for (const model of models)
    estimates.push(await estimateRunCost(cases, runs, promptOf, (text) => model.countTokens(text)));
  return addEstimates(estimates);
}
