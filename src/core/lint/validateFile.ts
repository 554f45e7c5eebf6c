// The complete lint of one skill file: the text rules plus broken-link, which needs the
// file system. `skillsmith validate`, Validate All and the editor's live lint all go
// through lintSkillText, so that they report the same problems for the same text.
import type { FileSystem } from '../base/fileSystem';
import { basenamePath, dirnamePath } from '../base/paths';
import { decodeUtf8 } from '../base/text';
import { sortProblems, type Problem, type SkillFileAnalysis } from '../base/types';
import { analyzeSkillText } from './analyze';
import { findBrokenLinks, findLinkCandidates } from './links';

/** The codes of the structural errors: when one is reported, it is reported alone. */
export const STRUCTURAL_CODES: ReadonlySet<string> = new Set(['no-frontmatter', 'unclosed-frontmatter', 'yaml-syntax', 'frontmatter-not-mapping']);

export interface LintOptions {
  readonly unicodeNames?: boolean;
  /** The bytes start with a BOM that `text` no longer has (an editor strips it). */
  readonly hasBom?: boolean;
  /** False for a text that is not on disk yet (an untitled editor): links are not checked. */
  readonly checkLinks?: boolean;
}

export interface FileLint {
  readonly analysis: SkillFileAnalysis;
  /** The text's problems and its broken links, sorted by position. */
  readonly problems: readonly Problem[];
}

/** Lints the text of the skill file at `filePath` completely, links included. */
export async function lintSkillText(fs: FileSystem, filePath: string, text: string, options: LintOptions = {}): Promise<FileLint> {
  const dir = dirnamePath(filePath);
  const analysis = analyzeSkillText(text, {
    folderName: basenamePath(dir),
    fileName: basenamePath(filePath),
    unicodeNames: options.unicodeNames,
    hasBom: options.hasBom,
  });
  // A structural error is reported alone: links are checked only in a readable file.
  const structural = analysis.problems.some((p) => STRUCTURAL_CODES.has(p.code));
  const links = structural || options.checkLinks === false ? [] : await findBrokenLinks(findLinkCandidates(text), dir, fs);
  return { analysis, problems: sortProblems([...analysis.problems, ...links]) };
}

/** Reads and lints one skill file completely; rejects only when the file cannot be read. */
export async function validateSkillFile(fs: FileSystem, filePath: string, options: LintOptions = {}): Promise<FileLint> {
  const text = decodeUtf8(await fs.readFile(filePath));
  return lintSkillText(fs, filePath, text, options);
}
