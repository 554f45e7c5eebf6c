// Helpers shared by the lint tests: analyse a text, pick problems, apply a fix's edits.
import { analyzeSkillText } from '../../src/core/lint/analyze';
import { LineMap } from '../../src/core/base/textPositions';
import type { AnalyzeOptions, Fix, Problem, ProblemCode, Range, SkillFileAnalysis } from '../../src/core/base/types';

export const FOLDER = 'code-review';

/** Analyses `text` as `<FOLDER>/SKILL.md` unless options say otherwise. */
export function analyze(text: string, options: Partial<AnalyzeOptions> = {}): SkillFileAnalysis {
  return analyzeSkillText(text, { folderName: FOLDER, ...options });
}

/** The codes of the problems, in order. */
export function codes(analysis: SkillFileAnalysis): ProblemCode[] {
  return analysis.problems.map((p) => p.code);
}

/** The one problem with `code`; throws when there is none or more than one. */
export function only(analysis: SkillFileAnalysis, code: ProblemCode): Problem {
  const found = analysis.problems.filter((p) => p.code === code);
  if (found.length !== 1)
    throw new Error(`expected one ${code}, got ${found.length}: ${JSON.stringify(codes(analysis))}`);
  return found[0];
}

/** A range written as [startLine, startChar, endLine, endChar]. */
export function rangeTuple(range: Range): [number, number, number, number] {
  return [range.start.line, range.start.character, range.end.line, range.end.character];
}

/** The text after applying a fix (edits are in the BOM-less text). */
export function applyFix(text: string, fix: Fix): string {
  let result = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const lines = new LineMap(result);
  const edits = fix.edits
    .map((e) => ({ start: lines.offsetAt(e.range.start), end: lines.offsetAt(e.range.end), newText: e.newText }))
    .sort((a, b) => b.start - a.start);
  for (const e of edits) result = result.slice(0, e.start) + e.newText + result.slice(e.end);
  return result;
}

/** A valid SKILL.md with the given frontmatter lines and body. */
export function skill(frontmatter: string[], body = 'Do the thing.\n', eol = '\n'): string {
  return ['---', ...frontmatter, '---', ''].join(eol) + body;
}
