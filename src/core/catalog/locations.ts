// Where skills are looked for (docs/precedence-and-access.md): the configured location strings resolved
// against each workspace folder and the user's home, each with its precedence rank.
import { expandHome, isAbsolutePath, isInside, joinPath, normalizePath, pathKey } from '../base/paths';

export type LocationScope = 'workspace' | 'user';

export interface SkillLocation {
  /** Absolute path of the folder (canonical form, base/paths). */
  readonly path: string;
  /** As configured: `skills`, `.claude/skills`, `~/.claude/skills`. */
  readonly label: string;
  readonly scope: LocationScope;
  /** Precedence: a lower rank wins a name clash. */
  readonly rank: number;
  /** The workspace folder a workspace location belongs to. */
  readonly root?: string;
}

export const DEFAULT_LOCATIONS: readonly string[] = [
  'skills',
  '.agents/skills',
  '.github/skills',
  '.claude/skills',
  '~/.agents/skills',
  '~/.claude/skills',
  '~/.copilot/skills',
];

/** True for a configured location that lives in the user's home rather than a workspace. */
export function isUserLocation(configured: string): boolean {
  return (
    configured === '~' || configured.startsWith('~/') || configured.startsWith('~\\') || isAbsolutePath(configured)
  );
}

export interface ResolveLocationsOptions {
  readonly workspaceFolders: readonly string[];
  readonly configured?: readonly string[];
  readonly home?: string;
  readonly includeUser?: boolean;
}

/**
 * Resolves the configured locations. Workspace locations beat user ones; among workspace
 * locations the configured order wins first, then the order of the workspace folders.
 */
export function resolveLocations(options: ResolveLocationsOptions): SkillLocation[] {
  const configured = options.configured ?? DEFAULT_LOCATIONS;
  const result: SkillLocation[] = [];
  const seen = new Set<string>();
  const add = (location: SkillLocation) => {
    const key = pathKey(location.path);
    if (seen.has(key)) return;
    seen.add(key);
    result.push(location);
  };
  configured.forEach((label, index) => {
    if (isUserLocation(label)) return;
    const relative = normalizePath(label);
    options.workspaceFolders.forEach((root, folderIndex) => {
      add({
        path: joinPath(root, relative),
        label: relative,
        scope: 'workspace',
        rank: index * 1000 + folderIndex,
        root,
      });
    });
  });
  if (options.includeUser !== false && options.home) {
    const home = options.home;
    configured.forEach((label, index) => {
      if (!isUserLocation(label)) return;
      add({ path: normalizePath(expandHome(label, home)), label, scope: 'user', rank: 1_000_000 + index });
    });
  }
  return result.sort((a, b) => a.rank - b.rank);
}

/** The best-ranked location that contains `filePath`, if any. */
export function locationOf(filePath: string, locations: readonly SkillLocation[]): SkillLocation | undefined {
  let best: SkillLocation | undefined;
  for (const location of locations) {
    if (isInside(filePath, location.path) && (!best || location.rank < best.rank)) best = location;
  }
  return best;
}
