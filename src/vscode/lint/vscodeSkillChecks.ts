// VS Code's own checks of SKILL.md, which it runs on every open file of language `skill` (its
// prompt-file validator, measured in 1.139: the diagnostics have no source and no code). Where it
// reports the same problem as ours on the same place, Skillsmith does not say it a second time:
// our diagnostic is held back while VS Code's is shown, and our quick fix is offered on VS Code's
// diagnostic instead (docs/rules.md, "VS Code's own checks"). Its messages are matched as VS Code
// 1.139 writes them in English; in another display language, or a version that words them
// differently, nothing matches and both are shown, as before.
import type * as vscode from 'vscode';
import type { Problem, ProblemCode } from '../../core/base/types';

/** Our problem code, and VS Code's message for the same problem. */
const SAME_PROBLEM: readonly { readonly code: ProblemCode; readonly message: RegExp }[] = [
  // VS Code allows what /^[a-z0-9-]+$/ matches; ours is stricter ('-a', 'a--b'): those stay ours alone.
  { code: 'name-format', message: /^Skill name may only contain lowercase letters, numbers, and hyphens\b/ },
  { code: 'name-mismatch', message: /^The skill name '.*' should match the folder name '.*'/s },
  { code: 'name-missing', message: /^Skill should provide a name\b/ },
  { code: 'description-missing', message: /^Skill should provide a description\b/ },
];

/** True when `diagnostic`, not ours, is VS Code's report of `problem`, at the same place. */
export function vscodeReports(diagnostic: vscode.Diagnostic, problem: Problem): boolean {
  if (diagnostic.source === 'skillsmith') return false;
  const same = SAME_PROBLEM.find((p) => p.code === problem.code);
  if (!same || !same.message.test(diagnostic.message)) return false;
  const { start, end } = problem.range;
  const range = diagnostic.range;
  // The same line, and overlapping (VS Code may count a quoted value's quotes in or out).
  return (
    range.start.line === start.line && range.start.character <= end.character && start.character <= range.end.character
  );
}
