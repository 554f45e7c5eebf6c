// Adding, verifying and updating skills from elsewhere on disk (docs/install.md). Writes are
// staged so that nothing is half-written: the chosen skills are copied into a hidden folder
// beside the location (in its parent, where the lock file is: on the same disk, so that a
// rename is atomic, and outside any skill location, so that no agent reads a half copy), then
// each is renamed into place, then the lock file is replaced (written
// beside and renamed); a failure at any step undoes the renames done and removes the staging,
// so the location is as it was. A staging folder left by a killed process is removed by the
// next add or update.
import * as fs from 'node:fs';
import { basenamePath, dirnamePath, joinPath, normalizePath, toNativePath } from '../core/base/paths';
import {
  compareWithLock,
  EMPTY_LOCK,
  lockPathFor,
  parseLockFile,
  serializeLockFile,
  type LockDifference,
  type LockEntry,
  type LockFile,
} from '../core/install/lockFile';
import type { ReviewedSkill } from '../core/install/review';
import { digestSkillFolder, listSkillFolder } from '../core/install/skillFolder';
import { NodeFileSystem } from './nodeFileSystem';
import { sha256Digest } from './sha256';

export class InstallError extends Error {}

const STAGING_PREFIX = '.skillsmith-staging-';

/** The location's lock file, or the empty lock when there is none; a damaged one is an error. */
export function readLock(location: string): LockFile {
  const file = toNativePath(lockPathFor(location));
  if (!fs.existsSync(file)) return EMPTY_LOCK;
  const parsed = parseLockFile(fs.readFileSync(file, 'utf8'));
  if ('error' in parsed) throw new InstallError(`${file}: ${parsed.error} Fix it, or remove it to start a new one.`);
  return parsed.lock;
}

/** Replaces the lock file whole: written beside, then renamed over. */
function writeLock(location: string, lock: LockFile): void {
  const file = toNativePath(lockPathFor(location));
  const temp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temp, serializeLockFile(lock));
  fs.renameSync(temp, file);
}

const native = toNativePath;

/** A new staging folder beside the location (canonical paths in and out), after removing any that a killed process left. */
function stagingFor(location: string): string {
  const parent = dirnamePath(location);
  fs.mkdirSync(native(parent), { recursive: true });
  for (const entry of fs.readdirSync(native(parent)))
    if (entry.startsWith(STAGING_PREFIX)) fs.rmSync(native(joinPath(parent, entry)), { recursive: true, force: true });
  return joinPath(parent, basenamePath(normalizePath(fs.mkdtempSync(native(joinPath(parent, STAGING_PREFIX))))));
}

/** Copies a skill folder's files (no symbolic links) to `target`, and returns their digests. */
async function copySkill(from: string, target: string): Promise<Record<string, string>> {
  const listing = await listSkillFolder(new NodeFileSystem(), from);
  if (listing.links.length > 0)
    throw new InstallError(
      `${toNativePath(from)} holds symbolic links (${listing.links.join(', ')}), which are never copied`,
    );
  if (listing.tooLarge) throw new InstallError(`${toNativePath(from)} holds ${listing.tooLarge}`);
  const digests: Record<string, string> = {};
  for (const file of listing.files) {
    const bytes = fs.readFileSync(native(joinPath(from, file)));
    const out = joinPath(target, file);
    fs.mkdirSync(native(dirnamePath(out)), { recursive: true });
    fs.writeFileSync(native(out), bytes);
    digests[file] = sha256Digest(bytes);
  }
  return digests;
}

export interface AddRequest {
  readonly location: string;
  readonly source: string;
  readonly commit: string | null;
  readonly skills: readonly ReviewedSkill[];
  readonly now?: Date;
}

/** Adds the skills to the location and records them in its lock file; all or nothing. */
export async function addSkills(request: AddRequest): Promise<string[]> {
  const location = request.location;
  for (const skill of request.skills) {
    if (skill.blocked) throw new InstallError(`cannot add '${skill.name}': ${skill.blocked}`);
    if (fs.existsSync(native(joinPath(location, skill.name))))
      throw new InstallError(`cannot add '${skill.name}': ${native(joinPath(location, skill.name))} already exists`);
  }
  const lock = readLock(location);
  const staging = stagingFor(location);
  const moved: string[] = [];
  try {
    const entries: Record<string, LockEntry> = {};
    for (const skill of request.skills) {
      const files = await copySkill(skill.dir, joinPath(staging, skill.name));
      entries[skill.name] = {
        source: request.source,
        commit: request.commit,
        path: skill.path,
        files,
        added: (request.now ?? new Date()).toISOString(),
      };
    }
    fs.mkdirSync(native(location), { recursive: true });
    for (const skill of request.skills) {
      fs.renameSync(native(joinPath(staging, skill.name)), native(joinPath(location, skill.name)));
      moved.push(joinPath(location, skill.name));
    }
    writeLock(request.location, { version: lock.version, skills: { ...lock.skills, ...entries } });
    return request.skills.map((s) => s.name);
  } catch (error) {
    for (const dir of moved) fs.rmSync(native(dir), { recursive: true, force: true });
    throw error instanceof InstallError
      ? error
      : new InstallError(`nothing was added: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    fs.rmSync(native(staging), { recursive: true, force: true });
  }
}

export interface VerifiedSkill {
  readonly name: string;
  readonly entry: LockEntry;
  /** Undefined when the folder is gone. */
  readonly difference?: LockDifference;
}

/** Compares every locked skill of the location with its entry. */
export async function verifyLocation(location: string): Promise<VerifiedSkill[]> {
  const lock = readLock(location);
  const results: VerifiedSkill[] = [];
  for (const [name, entry] of Object.entries(lock.skills).sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (!fs.existsSync(native(joinPath(location, name)))) {
      results.push({ name, entry });
      continue;
    }
    results.push({
      name,
      entry,
      difference: compareWithLock(
        entry,
        await digestSkillFolder(new NodeFileSystem(), joinPath(location, name), sha256Digest),
      ),
    });
  }
  return results;
}

export interface UpdatePlan {
  readonly name: string;
  readonly entry: LockEntry;
  /** The skill's folder in the fetched source. */
  readonly upstreamDir: string;
  readonly commit: string | null;
  /** Upstream against the lock: what the update brings. */
  readonly upstream: LockDifference;
  /** The folder against the lock: local changes the update would overwrite. */
  readonly local: LockDifference;
}

/** Scripts and actions first: what runs is what a reviewer reads first. */
export function runsFirst(files: readonly string[]): string[] {
  const rank = (file: string) =>
    file === 'actions.json'
      ? 0
      : file.startsWith('scripts/') || /\.(?:sh|ps1|py|js|mjs|cjs|ts|rb|pl|bat|cmd)$/i.test(file)
        ? 1
        : 2;
  return [...files].sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0));
}

/** What updating `name` from the fetched source would change. */
export async function planUpdate(
  location: string,
  name: string,
  fetchedRoot: string,
  commit: string | null,
): Promise<UpdatePlan> {
  const lock = readLock(location);
  const entry = lock.skills[name];
  if (!entry)
    throw new InstallError(
      `'${name}' is not in ${toNativePath(lockPathFor(location))}: only skills added with skillsmith add can be updated`,
    );
  const upstreamDir = entry.path === '.' ? fetchedRoot : joinPath(fetchedRoot, entry.path);
  if (!fs.existsSync(native(upstreamDir)))
    throw new InstallError(`the source no longer has ${entry.path}: the skill was moved or removed upstream`);
  const nodeFs = new NodeFileSystem();
  const upstream = compareWithLock(entry, await digestSkillFolder(nodeFs, upstreamDir, sha256Digest));
  const localDir = joinPath(location, name);
  const local = fs.existsSync(native(localDir))
    ? compareWithLock(entry, await digestSkillFolder(nodeFs, localDir, sha256Digest))
    : { changed: [], added: [], missing: Object.keys(entry.files) };
  return {
    name,
    entry,
    upstreamDir,
    commit,
    upstream: {
      changed: runsFirst(upstream.changed),
      added: runsFirst(upstream.added),
      missing: runsFirst(upstream.missing),
    },
    local,
  };
}

/** Replaces the skill's folder with the upstream one and updates its lock entry; all or nothing. */
export async function applyUpdate(location: string, plan: UpdatePlan, now = new Date()): Promise<void> {
  const lock = readLock(location);
  const staging = stagingFor(location);
  const target = native(joinPath(location, plan.name));
  const old = native(joinPath(staging, 'old'));
  let swapped = false;
  try {
    const files = await copySkill(plan.upstreamDir, joinPath(staging, 'new'));
    if (fs.existsSync(target)) fs.renameSync(target, old);
    swapped = true;
    fs.renameSync(native(joinPath(staging, 'new')), target);
    writeLock(location, {
      version: lock.version,
      skills: { ...lock.skills, [plan.name]: { ...plan.entry, commit: plan.commit, files, added: now.toISOString() } },
    });
  } catch (error) {
    if (swapped) {
      fs.rmSync(target, { recursive: true, force: true });
      if (fs.existsSync(old)) fs.renameSync(old, target);
    }
    throw error instanceof InstallError
      ? error
      : new InstallError(`nothing was updated: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    fs.rmSync(native(staging), { recursive: true, force: true });
  }
}
