// Typed access to the `skillsmith.*` settings (contributed in package.json).
import * as vscode from 'vscode';
import { DEFAULT_LISTING_BUDGET, DEFAULT_MAX_ROUNDS, MAX_MAX_ROUNDS, MIN_LISTING_BUDGET } from '../core/base/limits';
import { DEFAULT_LOCATIONS } from '../core/catalog/locations';
import { DEFAULT_CONTEXT_TOKENS, DEFAULT_HOSTS, isHostId, type HostId } from '../core/hosts/hostIds';

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
  /** `skillsmith.hostContextTokens`: the context window where a host's budget is a share of it. */
  readonly hostContextTokens: number;
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
  const config = vscode.workspace.getConfiguration('skillsmith');
  const locations = config.get<unknown>('locations');
  return {
    locations: Array.isArray(locations)
      ? locations.filter((l): l is string => typeof l === 'string' && l.trim() !== '')
      : DEFAULT_LOCATIONS,
    listingBudget: boundedSetting(config.get('listing.budget'), DEFAULT_LISTING_BUDGET, MIN_LISTING_BUDGET),
    unicodeNames: config.get<boolean>('validation.unicodeNames', false),
    toolMode: config.get<string>('chat.toolMode') === 'perSkill' ? 'perSkill' : 'tools',
    includeOtherTools: config.get<boolean>('chat.includeOtherTools', false),
    maxRounds: boundedSetting(config.get('chat.maxRounds'), DEFAULT_MAX_ROUNDS, 1, MAX_MAX_ROUNDS),
    actionsEnabled: config.get<boolean>('actions.enabled', true) !== false,
    hosts: readHosts(config.get<unknown>('hosts')),
    hostContextTokens: boundedSetting(config.get('hostContextTokens'), DEFAULT_CONTEXT_TOKENS, 1000),
  };
}

/** The known host ids of the setting, once each, in order; the defaults when it is not a list. */
function readHosts(value: unknown): readonly HostId[] {
  if (!Array.isArray(value)) return DEFAULT_HOSTS;
  return [...new Set(value.filter((v): v is HostId => typeof v === 'string' && isHostId(v)))];
}

/** True when a configuration change touches settings that change what the catalog holds. */
export function affectsCatalog(event: vscode.ConfigurationChangeEvent): boolean {
  return (
    event.affectsConfiguration('skillsmith.locations') ||
    event.affectsConfiguration('skillsmith.validation.unicodeNames')
  );
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
  const config = vscode.workspace.getConfiguration('skillsmith.routing');
  const models = config.get<unknown>('models');
  const temperature = config.get<unknown>('temperature');
  return {
    models: Array.isArray(models) ? models.filter((m): m is string => typeof m === 'string' && m.trim() !== '') : [],
    runs: boundedSetting(config.get('runs'), 3, 1, 20),
    ...(typeof temperature === 'number' && Number.isFinite(temperature)
      ? { temperature: Math.min(2, Math.max(0, temperature)) }
      : {}),
    concurrency: boundedSetting(config.get('concurrency'), 4, 1, 16),
  };
}
