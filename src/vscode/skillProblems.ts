// Each skill's problems as the Problems panel shows them (its scripts' and references' included):
// the diagnostics feature provides them, and what counts them (the Skills view, the status bar)
// reads them here, so that no feature imports another.
import type * as vscode from 'vscode';
import type { Problem } from '../core/base/types';

export interface SkillProblems {
  /** The SKILL.md's and its bundled files' problems; undefined when none are published yet (use the catalog's). */
  problemsOf(skillFile: string): readonly Problem[] | undefined;
  /** Fired when any of them changed. */
  readonly onDidChange: vscode.Event<void>;
}
