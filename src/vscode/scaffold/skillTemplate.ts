// Turns a template's SKILL.md into the new skill's file: the {{name}} and {{description}}
// placeholders become YAML-safe scalars (a description such as "Use when: X" must not
// break the frontmatter), and an optional body replaces the template's. Pure text, no
// `vscode`, so the New Skill command and its tests share one implementation.
import { yamlScalar } from '../../core/lint/yamlScalar';
import { foldWhitespace } from '../../core/base/text';

/** What fills a template's placeholders. */
export interface SkillFields {
  readonly name: string;
  readonly description: string;
  /** Replaces everything after the frontmatter when given. */
  readonly body?: string;
}

const FENCE = /^---[ \t]*\r?$/;

/** The 0-based line of the closing frontmatter fence, or -1 when there is none. */
export function closingFenceLine(text: string): number {
  const lines = text.split('\n');
  if (!FENCE.test(lines[0]?.replace(/^\uFEFF/, '') ?? '')) return -1;
  for (let i = 1; i < lines.length; i++) if (FENCE.test(lines[i])) return i;
  return -1;
}

/** Fills a template's SKILL.md; the body, when given, replaces the template's body. */
export function renderSkillFile(template: string, fields: SkillFields): string {
  const description = foldWhitespace(fields.description);
  const inYaml: Record<string, string> = { name: yamlScalar(fields.name), description: yamlScalar(description) };
  const inText: Record<string, string> = { name: fields.name, description };
  const fill = (text: string, values: Record<string, string>) =>
    text.replace(/\{\{(name|description)\}\}/g, (_, key: string) => values[key]);
  const lines = template.split('\n');
  const fence = closingFenceLine(template);
  const head =
    fence >= 0
      ? fill(lines.slice(0, fence + 1).join('\n'), inYaml)
      : `---\nname: ${inYaml.name}\ndescription: ${inYaml.description}\n---`;
  let body = fence >= 0 ? fill(lines.slice(fence + 1).join('\n'), inText) : fill(template, inText);
  if (fields.body !== undefined) {
    body = fields.body.replace(/^\s*\n/, '');
    if (!body.endsWith('\n')) body += '\n';
  }
  return `${head}\n${body}`;
}
