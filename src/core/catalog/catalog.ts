// The one catalog every feature reads: precedence by name (docs/precedence-and-access.md),
// what is offered to the model, change events and the cached listing, over the indexes of
// catalogState.ts.
// It holds metadata only, never bodies, and is updated one file at a time. Who is offered
// is not decided here: the access policy (core/access) is handed in as `isListed`, because
// the policy sits above the catalog and the catalog only keeps its answer up to date.
import { createTimeSlicer } from '../base/concurrency';
import { pathKey } from '../base/paths';
import { compareCodePoints } from '../base/text';
import { buildListing, type Listing } from './listing';
import { byPrecedence, duplicateNameProblem } from './precedence';
import { sameSkillFolder } from './linkedCopies';
import type { CatalogChange, CatalogEntry, Disposable, OfferStatus, SkillStanding } from './catalogEntry';
import {
  emptyState,
  fileRecord,
  nameKey,
  offeredItem,
  placeOffered,
  recordsUnder,
  unfileRecord,
  type CatalogState,
} from './catalogState';
import type { SkillRecord } from './skillRecord';

export type { CatalogChange, CatalogEntry, Disposable, OfferStatus, SkillStanding } from './catalogEntry';
export { nameKey } from './catalogState';

export interface CatalogOptions {
  /**
   * The access policy's answer to "does the model see this skill in its listing?"
   * (core/access: createSkillCatalog). Without it nothing is listed.
   */
  readonly isListed?: (standing: SkillStanding) => boolean;
  /** False in an untrusted workspace. Defaults to true. */
  readonly trustWorkspaceSkills?: boolean;
}

export class SkillCatalog {
  /** Everything the catalog holds; a full scan builds a new one and swaps it in. */
  private state: CatalogState = emptyState();
  private readonly listeners = new Set<(change: CatalogChange) => void>();
  private trustWorkspaceSkills: boolean;
  private readonly isListed: (standing: SkillStanding) => boolean;
  private listingCache: { version: number; budget: number; listing: Listing } | undefined;
  private version = 0;

  constructor(options: CatalogOptions = {}) {
    this.isListed = options.isListed ?? (() => false);
    this.trustWorkspaceSkills = options.trustWorkspaceSkills ?? true;
  }

  /** Whether workspace skills may be offered (workspace trust). */
  get workspaceTrusted(): boolean {
    return this.trustWorkspaceSkills;
  }

  /** Grows with every change; cheap to compare for caching. */
  get revision(): number {
    return this.version;
  }

  get size(): number {
    return this.state.byFile.size;
  }

  /** How many names are offered to the model. */
  get offeredCount(): number {
    return this.state.offeredItems.length;
  }

  /** Adds or replaces the record of one file. */
  upsert(record: SkillRecord): void {
    const previous = this.state.byFile.get(pathKey(record.filePath));
    const keys = new Set<string>([nameKey(record.name)]);
    if (previous) {
      keys.add(nameKey(previous.name));
      unfileRecord(this.state, previous);
    }
    fileRecord(this.state, record, true);
    this.changed(keys, [record.filePath]);
  }

  /** Removes one file's record; returns false when it was not there. */
  remove(filePath: string): boolean {
    const previous = this.state.byFile.get(pathKey(filePath));
    if (!previous) return false;
    unfileRecord(this.state, previous);
    this.changed(new Set([nameKey(previous.name)]), [previous.filePath]);
    return true;
  }

  /** The records whose file lies below `folder`. */
  recordsUnder(folder: string): SkillRecord[] {
    return recordsUnder(this.state, folder);
  }

  /** Removes every record below a folder (a deleted skill or location folder). */
  removeUnder(folder: string): string[] {
    const removed = this.recordsUnder(folder);
    if (removed.length === 0) return [];
    const keys = new Set<string>();
    for (const record of removed) {
      keys.add(nameKey(record.name));
      unfileRecord(this.state, record);
    }
    const files = removed.map((r) => r.filePath);
    this.changed(keys, files);
    return files;
  }

  /** Replaces the whole content at once (a full scan), with a single change event. */
  replaceAll(records: Iterable<SkillRecord>): void {
    const build = this.buildState(records);
    let step = build.next();
    while (!step.done) step = build.next();
    this.swapIn(step.value);
  }

  /**
   * replaceAll for a scan of thousands of files, whose new content takes 10 ms and more to
   * build: built in time slices of `sliceMs`, letting the event loop run between them, then
   * swapped in at once. Until then the catalog is unchanged and can be read as usual. The
   * caller makes no other change meanwhile (the updater runs one step at a time); when
   * `cancelled()` turns true (the updater was replaced), nothing is swapped in.
   * Returns whether the new content was swapped in.
   */
  async replaceAllInSlices(
    records: Iterable<SkillRecord>,
    sliceMs: number,
    cancelled: () => boolean = () => false,
  ): Promise<boolean> {
    const slicer = createTimeSlicer(sliceMs);
    const build = this.buildState(records);
    let step = build.next();
    while (!step.done) {
      if (slicer.due()) {
        await slicer.pause();
        if (cancelled()) return false;
      }
      step = build.next();
    }
    if (cancelled()) return false;
    this.swapIn(step.value);
    return true;
  }

  /** A new state from `records`, one record per step (yields are where a slice may end). */
  private *buildState(records: Iterable<SkillRecord>): Generator<undefined, BuiltState> {
    const state = emptyState();
    const trusted = this.trustWorkspaceSkills;
    for (const record of records) {
      const key = pathKey(record.filePath);
      if (state.byFile.has(key)) continue;
      fileRecord(state, record, false);
      state.sortedFiles.push(key);
      yield;
    }
    state.sortedFiles.sort(compareCodePoints);
    yield;
    for (const [key, rivals] of state.byKey) {
      if (this.isListedWinner(rivals[0])) state.offeredItems.push(offeredItem(key, rivals[0]));
      yield;
    }
    state.offeredItems.sort((a, b) => compareCodePoints(a.name, b.name));
    return { state, trusted };
  }

  /** Makes `built` the catalog's content, with one change event for the old files and the new. */
  private swapIn(built: BuiltState): void {
    const files = new Set<string>();
    for (const record of this.state.byFile.values()) files.add(record.filePath);
    for (const record of built.state.byFile.values()) files.add(record.filePath);
    this.state = built.state;
    // Trust changed while the state was built in slices: who is offered follows it.
    if (built.trusted !== this.trustWorkspaceSkills) this.refreshOffered(new Set(this.state.byKey.keys()));
    this.version++;
    this.emit({ files: [...files] });
  }

  /** Workspace trust: untrusted workspace skills stay visible but are not offered. */
  setTrustWorkspaceSkills(trusted: boolean): void {
    if (trusted === this.trustWorkspaceSkills) return;
    this.trustWorkspaceSkills = trusted;
    const workspaceKeys = new Set<string>();
    const files: string[] = [];
    for (const record of this.state.byFile.values()) {
      if (record.location.scope !== 'workspace') continue;
      workspaceKeys.add(nameKey(record.name));
      files.push(record.filePath);
    }
    this.changed(workspaceKeys, files);
  }

  /** The entry of one file, with its effective status and problems. */
  entryForFile(filePath: string): CatalogEntry | undefined {
    const record = this.state.byFile.get(pathKey(filePath));
    return record && this.entryOf(record);
  }

  /** The entry that wins `name`, offered or not. */
  get(name: string): CatalogEntry | undefined {
    const winner = this.state.byKey.get(nameKey(name))?.[0];
    return winner && this.entryOf(winner);
  }

  /** Every entry, sorted by name and then precedence. */
  entries(): CatalogEntry[] {
    const records = [...this.state.byFile.values()].sort(
      (a, b) => compareCodePoints(a.name, b.name) || byPrecedence(a, b),
    );
    return records.map((record) => this.entryOf(record));
  }

  /** Every record, in no particular order (for a consumer that orders them itself, without the cost of entries()). */
  records(): SkillRecord[] {
    return [...this.state.byFile.values()];
  }

  /** The entries offered to the model, sorted by name. */
  offered(): CatalogEntry[] {
    return this.state.offeredItems.map((item) => this.entryOf(this.state.byKey.get(item.key)![0]));
  }

  /** Every name in the catalog (for "did you mean"). */
  names(): string[] {
    return [...this.state.byKey.values()].map((records) => records[0].name);
  }

  /** The listing under `budget`; rebuilt only when the catalog changed since the last call. */
  listing(budget: number): Listing {
    const cached = this.listingCache;
    if (cached && cached.version === this.version && cached.budget === budget) return cached.listing;
    const listing = buildListing(this.state.offeredItems, budget);
    this.listingCache = { version: this.version, budget, listing };
    return listing;
  }

  /** The other records of the same folder on disk, reached through symbolic links (linkedCopies.ts). */
  copiesOf(record: SkillRecord): SkillRecord[] {
    const rivals = this.state.byKey.get(nameKey(record.name)) ?? [];
    return rivals.length < 2 ? [] : rivals.filter((rival) => sameSkillFolder(rival, record));
  }

  /** Subscribes to changes; the listener receives the files whose entries may differ. */
  onDidChange(listener: (change: CatalogChange) => void): Disposable {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  private entryOf(record: SkillRecord): CatalogEntry {
    const rivals = this.state.byKey.get(nameKey(record.name)) ?? [record];
    const winner = rivals[0];
    const standing = this.standingOf(record, winner !== record);
    if (winner !== record) {
      return {
        record,
        // A linked copy of the winner's own folder is the same skill: nothing to rename.
        problems: sameSkillFolder(record, winner)
          ? record.problems
          : [...record.problems, duplicateNameProblem(record, winner)],
        status: 'shadowed',
        standing,
        shadowedBy: winner,
      };
    }
    return { record, problems: record.problems, status: displayStatus(standing, this.isListed(standing)), standing };
  }

  private standingOf(record: SkillRecord, shadowed: boolean): SkillStanding {
    return {
      name: record.name,
      scope: record.location.scope,
      hasErrors: record.hasErrors,
      hidden: record.hidden,
      shadowed,
      workspaceTrusted: this.trustWorkspaceSkills,
    };
  }

  private isListedWinner(winner: SkillRecord): boolean {
    return this.isListed(this.standingOf(winner, false));
  }

  /**
   * Re-files the changed keys in `offeredItems`, which stays sorted by winner name. Every
   * changed key is taken out before any is put back, so the binary search only meets keys
   * whose winners did not change (a changed key may have no records left at all).
   */
  private refreshOffered(keys: ReadonlySet<string>): void {
    let kept = 0;
    for (const item of this.state.offeredItems) if (!keys.has(item.key)) this.state.offeredItems[kept++] = item;
    this.state.offeredItems.length = kept;
    for (const key of keys) this.insertOffered(key);
  }

  /** Inserts one key in name order when its winner is offered. */
  private insertOffered(key: string): void {
    const winner = this.state.byKey.get(key)?.[0];
    if (winner !== undefined && this.isListedWinner(winner)) placeOffered(this.state, offeredItem(key, winner));
  }

  private changed(keys: Set<string>, files: string[]): void {
    const affected = new Set(files);
    this.refreshOffered(keys);
    for (const key of keys) {
      for (const record of this.state.byKey.get(key) ?? []) affected.add(record.filePath);
    }
    this.version++;
    this.emit({ files: [...affected] });
  }

  private emit(change: CatalogChange): void {
    for (const listener of [...this.listeners]) listener(change);
  }
}

/** The display status of a winner: why it is not offered, errors first (fixing them comes first). */
function displayStatus(standing: SkillStanding, listed: boolean): OfferStatus {
  if (listed) return 'offered';
  if (standing.hasErrors) return 'errors';
  if (standing.hidden) return 'hidden';
  return 'untrusted';
}

/** A state built for a full scan, and the workspace trust its offered items assume. */
interface BuiltState {
  readonly state: CatalogState;
  readonly trusted: boolean;
}
