// A core Problem as a VS Code diagnostic (source `skillsmith`, the problem's code): one
// conversion for every feature that publishes problems (SKILL.md, actions.json, eval files).
import * as vscode from 'vscode';
import type { Problem } from '../core/base/types';

const SEVERITIES: Record<Problem['severity'], vscode.DiagnosticSeverity> = {
  error: vscode.DiagnosticSeverity.Error,
  warning: vscode.DiagnosticSeverity.Warning,
  info: vscode.DiagnosticSeverity.Information,
};

export function toDiagnostic(problem: Problem): vscode.Diagnostic {
  const { start, end } = problem.range;
  const diagnostic = new vscode.Diagnostic(
    new vscode.Range(start.line, start.character, end.line, end.character),
    problem.message,
    SEVERITIES[problem.severity],
  );
  diagnostic.source = 'skillsmith';
  diagnostic.code = problem.code;
  return diagnostic;
}
