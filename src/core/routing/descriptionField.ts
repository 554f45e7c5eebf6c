// Where a SKILL.md's description is written, for the `description-overlap` warning and
// for the edit that the description loop proposes (docs/routing.md): the value's range,
// and the text that replaces it with a new description that reads back the same.
import type { Range, TextEdit } from '../base/types';
import { parseSkillFile } from '../lint/frontmatter';
import { findField, valueRange } from '../lint/ruleSupport';
import { yamlScalar } from '../lint/yamlScalar';

/** The range of the description's value, or undefined when the file has no readable one. */
export function descriptionRange(text: string): Range | undefined {
  const file = parseSkillFile(text);
  if (file.status !== 'ok') return undefined;
  const field = findField(file, 'description');
  return field ? valueRange(file, field) : undefined;
}

/** The edit that sets the description to `description` (one line, quoted when YAML needs it). */
export function descriptionEdit(text: string, description: string): TextEdit | undefined {
  const range = descriptionRange(text);
  return range && { range, newText: yamlScalar(description.replace(/\s+/g, ' ').trim()) };
}
