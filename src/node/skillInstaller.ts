// Adding, verifying and updating skills from elsewhere on disk (docs/install.md). What is
// written goes through installTransaction.ts (staged, journaled, renamed into place), under the
// location's run lock, so that nothing is half-written even when the process is killed.
import { randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import { dirnamePath, joinPath, toNativePath } from '../core/base/paths';
import {
  compareWithLock,
  EMPTY_LOCK,
  lockPathFor,
  parseLockFile,
  type LockDifference,
  type LockEntry,
  type LockFile,
} from '../core/install/lockFile';
import type { ReviewedSkill } from '../core/install/review';
import { listSkillFolder } from '../core/base/skillFolderListing';
import { digestSkillFolder, wayFromRootProblem } from '../core/install/skillFolder';
import { isNpxSkillsLock } from '../core/review';
import { recoverInterrupted, TransactionError, workFolderOf, writeSkillsAtomically } from './installTransaction';
import { NodeFileSystem } from './nodeFileSystem';
import { sha256Digest } from './sha256';

export class InstallError extends Error {}

const native = toNativePath;

/** Beside the location, held (created with O_EXCL) while an add or update writes there. */
const RUN_LOCK_NAME = '.skillsmith-install.lock';

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Runs `write` holding the location's run lock, so that two adds, or an add during an update,
 * never write the same lock file or skill at once (nor remove each other's staging folder). A
 * lock left by a process that is gone is taken over; one held by a live process is a refusal.
 */
async function withRunLock<T>(location: string, write: () => Promise<T>): Promise<T> {
  const parent = dirnamePath(location);
  fs.mkdirSync(native(parent), { recursive: true });
  const file = native(joinPath(parent, RUN_LOCK_NAME));
  // The pid says who holds it; the nonce tells this holder's lock from a stale one of the same pid.
  const mine = `${process.pid}\n${randomUUID()}\n`;
  for (let attempt = 0; ; attempt++) {
    try {
      fs.writeFileSync(file, mine, { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 1) throw error;
      const held = await readWhenWritten(file);
      if (held === undefined) continue; // released meanwhile
      const pid = Number.parseInt(held, 10);
      if (Number.isInteger(pid) && pid > 0 && isRunning(pid))
        throw new InstallError(
          `another skillsmith add or update is running on ${toNativePath(location)} (process ${pid}); wait for it to finish, or remove ${file} if that process is not skillsmith`,
        );
      takeOverStale(file, held);
    }
  }
  try {
    return await write();
  } finally {
    fs.rmSync(file, { force: true });
  }
}

/**
 * The run lock's text once its holder has written it: `wx` creates the file before the text is
 * in it, and an empty lock read in that moment must not be taken for a stale one. A lock still
 * unfinished after two seconds was left by a process that died between the two.
 */
async function readWhenWritten(file: string): Promise<string | undefined> {
  for (let waited = 0; ; waited += 20) {
    const held = readIfThere(file);
    if (held === undefined || held.endsWith('\n') || waited >= 2_000) return held;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function readIfThere(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * Removes the run lock `file` if it still holds `stale`. Two runs that both found it stale
 * take turns through a second O_EXCL file, so that the later one never removes the lock the
 * earlier one has just created in its place (it finds that lock live, and refuses).
 */
function takeOverStale(file: string, stale: string): void {
  const turn = `${file}.takeover`;
  try {
    fs.writeFileSync(turn, `${process.pid}\n`, { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    throw new InstallError(
      `another skillsmith add or update is taking over a stale lock beside the location; try again, or remove ${turn} if no skillsmith is running`,
    );
  }
  try {
    if (readIfThere(file) === stale) fs.rmSync(file, { force: true });
  } finally {
    fs.rmSync(turn, { force: true });
  }
}

/**
 * Finishes, or undoes, what an add or update killed beside `location` left (installTransaction.ts),
 * holding the run lock; says what it did. Called before anything reads the location.
 */
export async function finishInterruptedWrite(location: string): Promise<string | undefined> {
  if (!fs.existsSync(native(workFolderOf(location)))) return undefined;
  try {
    return await withRunLock(location, () => Promise.resolve(recoverInterrupted(location)));
  } catch (error) {
    if (error instanceof TransactionError) throw new InstallError(error.message);
    throw error;
  }
}

/**
 * The location's lock file, or the empty lock when there is none; a damaged one is an error.
 * Beside a root-level `skills` location, skills-lock.json may be npx skills' own lock: it holds
 * no Skillsmith entry, and is never Skillsmith's to write (`forWriting` refuses).
 */
export function readLock(location: string, forWriting = false): LockFile {
  const file = toNativePath(lockPathFor(location));
  if (!fs.existsSync(file)) return EMPTY_LOCK;
  const text = fs.readFileSync(file, 'utf8');
  if (isNpxSkillsLock(text)) {
    if (!forWriting) return EMPTY_LOCK;
    throw new InstallError(
      `${file} is the lock file of npx skills, which Skillsmith never rewrites: add to another location (--to .agents/skills)`,
    );
  }
  const parsed = parseLockFile(text);
  if ('error' in parsed) throw new InstallError(`${file}: ${parsed.error} Fix it, or remove it to start a new one.`);
  return parsed.lock;
}

/** Copies a skill folder's files (no symbolic links) to `target`: their digests, and which are executable. */
async function copySkill(
  from: string,
  target: string,
): Promise<{ readonly files: Record<string, string>; readonly executable?: string[] }> {
  const listing = await listSkillFolder(new NodeFileSystem(), from);
  if (listing.links.length > 0)
    throw new InstallError(
      `${toNativePath(from)} holds symbolic links (${listing.links.join(', ')}), which are never copied`,
    );
  if (listing.embeddedRepositories.length > 0)
    throw new InstallError(
      `${toNativePath(from)} holds an embedded Git repository (${listing.embeddedRepositories.join(', ')}), which is never copied`,
    );
  if (listing.tooLarge) throw new InstallError(`${toNativePath(from)} holds ${listing.tooLarge}`);
  const digests: Record<string, string> = {};
  for (const file of listing.files) {
    const bytes = fs.readFileSync(native(joinPath(from, file)));
    const out = joinPath(target, file);
    fs.mkdirSync(native(dirnamePath(out)), { recursive: true });
    fs.writeFileSync(native(out), bytes);
    // The executable bit is copied (a script the skill runs stays runnable), nothing else.
    if (HAS_MODES && isExecutable(joinPath(from, file))) fs.chmodSync(native(out), 0o755);
    digests[file] = sha256Digest(bytes);
  }
  return { files: digests, ...(HAS_MODES ? { executable: executableFiles(target, listing.files) } : {}) };
}

/** Windows has no executable bit: modes are neither recorded nor compared there. */
const HAS_MODES = process.platform !== 'win32';

function isExecutable(file: string): boolean {
  return (fs.statSync(native(file)).mode & 0o111) !== 0;
}

/** The files of `dir` (from its listing) that have the executable bit; undefined on Windows. */
export function executableFiles(dir: string, files: readonly string[]): string[] | undefined {
  return HAS_MODES ? files.filter((f) => isExecutable(joinPath(dir, f))).sort() : undefined;
}

export interface AddRequest {
  readonly location: string;
  readonly source: string;
  readonly commit: string | null;
  /** The `--ref` the source was fetched at, recorded so that update stays on it. */
  readonly ref?: string;
  readonly skills: readonly ReviewedSkill[];
  readonly now?: Date;
}

/** Adds the skills to the location and records them in its lock file; all or nothing. */
export async function addSkills(request: AddRequest): Promise<string[]> {
  return withRunLock(request.location, () => addSkillsLocked(request));
}

async function addSkillsLocked(request: AddRequest): Promise<string[]> {
  const location = request.location;
  recoverInterrupted(location);
  for (const skill of request.skills) {
    if (skill.blocked) throw new InstallError(`cannot add '${skill.name}': ${skill.blocked}`);
    if (fs.existsSync(native(joinPath(location, skill.name))))
      throw new InstallError(`cannot add '${skill.name}': ${native(joinPath(location, skill.name))} already exists`);
  }
  const lock = readLock(location, true);
  const names = request.skills.map((s) => s.name);
  try {
    await writeSkillsAtomically(location, 'add', names, async (staging) => {
      const entries: Record<string, LockEntry> = {};
      for (const skill of request.skills) {
        const copied = await copySkill(skill.dir, joinPath(staging, skill.name));
        entries[skill.name] = {
          source: request.source,
          commit: request.commit,
          ...(request.ref !== undefined ? { ref: request.ref } : {}),
          path: skill.path,
          ...copied,
          added: (request.now ?? new Date()).toISOString(),
        };
      }
      return { version: lock.version, skills: { ...lock.skills, ...entries } };
    });
    return names;
  } catch (error) {
    throw error instanceof InstallError
      ? error
      : new InstallError(`nothing was added: ${error instanceof Error ? error.message : String(error)}`);
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
    const dir = joinPath(location, name);
    const nodeFs = new NodeFileSystem();
    const digests = await digestSkillFolder(nodeFs, dir, sha256Digest);
    const difference = compareWithLock(entry, digests, executableFiles(dir, Object.keys(digests)));
    // What is never copied nor digested is still a change: a link, a `.git` file or folder.
    const listing = await listSkillFolder(nodeFs, dir);
    const extra = [...listing.links, ...listing.gitEntries];
    results.push({
      name,
      entry,
      difference: extra.length === 0 ? difference : { ...difference, added: [...difference.added, ...extra].sort() },
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
  /** The ref the source was fetched at (the entry's, or the `--ref` that moves it), recorded by the update. */
  readonly ref?: string;
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
  ref?: string,
): Promise<UpdatePlan> {
  const lock = readLock(location);
  const entry = lock.skills[name];
  if (!entry)
    throw new InstallError(
      `'${name}' is not in ${toNativePath(lockPathFor(location))}: only skills added with skillsmith add can be updated`,
    );
  const upstreamDir = entry.path === '.' ? fetchedRoot : joinPath(fetchedRoot, entry.path);
  const nodeFs = new NodeFileSystem();
  // parseLockFile has refused a path with `..` or a root; a link on the way would still lead out.
  const way = await wayFromRootProblem(nodeFs, fetchedRoot, upstreamDir);
  if (way && !fs.existsSync(native(upstreamDir)))
    throw new InstallError(`the source no longer has ${entry.path}: the skill was moved or removed upstream`);
  if (way) throw new InstallError(`the skill's folder in the source cannot be read: ${way}`);
  const upstreamDigests = await digestSkillFolder(nodeFs, upstreamDir, sha256Digest);
  const upstream = compareWithLock(entry, upstreamDigests, executableFiles(upstreamDir, Object.keys(upstreamDigests)));
  const localDir = joinPath(location, name);
  const local = fs.existsSync(native(localDir))
    ? await digestSkillFolder(nodeFs, localDir, sha256Digest).then((d) =>
        compareWithLock(entry, d, executableFiles(localDir, Object.keys(d))),
      )
    : { changed: [], added: [], missing: Object.keys(entry.files) };
  return {
    name,
    entry,
    upstreamDir,
    commit,
    ...(ref !== undefined ? { ref } : entry.ref !== undefined ? { ref: entry.ref } : {}),
    upstream: {
      changed: runsFirst(upstream.changed),
      added: runsFirst(upstream.added),
      missing: runsFirst(upstream.missing),
      ...(upstream.modeChanged ? { modeChanged: runsFirst(upstream.modeChanged) } : {}),
    },
    local,
  };
}

/** Replaces the skill's folder with the upstream one and updates its lock entry; all or nothing. */
export async function applyUpdate(location: string, plan: UpdatePlan, now = new Date()): Promise<void> {
  return withRunLock(location, () => applyUpdateLocked(location, plan, now));
}

async function applyUpdateLocked(location: string, plan: UpdatePlan, now: Date): Promise<void> {
  recoverInterrupted(location);
  const lock = readLock(location, true);
  try {
    await writeSkillsAtomically(location, 'update', [plan.name], async (staging) => {
      const copied = await copySkill(plan.upstreamDir, joinPath(staging, plan.name));
      const { executable: _previous, ref: _was, ...entry } = plan.entry;
      return {
        version: lock.version,
        skills: {
          ...lock.skills,
          [plan.name]: {
            ...entry,
            commit: plan.commit,
            ...(plan.ref !== undefined ? { ref: plan.ref } : {}),
            ...copied,
            added: now.toISOString(),
          },
        },
      };
    });
  } catch (error) {
    throw error instanceof InstallError
      ? error
      : new InstallError(`nothing was updated: ${error instanceof Error ? error.message : String(error)}`);
  }
}
