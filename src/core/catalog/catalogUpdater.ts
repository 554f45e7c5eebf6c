// Keeps the catalog equal to what is on disk: a full scan at start, then one small,
// local rescan per file-system event. Work is queued so that events apply in order
// and each step reads the disk as it is when the step runs.
import { createTimeSlicer } from '../base/concurrency';
import type { FileSystem } from '../base/fileSystem';
import { MAX_SKILL_DEPTH, SCAN_CHUNK, SCAN_SLICE_MS, STORM_EVENTS } from '../base/limits';
import {
  basenamePath,
  dirnamePath,
  isInside,
  joinPath,
  pathKey,
  pathSegments,
  relativePath,
  samePath,
} from '../base/paths';
import type { SkillCatalog } from './catalog';
import { discoverSkillFiles, isInSkippedFolder, isSkillFileName, type SkippedPath } from './discovery';
import { locationOf, type SkillLocation } from './locations';
import { readSkillRecords, type RecordSource, type SkillRecord } from './skillRecord';

export interface CatalogUpdaterOptions {
  readonly unicodeNames?: boolean;
  /** Told about every path passed over and why (for the output channel). */
  readonly onSkip?: (skipped: SkippedPath) => void;
  /** Told how far a full scan has come (skill files read so far, and the total found). */
  readonly onScanProgress?: (read: number, total: number) => void;
}

export class CatalogUpdater {
  private queue: Promise<void> = Promise.resolve();
  /** Path keys (base/paths) with a step queued that has not started yet, mapped to the path. */
  private readonly waiting = new Map<string, string>();
  private stopped = false;

  constructor(
    private readonly catalog: SkillCatalog,
    private readonly fs: FileSystem,
    private readonly locations: readonly SkillLocation[],
    private readonly options: CatalogUpdaterOptions = {},
  ) {}

  /** Rebuilds the catalog from every location, replacing what it held with one change event. */
  scanAll(): Promise<void> {
    return this.enqueue(async () => {
      const discovered = await Promise.all(
        this.locations.map((location) => discoverSkillFiles(this.fs, location.path, { onSkip: this.options.onSkip })),
      );
      // Every step of the scan runs in time slices, this one too: thousands of files.
      const slicer = createTimeSlicer(SCAN_SLICE_MS);
      // A file reachable from two locations (one nested in the other) belongs to the better
      // one. Without nesting, a file belongs to the location it was found in.
      const nested = this.locations.some((outer) =>
        this.locations.some((inner) => inner !== outer && isInside(inner.path, outer.path)),
      );
      const seen = new Set<string>();
      const files: RecordSource[] = [];
      for (let i = 0; i < discovered.length; i++) {
        for (const { filePath, realDir } of discovered[i]) {
          if (slicer.due()) await slicer.pause();
          if (nested) {
            const key = pathKey(filePath);
            if (seen.has(key)) continue;
            seen.add(key);
          }
          const location = (nested && locationOf(filePath, this.locations)) || this.locations[i];
          files.push(realDir === undefined ? { filePath, location } : { filePath, location, realDir });
        }
      }
      const records: SkillRecord[] = [];
      // Each chunk slices its own work; between chunks the event loop runs too (a chunk's
      // slices are shorter than a slice, so they alone would never let it).
      for (let start = 0; start < files.length && !this.stopped; start += SCAN_CHUNK) {
        records.push(...(await this.readAll(files.slice(start, start + SCAN_CHUNK))));
        this.options.onScanProgress?.(Math.min(start + SCAN_CHUNK, files.length), files.length);
        if (slicer.due()) await slicer.pause();
      }
      if (!this.stopped) await this.catalog.replaceAllInSlices(records, SCAN_SLICE_MS, () => this.stopped);
    });
  }

  /** A path was created or changed: rescan the smallest folder that can be affected. */
  pathChanged(changedPath: string): Promise<void> {
    return this.enqueueEvent(changedPath);
  }

  /** A path was deleted: drop what was under it and look again at its folder. */
  pathDeleted(deletedPath: string): Promise<void> {
    return this.enqueueEvent(deletedPath);
  }

  /** Stops applying events: queued and running steps leave the catalog alone. */
  stop(): void {
    this.stopped = true;
  }

  /** Resolves when every queued event has been applied. */
  settled(): Promise<void> {
    return this.queue;
  }

  private enqueue(step: () => Promise<void>): Promise<void> {
    const run = this.queue
      .then(() => (this.stopped ? undefined : step()))
      .catch((error) => {
        this.options.onSkip?.({ path: '(catalog)', reason: `update failed: ${String(error)}` });
      });
    this.queue = run;
    return run;
  }

  /**
   * Queues the reconciliation of one path. A path whose own step, or whose folder's step, is
   * still waiting needs no second one: that step reads the disk when it runs, so it sees
   * this change too. Watchers report a burst (a folder and its SKILL.md, or one file saved
   * twice) as several events; this keeps the work to one step each.
   */
  private enqueueEvent(eventPath: string): Promise<void> {
    const key = pathKey(eventPath);
    if (this.waiting.has(key) || this.waiting.has(pathKey(dirnamePath(eventPath)))) return this.queue;
    this.waiting.set(key, eventPath);
    return this.enqueue(async () => {
      if (!this.waiting.has(key)) return; // absorbed by a location rescan below
      if (this.waiting.size > STORM_EVENTS) {
        const paths = [...this.waiting.values()];
        this.waiting.clear();
        await this.rescanLocationsOf(paths);
        return;
      }
      this.waiting.delete(key);
      await this.reconcile(eventPath);
    });
  }

  /**
   * A storm (thousands of folders created or deleted at once): one rescan of each location
   * involved, reading files in parallel, costs far less than one small step per event.
   */
  private async rescanLocationsOf(paths: readonly string[]): Promise<void> {
    for (const location of this.locations) {
      if (paths.some((p) => isInside(p, location.path) || isInside(location.path, p))) {
        await this.rescan(location, location.path, 0);
      }
    }
  }

  private async reconcile(eventPath: string): Promise<void> {
    for (const location of this.locations) {
      if (isInside(location.path, eventPath)) {
        await this.rescan(location, location.path, 0);
        continue;
      }
      if (!isInside(eventPath, location.path)) continue;
      if (locationOf(eventPath, this.locations) !== location) continue;
      const scope = await this.scopeOf(eventPath);
      if (scope === undefined) continue;
      const relative = relativePath(location.path, scope) ?? '';
      // A SKILL.md directly in the location gives the location itself as the scope: depth 0,
      // where the location is not a skill folder and the full depth below it is rescanned.
      const depth = pathSegments(relative).length;
      if (depth > MAX_SKILL_DEPTH || isInSkippedFolder(relative)) continue;
      await this.rescan(location, scope, depth);
    }
  }

  /**
   * The folder to rescan for an event, or undefined when the event cannot matter. Whether
   * the event was a creation, a change or a deletion does not matter: the disk says now.
   */
  private async scopeOf(eventPath: string): Promise<string | undefined> {
    if (isSkillFileName(basenamePath(eventPath))) return dirnamePath(eventPath);
    const stat = await this.fs.stat(eventPath).catch(() => undefined);
    if (!stat) return eventPath; // Gone already: treat like a deletion.
    return stat.kind === 'directory' ? eventPath : undefined;
  }

  private async rescan(location: SkillLocation, scope: string, depth: number): Promise<void> {
    const found = await discoverSkillFiles(this.fs, scope, {
      startDepth: depth,
      maxDepth: MAX_SKILL_DEPTH,
      onSkip: this.options.onSkip,
      ancestors: await this.realAncestors(location.path, scope),
    });
    const foundKeys = new Set(found.map((f) => pathKey(f.filePath)));
    if (this.stopped) return;
    for (const record of this.catalog.recordsUnder(scope)) {
      if (samePath(record.location.path, location.path) && !foundKeys.has(pathKey(record.filePath)))
        this.catalog.remove(record.filePath);
    }
    const records = await this.readAll(found.map((f) => ({ ...f, location })));
    if (this.stopped) return;
    for (const record of records) this.catalog.upsert(record);
    const readKeys = new Set(records.map((r) => pathKey(r.filePath)));
    for (const { filePath } of found) {
      if (!readKeys.has(pathKey(filePath))) this.catalog.remove(filePath);
    }
  }

  /**
   * The real paths of the folders from the location down to `scope`'s parent, so that a
   * rescan stops at the symlink loops a full scan stops at (and finds no phantom skills).
   */
  private realAncestors(locationPath: string, scope: string): Promise<string[]> {
    const segments = pathSegments(relativePath(locationPath, scope) ?? '');
    if (segments.length === 0) return Promise.resolve([]);
    const folders = [locationPath];
    for (const segment of segments.slice(0, -1)) folders.push(joinPath(folders[folders.length - 1], segment));
    return Promise.all(folders.map((folder) => this.fs.realPath(folder).catch(() => folder)));
  }

  /**
   * The records of some files; a file that cannot be read is told to onSkip. A file that exists
   * but cannot be read right now (locked, a permission flipping during a checkout) keeps its
   * last good record, so that the skill does not flicker out of the listing.
   */
  private async readAll(files: readonly RecordSource[]): Promise<SkillRecord[]> {
    const results = await readSkillRecords(this.fs, files, { unicodeNames: this.options.unicodeNames });
    const records: SkillRecord[] = [];
    results.forEach((result, i) => {
      if (result.ok) {
        records.push(result.record);
        return;
      }
      const { filePath } = files[i];
      const previous = result.missing ? undefined : this.catalog.entryForFile(filePath)?.record;
      const kept = previous ? '; the last good record is kept until it can be read again' : '';
      this.options.onSkip?.({ path: filePath, reason: result.reason + kept });
      if (previous) records.push(previous);
    });
    return records;
  }
}
