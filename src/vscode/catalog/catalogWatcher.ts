// Keeps the one SkillCatalog equal to the disk: a scan when the extension starts or the
// settings change, then FileSystemWatcher events applied one path at a time. Also owns
// the `skillsmith.hasSkills` context key and workspace trust, which follow the catalog.
import * as os from 'node:os';
import * as vscode from 'vscode';
import { MAX_KEPT_SKIPS } from '../../core/base/limits';
import { basenamePath, dirnamePath, isInside, normalizePath, samePath } from '../../core/base/paths';
import type { SkillCatalog } from '../../core/catalog/catalog';
import { CatalogUpdater } from '../../core/catalog/catalogUpdater';
import type { SkippedPath } from '../../core/catalog/discovery';
import { isUserLocation, resolveLocations, type SkillLocation } from '../../core/catalog/locations';
import { CreatedFolderWatches } from '../../node/createdFolderWatches';
import { HAS_SKILLS_CONTEXT } from '../ids';
import type { CatalogWatching } from '../services';
import { readSettings } from '../settings';
import type { WorkspaceFileSystem } from '../workspaceFileSystem';
import { inBackground } from '../background';
import { DisposableStore } from '../disposables';

export class CatalogWatcher implements CatalogWatching, vscode.Disposable {
  private updater: CatalogUpdater | undefined;
  private watchers: vscode.Disposable[] = [];
  private scan: Promise<void> = Promise.resolve();
  private hasSkills: boolean | undefined;
  private readonly disposables = new DisposableStore();
  private currentLocations: readonly SkillLocation[] = [];
  private readonly scanned = this.disposables.add(new vscode.EventEmitter<void>());
  /** Fires when a full scan has filled the catalog (at start, on Refresh, on a settings change). */
  readonly onDidScan = this.scanned.event;
  private readonly pathEvents = this.disposables.add(new vscode.EventEmitter<string>());
  /**
   * Fires for every path the watchers report under a location (created, changed or deleted),
   * after handing it to the catalog: the diagnostics re-lint a skill whose script changed.
   */
  readonly onDidChangePath = this.pathEvents.event;
  private readonly recentSkips: SkippedPath[] = [];
  private scansRunning = 0;

  constructor(
    private readonly catalog: SkillCatalog,
    private readonly fs: WorkspaceFileSystem,
    private readonly log: vscode.LogOutputChannel,
  ) {
    this.disposables.add(catalog.onDidChange(() => this.updateContextKey()));
    this.disposables.add({
      dispose: () => {
        this.disposeWatchers();
        this.updater?.stop();
      },
    });
  }

  /** True while a full scan runs (at start, on Refresh, on a settings change). */
  get scanning(): boolean {
    return this.scansRunning > 0;
  }

  /** The locations in force, best precedence first. */
  get locations(): readonly SkillLocation[] {
    return this.currentLocations;
  }

  /** Rebuilds from the current settings and workspace folders: new watchers, one full scan. */
  restart(): Promise<void> {
    this.disposeWatchers();
    this.updater?.stop();
    const settings = readSettings();
    const folders = vscode.workspace.workspaceFolders ?? [];
    this.currentLocations = resolveLocations({
      workspaceFolders: folders.map((f) => this.fs.toPath(f.uri)),
      configured: settings.locations,
      home: normalizePath(os.homedir()),
    });
    let progress: vscode.Progress<{ message?: string }> | undefined;
    const updater = new CatalogUpdater(this.catalog, this.fs, this.currentLocations, {
      unicodeNames: settings.unicodeNames,
      onSkip: (skipped) => this.recordSkip(skipped),
      // Once per chunk of files, so that a large scan shows it is moving without flooding the UI.
      onScanProgress: (read, total) => progress?.report({ message: `${read} of ${total} skills read` }),
    });
    this.updater = updater;
    this.watch(updater, folders, settings.locations);
    const started = Date.now();
    this.scansRunning++;
    this.scan = Promise.resolve(
      vscode.window.withProgress(
        { location: vscode.ProgressLocation.Window, title: 'Scanning skills' },
        (windowProgress) => {
          progress = windowProgress;
          return updater.scanAll();
        },
      ),
    )
      .finally(() => this.scansRunning--)
      .then(() => {
        if (this.updater === updater) this.scanned.fire();
        this.log.info(
          `Scanned ${this.currentLocations.length} locations: ${this.catalog.size} skills (${this.catalog.offeredCount} offered) in ${Date.now() - started} ms.`,
        );
      });
    return this.scan;
  }

  /** Re-reads one path now (e.g. a skill just written) and resolves once the catalog has it. */
  async refreshPath(path: string): Promise<void> {
    await this.scan;
    await this.updater?.pathChanged(path);
  }

  /** The latest paths the scan passed over, with why (the output channel logs them too). */
  skipped(): readonly SkippedPath[] {
    return [...this.recentSkips];
  }

  /** Resolves once the scan and every event received so far have been applied. */
  async whenIdle(): Promise<void> {
    await this.scan;
    await this.updater?.settled();
  }

  dispose(): void {
    this.disposables.dispose();
  }

  private watch(
    updater: CatalogUpdater,
    folders: readonly vscode.WorkspaceFolder[],
    configured: readonly string[],
  ): void {
    const relative = configured.filter((l) => !isUserLocation(l)).map((l) => normalizePath(l));
    const patterns: vscode.RelativePattern[] = [];
    if (relative.length > 0) {
      // A folder created with its contents at once (`mkdir -p .claude/skills/x`) is reported
      // as one event for its top folder only, so the locations' ancestors are watched too.
      const ancestors = relative.flatMap((l) =>
        l
          .split('/')
          .slice(0, -1)
          .map((_, i, parts) => parts.slice(0, i + 1).join('/')),
      );
      const glob = `{${[...new Set([...ancestors, ...relative.flatMap((l) => [l, `${l}/**`])])].join(',')}}`;
      for (const folder of folders) patterns.push(new vscode.RelativePattern(folder, glob));
    }
    for (const location of this.currentLocations) {
      if (location.scope === 'user') patterns.push(new vscode.RelativePattern(vscode.Uri.file(location.path), '**'));
    }
    inBackground(this.log, 'watchForMissingUserLocations', this.watchForMissingUserLocations());
    const reported = (path: string) => {
      inBackground(this.log, 'updater.pathChanged', updater.pathChanged(path)); // the disk says which: a deletion reported here is seen too
      this.pathEvents.fire(path);
    };
    const belowCreated = this.watchBelowCreatedFolders(reported);
    for (const pattern of patterns) {
      const watcher = vscode.workspace.createFileSystemWatcher(pattern);
      // A folder made again soon after its deletion is reported as changed (seen: `rm -rf .claude`
      // then `mkdir -p .claude/skills/x` gave two changes of .claude), so both kinds count.
      const createdOrChanged = (uri: vscode.Uri) => {
        reported(this.fs.toPath(uri));
        if (belowCreated && uri.scheme === 'file')
          inBackground(this.log, 'folderCreated', this.folderCreated(belowCreated, this.fs.toPath(uri)));
      };
      watcher.onDidCreate(createdOrChanged);
      watcher.onDidChange(createdOrChanged);
      watcher.onDidDelete((uri) => {
        const path = this.fs.toPath(uri);
        inBackground(this.log, 'updater.pathDeleted', updater.pathDeleted(path));
        this.pathEvents.fire(path);
        belowCreated?.pathDeleted(path);
      });
      this.watchers.push(watcher);
    }
  }

  /** On Linux, the watches that cover what VS Code's watcher misses below created folders (see CreatedFolderWatches). */
  private watchBelowCreatedFolders(reported: (path: string) => void): CreatedFolderWatches | undefined {
    if (process.platform !== 'linux') return undefined;
    const watches = new CreatedFolderWatches({
      report: reported,
      onError: (error) => this.log.error(`A created folder's watch failed: ${String(error)}`),
      onLimit: (limit) =>
        this.log.warn(
          `${limit} folders created since the start are watched; changes below newer ones may be missed until the window is reloaded.`,
        ),
    });
    this.watchers.push({ dispose: () => watches.dispose() });
    return watches;
  }

  /** Watches below `path` when it is a folder (a file's change costs one stat). */
  private async folderCreated(watches: CreatedFolderWatches, path: string): Promise<void> {
    if ((await this.fs.stat(path).catch(() => undefined))?.kind === 'directory') await watches.folderCreated(path);
  }

  private recordSkip(skipped: SkippedPath): void {
    this.log.warn(`Skipped ${skipped.path}: ${skipped.reason}`);
    this.recentSkips.push(skipped);
    if (this.recentSkips.length > MAX_KEPT_SKIPS) this.recentSkips.shift();
  }

  /**
   * A user-level folder that does not exist yet (`~/.claude/skills` before the first skill)
   * cannot be watched; its nearest existing parent is watched, without recursion, for the
   * missing folder, and its creation restarts the watchers, which then see the location.
   */
  private async watchForMissingUserLocations(): Promise<void> {
    const generation = this.watchers;
    const home = normalizePath(os.homedir());
    for (const location of this.currentLocations) {
      if (location.scope !== 'user' || (await this.fs.stat(location.path).catch(() => undefined))) continue;
      let missing = location.path;
      let parent = dirnamePath(missing);
      while (
        isInside(parent, home) &&
        !samePath(parent, missing) &&
        !(await this.fs.stat(parent).catch(() => undefined))
      ) {
        missing = parent;
        parent = dirnamePath(parent);
      }
      if (this.watchers !== generation) return; // restarted meanwhile
      const watcher = vscode.workspace.createFileSystemWatcher(
        new vscode.RelativePattern(vscode.Uri.file(parent), basenamePath(missing)),
        false,
        true,
        true,
      );
      watcher.onDidCreate(() => inBackground(this.log, 'restart', this.restart()));
      this.watchers.push(watcher);
    }
  }

  private disposeWatchers(): void {
    for (const watcher of this.watchers) watcher.dispose();
    this.watchers = [];
  }

  private updateContextKey(): void {
    const hasSkills = this.catalog.offeredCount > 0;
    if (hasSkills === this.hasSkills) return;
    this.hasSkills = hasSkills;
    inBackground(
      this.log,
      'the command setContext',
      vscode.commands.executeCommand('setContext', HAS_SKILLS_CONTEXT, hasSkills),
    );
  }
}
