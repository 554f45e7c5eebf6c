// Validation of a set of skill files, as `skillsmith validate` and Validate All do it: each
// file linted completely (lint/validateFile), then duplicate-name across the set, decided
// by the same precedence as the catalog's. The two steps are apart so that the CLI can lint
// the files on several threads (node/lintPool.ts) and still name duplicates here.
import { mapConcurrent } from '../base/concurrency';
import { describeError, type FileSystem } from '../base/fileSystem';
import { VALIDATE_CONCURRENCY } from '../base/limits';
import { sortProblems, type Problem, type SkillFileAnalysis } from '../base/types';
import type { BundledFileProblems } from '../review';
import { validateSkillFile, type FileLint, type LintOptions } from '../lint/validateFile';
import { SkillCatalog } from './catalog';
import type { SkillLocation } from './locations';
import { recordFromAnalysis } from './skillRecord';

export interface FileValidation {
  readonly filePath: string;
  readonly location: SkillLocation;
  readonly analysis: SkillFileAnalysis;
  /** Every problem: the text's, broken links and duplicate-name, sorted by position. */
  readonly problems: readonly Problem[];
  /** Problems inside the skill's bundled files (its scripts). */
  readonly bundled: readonly BundledFileProblems[];
}

export type ValidationOutcome =
  ({ readonly ok: true } & FileValidation) | { readonly ok: false; readonly filePath: string; readonly reason: string };

/** One file's lint, or why it could not be read: plain data, so that it can come from another thread. */
export type LintOutcome = ({ readonly ok: true } & FileLint) | { readonly ok: false; readonly reason: string };

export interface ValidateTarget {
  readonly filePath: string;
  readonly location: SkillLocation;
}

/** Lints one file completely; a file that cannot be read is an outcome, not a rejection. */
export async function lintOutcome(fs: FileSystem, filePath: string, options: LintOptions = {}): Promise<LintOutcome> {
  try {
    return { ok: true, ...(await validateSkillFile(fs, filePath, options)) };
  } catch (error) {
    return { ok: false, reason: `cannot read: ${describeError(error)}` };
  }
}

/** Validates a set of files, adding duplicate-name by the precedence of their locations. */
export async function validateSkillFiles(
  fs: FileSystem,
  files: readonly ValidateTarget[],
  options: LintOptions = {},
): Promise<ValidationOutcome[]> {
  const lints = await mapConcurrent(files, VALIDATE_CONCURRENCY, ({ filePath }) => lintOutcome(fs, filePath, options));
  return withDuplicateNames(files, lints);
}

/** The files' lints (`lints[i]` is `files[i]`'s), with duplicate-name added by the precedence of their locations. */
export function withDuplicateNames(
  files: readonly ValidateTarget[],
  lints: readonly LintOutcome[],
): ValidationOutcome[] {
  const outcomes = files.map(({ filePath, location }, i): ValidationOutcome => {
    const lint = lints[i];
    return lint.ok
      ? { ok: true, filePath, location, analysis: lint.analysis, problems: lint.problems, bundled: lint.bundled }
      : { ok: false, filePath, reason: lint.reason };
  });
  // Only duplicate-name is wanted from this catalog: it lists nothing (no access policy).
  const catalog = new SkillCatalog();
  const validated = outcomes.filter((o): o is Extract<ValidationOutcome, { ok: true }> => o.ok);
  catalog.replaceAll(
    validated.map((outcome) =>
      recordFromAnalysis(outcome.filePath, outcome.location, outcome.analysis, { problems: outcome.problems }),
    ),
  );
  return outcomes.map((outcome) => {
    if (!outcome.ok) return outcome;
    const entry = catalog.entryForFile(outcome.filePath);
    return entry ? { ...outcome, problems: sortProblems([...entry.problems]) } : outcome;
  });
}
