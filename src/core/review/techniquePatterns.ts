// The pieces the review's techniques are written with (commandTechniques.ts,
// credentialTechniques.ts): where a command starts, a shell, the home folder, credential paths.
import type { ProblemCode } from '../base/types';

/** Where a command may start. */
export const AT = String.raw`(?:^[ \t]*(?:[$>%]\s+|PS[^>\n]{0,40}>\s*)?|[;&|({\x60"'=]\s*|\$\(\s*|\bsudo\s+(?:-\S+\s+)*|\b(?:RUN|run:|script:|exec|then|do|else|xargs|time|nohup|command)\s+)`;
export const SHELL = String.raw`(?:sudo\s+(?:-\S+\s+)*)?(?:env\s+(?:\S+=\S+\s+)*)?(?:/(?:usr/)?bin/)?(?:ba|z|da|k|fi)?sh\b`;
export const HOME = String.raw`(?:~|\$HOME|\$\{HOME\}|"\$HOME"|"\$\{HOME\}"|%USERPROFILE%|\$env:USERPROFILE)`;
export const CREDENTIAL_PATH = String.raw`(?:${HOME}|/root|/home/[^/\s"']+|Path\.home\(\)\s*/\s*["'])/?\.(?:ssh|aws|gnupg|kube|docker/config\.json|azure|config/gcloud|netrc|git-credentials|npmrc|pypirc)\b|/etc/shadow\b|\bLogin Data\b|Library/Keychains\b`;

/** The skill's own folder, as its scripts and instructions name it. */
export const SKILL_DIR = String.raw`\$\{?(?:SKILL_DIR|SKILL_ROOT|SKILL_PATH|SKILL_HOME|CLAUDE_SKILL_DIR|SCRIPT_DIR|SCRIPTS_DIR)\}?|\$\(\s*dirname\s+["']?\$(?:0|\{?BASH_SOURCE(?:\[0\])?\}?)["']?\s*\)|~/\.(?:claude|codex|agents|cursor|gemini|copilot)/skills/|\$HOME/\.(?:claude|codex|agents|cursor|gemini|copilot)/skills/|\.(?:claude|agents|codex|github)/skills/`;

export interface Technique {
  readonly code: ProblemCode;
  readonly what: string;
  /** Why it matters and what to do instead, where the rule's own advice (riskMessage.ts) does not fit. */
  readonly advice?: string;
  readonly pattern: RegExp;
  /** Cheap literal pre-checks: the pattern runs only on a line that holds one of them (lower case). */
  readonly needs: readonly string[];
}

/** A pattern that must stand where a command starts. */
export const cmd = (source: string) => new RegExp(`${AT}(?:${source})`, 'gi');
/** A pattern that may stand anywhere in the line. */
export const any = (source: string) => new RegExp(source, 'gi');
