// What a routing run with a model will cost, said before it starts (docs/routing.md, "Cost"):
// one request per case, run and model at least (a turn that lists skills or reads a file
// first takes more), and the input tokens of those requests, counted on the real prompt: the
// system prompt with the listing (of the case's candidates, when it has some), the tool
// definitions, and the query. The counting is the caller's: a model's own tokenizer in the
// editor, o200k_base in the CLI.
import { buildListing, type ListingItem } from '../catalog/listing';
import type { ToolMode } from './prompt';
import { routingSystemPrompt, routingTools } from './routingTurn';
import type { RoutingCase } from '../routing/evalCases';

export interface RunEstimate {
  /** At least this many requests: one per case, run and model. */
  readonly requests: number;
  /** The input tokens of those requests. */
  readonly input_tokens: number;
}

/** What a run used, after it: from the server's reported usage, or counted with the model's tokenizer. */
export interface RunUsage {
  readonly requests: number;
  readonly input_tokens: number;
  readonly output_tokens: number;
  /** `reported`: the server's own usage figures; `counted`: tokens of what was sent and received. */
  readonly source: 'reported' | 'counted';
}

export interface PromptSource {
  readonly skills: readonly ListingItem[];
  readonly budget: number;
  readonly mode: ToolMode;
}

/** The fixed text of a case's request (system prompt and tools), by the case's candidates: what the model is sent before the query. */
export function routingPromptText(source: PromptSource): (c: RoutingCase) => string {
  const descriptions = new Map(source.skills.map((s) => [s.name, s.description ?? '']));
  const byCandidates = new Map<string, string>();
  return (c) => {
    const key = c.candidates ? JSON.stringify([...c.candidates].sort()) : '';
    let text = byCandidates.get(key);
    if (text === undefined) {
      const wanted = c.candidates && new Set(c.candidates);
      const listing = buildListing(
        wanted ? source.skills.filter((s) => wanted.has(s.name)) : source.skills,
        source.budget,
      );
      text =
        routingSystemPrompt(source.mode, listing) + JSON.stringify(routingTools(source.mode, listing, descriptions));
      byCandidates.set(key, text);
    }
    return text;
  };
}

/** The estimate of `runs` runs of every case with one model, its tokens counted by `countTokens`. */
export async function estimateRunCost(
  cases: readonly RoutingCase[],
  runs: number,
  promptOf: (c: RoutingCase) => string,
  countTokens: (text: string) => number | PromiseLike<number>,
): Promise<RunEstimate> {
  const counted = new Map<string, number>();
  let tokens = 0;
  for (const c of cases) {
    const prompt = promptOf(c);
    let base = counted.get(prompt);
    if (base === undefined) {
      base = await countTokens(prompt);
      counted.set(prompt, base);
    }
    tokens += (base + (await countTokens(c.query))) * runs;
  }
  return { requests: cases.length * runs, input_tokens: tokens };
}

/** Sums the estimates of several models. */
export function addEstimates(estimates: readonly RunEstimate[]): RunEstimate {
  return estimates.reduce(
    (sum, e) => ({ requests: sum.requests + e.requests, input_tokens: sum.input_tokens + e.input_tokens }),
    { requests: 0, input_tokens: 0 },
  );
}

/** "42 requests at least, about 31,500 input tokens". */
export function estimateText(estimate: RunEstimate, tokenizer?: string): string {
  return `${estimate.requests.toLocaleString('en-US')} model request${estimate.requests === 1 ? '' : 's'} at least, about ${estimate.input_tokens.toLocaleString('en-US')} input tokens${tokenizer ? ` (counted with ${tokenizer})` : ''}`;
}

/** "45 requests, 33,120 input and 910 output tokens (reported by the server)". */
export function usageText(usage: RunUsage): string {
  const how = usage.source === 'reported' ? 'as the server reported them' : "counted with the model's tokenizer";
  return `${usage.requests.toLocaleString('en-US')} model request${usage.requests === 1 ? '' : 's'} sent, ${usage.input_tokens.toLocaleString('en-US')} input and ${usage.output_tokens.toLocaleString('en-US')} output tokens (${how})`;
}
