// `modified-since-added` (docs/install.md): a skill added with `skillsmith add` whose folder no
// longer holds what its location's skills-lock.json recorded (a file changed, added or gone, a
// symbolic link or a `.git` entry added), one npx skills installed whose folder hash no longer
// matches, or records of one skill by two tools that disagree. Information only: a local change
// may be deliberate; the message says how to see it and how to go back.
import { mayRecall, type FileSystem } from '../base/fileSystem';
import { basenamePath, dirnamePath, joinPath } from '../base/paths';
import { decodeUtf8 } from '../base/text';
import type { Problem } from '../base/types';
import { listSkillFolder } from '../base/skillFolderListing';
import {
  GH_METADATA,
  ghSkillMetadata,
  NPX_LOCK,
  NPX_SKILLS_LOCK,
  npxSkillsHash,
  OWN_LOCK,
  parseNpxSkillsLock,
  recordsDisagree,
  type NpxSkillsEntry,
  type SkillRecordOf,
} from './foreignLocks';

/** The lock file of the skill folder's location (core/install/lockFile.ts: lockPathFor), read without the install layer. */
const LOCK_FILE_NAME = 'skills-lock.json';

interface LockedEntry {
  readonly source?: unknown;
  readonly commit?: unknown;
  readonly files?: Record<string, unknown>;
}

/**
 * Lock files as last read, by path, with the stat they were read at: a scan lints every skill of
 * a location, and they share one lock file, read once (and most locations have none: a stat).
 */
const locks = new Map<
  string,
  { readonly mtime: number; readonly size: number; readonly skills: Record<string, LockedEntry> | undefined }
>();

async function lockedEntries(fs: FileSystem, lockPath: string): Promise<Record<string, LockedEntry> | undefined> {
  const stat = await fs.stat(lockPath).catch(() => undefined);
  if (!stat || stat.kind !== 'file') {
    locks.delete(lockPath);
    return undefined;
  }
  const known = locks.get(lockPath);
  if (known && known.mtime === stat.mtime && known.size === stat.size && mayRecall(fs)) return known.skills;
  let skills: Record<string, LockedEntry> | undefined;
  try {
    skills = (JSON.parse(decodeUtf8(await fs.readFile(lockPath))) as { skills?: Record<string, LockedEntry> }).skills;
  } catch {
    skills = undefined; // damaged: `skillsmith verify` says how
  }
  if (locks.size > 64) locks.clear();
  locks.set(lockPath, { mtime: stat.mtime, size: stat.size, skills });
  return skills;
}

/** Digests kept by path and stat: the live lint asks at every pause in typing. */
const digests = new Map<string, { readonly mtime: number; readonly size: number; readonly digest: string }>();

async function digestOf(
  fs: FileSystem,
  path: string,
  digest: (bytes: Uint8Array) => string,
): Promise<string | undefined> {
  const stat = await fs.stat(path).catch(() => undefined);
  if (!stat || stat.kind !== 'file') return undefined;
  const kept = digests.get(path);
  if (kept && kept.mtime === stat.mtime && kept.size === stat.size && mayRecall(fs)) return kept.digest;
  let value: string;
  try {
    value = digest(await fs.readFile(path));
  } catch {
    return undefined;
  }
  if (digests.size > 4000) digests.clear();
  digests.set(path, { mtime: stat.mtime, size: stat.size, digest: value });
  return value;
}

/** npx skills locks as last read, by path and stat, as `locks` above. */
const npxLocks = new Map<
  string,
  { readonly mtime: number; readonly size: number; readonly skills: Record<string, NpxSkillsEntry> | undefined }
>();

async function npxEntries(fs: FileSystem, lockPath: string): Promise<Record<string, NpxSkillsEntry> | undefined> {
  const stat = await fs.stat(lockPath).catch(() => undefined);
  if (!stat || stat.kind !== 'file') return undefined;
  const known = npxLocks.get(lockPath);
  if (known && known.mtime === stat.mtime && known.size === stat.size && mayRecall(fs)) return known.skills;
  let skills: Record<string, NpxSkillsEntry> | undefined;
  try {
    skills = parseNpxSkillsLock(decodeUtf8(await fs.readFile(lockPath)));
  } catch {
    skills = undefined;
  }
  if (npxLocks.size > 64) npxLocks.clear();
  npxLocks.set(lockPath, { mtime: stat.mtime, size: stat.size, skills });
  return skills;
}

/** What npx skills recorded of `dir`, checked by its own rule, or undefined. */
async function npxSkillsRecord(
  fs: FileSystem,
  dir: string,
  digest: (bytes: Uint8Array) => string,
): Promise<{ readonly entry: NpxSkillsEntry; readonly matches: boolean } | undefined> {
  // In skills-lock.json at the project root: the parent of `.agents`, or beside a root-level `skills` folder.
  const location = dirnamePath(dir);
  const name = basenamePath(dir);
  for (const root of [dirnamePath(dirnamePath(location)), dirnamePath(location)]) {
    const entry = (await npxEntries(fs, joinPath(root, NPX_SKILLS_LOCK)))?.[name];
    if (!entry) continue;
    const actual = await npxSkillsHash(fs, dir, (bytes) => digest(bytes).replace(/^sha256:/, ''));
    return { entry, matches: actual === entry.computedHash };
  }
  return undefined;
}

/** What Skillsmith's lock recorded of `dir`, and how the folder differs from it, or undefined. */
async function ownRecord(
  fs: FileSystem,
  dir: string,
  digest: (bytes: Uint8Array) => string,
): Promise<{ readonly entry: LockedEntry; readonly difference: FolderDifference } | undefined> {
  const location = dirnamePath(dir);
  const entry = (await lockedEntries(fs, joinPath(dirnamePath(location), LOCK_FILE_NAME)))?.[basenamePath(dir)];
  if (!entry || typeof entry.files !== 'object' || entry.files === null) return undefined;
  return { entry, difference: await folderDifference(fs, dir, entry.files, digest) };
}

/** The folder against the files a lock recorded (modes are compared by `skillsmith verify` only). */
interface FolderDifference {
  readonly changed: readonly string[];
  /** Files, symbolic links and `.git` entries the lock did not record. */
  readonly added: readonly string[];
  readonly missing: readonly string[];
}

async function folderDifference(
  fs: FileSystem,
  dir: string,
  recorded: Record<string, unknown>,
  digest: (bytes: Uint8Array) => string,
): Promise<FolderDifference> {
  const listing = await listSkillFolder(fs, dir).catch(() => undefined);
  const present = new Set(listing?.files ?? []);
  const changed: string[] = [];
  const missing: string[] = [];
  for (const [file, expected] of Object.entries(recorded)) {
    if (!present.has(file)) missing.push(file);
    else if ((await digestOf(fs, joinPath(dir, file), digest)) !== expected) changed.push(file);
  }
  // A link or a `.git` entry is never recorded, nor copied by add: any of them is a change.
  const added = [
    ...(listing?.files ?? []).filter((file) => !(file in recorded)),
    ...(listing?.links ?? []),
    ...(listing?.gitEntries ?? []),
  ];
  return { changed: changed.sort(), added: added.sort(), missing: missing.sort() };
}

/** "a file has changed since (SKILL.md)", "2 files were added (x, y)", joined. */
function differenceText(difference: FolderDifference): string {
  const part = (files: readonly string[], one: string, many: string) =>
    files.length === 0
      ? []
      : [
          `${files.length === 1 ? one : `${files.length} ${many}`} (${files.slice(0, 5).join(', ')}${files.length > 5 ? ', …' : ''})`,
        ];
  return [
    ...part(difference.changed, 'a file has changed since', 'files have changed since'),
    ...part(difference.added, 'a file was added', 'files were added'),
    ...part(difference.missing, 'a file is gone', 'files are gone'),
  ].join(', ');
}

const FIRST_LINE = { start: { line: 0, character: 0 }, end: { line: 0, character: 3 } };

/**
 * The problems of `dir`'s provenance: its files differ from what Skillsmith's lock or npx
 * skills' recorded, or the records of it (those two, and gh skill's metadata) disagree.
 */
export async function provenanceProblems(
  fs: FileSystem,
  dir: string,
  digest: (bytes: Uint8Array) => string,
): Promise<Problem[]> {
  const problems: Problem[] = [];
  const records: SkillRecordOf[] = [];
  const own = await ownRecord(fs, dir, digest);
  if (own) {
    const { entry, difference } = own;
    const source = typeof entry.source === 'string' ? entry.source : 'its source';
    const modified = difference.changed.length + difference.added.length + difference.missing.length > 0;
    records.push({ who: OWN_LOCK, source, status: modified ? 'modified' : 'ok' });
    if (modified) {
      const commit = typeof entry.commit === 'string' ? ` at ${entry.commit.slice(0, 12)}` : '';
      problems.push({
        code: 'modified-since-added',
        severity: 'info',
        message: `This skill was added from ${source}${commit}, and ${differenceText(difference)}. \`skillsmith verify\` lists the differences; \`skillsmith update\` brings the source's version back.`,
        range: FIRST_LINE,
      });
    }
  }
  const npx = await npxSkillsRecord(fs, dir, digest);
  if (npx) {
    records.push({ who: NPX_LOCK, source: npx.entry.source, status: npx.matches ? 'ok' : 'modified' });
    if (!npx.matches)
      problems.push({
        code: 'modified-since-added',
        severity: 'info',
        message: `This skill was installed by npx skills from ${npx.entry.source || 'its source'}, and its files no longer match the computedHash recorded in ${NPX_SKILLS_LOCK} (npx skills' own rule). \`skillsmith verify\` says which records disagree; \`npx skills update\` brings the source's version back.`,
        range: FIRST_LINE,
      });
  }
  if (records.length > 0) {
    const skillMd = await fs.readFile(joinPath(dir, 'SKILL.md')).catch(() => undefined);
    const gh = skillMd ? ghSkillMetadata(decodeUtf8(skillMd)) : undefined;
    if (gh) records.push({ who: GH_METADATA, source: gh.repo, status: 'recorded' });
  }
  const disagree = recordsDisagree(records);
  if (disagree.length > 0)
    problems.push({
      code: 'modified-since-added',
      severity: 'info',
      message: `This skill is recorded by more than one tool, and ${disagree.join('; ')}. \`skillsmith verify\` lists every record; neither tool's record is changed by Skillsmith.`,
      range: FIRST_LINE,
    });
  return problems;
}
