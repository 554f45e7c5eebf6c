// `skillsmith validate [PATH...] [--json] [--unicode-names]` (docs/cli.md): what each PATH stands
// for, mirrors said once, the lint on several threads, then core/validate's reports (every
// SKILL.md, the actions.json beside it, description-overlap across the set), printed.
import type { FileSystem } from '../core/base/fileSystem';
import { MAX_VALIDATE_SEARCH_DEPTH } from '../core/base/limits';
import { dirnamePath, joinPath, pathKey, relativePath, resolvePath, toNativePath } from '../core/base/paths';
import { plural } from '../core/base/text';
import { discoverSkillFiles, skillFileIn } from '../core/catalog/discovery';
import { resolveLocations, type SkillLocation } from '../core/catalog/locations';
import type { ValidateTarget } from '../core/validate/validateFiles';
import { countSeverities, type FileReport } from '../core/validate/validateReports';
import { SkillFolderSnapshot } from '../core/base/skillFolderSnapshot';
import { cachedOutcome, withCachedLints, type ValidateCacheData } from '../core/validate/validateCache';
import { setReports } from '../core/validate/setReports';
import type { LintOutcome } from '../core/validate/skillValidation';
import { LintPool } from '../node/lintPool';
import { writeErr } from './output';
import { UsageError } from './args';

export { countSeverities, type FileReport } from '../core/validate/validateReports';

function locationFor(folder: string, label: string, rank: number): SkillLocation {
  return { path: folder, label, scope: 'workspace', rank, root: folder };
}

/** What one PATH argument stands for: a SKILL.md, a skill folder, or a folder to discover in. */
async function targetsOf(fs: FileSystem, cwd: string, input: string): Promise<ValidateTarget[] | 'none'> {
  const absolute = resolvePath(cwd, input);
  const stat = await fs.stat(absolute).catch(() => undefined);
  if (!stat) throw new UsageError(`cannot read '${input}': no such file or folder`);
  if (stat.kind === 'file') {
    return [{ filePath: absolute, location: locationFor(dirnamePath(dirnamePath(absolute)), '.', 0) }];
  }
  if (stat.kind !== 'directory') throw new UsageError(`cannot read '${input}': not a file or folder`);
  const entries = await fs.readDirectory(absolute).catch((error) => {
    throw new UsageError(`cannot read '${input}': ${error instanceof Error ? error.message : String(error)}`);
  });
  const own = skillFileIn(entries);
  if (own) return [{ filePath: joinPath(absolute, own.name), location: locationFor(dirnamePath(absolute), '.', 0) }];

  const targets: ValidateTarget[] = [];
  const seen = new Set<string>();
  for (const location of resolveLocations({ workspaceFolders: [absolute], includeUser: false })) {
    for (const found of await discoverSkillFiles(fs, location.path)) {
      if (!seen.has(pathKey(found.filePath))) targets.push({ filePath: found.filePath, location });
      seen.add(pathKey(found.filePath));
    }
  }
  if (targets.length > 0) return targets;
  const anywhere = locationFor(absolute, '.', 0);
  // Deeper than a location is searched, by the catalog's rule all the same (no resource folders).
  const found = await discoverSkillFiles(fs, absolute, { maxDepth: MAX_VALIDATE_SEARCH_DEPTH });
  return found.length > 0 ? found.map((f) => ({ filePath: f.filePath, location: anywhere })) : 'none';
}

function noSkillFileReport(folder: string): FileReport {
  return {
    path: folder,
    name: null,
    description: null,
    problems: [
      {
        code: 'no-skill-file',
        severity: 'error',
        message: `No SKILL.md in ${toNativePath(folder)} or below it. A skill is a folder holding a SKILL.md; create one with "Skills: New Skill…" or point at the right folder.`,
        range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
      },
    ],
  };
}

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
    /** Nothing changed since the cache was written: it need not be written again. */
    readonly unchanged: boolean;
  };
}

/** How `skillsmith validate` runs: `threads` lint at once (node/lintPool.ts). */
export interface ValidateOptions {
  readonly unicodeNames: boolean;
  readonly threads: number;
  /** `--cache`: the outcomes of the previous run (when it could be trusted) are reused where nothing they read changed. */
  readonly cache?: { readonly previous: ValidateCacheData | undefined; readonly digest: (bytes: Uint8Array) => string };
}

interface FoundSkills {
  /** A report for each PATH that holds no skill. */
  readonly reports: FileReport[];
  readonly targets: ValidateTarget[];
  readonly mirrors: { path: string; realPath: string }[];
}

/** Validates every PATH: one report per file, in the order found. */
export async function collectReports(
  fs: FileSystem,
  cwd: string,
  inputs: readonly string[],
  options: ValidateOptions,
): Promise<ValidateResult> {
  const startedAt = Date.now();
  const lintOptions = { unicodeNames: options.unicodeNames, recordInputs: options.cache !== undefined };
  const startPool = (threads: number) =>
    new LintPool(threads, lintOptions, (message) => writeErr(`skillsmith validate: ${message}`));
  if (options.cache) {
    // Threads start only for what the cache cannot answer: on an unchanged set, none. One view
    // answers the search and every skill's check, so that a path several of them name is asked
    // about once (the lint of what changed reads the disk afresh).
    const view = new SkillFolderSnapshot(fs);
    const found = await findSkills(view, cwd, inputs);
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
    const set = await setReports(fs, found.targets, lints, { ...options.cache, startedAt });
    // Unchanged: every skill and the overlap pass came from the cache, with no file read again,
    // for the same set of skills; the file on disk still says all of it.
    const unchanged =
      missing.length === 0 &&
      set.overlapsKept &&
      hits.every((hit) => hit?.reread === false) &&
      Object.keys(previous?.lints ?? {}).length === found.targets.length;
    return {
      reports: [...found.reports, ...set.reports],
      unreadable: set.unreadable,
      mirrors: found.mirrors,
      cache: { data: set.cache, linted: missing.length, reused: lints.length - missing.length, unchanged },
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

/** What the PATHs hold: the skills to validate, each once under its real path, and the mirrors met. */
async function findSkills(fs: FileSystem, cwd: string, inputs: readonly string[]): Promise<FoundSkills> {
  const reports: FileReport[] = [];
  const mirrors: { path: string; realPath: string }[] = [];
  const targets: ValidateTarget[] = [];
  const seen = new Set<string>();
  for (const input of inputs) {
    const found = await targetsOf(fs, cwd, input);
    if (found === 'none') {
      reports.push(noSkillFileReport(resolvePath(cwd, input)));
      continue;
    }
    // The PATH's own real path: a workspace that lies under a symbolic link is no mirror.
    const base = resolvePath(cwd, input);
    const baseDir = (await fs.stat(base).catch(() => undefined))?.kind === 'file' ? dirnamePath(base) : base;
    const baseReal = await fs.realPath(baseDir).catch(() => baseDir);
    /** A real path below the PATH, shown under the PATH as given. */
    const shown = (real: string) => {
      const inside = relativePath(baseReal, real);
      return inside === undefined || inside.startsWith('..')
        ? real
        : inside === ''
          ? baseDir
          : joinPath(baseDir, inside);
    };
    for (const target of found) {
      // A mirror (a location or a skill folder that is a symbolic link to another) is read,
      // scanned and reported once, under the real path; the output says the mirror exists.
      const real = shown(await fs.realPath(target.filePath).catch(() => target.filePath));
      if (real !== target.filePath) {
        const location = shown(await fs.realPath(target.location.path).catch(() => target.location.path));
        const link =
          location !== target.location.path
            ? { path: target.location.path, realPath: location }
            : { path: dirnamePath(target.filePath), realPath: dirnamePath(real) };
        if (!mirrors.some((m) => m.path === link.path)) mirrors.push(link);
      }
      if (seen.has(pathKey(real))) continue;
      seen.add(pathKey(real));
      targets.push({ ...target, filePath: real });
    }
  }
  return { reports, targets, mirrors };
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
