// One routing eval request to a model (docs/routing.md, "Routing with a model"): exactly the
// @skills system prompt and tools, the case's query as the user's prompt, and the first
// skill tool call recorded as the pick. A pick is a call that loads a skill, reads its
// SKILL.md, or calls its per-skill tool; the turn stops there, without running the skill.
// Other calls (list skills, reading another file) run for real through `invokeTool`, and
// the loop goes on; a turn that ends without a skill call picks none.
import { MAX_ROUTING_ROUNDS } from '../base/limits';
import { nameKey } from '../catalog/catalog';
import type { Listing } from '../catalog/listing';
import {
  LIST_SKILLS_TOOL,
  LOAD_SKILL_TOOL,
  READ_SKILL_FILE_TOOL,
  type ToolDefinition,
} from '../loading/toolDefinitions';
import { runAgentLoop, type AgentLoopError, type ChatModel } from './agentLoop';
import type { CancellationToken, ToolCall } from './conversation';
import { buildSystemPrompt, perSkillToolDefinitions, skillNameForToolName, type ToolMode } from './prompt';

export interface RoutingTurnInput {
  readonly model: ChatModel;
  readonly query: string;
  /** The listing the model sees (of the case's candidates, when it has some). */
  readonly listing: Listing;
  /** Descriptions of the listed skills (per-skill mode gives each a tool). */
  readonly descriptions: ReadonlyMap<string, string>;
  readonly mode: ToolMode;
  /** Runs a call that is not a pick (list skills, reading a bundled file) as @skills would. */
  readonly invokeTool: (call: ToolCall, token: CancellationToken) => Promise<string>;
  readonly token: CancellationToken;
  readonly maxRounds?: number;
}

export interface RoutingTurnResult {
  /** The skill picked, or null when the turn made no skill call. */
  readonly pick: string | null;
  /** Model requests sent. */
  readonly requests: number;
  /** `cancelled` only when the caller's token fired. */
  readonly status: 'picked' | 'none' | 'cancelled' | 'error';
  readonly error?: AgentLoopError;
}

/** The tools of an @skills turn for `mode`, as the participant offers them. */
export function routingTools(
  mode: ToolMode,
  listing: Listing,
  descriptions: ReadonlyMap<string, string>,
): ToolDefinition[] {
  if (mode === 'tools') return [LIST_SKILLS_TOOL, LOAD_SKILL_TOOL, READ_SKILL_FILE_TOOL];
  const skills = listing.included.map((name) => ({ name, description: descriptions.get(name) ?? '' }));
  return [...perSkillToolDefinitions(skills), READ_SKILL_FILE_TOOL];
}

/** The system prompt of an @skills turn with this listing. */
export function routingSystemPrompt(mode: ToolMode, listing: Listing): string {
  return buildSystemPrompt({ listing: listing.text, droppedCount: listing.dropped.length, mode });
}

function stringField(input: object, key: string): string {
  const value = (input as Record<string, unknown>)[key];
  return typeof value === 'string' ? value.trim() : '';
}

/** The skill a call picks, if it is a pick: matched against the listed names (NFKC). */
export function pickOfCall(call: ToolCall, mode: ToolMode, names: readonly string[]): string | undefined {
  const find = (name: string) => names.find((n) => nameKey(n) === nameKey(name));
  if (call.name === LOAD_SKILL_TOOL.name && mode === 'tools') return find(stringField(call.input, 'name'));
  if (call.name === READ_SKILL_FILE_TOOL.name) {
    const path = stringField(call.input, 'path').replace(/^(\.\/)+/, '');
    return path.toLowerCase() === 'skill.md' ? find(stringField(call.input, 'name')) : undefined;
  }
  return skillNameForToolName(call.name, names);
}

/**
 * A token that fires when the caller's does, or when the turn has its pick. It is handed to
 * the model's own API too, which may subscribe with a `this` argument (as VS Code's
 * CancellationTokenSource does with a parent token), so that is honoured.
 */
function stoppableToken(outer: CancellationToken): { token: CancellationToken; stop: () => void } {
  const listeners = new Set<() => void>();
  let stopped = false;
  const token = {
    get isCancellationRequested() {
      return stopped || outer.isCancellationRequested;
    },
    onCancellationRequested(listener: () => void, thisArg?: unknown) {
      const bound = () => listener.call(thisArg);
      const fromOuter = outer.onCancellationRequested(bound);
      listeners.add(bound);
      return { dispose: () => (fromOuter.dispose(), listeners.delete(bound)) };
    },
  };
  const stop = () => {
    if (stopped) return;
    stopped = true;
    for (const listener of [...listeners]) listener();
  };
  return { token, stop };
}

/** Sends the query as an @skills turn and reports the first skill it picked. */
export async function runRoutingTurn(input: RoutingTurnInput): Promise<RoutingTurnResult> {
  const names = input.listing.included;
  const tools = routingTools(input.mode, input.listing, input.descriptions);
  const { token, stop } = stoppableToken(input.token);
  let requests = 0;
  let pick: string | undefined;
  const counted: ChatModel = {
    name: input.model.name,
    sendRequest: (messages, defs, t) => {
      requests++;
      return input.model.sendRequest(messages, defs, t);
    },
  };
  const outcome = await runAgentLoop({
    model: counted,
    systemPrompt: routingSystemPrompt(input.mode, input.listing),
    prompt: input.query,
    tools,
    invokeTool: async (call, callToken) => {
      const picked = pickOfCall(call, input.mode, names);
      if (picked === undefined) return input.invokeTool(call, callToken);
      pick = picked;
      stop();
      return '';
    },
    maxRounds: input.maxRounds ?? MAX_ROUTING_ROUNDS,
    token,
  });
  if (pick !== undefined) return { pick, requests, status: 'picked' };
  if (input.token.isCancellationRequested) return { pick: null, requests, status: 'cancelled' };
  if (outcome.status === 'error')
    return { pick: null, requests, status: 'error', ...(outcome.error ? { error: outcome.error } : {}) };
  return { pick: null, requests, status: 'none' };
}
