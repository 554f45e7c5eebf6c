// A chat model as a routing eval router (docs/routing.md, "Routing with a model"): each case
// is one @skills turn (routingTurn.ts) with the listing of the catalog, or of the case's
// candidates when it names some.
import { buildListing, type ListingItem } from '../catalog/listing';
import type { CaseRouter } from '../routing/evalRun';
import type { ChatModel } from './agentLoop';
import type { CancellationToken, ToolCall } from './conversation';
import type { ToolMode } from './prompt';
import { withRequestOptions } from './rateLimits';
import { runRoutingTurn } from './routingTurn';

export interface ModelCaseRouterInput {
  readonly model: ChatModel;
  /** The offered skills, sorted by name (the catalog's listing items). */
  readonly skills: readonly ListingItem[];
  readonly budget: number;
  readonly mode: ToolMode;
  /** Runs a tool call that is not a pick (list skills, reading a bundled file). */
  readonly invokeTool: (call: ToolCall, token: CancellationToken) => Promise<string>;
  /** Called with the requests each turn sent. */
  readonly onRequests?: (count: number) => void;
  /** The sampling temperature of every request (docs/routing.md: 0 for one run, 1 for more, unless set). */
  readonly temperature?: number;
}

/** The temperature a run samples at when the user set none: 0 for one run, 1 (the models' own default) for repeats, which would otherwise repeat one answer. */
export function defaultTemperature(runs: number): number {
  return runs > 1 ? 1 : 0;
}

export function modelCaseRouter(input: ModelCaseRouterInput): CaseRouter {
  const full = buildListing(input.skills, input.budget);
  const descriptions = new Map(input.skills.map((s) => [s.name, s.description ?? '']));
  const model =
    input.temperature === undefined ? input.model : withRequestOptions(input.model, { temperature: input.temperature });
  return {
    name: input.model.name ?? 'model',
    defaultRuns: 3,
    route: async (c, token) => {
      const listing = c.candidates
        ? buildListing(
            input.skills.filter((s) => c.candidates!.includes(s.name)),
            input.budget,
          )
        : full;
      const result = await runRoutingTurn({
        model,
        query: c.query,
        listing,
        descriptions,
        mode: input.mode,
        invokeTool: input.invokeTool,
        token,
      });
      input.onRequests?.(result.requests);
      return result.error ? { pick: result.pick, error: result.error.message } : { pick: result.pick };
    },
  };
}
