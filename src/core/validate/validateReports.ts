// What `validate` reports (docs/cli.md), whoever asks: one report per SKILL.md (its problems with
// duplicate-name and description-overlap), then its actions.json's and its bundled files'. The
// CLI prints them as text, JSON or SARIF.
import type { Problem } from '../base/types';
import { sortProblems } from '../base/types';
import type { ValidationOutcome } from './validateFiles';

export interface FileReport {
  readonly path: string;
  readonly name: string | null;
  readonly description: string | null;
  readonly problems: readonly Problem[];
}

export interface SkillReports {
  readonly reports: FileReport[];
  /** Skill files that were found but could not be read, with the reason. */
  readonly unreadable: { readonly path: string; readonly reason: string }[];
}

/** The reports of the outcomes, in their order, with the set's overlap problems (by SKILL.md path) added. */
export function reportsOf(
  outcomes: readonly ValidationOutcome[],
  overlaps: ReadonlyMap<string, readonly Problem[]>,
): SkillReports {
  const reports: FileReport[] = [];
  const unreadable: SkillReports['unreadable'] = [];
  for (const outcome of outcomes) {
    if (!outcome.ok) {
      unreadable.push({ path: outcome.filePath, reason: outcome.reason });
      continue;
    }
    const name = outcome.analysis.name ?? null;
    reports.push({
      path: outcome.filePath,
      name,
      description: outcome.analysis.description ?? null,
      problems: sortProblems([...outcome.problems, ...(overlaps.get(outcome.filePath) ?? [])]),
    });
    if (outcome.actions)
      reports.push({ path: outcome.actions.filePath, name, description: null, problems: outcome.actions.problems });
    // The skill's scripts, with their dangerous commands at their own lines.
    for (const file of outcome.bundled)
      reports.push({ path: file.filePath, name, description: null, problems: file.problems });
  }
  return { reports, unreadable };
}

/** Counts problems by severity. */
export function countSeverities(reports: readonly FileReport[]): { errors: number; warnings: number; infos: number } {
  const counts = { errors: 0, warnings: 0, infos: 0 };
  for (const report of reports) {
    for (const problem of report.problems) {
      if (problem.severity === 'error') counts.errors++;
      else if (problem.severity === 'warning') counts.warnings++;
      else counts.infos++;
    }
  }
  return counts;
}
