// The one catalog every feature reads: skill records by file, precedence by name
// (docs/precedence-and-access.md), what is offered to the model, and the cached listing.
// It holds metadata only, never bodies, and is updated one file at a time. Who is offered
// is not decided here: the access policy (core/access) is handed in as `isListed`, because
// the policy sits above the catalog and the catalog only keeps its answer up to date.
import { pathKey, toNativePath } from '../base/paths';
import { compareCodePoints } from '../base/text';
import type { Problem } from '../base/types';
import { buildListing, type Listing, type ListingItem } from './listing';
import type { LocationScope } from './locations';
import type { SkillRecord } from './skillRecord';

/**
 * Why a skill is, or is not, offered, for display. It is not an access decision: a skill
 * with errors in an untrusted workspace shows 'errors' (fixing it comes first), while the
 * policy refuses it for being untrusted.
 */
export type OfferStatus = 'offered' | 'errors' | 'hidden' | 'shadowed' | 'untrusted';

/** The facts the access policy decides on, for one skill file. */
export interface SkillStanding {
  readonly name: string;
  readonly scope: LocationScope;
  readonly hasErrors: boolean;
  readonly hidden: boolean;
  /** Another file wins this name (docs/precedence-and-access.md). */
  readonly shadowed: boolean;
  /** The workspace is trusted (user-level skills do not depend on it). */
  readonly workspaceTrusted: boolean;
}

export interface CatalogEntry {
  readonly record: SkillRecord;
  /** The file's problems plus catalog-level ones (duplicate-name). */
  readonly problems: readonly Problem[];
  readonly status: OfferStatus;
  /** What the access policy needs to decide about this skill. */
  readonly standing: SkillStanding;
  /** The record that wins this name, when this one is shadowed. */
  readonly shadowedBy?: SkillRecord;
}

/** Which files' entries may have changed: their problems, status or presence. */
export interface CatalogChange {
  readonly files: readonly string[];
}

export interface Disposable {
  dispose(): void;
}

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

/** A skill without errors beats one with errors; then the better location; then the path. */
function byPrecedence(a: SkillRecord, b: SkillRecord): number {
  return Number(a.hasErrors) - Number(b.hasErrors) || a.location.rank - b.location.rank || compareCodePoints(a.filePath, b.filePath);
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

/** Why `winner` beats `loser` (docs/precedence-and-access.md), in words for the duplicate-name message. */
function precedenceReason(loser: SkillRecord, winner: SkillRecord): string {
  if (loser.hasErrors && !winner.hasErrors) return 'a skill without errors beats one with errors';
  const [w, l] = [winner.location, loser.location];
  if (w.scope !== l.scope) return 'workspace skills beat user-level ones';
  // Multi-root: the same configured location in two workspace folders.
  if (w.label === l.label && w.root !== l.root) return `workspace folder '${toNativePath(w.root ?? '')}' comes before '${toNativePath(l.root ?? '')}'`;
  if (w.rank !== l.rank) return `location '${w.label}' comes before '${l.label}'`;
  return 'the first path in sort order wins';
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

function duplicateNameProblem(loser: SkillRecord, winner: SkillRecord): Problem {
  const why = precedenceReason(loser, winner);
  const start = loser.nameRange?.start ?? { line: 0, character: 0 };
  const end = loser.nameRange?.end ?? { line: 0, character: 3 };
  return {
    code: 'duplicate-name',
    severity: 'warning',
    message: `Another skill named '${winner.name}' exists at ${toNativePath(winner.filePath)} and wins (${why}), so this one is not offered. Rename one of them.`,
    range: { start, end },
  };
}
