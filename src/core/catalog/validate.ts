// Full validation of skill files, as `skillsmith validate` and "Skills: Validate All" do
// it: the whole text, the links checked on disk, and duplicate names across the set.
import * as path from 'node:path';
import { analyzeSkillText } from '../lint/analyze';
import { mapConcurrent } from '../base/concurrency';
import { SkillCatalog } from './catalog';
import { describeError, type FileSystem } from '../base/fileSystem';
import { findBrokenLinks, findLinkCandidates } from '../lint/links';
import type { SkillLocation } from './locations';
import { decodeUtf8 } from './skillRecord';
import { hasErrors, type Problem, type SkillFileAnalysis } from '../base/types';

/** Whole files read at once. */
const VALIDATE_CONCURRENCY = 16;

const STRUCTURAL_CODES = new Set(['no-frontmatter', 'unclosed-frontmatter', 'yaml-syntax', 'frontmatter-not-mapping']);

export interface FileValidation {
  readonly filePath: string;
  readonly location: SkillLocation;
  readonly analysis: SkillFileAnalysis;
  /** Every problem: the text's, broken links and duplicate-name, sorted by position. */
  readonly problems: readonly Problem[];
}

export interface ValidateOptions {
  readonly unicodeNames?: boolean;
}

/** Validates one skill file completely; rejects only when the file cannot be read. */
export async function validateSkillFile(fs: FileSystem, filePath: string, options: ValidateOptions = {}) {
  const bytes = await fs.readFile(filePath);
  const text = decodeUtf8(bytes);
  const dir = path.posix.dirname(filePath);
  const analysis = analyzeSkillText(text, {
    folderName: path.posix.basename(dir),
    fileName: path.posix.basename(filePath),
    unicodeNames: options.unicodeNames,
  });
  // One structural error is reported alone (SPEC §2): links are checked only in a readable file.
  const structural = analysis.problems.some((p) => STRUCTURAL_CODES.has(p.code));
  const links = structural ? [] : await findBrokenLinks(findLinkCandidates(text), dir, fs);
  return { analysis, problems: sortByPosition([...analysis.problems, ...links]) };
}

export type ValidationOutcome =
  | ({ readonly ok: true } & FileValidation)
  | { readonly ok: false; readonly filePath: string; readonly reason: string };

/** Validates a set of files, adding duplicate-name by the precedence of their locations. */
export async function validateSkillFiles(
  fs: FileSystem,
  files: readonly { readonly filePath: string; readonly location: SkillLocation }[],
  options: ValidateOptions = {},
): Promise<ValidationOutcome[]> {
  const outcomes = await mapConcurrent(files, VALIDATE_CONCURRENCY, async ({ filePath, location }): Promise<ValidationOutcome> => {
    try {
      const { analysis, problems } = await validateSkillFile(fs, filePath, options);
      return { ok: true, filePath, location, analysis, problems };
    } catch (error) {
      return { ok: false, filePath, reason: `cannot read: ${describeError(error)}` };
    }
  });
  const catalog = new SkillCatalog();
  const validated = outcomes.filter((o): o is Extract<ValidationOutcome, { ok: true }> => o.ok);
  catalog.replaceAll(
    validated.map((outcome) => {
      const dir = path.posix.dirname(outcome.filePath);
      return {
        filePath: outcome.filePath,
        dir,
        folderName: path.posix.basename(dir),
        location: outcome.location,
        name: outcome.analysis.name?.trim() || path.posix.basename(dir),
        declaredName: outcome.analysis.name,
        nameRange: outcome.analysis.nameRange,
        description: outcome.analysis.description,
        hidden: outcome.analysis.hidden,
        problems: outcome.problems,
        hasErrors: hasErrors(outcome.problems),
        mtime: 0,
        size: 0,
      };
    }),
  );
  return outcomes.map((outcome) => {
    if (!outcome.ok) return outcome;
    const entry = catalog.entryForFile(outcome.filePath);
    return entry ? { ...outcome, problems: sortByPosition([...entry.problems]) } : outcome;
  });
}

function sortByPosition(problems: Problem[]): Problem[] {
  return problems.sort((a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character);
}
