// Skill problems in the Problems panel and as squiggles, in one DiagnosticCollection
// ('skillsmith'). Two sources feed it:
//   - an open skill document is linted from its text as the user types (debounced), with
//     its links and the catalog's duplicate-name (documentLint.ts);
//   - any other skill file shows the catalog's problems (read from the file's head at scan
//     time), refreshed for the files each catalog change names, cleared when it goes.
// A skill's findings in its scripts are published on the scripts (publishedDiagnostics.ts, which
// also keeps the Problem behind each diagnostic), and redone when a file of the skill is saved
// or changes on disk (bundledFileChanges.ts).
// Validate All upgrades the second source: it reads every catalog file completely (links
// included), and such files stay fully validated on later changes. A full scan (start,
// Refresh, a settings change) leaves fully validated files alone while it runs; the pass
// after it reads each of them once, a bounded number at a time.
//
// API, for the composition root and the "Skills: Validate All" command:
//   const diagnostics = createSkillDiagnostics(services);
//   context.subscriptions.push(...diagnostics.disposables);
//   const summary = await diagnostics.validateAll();   // { files, errors, warnings, infos, security }
//   diagnostics.problemsOf(skillFile)                  // what the Problems panel shows for a skill, scripts included
//   diagnostics.problemFor(document, diagnostic)       // the Problem (and its fixes) behind one
import * as vscode from 'vscode';
import { createLimiter, createTimeSlicer } from '../../core/base/concurrency';
import { BACKGROUND_VALIDATION_LIMIT, SCAN_SLICE_MS, VALIDATE_CONCURRENCY } from '../../core/base/limits';
import { sortProblems, type Problem } from '../../core/base/types';
import type { CatalogEntry } from '../../core/catalog/catalog';
import type { BundledFileProblems } from '../../core/review';
import { countProblems, type ProblemCounts } from '../../core/lint/problemCounts';
import { lintModule } from './lintModule';
import type { SkillsmithServices } from '../services';
import { readSettings, SETTINGS } from '../settings';
import { BundledFileChanges } from './bundledFileChanges';
import { PublishedDiagnostics } from './publishedDiagnostics';
import { isSkillDocument } from './skillFiles';
import { inBackground } from '../background';
import type { SkillProblems } from '../skillProblems';

/** Catalog files published together before the event loop may run (a scan names thousands). */
const REFRESH_BATCH = 64;

/** How long typing must pause before an open document is linted again. */
export const LINT_DELAY_MS = 250;

/** What Validate All found, counted over every catalog file (problems, not files). */
export interface ValidationSummary extends ProblemCounts {
  readonly files: number;
}

/** The diagnostics feature, as the composition root, the quick fixes and Validate All see it. */
export interface SkillDiagnostics extends SkillProblems {
  /** Everything to dispose with the extension (the collection, listeners, timers). */
  readonly disposables: vscode.Disposable[];
  /** Validates every catalog file completely and shows the results; open documents keep their live lint. */
  validateAll(): Promise<ValidationSummary>;
  /** The Problem behind one of our diagnostics, when it still describes the document's current text. */
  problemFor(document: vscode.TextDocument, diagnostic: vscode.Diagnostic): Problem | undefined;
}

/** Creates the diagnostics feature; see the API at the top of this file. */
export function createSkillDiagnostics(services: SkillsmithServices): SkillDiagnostics {
  return new DiagnosticsController(services);
}

class DiagnosticsController implements SkillDiagnostics {
  readonly disposables: vscode.Disposable[] = [];
  private readonly shown: PublishedDiagnostics;
  private readonly timers = new Map<string, NodeJS.Timeout>();
  /** Bumped for every lint started per Uri, so that a slower, older lint never wins. */
  private readonly generations = new Map<string, number>();
  /** Catalog files that Validate All read completely; they stay fully validated. */
  private readonly fullyValidated = new Set<string>();
  /** Bounds the reads of single files re-validated after a catalog change. */
  private readonly readLimit = createLimiter(VALIDATE_CONCURRENCY);

  constructor(private readonly services: SkillsmithServices) {
    this.shown = new PublishedDiagnostics(services.fs);
    const catalogChanges = services.catalog.onDidChange((change) => this.refreshFiles(change.files));
    this.disposables.push(
      this.shown,
      { dispose: () => catalogChanges.dispose() },
      { dispose: () => this.clearTimers() },
      vscode.workspace.onDidOpenTextDocument((document) => this.lintNow(document)),
      // Also fired without content changes when the encoding changes, which may add or drop `bom`.
      vscode.workspace.onDidChangeTextDocument((event) => this.lintSoon(event.document)),
      vscode.workspace.onDidCloseTextDocument((document) => this.documentClosed(document)),
      vscode.workspace.onDidChangeConfiguration((event) => {
        // The catalog rescans on this setting (affectsCatalog); open documents are ours to redo.
        if (event.affectsConfiguration(SETTINGS.unicodeNames)) this.lintOpenDocuments();
      }),
    );
    this.disposables.push(
      services.watcher.onDidScan(() => this.validateAfterScan()),
      // A skill's scripts are linted with the skill, from disk: a changed script re-lints it.
      new BundledFileChanges(services, (skillFiles) => this.relintSkills(skillFiles), LINT_DELAY_MS),
    );
    this.refreshFiles(services.catalog.entries().map((e) => e.record.filePath));
    this.lintOpenDocuments();
  }

  /**
   * The background pass after a scan: small catalogs are validated completely; in larger
   * ones, the files Validate All had upgraded are read again. Failures are logged only.
   */
  private validateAfterScan(): void {
    const catalog = this.services.catalog;
    const entries =
      catalog.size <= BACKGROUND_VALIDATION_LIMIT
        ? catalog.entries()
        : catalog.entries().filter((e) => this.fullyValidated.has(e.record.filePath));
    if (entries.length === 0) return;
    this.validateFiles(entries).then(
      (summary) => this.services.log.info(`Validated ${summary.files} skill files after the scan.`),
      (error) => this.services.log.warn(`Background validation failed: ${String(error)}`),
    );
  }

  validateAll(): Promise<ValidationSummary> {
    return this.validateFiles(this.services.catalog.entries());
  }

  /** Reads the given catalog files completely (each once, VALIDATE_CONCURRENCY at a time) and shows the results. */
  private async validateFiles(entries: readonly CatalogEntry[]): Promise<ValidationSummary> {
    const files = entries.map((e) => ({ filePath: e.record.filePath, location: e.record.location }));
    const keys = files.map((f) => this.keyOfPath(f.filePath));
    const before = keys.map((key) => this.generation(key));
    const outcomes = await lintModule().validateSkillFiles(this.services.fs, files, {
      unicodeNames: readSettings().unicodeNames,
      countTokens: lintModule().countO200kTokensUpTo,
      digest: lintModule().sha256Digest,
    });
    const open = this.openSkillDocuments();
    const shown = await Promise.all(
      outcomes.map(async (outcome, i): Promise<readonly Problem[]> => {
        if (!outcome.ok) {
          this.services.log.warn(`Validate All: ${outcome.filePath}: ${outcome.reason}`);
          return [];
        }
        this.fullyValidated.add(outcome.filePath);
        // The scripts' findings (security ones among them) count in the summary as in the Problems panel.
        const bundled = outcome.bundled.flatMap((b) => b.problems);
        const document = open.get(keys[i]);
        if (document) return [...((await this.lint(document)) ?? this.shown.shownProblems(keys[i])), ...bundled];
        // A catalog change published something newer while we read: it wins.
        if (this.generation(keys[i]) !== before[i]) return [...this.shown.shownProblems(keys[i]), ...bundled];
        this.bump(keys[i]);
        this.shown.publish(this.services.fs.toUri(outcome.filePath), outcome.problems, undefined);
        this.shown.publishBundled(outcome.filePath, outcome.bundled);
        return [...outcome.problems, ...bundled];
      }),
    );
    return { files: outcomes.length, ...countProblems(shown.flat()) };
  }

  problemsOf(skillFile: string): readonly Problem[] | undefined {
    return this.shown.skillProblems(skillFile);
  }

  get onDidChange(): vscode.Event<void> {
    return this.shown.onDidChange;
  }

  problemFor(document: vscode.TextDocument, diagnostic: vscode.Diagnostic): Problem | undefined {
    return this.shown.problemFor(document, diagnostic);
  }

  /** Re-publishes catalog files: live lint when open, the catalog's problems otherwise, nothing when gone. */
  private refreshFiles(filePaths: readonly string[]): void {
    const scanning = this.services.watcher.scanning;
    if (filePaths.length <= REFRESH_BATCH) {
      this.refreshBatch(filePaths, scanning);
      return;
    }
    // A scan names thousands of files at once: they are published in time slices, so that the
    // extension host is never held for long. Each publish reads the catalog as it is then, so
    // a later change published before an earlier slice is never overwritten by older state.
    inBackground(
      this.services.log,
      'publishing the scanned skills',
      (async () => {
        const slicer = createTimeSlicer(SCAN_SLICE_MS);
        for (let start = 0; start < filePaths.length; start += REFRESH_BATCH) {
          if (slicer.due()) await slicer.pause();
          this.refreshBatch(filePaths.slice(start, start + REFRESH_BATCH), scanning);
        }
      })(),
    );
  }

  private refreshBatch(filePaths: readonly string[], scanning: boolean): void {
    const open = this.openSkillDocuments();
    for (const filePath of filePaths) {
      const uri = this.services.fs.toUri(filePath);
      const document = open.get(uri.toString());
      if (document) {
        this.lintNow(document); // the catalog's duplicate-name may have changed
        continue;
      }
      // The pass after the scan reads fully validated files again: reading them here too
      // would read each file twice.
      if (scanning && this.fullyValidated.has(filePath) && this.services.catalog.entryForFile(filePath)) continue;
      this.publishFromCatalog(filePath, uri);
    }
  }

  private publishFromCatalog(filePath: string, uri: vscode.Uri): void {
    const key = uri.toString();
    const generation = this.bump(key);
    const entry = this.services.catalog.entryForFile(filePath);
    if (!entry) {
      this.fullyValidated.delete(filePath);
      this.shown.unpublish(uri);
      this.shown.publishBundled(filePath, []);
      return;
    }
    if (!this.fullyValidated.has(filePath)) {
      this.shown.publish(uri, entry.problems, undefined);
      return;
    }
    const duplicates = entry.problems.filter((p) => p.code === 'duplicate-name');
    inBackground(
      this.services.log,
      'readLimit',
      this.readLimit(() =>
        lintModule().validateSkillFile(this.services.fs, filePath, {
          unicodeNames: readSettings().unicodeNames,
          countTokens: lintModule().countO200kTokensUpTo,
          digest: lintModule().sha256Digest,
        }),
      ).then(
        ({ problems, bundled }) => {
          if (this.generation(key) !== generation) return;
          this.shown.publish(uri, sortProblems([...problems, ...duplicates]), undefined);
          this.shown.publishBundled(filePath, bundled);
        },
        () => {
          if (this.generation(key) === generation) this.shown.publish(uri, entry.problems, undefined);
        },
      ),
    );
  }

  private documentClosed(document: vscode.TextDocument): void {
    if (!isSkillDocument(document)) return;
    const key = document.uri.toString();
    this.cancelTimer(key);
    const filePath = this.services.fs.toPath(document.uri);
    if (this.services.catalog.entryForFile(filePath)) {
      this.publishFromCatalog(filePath, document.uri);
      return;
    }
    this.bump(key);
    this.shown.unpublish(document.uri);
  }

  /** Lints skills again whose bundled files changed, when those files' findings are shown (open, or fully validated). */
  private relintSkills(skillFiles: ReadonlySet<string>): void {
    const open = this.openSkillDocuments();
    for (const skillFile of skillFiles) {
      const uri = this.services.fs.toUri(skillFile);
      const document = open.get(uri.toString());
      if (document) this.lintNow(document);
      else if (this.fullyValidated.has(skillFile)) this.publishFromCatalog(skillFile, uri);
    }
  }

  private lintSoon(document: vscode.TextDocument): void {
    if (!isSkillDocument(document)) return;
    const key = document.uri.toString();
    this.cancelTimer(key);
    this.timers.set(
      key,
      setTimeout(() => {
        this.timers.delete(key);
        inBackground(this.services.log, 'lint', this.lint(document));
      }, LINT_DELAY_MS),
    );
  }

  private lintNow(document: vscode.TextDocument): void {
    if (!isSkillDocument(document)) return;
    this.cancelTimer(document.uri.toString());
    inBackground(this.services.log, 'lint', this.lint(document));
  }

  private lintOpenDocuments(): void {
    for (const document of this.openSkillDocuments().values()) this.lintNow(document);
  }

  /** Lints and publishes; resolves with the problems, or undefined when a newer lint superseded this one. */
  private async lint(document: vscode.TextDocument): Promise<Problem[] | undefined> {
    const key = document.uri.toString();
    const generation = this.bump(key);
    const version = document.version;
    let problems: Problem[];
    let bundled: readonly BundledFileProblems[];
    try {
      ({ problems, bundled } = await lintModule().lintSkillDocument(document, this.services, {
        unicodeNames: readSettings().unicodeNames,
      }));
    } catch (error) {
      this.services.log.error(`Could not lint ${document.uri.toString(true)}: ${String(error)}`);
      return undefined;
    }
    // Edited meanwhile: that edit scheduled a newer lint, and these ranges are already off.
    if (this.generation(key) !== generation || document.isClosed || document.version !== version) return undefined;
    this.shown.publish(document.uri, problems, version);
    if (!document.isUntitled) this.shown.publishBundled(this.services.fs.toPath(document.uri), bundled);
    return problems;
  }

  /** Open skill documents by Uri string. */
  private openSkillDocuments(): Map<string, vscode.TextDocument> {
    const open = new Map<string, vscode.TextDocument>();
    for (const document of vscode.workspace.textDocuments) {
      if (!document.isClosed && isSkillDocument(document)) open.set(document.uri.toString(), document);
    }
    return open;
  }

  private keyOfPath(filePath: string): string {
    return this.services.fs.toUri(filePath).toString();
  }

  private generation(key: string): number {
    return this.generations.get(key) ?? 0;
  }

  private bump(key: string): number {
    const next = this.generation(key) + 1;
    this.generations.set(key, next);
    return next;
  }

  private cancelTimer(key: string): void {
    const timer = this.timers.get(key);
    if (timer === undefined) return;
    clearTimeout(timer);
    this.timers.delete(key);
  }

  private clearTimers(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }
}
