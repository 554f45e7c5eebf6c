// What skills-lock.json records as a local source (docs/install.md): the lock is committed and
// shared, so a folder inside the project is recorded relative to the lock file (`../vendor/skills`
// from `.agents/`), which holds on a teammate's machine too; a folder outside the project can
// only be recorded by its absolute path, with a warning that says why. Git URLs are kept as they are.
// Read back by `update`, the lock is untrusted: a local source outside the project (or a file://
// URL) may name any folder on this machine, so update reads one only when the user says so.
import { dirnamePath, isInside, relativePath, resolvePath, toNativePath } from '../core/base/paths';
import { sourceKind } from './skillSource';

/** `source` (as fetched: a URL, or an absolute folder) as the lock beside `location` records it. */
export function recordedSource(
  source: string,
  location: string,
  projectRoot: string,
): { readonly source: string; readonly warning?: string } {
  if (sourceKind(source).kind === 'git') return { source };
  const relative = isInside(source, projectRoot) ? relativePath(dirnamePath(location), source) : undefined;
  if (relative !== undefined) return { source: relative.startsWith('..') ? relative : `./${relative}` };
  return {
    source,
    warning: `${toNativePath(source)} is outside the project (${toNativePath(projectRoot)}), so skills-lock.json records its absolute path, which a teammate's machine may not have; add from a Git URL, or from a folder inside the project, for a lock that holds everywhere`,
  };
}

/** The source to fetch for a lock entry beside `location`: a recorded relative folder is resolved from the lock file's folder. */
export function sourceToFetch(recorded: string, location: string): string {
  return /^\.\.?(?:\/|$)/.test(recorded) ? resolvePath(dirnamePath(location), recorded) : recorded;
}

/**
 * The folder a lock entry's source would make `update` read outside the project (a local folder
 * outside `projectRoot`, or any file:// URL), or undefined for a Git URL or a folder inside it.
 */
export function sourceOutsideProject(recorded: string, location: string, projectRoot: string): string | undefined {
  const toFetch = sourceToFetch(recorded, location);
  if (/^file:/i.test(toFetch.trim())) return toFetch.trim();
  const kind = sourceKind(toFetch);
  if (kind.kind === 'git') return undefined;
  return isInside(kind.path, projectRoot) ? undefined : toNativePath(kind.path);
}

/** Why update does not read such a source unless told, and how to tell it. */
export function outsideSourceText(name: string, folder: string): string {
  return `skills-lock.json names ${folder} as the source of '${name}', outside the project. The lock is committed and shared, and may name any folder on this machine, so update reads it only when you say so`;
}
