// What activate() returns. Other extensions can call it, so it only reads: the catalog is
// offered through a facade of its read methods (records are frozen), and nothing here can
// change trust or the catalog. The test hooks exist only when the host tests start the
// extension host with SKILLSMITH_TEST_HOOKS set.
import type { CatalogChange, CatalogEntry, Disposable, SkillCatalog } from '../core/catalog/catalog';
import type { Listing } from '../core/catalog/listing';

/** The environment variable that turns the test hooks on. */
export const TEST_HOOKS_ENV = 'SKILLSMITH_TEST_HOOKS';
/** With the test hooks on: the name of a feature to make throw at start (test/host/tests/startupFailure.test.ts). */
export const TEST_FAIL_FEATURE_ENV = 'SKILLSMITH_TEST_FAIL_FEATURE';

/** The catalog's read methods. */
export interface ReadonlySkillCatalog {
  readonly size: number;
  readonly offeredCount: number;
  readonly workspaceTrusted: boolean;
  get(name: string): CatalogEntry | undefined;
  entryForFile(filePath: string): CatalogEntry | undefined;
  entries(): CatalogEntry[];
  offered(): CatalogEntry[];
  names(): string[];
  listing(budget: number): Listing;
  onDidChange(listener: (change: CatalogChange) => void): Disposable;
}

/** What the status-bar item shows (views/statusBar.ts), for the host tests. */
export interface StatusBarSnapshot {
  readonly visible: boolean;
  readonly text: string;
  readonly tooltip: string;
}

/** What the Skills view shows (views/skillsView.ts), for the host tests. */
export interface SkillsViewSnapshot {
  readonly location: string;
  readonly description?: string;
  readonly skills: readonly {
    readonly name: string;
    readonly description?: string;
    readonly icon: string;
    /** The item's tooltip (markdown). */
    readonly tooltip: string;
    readonly actions?: readonly string[];
  }[];
}

/** Counts kept by the extension host for the host tests only. */
export interface SkillsmithTestHooks {
  /**
   * Whole-file reads per path since the last reset, every read of a file's bytes per path
   * (whole, capped or a scan's head), the most whole reads in flight at once, and how many are now.
   */
  fileReads(): {
    readonly perPath: Readonly<Record<string, number>>;
    readonly touched: Readonly<Record<string, number>>;
    readonly maxInFlight: number;
    readonly inFlight: number;
  };
  resetFileReads(): void;
  /**
   * Once the first scan's listing is ready: the time from the start of activation, the longest
   * event-loop delay from the end of activation (while the scan ran), and how long activate() took.
   */
  startup(): { readonly readyMs: number; readonly maxBlockMs: number; readonly activationMs: number } | undefined;
}

export interface SkillsmithApi {
  readonly catalog: ReadonlySkillCatalog;
  /** Resolves when the scan and every file event received so far have been applied. */
  whenIdle(): Promise<void>;
  /** What the Skills view shows now, grouped by location. */
  viewSnapshot(): SkillsViewSnapshot[];
  /** What the status-bar item shows now. */
  statusBarSnapshot(): StatusBarSnapshot;
  /** The latest paths the scan passed over, with why (also logged to the output channel). */
  skipped(): readonly { readonly path: string; readonly reason: string }[];
  /** Only when SKILLSMITH_TEST_HOOKS is set. */
  readonly testHooks?: SkillsmithTestHooks;
}

/** The read-only facade of the catalog. */
export function readonlyCatalog(catalog: SkillCatalog): ReadonlySkillCatalog {
  return Object.freeze({
    get size() {
      return catalog.size;
    },
    get offeredCount() {
      return catalog.offeredCount;
    },
    get workspaceTrusted() {
      return catalog.workspaceTrusted;
    },
    get: (name: string) => catalog.get(name),
    entryForFile: (filePath: string) => catalog.entryForFile(filePath),
    entries: () => catalog.entries(),
    offered: () => catalog.offered(),
    names: () => catalog.names(),
    listing: (budget: number) => catalog.listing(budget),
    onDidChange: (listener: (change: CatalogChange) => void) => catalog.onDidChange(listener),
  });
}
