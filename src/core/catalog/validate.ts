// Validation of a set of skill files, as `skillsmith validate` and Validate All do it: each
// file linted completely (lint/validateFile), then duplicate-name across the set, decided
// by the same precedence as the catalog's.
import { mapConcurrent } from '../base/concurrency';
import { describeError, type FileSystem } from '../base/fileSystem';
import { VALIDATE_CONCURRENCY } from '../base/limits';
import { sortProblems, type Problem, type SkillFileAnalysis } from '../base/types';
import type { BundledFileProblems } from '../lint/bundledFiles';
import { validateSkillFile, type LintOptions } from '../lint/validateFile';
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

/** Validates a set of files, adding duplicate-name by the precedence of their locations. */
export async function validateSkillFiles(
  fs: FileSystem,
  files: readonly { readonly filePath: string; readonly location: SkillLocation }[],
  options: LintOptions = {},
): Promise<ValidationOutcome[]> {
  const outcomes = await mapConcurrent(
    files,
    VALIDATE_CONCURRENCY,
    async ({ filePath, location }): Promise<ValidationOutcome> => {
      try {
        const { analysis, problems, bundled } = await validateSkillFile(fs, filePath, options);
        return { ok: true, filePath, location, analysis, problems, bundled };
      } catch (error) {
        return { ok: false, filePath, reason: `cannot read: ${describeError(error)}` };
      }
    },
  );
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
