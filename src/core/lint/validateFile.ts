// The complete lint of one skill file: the text rules plus broken-link and what the skill
// bundles (the review, core/review), which need the file system. `skillsmith validate`, Validate All
// and the editor's live lint all go through lintSkillText, so that they report the same
// problems for the same text.
import type { FileSystem } from '../base/fileSystem';
import { basenamePath, dirnamePath } from '../base/paths';
import { SkillFolderSnapshot } from '../base/skillFolderSnapshot';
import { decodeUtf8 } from '../base/text';
import { sortProblems, type Problem, type SkillFileAnalysis } from '../base/types';
import { analyzeSkillText } from './analyze';
import { reviewSkillFolder, SECURITY_RULES, type BundledFileProblems } from '../review';
import { findBrokenLinks, findLinkCandidates } from './links';

/** The codes of the structural errors: when one is reported, it is reported alone. */
export const STRUCTURAL_CODES: ReadonlySet<string> = new Set([
  'no-frontmatter',
  'unclosed-frontmatter',
  'yaml-syntax',
  'frontmatter-not-mapping',
]);

export interface LintOptions {
  readonly unicodeNames?: boolean;
  /** The bytes start with a BOM that `text` no longer has (an editor strips it). */
  readonly hasBom?: boolean;
  /** False for a text that is not on disk yet (an untitled editor): links and bundled files are not checked. */
  readonly checkLinks?: boolean;
  /** The o200k_base counter for body-too-many-tokens (AnalyzeOptions.countTokens). */
  readonly countTokens?: (text: string, limit: number) => number;
  /** sha256 of bytes: with it, a skill added with `skillsmith add` is compared with its lock entry (modified-since-added). */
  readonly digest?: (bytes: Uint8Array) => string;
}

export interface FileLint {
  readonly analysis: SkillFileAnalysis;
  /** The text's problems, its broken links and the folder's, sorted by position. */
  readonly problems: readonly Problem[];
  /** Problems inside the files the skill bundles (its scripts), at their own ranges. */
  readonly bundled: readonly BundledFileProblems[];
}

/** Lints the text of the skill file at `filePath` completely, links included. */
export async function lintSkillText(
  fs: FileSystem,
  filePath: string,
  text: string,
  options: LintOptions = {},
): Promise<FileLint> {
  const dir = dirnamePath(filePath);
  // Links, the review and provenance ask for the same files: each is read once (the snapshot).
  const folder = fs instanceof SkillFolderSnapshot ? fs : new SkillFolderSnapshot(fs);
  const analyzeOptions = {
    folderName: basenamePath(dir),
    fileName: basenamePath(filePath),
    unicodeNames: options.unicodeNames,
    hasBom: options.hasBom,
    ...(options.countTokens ? { countTokens: options.countTokens } : {}),
  };
  const analysis = analyzeSkillText(text, analyzeOptions, SECURITY_RULES);
  // A structural error is reported alone: links are checked only in a readable file.
  const structural = analysis.problems.some((p) => STRUCTURAL_CODES.has(p.code));
  const onDisk = options.checkLinks !== false;
  const links = structural || !onDisk ? [] : await findBrokenLinks(findLinkCandidates(text), dir, folder);
  const review = onDisk
    ? await reviewSkillFolder(folder, dir, text, options.digest ? { digest: options.digest } : {})
    : { skillProblems: [], files: [] };
  return {
    analysis,
    problems: sortProblems([...analysis.problems, ...links, ...review.skillProblems]),
    bundled: review.files,
  };
}

/**
 * Reads and lints one skill file completely; rejects only when the file cannot be read. Pass a
 * SkillFolderSnapshot to share its reads with what else reads the skill (core/validate).
 */
export async function validateSkillFile(
  fs: FileSystem,
  filePath: string,
  options: LintOptions = {},
): Promise<FileLint> {
  const folder = fs instanceof SkillFolderSnapshot ? fs : new SkillFolderSnapshot(fs);
  const text = decodeUtf8(await folder.readFile(filePath));
  return lintSkillText(folder, filePath, text, options);
}
