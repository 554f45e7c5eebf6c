// Where New Skill may put a skill: the folders the catalog watches that already exist,
// plus the first configured location of each workspace folder (`skills` by default)
// even when it does not exist yet, so that a first skill has somewhere to go. A missing
// user-level folder (the first one configured) is offered only when none exists.
import type { SkillLocation } from '../../core/catalog/locations';
import { locationDescription } from '../locationLabels';
import type { SkillsmithServices } from '../services';

/** One entry of the location picker. */
export interface LocationChoice {
  readonly location: SkillLocation;
  readonly exists: boolean;
  /** The workspace folder (multi-root) or "user". */
  readonly description: string | undefined;
}

/** The candidate locations, existing ones first, then by precedence. */
export async function scaffoldLocationChoices(services: SkillsmithServices): Promise<LocationChoice[]> {
  const locations = services.watcher.locations; // sorted by precedence
  const firstOfOwner = new Set<string>();
  const owners = new Set<string>();
  for (const location of locations) {
    const owner = location.scope === 'user' ? '~' : (location.root ?? '');
    if (owners.has(owner)) continue;
    owners.add(owner);
    firstOfOwner.add(location.path);
  }
  const all = await Promise.all(
    locations.map(async (location) => {
      const stat = await services.fs.stat(location.path).catch(() => undefined);
      return { location, exists: stat?.kind === 'directory', description: locationDescription(location, services.fs) };
    }),
  );
  const userExists = all.some((c) => c.location.scope === 'user' && c.exists);
  return all
    .filter((c) => c.exists || (firstOfOwner.has(c.location.path) && (c.location.scope === 'workspace' || !userExists)))
    .sort((a, b) => Number(b.exists) - Number(a.exists) || a.location.rank - b.location.rank);
}
