// Typed access to the `skillsmith.*` settings (contributed in package.json).
import * as vscode from 'vscode';
import { DEFAULT_LISTING_BUDGET, DEFAULT_MAX_ROUNDS, MAX_MAX_ROUNDS, MIN_LISTING_BUDGET } from '../core/base/limits';
import { DEFAULT_LOCATIONS } from '../core/catalog/locations';
import { DEFAULT_HOSTS, isHostId, type ContextTokens, type HostId } from '../core/hosts/hostIds';

/** Every setting the extension reads, by its full key: the one place that spells them (package.json contributes them). */
export const SETTINGS = {
  locations: 'skillsmith.locations',
  hosts: 'skillsmith.hosts',
  hostContextTokens: 'skillsmith.hostContextTokens',
  listingBudget: 'skillsmith.listing.budget',
  unicodeNames: 'skillsmith.validation.unicodeNames',
  toolMode: 'skillsmith.chat.toolMode',
  includeOtherTools: 'skillsmith.chat.includeOtherTools',
  maxRounds: 'skillsmith.chat.maxRounds',
  actionsEnabled: 'skillsmith.actions.enabled',
  routingModels: 'skillsmith.routing.models',
  routingRuns: 'skillsmith.routing.runs',
  routingTemperature: 'skillsmith.routing.temperature',
  routingConcurrency: 'skillsmith.routing.concurrency',
  mcpEnabled: 'skillsmith.mcp.enabled',
  /** Read by VS Code itself: the `when` of the contributed skill (package.json contributes.chatSkills). */
  contributeChatSkill: 'skillsmith.chat.contributeSkill',
  /** VS Code's own: whether its agent reads skills itself. */
  vscodeAgentSkills: 'chat.useAgentSkills',
} as const;

/** A setting's current value, by its full key. */
function setting<T>(key: string): T | undefined {
  return vscode.workspace.getConfiguration().get<T>(key);
}

export interface SkillsmithSettings {
  readonly locations: readonly string[];
  readonly listingBudget: number;
  readonly unicodeNames: boolean;
  readonly toolMode: 'tools' | 'perSkill';
  readonly includeOtherTools: boolean;
  readonly maxRounds: number;
  /** `skillsmith.actions.enabled`: false turns every action off (docs/actions.md). */
  readonly actionsEnabled: boolean;
  /** `skillsmith.hosts`: the agents whose verdicts the editor shows (docs/hosts.md). */
  readonly hosts: readonly HostId[];
  /**
   * `skillsmith.hostContextTokens`: the context window where a host's budget is a share of it, for
   * every host (a number) or per host (an object by host id); undefined: each host's default model's.
   */
  readonly hostContextTokens: ContextTokens | undefined;
  /** `skillsmith.mcp.enabled`: whether the extension offers its MCP server to VS Code (docs/mcp.md; off by default). */
  readonly mcpEnabled: boolean;
  /** VS Code's `chat.useAgentSkills`: false when its agent reads no skills itself. */
  readonly vscodeAgentSkills: boolean;
}

/**
 * A number setting as a whole number within the bounds the manifest declares: VS Code shows
 * out-of-range values as a warning in the settings UI but still hands them over.
 */
export function boundedSetting(value: unknown, fallback: number, min: number, max = Number.MAX_SAFE_INTEGER): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) return fallback;
  return Math.min(max, Math.max(min, Math.floor(value)));
}

/** Reads the current settings, falling back to the defaults on nonsense values. */
export function readSettings(): SkillsmithSettings {
  const locations = setting<unknown>(SETTINGS.locations);
  return {
    locations: Array.isArray(locations)
      ? locations.filter((l): l is string => typeof l === 'string' && l.trim() !== '')
      : DEFAULT_LOCATIONS,
    listingBudget: boundedSetting(setting(SETTINGS.listingBudget), DEFAULT_LISTING_BUDGET, MIN_LISTING_BUDGET),
    unicodeNames: setting<boolean>(SETTINGS.unicodeNames) === true,
    toolMode: setting<string>(SETTINGS.toolMode) === 'perSkill' ? 'perSkill' : 'tools',
    includeOtherTools: setting<boolean>(SETTINGS.includeOtherTools) === true,
    maxRounds: boundedSetting(setting(SETTINGS.maxRounds), DEFAULT_MAX_ROUNDS, 1, MAX_MAX_ROUNDS),
    actionsEnabled: setting<boolean>(SETTINGS.actionsEnabled) !== false,
    hosts: readHosts(setting<unknown>(SETTINGS.hosts)),
    hostContextTokens: readContextTokens(setting<unknown>(SETTINGS.hostContextTokens)),
    mcpEnabled: setting<boolean>(SETTINGS.mcpEnabled) === true,
    vscodeAgentSkills: setting<boolean>(SETTINGS.vscodeAgentSkills) !== false,
  };
}

/** The known host ids of the setting, once each, in order; the defaults when it is not a list. */
function readHosts(value: unknown): readonly HostId[] {
  if (!Array.isArray(value)) return DEFAULT_HOSTS;
  return [...new Set(value.filter((v): v is HostId => typeof v === 'string' && isHostId(v)))];
}

/** The smallest context window the setting takes, as the manifest declares. */
const MIN_CONTEXT_TOKENS = 1000;

/**
 * `skillsmith.hostContextTokens`: a number for every host (the setting's first form), or an object
 * of windows by host id; unknown ids and values that are not numbers are left out.
 */
export function readContextTokens(value: unknown): ContextTokens | undefined {
  if (typeof value === 'number') return boundedSetting(value, MIN_CONTEXT_TOKENS, MIN_CONTEXT_TOKENS);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const perHost: Partial<Record<HostId, number>> = {};
  for (const [host, tokens] of Object.entries(value as Record<string, unknown>))
    if (isHostId(host) && typeof tokens === 'number' && Number.isFinite(tokens))
      perHost[host] = boundedSetting(tokens, MIN_CONTEXT_TOKENS, MIN_CONTEXT_TOKENS);
  return Object.keys(perHost).length > 0 ? perHost : undefined;
}

/** True when a configuration change touches settings that change what the catalog holds. */
export function affectsCatalog(event: vscode.ConfigurationChangeEvent): boolean {
  return event.affectsConfiguration(SETTINGS.locations) || event.affectsConfiguration(SETTINGS.unicodeNames);
}

/** The routing eval settings (docs/routing.md), read by the routing feature only. */
export interface RoutingSettings {
  readonly models: readonly string[];
  readonly runs: number;
  /** The sampling temperature; undefined: 0 for one run, 1 for more (defaultTemperature). */
  readonly temperature?: number;
  /** Cases routed at once. */
  readonly concurrency: number;
}

export function readRoutingSettings(): RoutingSettings {
  const models = setting<unknown>(SETTINGS.routingModels);
  const temperature = setting<unknown>(SETTINGS.routingTemperature);
  return {
    models: Array.isArray(models) ? models.filter((m): m is string => typeof m === 'string' && m.trim() !== '') : [],
    runs: boundedSetting(setting(SETTINGS.routingRuns), 3, 1, 20),
    ...(typeof temperature === 'number' && Number.isFinite(temperature)
      ? { temperature: Math.min(2, Math.max(0, temperature)) }
      : {}),
    concurrency: boundedSetting(setting(SETTINGS.routingConcurrency), 4, 1, 16),
  };
}
