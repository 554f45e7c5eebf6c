// One count of a skill's problems for everything that sums them (the Skills view, the status
// bar, Validate All): errors, warnings and information, and how many of them are security
// findings, so that a script's exfiltration is never summed as "0 warnings" anywhere.
import type { Problem } from '../base/types';
import { plural } from '../base/text';
import { isSecurityCode } from '../review';

export interface ProblemCounts {
  readonly errors: number;
  readonly warnings: number;
  readonly infos: number;
  /** Of all three: the security rules' findings (never errors). */
  readonly security: number;
}

export const NO_PROBLEMS: ProblemCounts = { errors: 0, warnings: 0, infos: 0, security: 0 };

/** The counts of `problems`. */
export function countProblems(problems: Iterable<Problem>): ProblemCounts {
  let errors = 0;
  let warnings = 0;
  let infos = 0;
  let security = 0;
  for (const problem of problems) {
    if (problem.severity === 'error') errors++;
    else if (problem.severity === 'warning') warnings++;
    else infos++;
    if (isSecurityCode(problem.code)) security++;
  }
  return { errors, warnings, infos, security };
}

/** The sum of several counts. */
export function addCounts(a: ProblemCounts, b: ProblemCounts): ProblemCounts {
  return {
    errors: a.errors + b.errors,
    warnings: a.warnings + b.warnings,
    infos: a.infos + b.infos,
    security: a.security + b.security,
  };
}

/** "1 error, 2 warnings", then "(2 security findings)" when there are any. */
export function countsText(counts: ProblemCounts): string {
  const text = `${plural(counts.errors, 'error')}, ${plural(counts.warnings, 'warning')}`;
  return counts.security > 0 ? `${text} (${plural(counts.security, 'security finding')})` : text;
}
