// What a SkillCatalog holds, apart from its policy: the records indexed by file, by folder
// (sorted path keys, for "every record below this folder") and by name (rivals in
// precedence order), and the offered winners in name order. Filing and unfiling a record
// keeps the indexes consistent; the catalog decides what changed and who is offered.
import { pathKey } from '../base/paths';
import { compareCodePoints } from '../base/text';
import type { ListingItem } from './listing';
import { byPrecedence } from './precedence';
import type { SkillRecord } from './skillRecord';

/** The key under which names clash: NFKC, as docs/format.md compares names. */
export function nameKey(name: string): string {
  return name.normalize('NFKC');
}

export interface CatalogState {
  /** Records by the path key of their file (base/paths: case folded where the disk ignores case). */
  readonly byFile: Map<string, SkillRecord>;
  /** Every file's path key, sorted, so that the records below a folder are found by binary search. */
  readonly sortedFiles: string[];
  /** Records sharing a name key, best precedence first. */
  readonly byKey: Map<string, SkillRecord[]>;
  /** The offered winners' listing items with their keys, sorted by name: the listing's input as is. */
  readonly offeredItems: OfferedItem[];
}

export interface OfferedItem extends ListingItem {
  readonly key: string;
}

export function emptyState(): CatalogState {
  return { byFile: new Map(), sortedFiles: [], byKey: new Map(), offeredItems: [] };
}

export function offeredItem(key: string, winner: SkillRecord): OfferedItem {
  return { key, name: winner.name, description: winner.description };
}

/** Files the record; `placeInSortedFiles` is false when the caller sorts all paths at once. */
export function fileRecord(state: CatalogState, record: SkillRecord, placeInSortedFiles: boolean): void {
  const fileKey = pathKey(record.filePath);
  state.byFile.set(fileKey, record);
  if (placeInSortedFiles) state.sortedFiles.splice(lowerBound(state.sortedFiles, fileKey), 0, fileKey);
  const key = nameKey(record.name);
  const rivals = state.byKey.get(key);
  if (!rivals) {
    state.byKey.set(key, [record]);
    return;
  }
  rivals.push(record);
  rivals.sort(byPrecedence);
}

/** Takes the record out of the file and name indexes (not out of the offered items). */
export function unfileRecord(state: CatalogState, record: SkillRecord): void {
  const fileKey = pathKey(record.filePath);
  state.byFile.delete(fileKey);
  const at = lowerBound(state.sortedFiles, fileKey);
  if (state.sortedFiles[at] === fileKey) state.sortedFiles.splice(at, 1);
  const key = nameKey(record.name);
  const rivals = state.byKey.get(key);
  if (!rivals) return;
  const remaining = rivals.filter((r) => r !== record);
  if (remaining.length === 0) state.byKey.delete(key);
  else state.byKey.set(key, remaining);
}

/** The records whose file lies below `folder`. */
export function recordsUnder(state: CatalogState, folder: string): SkillRecord[] {
  const key = pathKey(folder);
  const prefix = key.endsWith('/') ? key : key + '/';
  const records: SkillRecord[] = [];
  for (let i = lowerBound(state.sortedFiles, prefix); i < state.sortedFiles.length; i++) {
    if (!state.sortedFiles[i].startsWith(prefix)) break;
    records.push(state.byFile.get(state.sortedFiles[i])!);
  }
  return records;
}

/** Inserts an offered item where its name belongs (binary search). */
export function placeOffered(state: CatalogState, item: OfferedItem): void {
  let low = 0;
  let high = state.offeredItems.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (compareCodePoints(state.offeredItems[mid].name, item.name) < 0) low = mid + 1;
    else high = mid;
  }
  state.offeredItems.splice(low, 0, item);
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
