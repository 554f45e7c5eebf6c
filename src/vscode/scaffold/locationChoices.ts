// Where New Skill may put a skill: the folders the catalog watches that already exist, plus,
// for each workspace folder, the locations that the most agents of `skillsmith.hosts` read
// (docs/hosts.md, "Where to put a skill": `.agents/skills` for VS Code's agent and Codex, and
// `.claude/skills` for VS Code's agent and Claude Code, by default), even when they do not exist
// yet, so that a new skill lands where the user's agents see it. Each choice says which of those
// agents read it and which do not; the ones read by more come first. A missing user-level folder
// is offered only when none exists.
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
  /** Those that do not. */
  readonly missing: readonly HostId[];
}

/** The candidate locations, existing ones first, then by precedence. */
export async function scaffoldLocationChoices(services: SkillsmithServices): Promise<LocationChoice[]> {
  const locations = services.watcher.locations; // sorted by precedence
  const { hosts, context } = services.hostVerdicts();
  const readers = new Map(
    locations.map((location) => [location.path, hostsModule().hostsReading(location.path, hosts, context)]),
  );
  // Per owner (a workspace folder, or the user), the locations most of the chosen agents read (all
  // of them when several tie, as `.agents/skills` and `.claude/skills` do for the default agents);
  // the first configured one when none reads any.
  const ownerOf = (location: SkillLocation) => (location.scope === 'user' ? '~' : (location.root ?? ''));
  const bestOfOwner = new Map<string, number>();
  for (const location of locations) {
    const owner = ownerOf(location);
    bestOfOwner.set(owner, Math.max(bestOfOwner.get(owner) ?? 0, readers.get(location.path)!.length));
  }
  const firstOfOwner = new Map<string, SkillLocation>();
  for (const location of locations)
    if (!firstOfOwner.has(ownerOf(location))) firstOfOwner.set(ownerOf(location), location);
  const chosen = new Set(
    locations
      .filter((location) => {
        const best = bestOfOwner.get(ownerOf(location))!;
        return best > 0
          ? readers.get(location.path)!.length === best
          : firstOfOwner.get(ownerOf(location)) === location;
      })
      .map((location) => location.path),
  );
  const all = await Promise.all(
    locations.map(async (location) => {
      const stat = await services.fs.stat(location.path).catch(() => undefined);
      return {
        location,
        exists: stat?.kind === 'directory',
        description: locationDescription(location, services.fs),
        hosts: readers.get(location.path)!,
        missing: hosts.filter((host) => !readers.get(location.path)!.includes(host)),
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
