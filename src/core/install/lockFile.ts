// Provenance of skills added from elsewhere (docs/install.md): `skills-lock.json` beside a
// skill location (`.agents/skills-lock.json` for `.agents/skills`) records, for each added
// skill, where it came from (the source, the commit, the path in the repository) and the
// sha256 of every file it had. `skillsmith verify` and the editor's `modified-since-added`
// compare the folder with it; `skillsmith update` compares the source with it.
import { basenamePath, dirnamePath, joinPath } from '../base/paths';

export const LOCK_FILE_NAME = 'skills-lock.json';
export const LOCK_VERSION = 1;

export interface LockEntry {
  /** The source as given to `add`, made canonical: a Git URL, or an absolute local folder. */
  readonly source: string;
  /** The commit the files came from; null for a local folder that is not a Git work tree. */
  readonly commit: string | null;
  /** The skill's folder in the source, relative to its root (`skills/pdf`, `.` for the root). */
  readonly path: string;
  /** Every file of the skill, relative to its folder with `/`, to `sha256:<hex>`. */
  readonly files: Readonly<Record<string, string>>;
  /** When it was added or last updated (ISO 8601). */
  readonly added: string;
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
    const files: Record<string, string> = {};
    for (const [file, digest] of Object.entries(entry.files)) {
      if (typeof digest !== 'string' || !/^sha256:[0-9a-f]{64}$/.test(digest))
        return {
          error: `${LOCK_FILE_NAME}: '${name}' lists ${file} with ${JSON.stringify(digest)}, not "sha256:<64 hex digits>".`,
        };
      files[file] = digest;
    }
    skills[name] = { source: entry.source, commit: entry.commit, path: entry.path, files, added: entry.added };
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
    skills[name] = { source: entry.source, commit: entry.commit, path: entry.path, files, added: entry.added };
  }
  return `${JSON.stringify({ version: LOCK_VERSION, skills }, null, 2)}\n`;
}

/** How a skill folder differs from its lock entry. */
export interface LockDifference {
  readonly changed: readonly string[];
  readonly added: readonly string[];
  readonly missing: readonly string[];
}

/** Compares the digests of a folder with an entry's. */
export function compareWithLock(entry: LockEntry, actual: Readonly<Record<string, string>>): LockDifference {
  const changed: string[] = [];
  const added: string[] = [];
  const missing: string[] = [];
  for (const [file, digest] of Object.entries(actual)) {
    if (!(file in entry.files)) added.push(file);
    else if (entry.files[file] !== digest) changed.push(file);
  }
  for (const file of Object.keys(entry.files)) if (!(file in actual)) missing.push(file);
  return { changed: changed.sort(), added: added.sort(), missing: missing.sort() };
}

export function isUnchanged(difference: LockDifference): boolean {
  return difference.changed.length === 0 && difference.added.length === 0 && difference.missing.length === 0;
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
  ].join(', ');
}
