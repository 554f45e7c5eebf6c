// Which of VS Code's own SKILL.md diagnostics stand for one of ours (src/vscode/lint/vscodeSkillChecks.ts).
// The messages are VS Code 1.139's, as its Problems panel shows them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type * as vscode from 'vscode';
import type { Problem } from '../../src/core/base/types';
import { vscodeReports } from '../../src/vscode/lint/vscodeSkillChecks';

const at = (line: number, start: number, end: number) => ({
  start: { line, character: start },
  end: { line, character: end },
});

function theirs(message: string, range = at(1, 6, 17), source?: string): vscode.Diagnostic {
  return { message, range, source, severity: 0 } as unknown as vscode.Diagnostic;
}

function ours(code: string, range = at(1, 6, 17)): Problem {
  return { code, severity: 'error', message: 'ours', range, fixes: [] } as unknown as Problem;
}

test("VS Code's message for one of our problems, on the same place, reports it", () => {
  const format = 'Skill name may only contain lowercase letters, numbers, and hyphens.';
  const mismatch = "The skill name 'Code_Review' should match the folder name 'code-review'.";
  assert.equal(vscodeReports(theirs(format), ours('name-format')), true);
  assert.equal(vscodeReports(theirs(mismatch), ours('name-mismatch')), true);
  // Quotes counted in or out: an overlap on the same line is the same place.
  assert.equal(vscodeReports(theirs(mismatch, at(1, 7, 16)), ours('name-mismatch', at(1, 6, 17))), true);
});

test('another problem, another line, or a diagnostic of ours is not a report of it', () => {
  const format = 'Skill name may only contain lowercase letters, numbers, and hyphens.';
  assert.equal(vscodeReports(theirs(format), ours('name-mismatch')), false);
  assert.equal(vscodeReports(theirs(format, at(2, 6, 17)), ours('name-format')), false);
  assert.equal(vscodeReports(theirs(format, at(1, 18, 20)), ours('name-format')), false);
  assert.equal(vscodeReports(theirs(format, at(1, 6, 17), 'skillsmith'), ours('name-format')), false);
  // A problem VS Code does not check is never held back for it.
  assert.equal(vscodeReports(theirs(format), ours('reserved-name')), false);
  // In another display language nothing matches, and both are shown.
  assert.equal(vscodeReports(theirs('Le nom de la compétence ne peut contenir que…'), ours('name-format')), false);
});
