// Typed access to the `skillsmith.*` settings (contributed in package.json).
import * as vscode from 'vscode';
import { DEFAULT_LISTING_BUDGET } from '../core/catalog/listing';
import { DEFAULT_LOCATIONS } from '../core/catalog/locations';

export interface SkillsmithSettings {
  readonly locations: readonly string[];
  readonly listingBudget: number;
  readonly unicodeNames: boolean;
  readonly toolMode: 'tools' | 'perSkill';
  readonly includeOtherTools: boolean;
  readonly maxRounds: number;
}

/** Reads the current settings, falling back to the defaults on nonsense values. */
export function readSettings(): SkillsmithSettings {
  const config = vscode.workspace.getConfiguration('skillsmith');
  const locations = config.get<unknown>('locations');
  const budget = config.get<number>('listing.budget', DEFAULT_LISTING_BUDGET);
  const maxRounds = config.get<number>('chat.maxRounds', 10);
  return {
    locations: Array.isArray(locations) ? locations.filter((l): l is string => typeof l === 'string' && l.trim() !== '') : DEFAULT_LOCATIONS,
    listingBudget: Number.isFinite(budget) && budget > 0 ? Math.floor(budget) : DEFAULT_LISTING_BUDGET,
    unicodeNames: config.get<boolean>('validation.unicodeNames', false),
    toolMode: config.get<string>('chat.toolMode') === 'perSkill' ? 'perSkill' : 'tools',
    includeOtherTools: config.get<boolean>('chat.includeOtherTools', false),
    maxRounds: Number.isFinite(maxRounds) && maxRounds >= 1 ? Math.floor(maxRounds) : 10,
  };
}

/** True when a configuration change touches settings that change what the catalog holds. */
export function affectsCatalog(event: vscode.ConfigurationChangeEvent): boolean {
  return event.affectsConfiguration('skillsmith.locations') || event.affectsConfiguration('skillsmith.validation.unicodeNames');
}
