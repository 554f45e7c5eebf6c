// How an add or an update writes a location so that nothing is half-written, even when the
// process is killed (docs/install.md, "Nothing is half-written"). Beside the location, in its
// parent (the same disk, so that a rename is atomic; outside every skill location, so that no
// agent reads a half copy), `.skillsmith-install/` holds:
//   new/NAME             the skill as it will be, fully copied first;
//   skills-lock.json     the lock file as it will be;
//   journal.json         written last (beside, then renamed): the commit point;
//   old/NAME             the skill as it was, moved aside by an update.
// Before the journal exists, the location is untouched and the folder holds copies only: the
// next run removes it. Once it exists, the next run finishes the work (rolls forward): every
// step is a rename that can be done again or skipped, and `old/` is removed only after the new
// lock file is in place. A failure inside the running process moves everything back. Nothing
// ever removes a folder that holds the only copy of a skill.
import * as fs from 'node:fs';
import { basenamePath, dirnamePath, joinPath, toNativePath } from '../core/base/paths';
import { folderNameProblem, lockPathFor, serializeLockFile, type LockFile } from '../core/install/lockFile';

export const WORK_FOLDER = '.skillsmith-install';
const JOURNAL = 'journal.json';

export class TransactionError extends Error {}

interface Journal {
  readonly version: 1;
  readonly kind: 'add' | 'update';
  /** The location's folder name (its parent holds the work folder). */
  readonly location: string;
  readonly names: readonly string[];
}

const native = toNativePath;
const exists = (path: string) => fs.existsSync(native(path));

/**
 * Test-only (docs/install.md, "Testing an interrupted write"): `SKILLSMITH_TEST_INTERRUPT` set
 * to `kill:STEP` kills this process at STEP (SIGKILL: no `finally`, no cleanup, as a real kill),
 * `int:STEP` sends it SIGINT there (Ctrl-C: whatever handles it runs, and the write must still
 * be finished by the next run), `fail:STEP` throws there. Steps: staged, committed, old-moved,
 * moved:NAME, lock.
 */
export function interruptionPoint(step: string): void {
  const wanted = process.env.SKILLSMITH_TEST_INTERRUPT;
  if (!wanted) return;
  const signal = wanted === `kill:${step}` ? 'SIGKILL' : wanted === `int:${step}` ? 'SIGINT' : undefined;
  if (signal) {
    process.kill(process.pid, signal);
    // The signal is delivered before kill returns on POSIX; wait for it anyway.
    for (;;) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1000);
  }
  if (wanted === `fail:${step}`) throw new Error(`test interruption at ${step}`);
}

export function workFolderOf(location: string): string {
  return joinPath(dirnamePath(location), WORK_FOLDER);
}

/** Whether an interrupted add or update waits to be finished beside `location` (verify says so). */
export function interruptedWrite(location: string): string | undefined {
  let journal;
  try {
    journal = readJournal(workFolderOf(location));
  } catch (error) {
    return (error as Error).message;
  }
  return journal && journal.location === basenamePath(location)
    ? `an ${journal.kind} of ${journal.names.join(', ')} was interrupted; the next skillsmith add or update there finishes it`
    : undefined;
}

function readJournal(work: string): Journal | undefined {
  const file = native(joinPath(work, JOURNAL));
  if (!fs.existsSync(file)) return undefined;
  const notOurs = () =>
    new TransactionError(`${file} is not a journal this Skillsmith wrote; look inside, then remove it`);
  let data: Journal;
  try {
    data = JSON.parse(fs.readFileSync(file, 'utf8')) as Journal;
  } catch {
    throw notOurs();
  }
  // The folder may have come with a repository: every name must be one folder's name, so that
  // finishing the write never renames anything outside the location and its work folder.
  if (
    typeof data !== 'object' ||
    data === null ||
    data.version !== 1 ||
    (data.kind !== 'add' && data.kind !== 'update') ||
    typeof data.location !== 'string' ||
    folderNameProblem(data.location) !== undefined ||
    !Array.isArray(data.names) ||
    !data.names.every((name) => typeof name === 'string' && folderNameProblem(name) === undefined)
  )
    throw notOurs();
  return data;
}

function writeAtomically(file: string, text: string): void {
  const temp = `${file}.tmp`;
  fs.writeFileSync(native(temp), text);
  fs.renameSync(native(temp), native(file));
}

/** Finishes (or, before its commit point, discards) what a killed add or update left beside `location`. */
export function recoverInterrupted(location: string): string | undefined {
  const work = workFolderOf(location);
  if (!exists(work)) return undefined;
  const journal = readJournal(work);
  if (!journal) {
    // Killed before the commit point: the location was never touched; these are copies.
    fs.rmSync(native(work), { recursive: true, force: true });
    return 'removed the copies an interrupted add or update had staged';
  }
  const target = joinPath(dirnamePath(location), journal.location);
  rollForward(target, work, journal);
  return `finished an interrupted ${journal.kind} of ${journal.names.join(', ')}`;
}

function rollForward(location: string, work: string, journal: Journal): void {
  for (const name of journal.names) {
    const staged = joinPath(work, 'new', name);
    const live = joinPath(location, name);
    const old = joinPath(work, 'old', name);
    if (!exists(staged)) continue; // already in place
    if (exists(live)) {
      if (journal.kind !== 'update' || exists(old))
        throw new TransactionError(
          `cannot finish the interrupted ${journal.kind}: ${native(live)} exists; ${native(staged)} holds the new version. Move one of them away, then run again`,
        );
      fs.mkdirSync(native(joinPath(work, 'old')), { recursive: true });
      fs.renameSync(native(live), native(old));
      interruptionPoint('old-moved');
    }
    fs.mkdirSync(native(location), { recursive: true });
    fs.renameSync(native(staged), native(live));
    interruptionPoint(`moved:${name}`);
  }
  const lock = joinPath(work, 'skills-lock.json');
  if (exists(lock)) fs.renameSync(native(lock), native(lockPathFor(location)));
  interruptionPoint('lock');
  // Only now is every old copy superseded: the journal goes first, then the folder.
  fs.rmSync(native(joinPath(work, JOURNAL)));
  fs.rmSync(native(work), { recursive: true, force: true });
}

/** Undoes a rollForward that failed inside this process (not a kill): every renamed folder goes back. */
function rollBack(location: string, work: string, journal: Journal): void {
  for (const name of [...journal.names].reverse()) {
    const staged = joinPath(work, 'new', name);
    const live = joinPath(location, name);
    const old = joinPath(work, 'old', name);
    if (!exists(staged) && exists(live)) fs.renameSync(native(live), native(staged));
    if (exists(old) && !exists(live)) fs.renameSync(native(old), native(live));
  }
  fs.rmSync(native(joinPath(work, JOURNAL)));
  fs.rmSync(native(work), { recursive: true, force: true });
}

/**
 * Writes `names` into `location` all or nothing: `stage` copies each skill into `newDir/NAME`
 * and returns the lock file as it will be. Call holding the location's run lock.
 */
export async function writeSkillsAtomically(
  location: string,
  kind: 'add' | 'update',
  names: readonly string[],
  stage: (newDir: string) => Promise<LockFile>,
): Promise<void> {
  recoverInterrupted(location);
  const work = workFolderOf(location);
  fs.mkdirSync(native(joinPath(work, 'new')), { recursive: true });
  let journal: Journal | undefined;
  try {
    const lock = await stage(joinPath(work, 'new'));
    fs.writeFileSync(native(joinPath(work, 'skills-lock.json')), serializeLockFile(lock));
    interruptionPoint('staged');
    journal = { version: 1, kind, location: basenamePath(location), names: [...names] };
    writeAtomically(joinPath(work, JOURNAL), `${JSON.stringify(journal, null, 2)}\n`);
    interruptionPoint('committed');
    rollForward(location, work, journal);
  } catch (error) {
    // Once the new lock file is in place the write is done; before, everything goes back.
    if (journal && exists(joinPath(work, JOURNAL)) && exists(joinPath(work, 'skills-lock.json')))
      rollBack(location, work, journal);
    else if (!journal) fs.rmSync(native(work), { recursive: true, force: true });
    throw error;
  }
}
