// `modified-since-added` (docs/install.md): a skill added with `skillsmith add` whose files no
// longer match the sha256 its location's skills-lock.json recorded. Information only: a local
// change may be deliberate; the message says how to see it and how to go back.
import type { FileSystem } from '../base/fileSystem';
import { basenamePath, dirnamePath, joinPath } from '../base/paths';
import { decodeUtf8 } from '../base/text';
import type { Problem } from '../base/types';
import { NPX_SKILLS_LOCK, npxSkillsHash, parseNpxSkillsLock, type NpxSkillsEntry } from './foreignLocks';

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
  if (known && known.mtime === stat.mtime && known.size === stat.size) return known.skills;
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
  if (kept && kept.mtime === stat.mtime && kept.size === stat.size) return kept.digest;
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
  if (known && known.mtime === stat.mtime && known.size === stat.size) return known.skills;
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

/**
 * The problem when npx skills recorded `dir` (in skills-lock.json at the project root: the
 * parent of `.agents`, or beside a root-level `skills` folder) and its folder hash, by npx
 * skills' own rule (foreignLocks.ts), differs from the recorded `computedHash`.
 */
async function npxSkillsProblems(
  fs: FileSystem,
  dir: string,
  digest: (bytes: Uint8Array) => string,
): Promise<Problem[]> {
  const location = dirnamePath(dir);
  const name = basenamePath(dir);
  for (const root of [dirnamePath(dirnamePath(location)), dirnamePath(location)]) {
    const lockPath = joinPath(root, NPX_SKILLS_LOCK);
    const entry = (await npxEntries(fs, lockPath))?.[name];
    if (!entry) continue;
    const actual = await npxSkillsHash(fs, dir, (bytes) => digest(bytes).replace(/^sha256:/, ''));
    if (actual === entry.computedHash) return [];
    return [
      {
        code: 'modified-since-added',
        severity: 'info',
        message: `This skill was installed by npx skills from ${entry.source || 'its source'}, and its files no longer match the computedHash recorded in ${NPX_SKILLS_LOCK} (npx skills' own rule). \`skillsmith verify\` says which records disagree; \`npx skills update\` brings the source's version back.`,
        range: { start: { line: 0, character: 0 }, end: { line: 0, character: 3 } },
      },
    ];
  }
  return [];
}

/** The problems, when `dir` is recorded by Skillsmith's lock or by npx skills', and its files differ. */
export async function provenanceProblems(
  fs: FileSystem,
  dir: string,
  digest: (bytes: Uint8Array) => string,
): Promise<Problem[]> {
  return [...(await ownProvenanceProblems(fs, dir, digest)), ...(await npxSkillsProblems(fs, dir, digest))];
}

/** The problem, when `dir` is in its location's lock file and its files differ from the entry. */
async function ownProvenanceProblems(
  fs: FileSystem,
  dir: string,
  digest: (bytes: Uint8Array) => string,
): Promise<Problem[]> {
  const location = dirnamePath(dir);
  const entry = (await lockedEntries(fs, joinPath(dirnamePath(location), LOCK_FILE_NAME)))?.[basenamePath(dir)];
  if (!entry || typeof entry.files !== 'object' || entry.files === null) return [];
  const recorded = entry.files;
  const changed: string[] = [];
  for (const [file, expected] of Object.entries(recorded)) {
    const actual = await digestOf(fs, joinPath(dir, file), digest);
    if (actual !== expected) changed.push(file);
  }
  if (changed.length === 0) return [];
  const from = typeof entry.source === 'string' ? entry.source : 'its source';
  const commit = typeof entry.commit === 'string' ? ` at ${entry.commit.slice(0, 12)}` : '';
  const message = `This skill was added from ${from}${commit}, and ${changed.length === 1 ? 'a file has' : `${changed.length} files have`} changed since (${changed.slice(0, 5).join(', ')}${changed.length > 5 ? ', …' : ''}). \`skillsmith verify\` lists the differences; \`skillsmith update\` brings the source's version back.`;
  return [
    {
      code: 'modified-since-added',
      severity: 'info',
      message,
      range: { start: { line: 0, character: 0 }, end: { line: 0, character: 3 } },
    },
  ];
}
