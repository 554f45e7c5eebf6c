// The checks New Skill runs on what the user types, live in the input boxes and again
// on scripted arguments: the same name and description rules the linter applies
// (docs/rules.md), plus "no such skill yet" and "no such folder in the chosen location".
import type { SkillCatalog } from '../../core/catalog/catalog';
import { MAX_DESCRIPTION_LENGTH, MAX_NAME_LENGTH } from '../../core/base/limits';
import { joinPath } from '../../core/base/paths';
import { codePointLength } from '../../core/base/text';
import { isValidName, toKebabCase, toUnicodeNameForm } from '../../core/lint/ruleSupport';
import type { WorkspaceFileSystem } from '../workspaceFileSystem';

/** An error blocks the step; a warning is shown but accepted. */
export interface InputProblem {
  readonly severity: 'error' | 'warning';
  readonly message: string;
}

export interface NameCheckContext {
  readonly catalog: SkillCatalog;
  readonly fs: WorkspaceFileSystem;
  readonly unicodeNames: boolean;
  /** The chosen location, when known: the folder must not exist there. */
  readonly location?: string;
}

/** The problem with a proposed skill name, if any. */
export async function checkSkillName(name: string, context: NameCheckContext): Promise<InputProblem | undefined> {
  if (name.trim() === '') return { severity: 'error', message: 'Type a name, such as code-review.' };
  if (codePointLength(name) > MAX_NAME_LENGTH) {
    return {
      severity: 'error',
      message: `The name has ${codePointLength(name)} characters; the limit is ${MAX_NAME_LENGTH}.`,
    };
  }
  if (!isValidName(name, context.unicodeNames)) {
    const suggestion = context.unicodeNames ? toUnicodeNameForm(name) : toKebabCase(name);
    const format = context.unicodeNames
      ? 'lowercase letters and digits, separated by single hyphens'
      : 'lowercase a-z and 0-9, separated by single hyphens';
    return { severity: 'error', message: `Use ${format}${suggestion ? `, e.g. '${suggestion}'` : ''}.` };
  }
  const existing = context.catalog.get(name);
  if (existing)
    return {
      severity: 'error',
      message: `A skill named '${existing.record.name}' already exists: ${existing.record.filePath}`,
    };
  if (context.location !== undefined) {
    const folder = joinPath(context.location, name);
    if (await context.fs.stat(folder).catch(() => undefined))
      return { severity: 'error', message: `${folder} already exists.` };
  }
  const reserved = ['anthropic', 'claude'].find((word) => name.toLowerCase().includes(word));
  if (reserved)
    return { severity: 'warning', message: `Names containing '${reserved}' are rejected by some platforms.` };
  return undefined;
}

/** The problem with a proposed description, if any. */
export function checkDescription(description: string): InputProblem | undefined {
  if (description.trim() === '')
    return {
      severity: 'error',
      message: 'Say what the skill does and when to use it: agents read this to decide when to load it.',
    };
  const length = codePointLength(description.trim());
  if (length > MAX_DESCRIPTION_LENGTH) {
    return {
      severity: 'error',
      message: `The description has ${length} characters; the limit is ${MAX_DESCRIPTION_LENGTH}.`,
    };
  }
  if (/[<>]/.test(description))
    return { severity: 'warning', message: "'<' and '>' are rejected by some platforms; consider rewording." };
  return undefined;
}
