// The passes of `validate` over the whole set of linted skills, whoever runs it: duplicate-name
// by the locations' precedence, description-overlap across the skills that would be offered, then
// the reports. With a cache (validateCache.ts), the overlap pass is taken from it when nothing
// it routes changed, and the data for the next run comes back.
import type { FileSystem } from '../base/fileSystem';
import type { Problem } from '../base/types';
import { descriptionOverlaps, routedSkills } from './descriptionOverlaps';
import type { LintOutcome } from './skillValidation';
import { cachedLintOf, overlapDigest, type CachedLint, type ValidateCacheData } from './validateCache';
import { withDuplicateNames, type ValidateTarget } from './validateFiles';
import { reportsOf, type SkillReports } from './validateReports';

export interface SetCache {
  readonly previous: ValidateCacheData | undefined;
  readonly digest: (bytes: Uint8Array) => string;
  /** When this run began, before it read anything. */
  readonly startedAt: number;
}

/** The reports of the lints (`lints[i]` is `targets[i]`'s), with the set's passes. */
export async function setReports(
  fs: FileSystem,
  targets: readonly ValidateTarget[],
  lints: readonly LintOutcome[],
): Promise<SkillReports>;
/** The same, and what the next run's cache holds. */
export async function setReports(
  fs: FileSystem,
  targets: readonly ValidateTarget[],
  lints: readonly LintOutcome[],
  cache: SetCache,
): Promise<SkillReports & { readonly cache: ValidateCacheData; readonly overlapsKept: boolean }>;
export async function setReports(
  fs: FileSystem,
  targets: readonly ValidateTarget[],
  lints: readonly LintOutcome[],
  cache?: SetCache,
): Promise<SkillReports & { readonly cache?: ValidateCacheData; readonly overlapsKept?: boolean }> {
  const outcomes = withDuplicateNames(targets, lints);
  const routed = routedSkills(outcomes);
  const inputsByFile = new Map(targets.map((t, i) => [t.filePath, lints[i].inputs]));
  const key = cache && overlapDigest(routed, (filePath) => inputsByFile.get(filePath), cache.digest);
  const kept = cache?.previous?.overlaps;
  const overlapsKept = key !== undefined && kept?.digest === key;
  const overlaps: ReadonlyMap<string, readonly Problem[]> =
    overlapsKept && kept ? new Map(kept.problems) : await descriptionOverlaps(fs, routed);
  const reports = reportsOf(outcomes, overlaps);
  if (!cache) return reports;
  const entries: Record<string, CachedLint> = {};
  for (const [i, target] of targets.entries()) entries[target.filePath] = cachedLintOf(target.filePath, lints[i]);
  const data: ValidateCacheData = {
    startedAt: cache.startedAt,
    lints: entries,
    ...(key !== undefined ? { overlaps: { digest: key, problems: [...overlaps] } } : {}),
  };
  return { ...reports, cache: data, overlapsKept };
}
