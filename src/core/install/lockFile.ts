// Provenance of skills added from elsewhere (docs/install.md): `skills-lock.json` beside a
// skill location (`.agents/skills-lock.json` for `.agents/skills`) records, for each added
// skill, where it came from (the source, the commit, the path in the repository) and the
// sha256 of every file it had. `skillsmith verify` and the editor's `modified-since-added`
// compare the folder with it; `skillsmith update` compares the source with it.
import { basenamePath, dirnamePath, joinPath } from '../base/paths';

export const LOCK_FILE_NAME = 'skills-lock.json';
export const LOCK_VERSION = 1;

export interface LockEntry {
  /**
   * The source as given to `add`, made canonical: a Git URL; a local folder inside the project,
   * relative to the lock file's folder (`../vendor/skills`); or an absolute local folder.
   */
  readonly source: string;
  /** The commit the files came from; null for a local folder that is not a Git work tree. */
  readonly commit: string | null;
  /** The branch or tag given to `add --ref`, which `update` stays on; absent for the default branch. */
  readonly ref?: string;
  /** The skill's folder in the source, relative to its root (`skills/pdf`, `.` for the root). */
  readonly path: string;
  /** Every file of the skill, relative to its folder with `/`, to `sha256:<hex>`. */
  readonly files: Readonly<Record<string, string>>;
  /** When it was added or last updated (ISO 8601). */
  readonly added: string;
  /**
   * The files that had the executable bit, sorted; absent in entries written on Windows (no
   * such bit there) or by an earlier Skillsmith, and then modes are not compared.
   */
  readonly executable?: readonly string[];
}

export interface LockFile {
  readonly version: number;
  /** By the skill's folder name in the location. */
  readonly skills: Readonly<Record<string, LockEntry>>;
}

export const EMPTY_LOCK: LockFile = { version: LOCK_VERSION, skills: {} };

/** The lock file of a location: beside it, in its parent folder. */
export function lockPathFor(location: string): string {
  return joinPath(dirnamePath(location), LOCK_FILE_NAME);
}

/** The location folder and skill name of a skill folder (`…/.agents/skills/pdf` → `…/.agents/skills`, `pdf`). */
export function lockKeyOf(skillDir: string): { readonly location: string; readonly name: string } {
  return { location: dirnamePath(skillDir), name: basenamePath(skillDir) };
}

/** Characters no folder name may hold on some disk: separators, a drive's colon, controls. */
const NOT_IN_A_NAME = /[\\/:*?"<>|\p{Cc}\p{Cf}\u2028\u2029]/u;

/** Why `name` cannot be one skill's folder in a location, or undefined when it can: one path segment. */
export function folderNameProblem(name: string): string | undefined {
  if (name === '') return 'it is empty';
  if (name === '.' || name === '..') return `${name} names a folder's own place or its parent`;
  if (NOT_IN_A_NAME.test(name)) return 'it holds a separator, a colon, or a control or bidirectional character';
  if (name.length > 255) return 'it is longer than 255 characters';
  if (name.toLowerCase() === '.git') return 'it is .git';
  return undefined;
}

/** Why `path` cannot be a folder inside a source (or a file inside a skill), or undefined when it can. */
export function relativePathProblem(path: string, allowDot: boolean): string | undefined {
  if (allowDot && path === '.') return undefined;
  if (path === '') return 'it is empty';
  if (path.startsWith('/')) return 'it is absolute';
  for (const segment of path.split('/')) {
    const problem = folderNameProblem(segment);
    if (problem) return `its part ${JSON.stringify(segment)} is not a folder's name: ${problem}`;
  }
  return undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads a lock file's text; a damaged file is an error that says what is wrong, never a silent empty lock. */
export function parseLockFile(text: string): { readonly lock: LockFile } | { readonly error: string } {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    return { error: `${LOCK_FILE_NAME} is not valid JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
  if (!isRecord(data) || !isRecord(data.skills))
    return { error: `${LOCK_FILE_NAME} must be an object with "version" and "skills".` };
  if (data.version !== LOCK_VERSION)
    return {
      error: `${LOCK_FILE_NAME} has version ${JSON.stringify(data.version)}; this Skillsmith reads version ${LOCK_VERSION}.`,
    };
  const skills: Record<string, LockEntry> = {};
  for (const [name, entry] of Object.entries(data.skills)) {
    const nameProblem = folderNameProblem(name);
    if (nameProblem)
      return {
        error: `${LOCK_FILE_NAME}: the entry ${JSON.stringify(name)} is not a skill's folder name (${nameProblem}); an entry's name is the one folder it records in the location.`,
      };
    if (
      !isRecord(entry) ||
      typeof entry.source !== 'string' ||
      typeof entry.path !== 'string' ||
      typeof entry.added !== 'string' ||
      !isRecord(entry.files)
    ) {
      return {
        error: `${LOCK_FILE_NAME}: the entry of '${name}' needs "source", "path", "added" (strings), "commit" (a string or null) and "files".`,
      };
    }
    if (entry.commit !== null && typeof entry.commit !== 'string')
      return { error: `${LOCK_FILE_NAME}: the "commit" of '${name}' is a string or null.` };
    const pathProblem = relativePathProblem(entry.path, true);
    if (pathProblem)
      return {
        error: `${LOCK_FILE_NAME}: the path of '${name}' (${JSON.stringify(entry.path)}) is not a folder inside its source: ${pathProblem}.`,
      };
    const files: Record<string, string> = {};
    for (const [file, digest] of Object.entries(entry.files)) {
      const fileProblem = relativePathProblem(file, false);
      if (fileProblem)
        return {
          error: `${LOCK_FILE_NAME}: '${name}' lists ${JSON.stringify(file)}, which is not a file inside the skill: ${fileProblem}.`,
        };
      if (typeof digest !== 'string' || !/^sha256:[0-9a-f]{64}$/.test(digest))
        return {
          error: `${LOCK_FILE_NAME}: '${name}' lists ${file} with ${JSON.stringify(digest)}, not "sha256:<64 hex digits>".`,
        };
      files[file] = digest;
    }
    if (entry.ref !== undefined && typeof entry.ref !== 'string')
      return { error: `${LOCK_FILE_NAME}: the "ref" of '${name}' is a string when present.` };
    const executable = entry.executable;
    if (
      executable !== undefined &&
      (!Array.isArray(executable) || !executable.every((f) => typeof f === 'string' && f in files))
    )
      return {
        error: `${LOCK_FILE_NAME}: the "executable" of '${name}' is a list of files that "files" lists.`,
      };
    skills[name] = {
      source: entry.source,
      commit: entry.commit,
      ...(typeof entry.ref === 'string' ? { ref: entry.ref } : {}),
      path: entry.path,
      files,
      added: entry.added,
      ...(executable !== undefined ? { executable: [...(executable as string[])].sort() } : {}),
    };
  }
  return { lock: { version: LOCK_VERSION, skills } };
}

/** The lock file's text: keys sorted, so that adding a skill is a small diff in review. */
export function serializeLockFile(lock: LockFile): string {
  const skills: Record<string, LockEntry> = {};
  for (const name of Object.keys(lock.skills).sort()) {
    const entry = lock.skills[name];
    const files: Record<string, string> = {};
    for (const file of Object.keys(entry.files).sort()) files[file] = entry.files[file];
    skills[name] = {
      source: entry.source,
      commit: entry.commit,
      ...(entry.ref !== undefined ? { ref: entry.ref } : {}),
      path: entry.path,
      files,
      added: entry.added,
      ...(entry.executable !== undefined ? { executable: [...entry.executable].sort() } : {}),
    };
  }
  return `${JSON.stringify({ version: LOCK_VERSION, skills }, null, 2)}\n`;
}

/** How a skill folder differs from its lock entry. */
export interface LockDifference {
  readonly changed: readonly string[];
  readonly added: readonly string[];
  readonly missing: readonly string[];
  /** Files in both whose executable bit differs (compared only when both sides know it). */
  readonly modeChanged?: readonly string[];
}

/**
 * Compares the digests of a folder with an entry's, and its executable files when given (not on
 * Windows) and the entry recorded them.
 */
export function compareWithLock(
  entry: LockEntry,
  actual: Readonly<Record<string, string>>,
  executable?: readonly string[],
): LockDifference {
  const changed: string[] = [];
  const added: string[] = [];
  const missing: string[] = [];
  for (const [file, digest] of Object.entries(actual)) {
    if (!(file in entry.files)) added.push(file);
    else if (entry.files[file] !== digest) changed.push(file);
  }
  for (const file of Object.keys(entry.files)) if (!(file in actual)) missing.push(file);
  const modeChanged: string[] = [];
  if (executable && entry.executable) {
    const was = new Set(entry.executable);
    const is = new Set(executable);
    for (const file of Object.keys(actual))
      if (file in entry.files && was.has(file) !== is.has(file)) modeChanged.push(file);
  }
  return {
    changed: changed.sort(),
    added: added.sort(),
    missing: missing.sort(),
    ...(modeChanged.length > 0 ? { modeChanged: modeChanged.sort() } : {}),
  };
}

export function isUnchanged(difference: LockDifference): boolean {
  return (
    difference.changed.length === 0 &&
    difference.added.length === 0 &&
    difference.missing.length === 0 &&
    (difference.modeChanged ?? []).length === 0
  );
}

/** "2 files changed (SKILL.md, scripts/run.sh), 1 added (x.md)". */
export function differenceText(difference: LockDifference): string {
  const part = (files: readonly string[], what: string) =>
    files.length === 0
      ? []
      : [
          `${files.length} ${files.length === 1 ? 'file' : 'files'} ${what} (${files.slice(0, 5).join(', ')}${files.length > 5 ? ', …' : ''})`,
        ];
  return [
    ...part(difference.changed, 'changed'),
    ...part(difference.added, 'added'),
    ...part(difference.missing, 'missing'),
    ...part(difference.modeChanged ?? [], 'with another mode (the executable bit)'),
  ].join(', ');
}
