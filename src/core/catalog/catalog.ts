// The one catalog every feature reads: skill records by file, precedence by name
// (docs/precedence-and-access.md), what is offered to the model, and the cached listing.
// It holds metadata only, never bodies, and is updated one file at a time. Who is offered
// is not decided here: the access policy (core/access) is handed in as `isListed`, because
// the policy sits above the catalog and the catalog only keeps its answer up to date.
import { pathKey } from '../base/paths';
import { compareCodePoints } from '../base/text';
import { buildListing, type Listing, type ListingItem } from './listing';
import { byPrecedence, duplicateNameProblem } from './precedence';
import type { CatalogChange, CatalogEntry, Disposable, OfferStatus, SkillStanding } from './catalogEntry';
import type { SkillRecord } from './skillRecord';

export type { CatalogChange, CatalogEntry, Disposable, OfferStatus, SkillStanding } from './catalogEntry';

export interface CatalogOptions {
  /**
   * The access policy's answer to "does the model see this skill in its listing?"
   * (core/access: createSkillCatalog). Without it nothing is listed.
   */
  readonly isListed?: (standing: SkillStanding) => boolean;
  /** False in an untrusted workspace. Defaults to true. */
  readonly trustWorkspaceSkills?: boolean;
}

/** The key under which names clash: NFKC, as docs/format.md compares names. */
export function nameKey(name: string): string {
  return name.normalize('NFKC');
}

export class SkillCatalog {
  /** Records by the path key of their file (base/paths: case folded where the disk ignores case). */
  private readonly byFile = new Map<string, SkillRecord>();
  /** Every file's path key, sorted, so that the records below a folder are found by binary search. */
  private readonly sortedFiles: string[] = [];
  /** Records sharing a name key, best precedence first. */
  private readonly byKey = new Map<string, SkillRecord[]>();
  /** The offered winners' listing items with their keys, sorted by name: the listing's input as is. */
  private readonly offeredItems: OfferedItem[] = [];
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
    return this.byFile.size;
  }

  /** How many names are offered to the model. */
  get offeredCount(): number {
    return this.offeredItems.length;
  }

  /** Adds or replaces the record of one file. */
  upsert(record: SkillRecord): void {
    const previous = this.byFile.get(pathKey(record.filePath));
    const keys = new Set<string>([nameKey(record.name)]);
    if (previous) {
      keys.add(nameKey(previous.name));
      this.detach(previous);
    }
    this.attach(record);
    this.changed(keys, [record.filePath]);
  }

  /** Removes one file's record; returns false when it was not there. */
  remove(filePath: string): boolean {
    const previous = this.byFile.get(pathKey(filePath));
    if (!previous) return false;
    this.detach(previous);
    this.changed(new Set([nameKey(previous.name)]), [previous.filePath]);
    return true;
  }

  /** The records whose file lies below `folder`. */
  recordsUnder(folder: string): SkillRecord[] {
    const key = pathKey(folder);
    const prefix = key.endsWith('/') ? key : key + '/';
    const records: SkillRecord[] = [];
    for (let i = lowerBound(this.sortedFiles, prefix); i < this.sortedFiles.length; i++) {
      if (!this.sortedFiles[i].startsWith(prefix)) break;
      records.push(this.byFile.get(this.sortedFiles[i])!);
    }
    return records;
  }

  /** Removes every record below a folder (a deleted skill or location folder). */
  removeUnder(folder: string): string[] {
    const removed = this.recordsUnder(folder);
    if (removed.length === 0) return [];
    const keys = new Set<string>();
    for (const record of removed) {
      keys.add(nameKey(record.name));
      this.detach(record);
    }
    const files = removed.map((r) => r.filePath);
    this.changed(keys, files);
    return files;
  }

  /** Replaces the whole content at once (a full scan), with a single change event. */
  replaceAll(records: Iterable<SkillRecord>): void {
    const files = new Set([...this.byFile.values()].map((r) => r.filePath));
    this.byFile.clear();
    this.byKey.clear();
    this.sortedFiles.length = 0;
    for (const record of records) {
      const key = pathKey(record.filePath);
      if (this.byFile.has(key)) continue;
      this.attach(record, false);
      this.sortedFiles.push(key);
      files.add(record.filePath);
    }
    this.sortedFiles.sort(compareCodePoints);
    this.offeredItems.length = 0;
    for (const [key, rivals] of this.byKey) {
      if (this.isListedWinner(rivals[0])) this.offeredItems.push(offeredItem(key, rivals[0]));
    }
    this.offeredItems.sort((a, b) => compareCodePoints(a.name, b.name));
    this.version++;
    this.emit({ files: [...files] });
  }

  /** Workspace trust: untrusted workspace skills stay visible but are not offered. */
  setTrustWorkspaceSkills(trusted: boolean): void {
    if (trusted === this.trustWorkspaceSkills) return;
    this.trustWorkspaceSkills = trusted;
    const workspaceKeys = new Set<string>();
    const files: string[] = [];
    for (const record of this.byFile.values()) {
      if (record.location.scope !== 'workspace') continue;
      workspaceKeys.add(nameKey(record.name));
      files.push(record.filePath);
    }
    this.changed(workspaceKeys, files);
  }

  /** The entry of one file, with its effective status and problems. */
  entryForFile(filePath: string): CatalogEntry | undefined {
    const record = this.byFile.get(pathKey(filePath));
    return record && this.entryOf(record);
  }

  /** The entry that wins `name`, offered or not. */
  get(name: string): CatalogEntry | undefined {
    const winner = this.byKey.get(nameKey(name))?.[0];
    return winner && this.entryOf(winner);
  }

  /** Every entry, sorted by name and then precedence. */
  entries(): CatalogEntry[] {
    const records = [...this.byFile.values()].sort(
      (a, b) => compareCodePoints(a.name, b.name) || byPrecedence(a, b),
    );
    return records.map((record) => this.entryOf(record));
  }

  /** The entries offered to the model, sorted by name. */
  offered(): CatalogEntry[] {
    return this.offeredItems.map((item) => this.entryOf(this.byKey.get(item.key)![0]));
  }

  /** Every name in the catalog (for "did you mean"). */
  names(): string[] {
    return [...this.byKey.values()].map((records) => records[0].name);
  }

  /** The listing under `budget`; rebuilt only when the catalog changed since the last call. */
  listing(budget: number): Listing {
    const cached = this.listingCache;
    if (cached && cached.version === this.version && cached.budget === budget) return cached.listing;
    const listing = buildListing(this.offeredItems, budget);
    this.listingCache = { version: this.version, budget, listing };
    return listing;
  }

  /** Subscribes to changes; the listener receives the files whose entries may differ. */
  onDidChange(listener: (change: CatalogChange) => void): Disposable {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  private entryOf(record: SkillRecord): CatalogEntry {
    const rivals = this.byKey.get(nameKey(record.name)) ?? [record];
    const winner = rivals[0];
    const standing = this.standingOf(record, winner !== record);
    if (winner !== record) {
      return {
        record,
        problems: [...record.problems, duplicateNameProblem(record, winner)],
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

  /** Files the record; `placeInSortedFiles` is false when the caller sorts all paths at once. */
  private attach(record: SkillRecord, placeInSortedFiles = true): void {
    const fileKey = pathKey(record.filePath);
    this.byFile.set(fileKey, record);
    if (placeInSortedFiles) this.sortedFiles.splice(lowerBound(this.sortedFiles, fileKey), 0, fileKey);
    const key = nameKey(record.name);
    const rivals = this.byKey.get(key);
    if (!rivals) {
      this.byKey.set(key, [record]);
      return;
    }
    rivals.push(record);
    rivals.sort(byPrecedence);
  }

  private detach(record: SkillRecord): void {
    const fileKey = pathKey(record.filePath);
    this.byFile.delete(fileKey);
    const at = lowerBound(this.sortedFiles, fileKey);
    if (this.sortedFiles[at] === fileKey) this.sortedFiles.splice(at, 1);
    const key = nameKey(record.name);
    const rivals = this.byKey.get(key);
    if (!rivals) return;
    const remaining = rivals.filter((r) => r !== record);
    if (remaining.length === 0) this.byKey.delete(key);
    else this.byKey.set(key, remaining);
  }

  /**
   * Re-files the changed keys in `offeredItems`, which stays sorted by winner name. Every
   * changed key is taken out before any is put back, so the binary search only meets keys
   * whose winners did not change (a changed key may have no records left at all).
   */
  private refreshOffered(keys: ReadonlySet<string>): void {
    let kept = 0;
    for (const item of this.offeredItems) if (!keys.has(item.key)) this.offeredItems[kept++] = item;
    this.offeredItems.length = kept;
    for (const key of keys) this.insertOffered(key);
  }

  /** Inserts one key by binary search when its winner is offered. */
  private insertOffered(key: string): void {
    const winner = this.byKey.get(key)?.[0];
    if (winner === undefined || !this.isListedWinner(winner)) return;
    let low = 0;
    let high = this.offeredItems.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (compareCodePoints(this.offeredItems[mid].name, winner.name) < 0) low = mid + 1;
      else high = mid;
    }
    this.offeredItems.splice(low, 0, offeredItem(key, winner));
  }

  private changed(keys: Set<string>, files: string[]): void {
    const affected = new Set(files);
    this.refreshOffered(keys);
    for (const key of keys) {
      for (const record of this.byKey.get(key) ?? []) affected.add(record.filePath);
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

interface OfferedItem extends ListingItem {
  readonly key: string;
}

function offeredItem(key: string, winner: SkillRecord): OfferedItem {
  return { key, name: winner.name, description: winner.description };
}

/** The first index whose value is not below `value` (binary search over a sorted array). */
function lowerBound(sorted: readonly string[], value: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (sorted[mid] < value) low = mid + 1;
    else high = mid;
  }
  return low;
}
