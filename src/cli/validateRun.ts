// `skillsmith validate [PATH...]` (docs/cli.md): the lint on several threads, then core/validate's
// reports (every SKILL.md, the actions.json beside it, description-overlap across the set), as
// text or JSON. With the cache, only what changed is linted (core/validate/validateCache.ts).
import type { FileSystem } from '../core/base/fileSystem';
import { relativePath, resolvePath, toNativePath } from '../core/base/paths';
import { plural } from '../core/base/text';
import { countSeverities, type FileReport } from '../core/validate/validateReports';
import { SkillFolderSnapshot } from '../core/base/skillFolderSnapshot';
import { cachedOutcome, withCachedLints, type ValidateCacheData } from '../core/validate/validateCache';
import { setReports } from '../core/validate/setReports';
import type { LintOutcome } from '../core/validate/skillValidation';
import { LintPool } from '../node/lintPool';
import { writeErr } from './output';
import { findSkills, type FoundSkills } from './validateTargets';

export { countSeverities, type FileReport } from '../core/validate/validateReports';

export interface ValidateResult {
  readonly reports: FileReport[];
  /** Skill files that were found but could not be read, with the reason. */
  readonly unreadable: { readonly path: string; readonly reason: string }[];
  /** Symbolic links that mirror skills found elsewhere: each mirrored skill is reported once, under its real path. */
  readonly mirrors: { readonly path: string; readonly realPath: string }[];
  /** With ValidateOptions.cache: what this run learnt, for the next, and how many skills were linted again. */
  readonly cache?: {
    readonly data: ValidateCacheData;
    readonly linted: number;
    readonly reused: number;
  };
}

/** How `skillsmith validate` runs: `threads` lint at once (node/lintPool.ts). */
export interface ValidateOptions {
  readonly unicodeNames: boolean;
  readonly threads: number;
  /** `--cache`: the outcomes of the previous run (when it could be trusted) are reused where nothing they read changed. */
  readonly cache?: {
    readonly previous: ValidateCacheData | undefined;
    readonly digest: (bytes: Uint8Array) => string;
    /** When the run began, before it read anything; now when not given. */
    readonly startedAt?: number;
    /** The skills already found through `view`, which then answers every skill's check too. */
    readonly found?: { readonly view: SkillFolderSnapshot; readonly skills: FoundSkills };
  };
}

/** Validates every PATH: one report per file, in the order found. */
export async function collectReports(
  fs: FileSystem,
  cwd: string,
  inputs: readonly string[],
  options: ValidateOptions,
): Promise<ValidateResult> {
  const startedAt = options.cache?.startedAt ?? Date.now();
  const lintOptions = { unicodeNames: options.unicodeNames, recordInputs: options.cache !== undefined };
  const startPool = (threads: number) =>
    new LintPool(threads, lintOptions, (message) => writeErr(`skillsmith validate: ${message}`));
  if (options.cache) {
    // Threads start only for what the cache cannot answer: on an unchanged set, none. One view
    // answers the search and every skill's check, so that a path several of them name is asked
    // about once (the lint of what changed reads the disk afresh).
    const view = options.cache.found?.view ?? new SkillFolderSnapshot(fs);
    const found = options.cache.found?.skills ?? (await findSkills(view, cwd, inputs));
    const { digest, previous } = options.cache;
    const hits = previous
      ? await Promise.all(found.targets.map((t) => cachedOutcome(view, previous, t.filePath, digest)))
      : found.targets.map(() => undefined);
    const missing = found.targets.filter((_, i) => hits[i] === undefined).map((t) => t.filePath);
    const linted =
      missing.length === 0 ? [] : await lintWith(startPool(missing.length > 1 ? options.threads : 1), fs, missing);
    const lints = withCachedLints(
      hits.map((hit) => hit?.entry),
      linted,
    );
    const set = await setReports(fs, found.targets, lints, { digest, previous, startedAt });
    return {
      reports: [...found.reports, ...set.reports],
      unreadable: set.unreadable,
      mirrors: found.mirrors,
      cache: { data: set.cache, linted: missing.length, reused: lints.length - missing.length },
    };
  }
  // The lint's threads start now, and load the lint while the skills are found; SKILL.md files
  // named one by one are linted here (a thread costs more to start than a file to lint).
  const folders = await Promise.all(
    inputs.map(async (input) => (await fs.stat(resolvePath(cwd, input)).catch(() => undefined))?.kind === 'directory'),
  );
  const pool = startPool(folders.some(Boolean) ? options.threads : 1);
  let found: FoundSkills;
  try {
    found = await findSkills(fs, cwd, inputs);
  } catch (error) {
    await pool.close();
    throw error;
  }
  const lints = await lintWith(
    pool,
    fs,
    found.targets.map((t) => t.filePath),
  );
  const { reports, unreadable } = await setReports(fs, found.targets, lints);
  return { reports: [...found.reports, ...reports], unreadable, mirrors: found.mirrors };
}

/** Lints the files on the pool, then ends its threads. */
async function lintWith(pool: LintPool, fs: FileSystem, files: readonly string[]): Promise<LintOutcome[]> {
  try {
    return (await pool.lint(fs, files)).outcomes;
  } finally {
    await pool.close();
  }
}

/** The `--json` shape of docs/cli.md. */
export function validateJson(reports: readonly FileReport[]): string {
  const counts = countSeverities(reports);
  return JSON.stringify({
    files: reports.map((report) => ({
      path: toNativePath(report.path),
      name: report.name,
      description: report.description,
      problems: report.problems.map((p) => ({
        code: p.code,
        severity: p.severity,
        message: p.message,
        line: p.range.start.line + 1,
        column: p.range.start.character + 1,
        endLine: p.range.end.line + 1,
        endColumn: p.range.end.character + 1,
      })),
    })),
    errors: counts.errors,
    warnings: counts.warnings,
    infos: counts.infos,
  });
}

/** Linter-style lines `path:line:col severity code message`, then a summary. */
export function validateText(reports: readonly FileReport[], cwd: string): string {
  const lines: string[] = [];
  for (const report of reports) {
    const shown = relativePath(cwd, report.path);
    const display = toNativePath(shown === undefined || shown === '' || shown.startsWith('..') ? report.path : shown);
    for (const p of report.problems) {
      lines.push(
        `${display}:${p.range.start.line + 1}:${p.range.start.character + 1} ${p.severity} ${p.code} ${p.message}`,
      );
    }
  }
  const counts = countSeverities(reports);
  const files = reports.filter((r) => r.problems.every((p) => p.code !== 'no-skill-file')).length;
  lines.push(
    `${counts.errors > 0 ? '✖' : '✔'} ${plural(files, 'skill file')} checked: ${plural(counts.errors, 'error')}, ${plural(counts.warnings, 'warning')}, ${plural(counts.infos, 'info')}`,
  );
  return lines.join('\n') + '\n';
}

export type ValidateFormat = 'text' | 'json' | 'sarif';

/** What a run prints, and what it learnt for the cache. */
export interface ValidateOutput {
  readonly stdout: string;
  /** Lines for standard error, after the output. */
  readonly stderr: readonly string[];
  /** 0, 1 when a report has an error, 2 when a skill file could not be read. */
  readonly exitCode: number;
  readonly cache?: ValidateResult['cache'];
}

/** Validates every PATH and renders the reports in `format`, with what is said about the PATHs. */
export async function validateRun(
  fs: FileSystem,
  cwd: string,
  inputs: readonly string[],
  options: ValidateOptions & { readonly format: ValidateFormat; readonly version: string },
): Promise<ValidateOutput> {
  const { reports, unreadable, mirrors, cache } = await collectReports(fs, cwd, inputs, options);
  const stdout =
    options.format === 'sarif'
      ? // SARIF names each rule's family, which only the review knows: loaded for this format alone.
        (await import('./sarifOutput')).validateSarif(reports, cwd, options.version) + '\n'
      : options.format === 'json'
        ? validateJson(reports) + '\n'
        : validateText(reports, cwd);
  const stderr = [
    ...mirrors.map(
      (mirror) =>
        `skillsmith validate: ${toNativePath(mirror.path)} is a symbolic link to ${toNativePath(mirror.realPath)}: its skills are reported once, under their real paths`,
    ),
    ...unreadable.map((file) => `skillsmith: ${toNativePath(file.path)}: ${file.reason}`),
  ];
  const exitCode = unreadable.length > 0 ? 2 : countSeverities(reports).errors > 0 ? 1 : 0;
  return { stdout, stderr, exitCode, ...(cache ? { cache } : {}) };
}
