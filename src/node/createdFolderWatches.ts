// Watches, with Node's own fs.watch, the folders below a folder created while the editor runs.
// VS Code's recursive watcher on Linux (parcel, over inotify) starts watching a new folder only
// when it hears of it, and of a tree made at once (`mkdir -p .claude/skills/x`, a clone, a tree
// moved in) it hears of the top folder alone: nothing below it is ever reported
// (parcel-bundler/watcher#97, microsoft/vscode#227252; our host test missed the edit to a skill
// made that way in 2 runs of 4). A non-recursive VS Code watcher does not help: VS Code serves
// it from the same parcel watch (tried, no events). So the folders below each created folder
// get one inotify watch each, up to a limit; whatever they report goes where the editor's
// watcher events go.
import * as fs from 'node:fs';
import { MAX_CREATED_FOLDER_WATCHES, MAX_SKILL_DEPTH } from '../core/base/limits';
import { basenamePath, isInside, joinPath, pathKey, toNativePath } from '../core/base/paths';
import { ALWAYS_SKIPPED } from '../core/catalog/discovery';

/** How deep below a created folder its folders are watched: a location's ancestors, a skill, its scripts. */
const WATCH_DEPTH = MAX_SKILL_DEPTH + 2;

interface FolderWatch {
  readonly path: string;
  readonly watcher: fs.FSWatcher;
  /** How many levels below this folder are still watched. */
  readonly depth: number;
}

export interface CreatedFolderWatchesOptions {
  /** Called with each path the watches report (created, changed or deleted): the disk says which. */
  readonly report: (path: string) => void;
  /** Called once when the limit is reached. */
  readonly onLimit?: (limit: number) => void;
  readonly limit?: number;
  /** Called when handling a reported change fails (the report callback threw, a stat failed). */
  readonly onError?: (error: unknown) => void;
}

export class CreatedFolderWatches {
  private readonly watches = new Map<string, FolderWatch>();
  private limitReported = false;
  private disposed = false;

  constructor(private readonly options: CreatedFolderWatchesOptions) {}

  /** The folders watched now (for tests and the log). */
  get size(): number {
    return this.watches.size;
  }

  /** A folder was created, and the editor's watcher watches it: the folders below it are watched here. */
  async folderCreated(folder: string): Promise<void> {
    await this.watchBelow(folder, WATCH_DEPTH);
  }

  /** A path was deleted: the watches at or below it are closed. */
  pathDeleted(path: string): void {
    for (const [key, watch] of this.watches) {
      if (isInside(watch.path, path)) this.close(key);
    }
  }

  dispose(): void {
    this.disposed = true;
    for (const key of [...this.watches.keys()]) this.close(key);
  }

  private async watchBelow(folder: string, depth: number): Promise<void> {
    if (depth <= 0 || this.disposed) return;
    const entries = await fs.promises.readdir(toNativePath(folder), { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      if (!entry.isDirectory() || ALWAYS_SKIPPED.has(entry.name)) continue;
      const child = joinPath(folder, entry.name);
      if (this.watch(child, depth - 1)) await this.watchBelow(child, depth - 1);
    }
  }

  /** Watches one folder; false when it cannot be (already watched, the limit, gone). */
  private watch(folder: string, depth: number): boolean {
    const key = pathKey(folder);
    if (this.disposed || this.watches.has(key)) return false;
    const limit = this.options.limit ?? MAX_CREATED_FOLDER_WATCHES;
    if (this.watches.size >= limit) {
      if (!this.limitReported) this.options.onLimit?.(limit);
      this.limitReported = true;
      return false;
    }
    let watcher: fs.FSWatcher;
    try {
      watcher = fs.watch(toNativePath(folder), { persistent: false }, (event, name) => {
        if (name)
          this.changed(folder, name.toString(), event, depth).catch((error: unknown) => this.options.onError?.(error));
      });
    } catch {
      return false; // gone already, or not a folder any more
    }
    watcher.on('error', () => this.close(key));
    this.watches.set(key, { path: folder, watcher, depth });
    return true;
  }

  private async changed(folder: string, name: string, event: string, depth: number): Promise<void> {
    const path = joinPath(folder, name);
    // When the watched folder itself goes, Node names the event by the folder's own name: that
    // is no path below it, and the folder's parent (or the editor's watcher) reports the deletion.
    if (event === 'rename' && name === basenamePath(folder) && !(await exists(path)) && !(await exists(folder))) {
      this.pathDeleted(folder);
      return;
    }
    this.options.report(path);
    // A folder made inside a folder watched here is unknown to the editor's watcher too.
    if (event === 'rename') await this.folderAppeared(path, depth);
  }

  private async folderAppeared(path: string, parentDepth: number): Promise<void> {
    if (parentDepth <= 0) return;
    const stat = await fs.promises.stat(toNativePath(path)).catch(() => undefined);
    if (!stat?.isDirectory()) {
      this.pathDeleted(path); // a rename away or a deletion: its watches go
      return;
    }
    if (this.watch(path, parentDepth - 1)) await this.watchBelow(path, parentDepth - 1);
  }

  private close(key: string): void {
    this.watches.get(key)?.watcher.close();
    this.watches.delete(key);
  }
}

function exists(path: string): Promise<boolean> {
  return fs.promises.stat(toNativePath(path)).then(
    () => true,
    () => false,
  );
}
