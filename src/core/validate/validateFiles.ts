// Validation of a set of skill files, as `skillsmith validate` and Validate All do it: each
// skill validated completely (skillValidation.ts), then duplicate-name across the set, decided
// by the same precedence as the catalog's. The two steps are apart so that the CLI can lint
// the files on several threads (node/lintPool.ts) and still name duplicates here.
import { mapConcurrent } from '../base/concurrency';
import type { FileSystem } from '../base/fileSystem';
import { VALIDATE_CONCURRENCY } from '../base/limits';
import { sortProblems, type Problem } from '../base/types';
import { SkillCatalog } from '../catalog/catalog';
import type { SkillLocation } from '../catalog/locations';
import { recordFromAnalysis } from '../catalog/skillRecord';
import { validateSkill, type LintOutcome, type SkillValidation, type ValidateSkillOptions } from './skillValidation';

export type { LintOutcome } from './skillValidation';

export interface FileValidation extends SkillValidation {
  readonly filePath: string;
  readonly location: SkillLocation;
  /** Every problem: the text's, broken links and duplicate-name, sorted by position. */
  readonly problems: readonly Problem[];
}

export type ValidationOutcome =
  ({ readonly ok: true } & FileValidation) | { readonly ok: false; readonly filePath: string; readonly reason: string };

export interface ValidateTarget {
  readonly filePath: string;
  readonly location: SkillLocation;
}

/** Validates a set of files, adding duplicate-name by the precedence of their locations. */
export async function validateSkillFiles(
  fs: FileSystem,
  files: readonly ValidateTarget[],
  options: ValidateSkillOptions = {},
): Promise<ValidationOutcome[]> {
  const lints = await mapConcurrent(files, VALIDATE_CONCURRENCY, ({ filePath }) =>
    validateSkill(fs, filePath, options),
  );
  return withDuplicateNames(files, lints);
}

/** The files' lints (`lints[i]` is `files[i]`'s), with duplicate-name added by the precedence of their locations. */
export function withDuplicateNames(
  files: readonly ValidateTarget[],
  lints: readonly LintOutcome[],
): ValidationOutcome[] {
  const outcomes = files.map(({ filePath, location }, i): ValidationOutcome => {
    const lint = lints[i];
    return lint.ok ? { ...lint, filePath, location } : { ok: false, filePath, reason: lint.reason };
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
