// Where New Skill may put a skill: the folders the catalog watches that already exist, plus,
// for each workspace folder, the location that the most agents of `skillsmith.hosts` read
// (docs/hosts.md: `.agents/skills` for VS Code and Codex by default), even when it does not
// exist yet, so that a new skill lands where the user's agents see it. Each choice says which
// of those agents read it; the ones read by more come first. A missing user-level folder (the
// first one configured) is offered only when none exists.
import type { SkillLocation } from '../../core/catalog/locations';
import type { HostId } from '../../core/hosts/profiles';
import { hostsModule } from '../hostsModule';
import { locationDescription } from '../locationLabels';
import type { SkillsmithServices } from '../services';

/** One entry of the location picker. */
export interface LocationChoice {
  readonly location: SkillLocation;
  readonly exists: boolean;
  /** The workspace folder (multi-root) or "user". */
  readonly description: string | undefined;
  /** The agents of `skillsmith.hosts` that read skills placed here. */
  readonly hosts: readonly HostId[];
}

/** The candidate locations, existing ones first, then by precedence. */
export async function scaffoldLocationChoices(services: SkillsmithServices): Promise<LocationChoice[]> {
  const locations = services.watcher.locations; // sorted by precedence
  const { hosts, context } = services.hostVerdicts();
  const readers = new Map(
    locations.map((location) => [location.path, hostsModule().hostsReading(location.path, hosts, context)]),
  );
  // Per owner (a workspace folder, or the user), the location most of the chosen agents read;
  // the first configured one when none reads any.
  const bestOfOwner = new Map<string, SkillLocation>();
  for (const location of locations) {
    const owner = location.scope === 'user' ? '~' : (location.root ?? '');
    const best = bestOfOwner.get(owner);
    if (!best || readers.get(location.path)!.length > readers.get(best.path)!.length) bestOfOwner.set(owner, location);
  }
  const chosen = new Set([...bestOfOwner.values()].map((location) => location.path));
  const all = await Promise.all(
    locations.map(async (location) => {
      const stat = await services.fs.stat(location.path).catch(() => undefined);
      return {
        location,
        exists: stat?.kind === 'directory',
        description: locationDescription(location, services.fs),
        hosts: readers.get(location.path)!,
      };
    }),
  );
  const userExists = all.some((c) => c.location.scope === 'user' && c.exists);
  return all
    .filter((c) => c.exists || (chosen.has(c.location.path) && (c.location.scope === 'workspace' || !userExists)))
    .sort(
      (a, b) =>
        b.hosts.length - a.hosts.length || Number(b.exists) - Number(a.exists) || a.location.rank - b.location.rank,
    );
}
