// The routers a routing run or `/eval` uses in the editor: the lexical ranker over the
// listed skills, or a VS Code language model given exactly the @skills prompt and tools
// (the listing under the current budget, the tool mode of `skillsmith.chat.toolMode`).
// Calls that are not picks run through the core tools, as the model's own calls would.
import * as vscode from 'vscode';
import type { ListingItem } from '../../core/catalog/listing';
import { modelCaseRouter } from '../../core/chat/modelCaseRouter';
import { routingSystemPrompt, routingTools } from '../../core/chat/routingTurn';
import { LIST_SKILLS_TOOL, READ_SKILL_FILE_TOOL } from '../../core/loading/toolDefinitions';
import { formatToolError, runListSkills, runReadSkillFile } from '../../core/loading/tools';
import type { RoutingCase } from '../../core/routing/evalCases';
import { lexicalCaseRouter, type CaseRouter } from '../../core/routing/evalRun';
import { listedSkills as listedSkillsOf } from '../../core/routing/listedSkills';
import { LanguageModelChatAdapter } from '../languageModelChat';
import type { SkillsmithServices } from '../services';
import { readSettings } from '../settings';
import { skillToolContext, toolResultText } from '../toolContext';

/** The listed skills under the current budget (core/routing/listedSkills.ts). */
export function listedSkills(services: SkillsmithServices): (ListingItem & { readonly description: string })[] {
  return listedSkillsOf(services.catalog, readSettings().listingBudget);
}

export function lexicalRouter(services: SkillsmithServices): CaseRouter {
  return lexicalCaseRouter(listedSkills(services));
}

/** A model as a router over `skills` (default: the listed ones); `onRequests` counts the requests each case sent. */
export function languageModelRouter(
  services: SkillsmithServices,
  model: vscode.LanguageModelChat,
  onRequests?: (n: number) => void,
  skills: readonly ListingItem[] = listedSkills(services),
): CaseRouter {
  const settings = readSettings();
  return modelCaseRouter({
    model: new LanguageModelChatAdapter(model),
    skills,
    budget: settings.listingBudget,
    mode: settings.toolMode,
    ...(onRequests ? { onRequests } : {}),
    invokeTool: async (call) => {
      const context = skillToolContext(services, 'model');
      if (call.name === LIST_SKILLS_TOOL.name) return toolResultText(runListSkills(context, call.input));
      if (call.name === READ_SKILL_FILE_TOOL.name) return toolResultText(await runReadSkillFile(context, call.input));
      return formatToolError({ type: 'not_found', message: `No tool named '${call.name}'.` });
    },
  });
}

export interface RunEstimate {
  /** One request per case, run and model; a turn that lists skills first takes more. */
  readonly requests: number;
  /** Input tokens of those requests as the models count them (prompt, tools and query). */
  readonly tokens: number;
}

/** What a run will cost at least, counted with each model's own tokenizer. */
export async function estimateRun(services: SkillsmithServices, models: readonly vscode.LanguageModelChat[], cases: readonly RoutingCase[], runs: number): Promise<RunEstimate> {
  const settings = readSettings();
  const listing = services.catalog.listing(settings.listingBudget);
  const descriptions = new Map(listedSkills(services).map((s) => [s.name, s.description]));
  const fixed = routingSystemPrompt(settings.toolMode, listing) + JSON.stringify(routingTools(settings.toolMode, listing, descriptions));
  let tokens = 0;
  for (const model of models) {
    const base = await model.countTokens(fixed);
    for (const c of cases) tokens += (base + (await model.countTokens(c.query))) * runs;
  }
  return { requests: cases.length * runs * models.length, tokens };
}
