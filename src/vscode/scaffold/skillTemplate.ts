// Turns a template's SKILL.md into the new skill's file: the {{name}} and {{description}}
// placeholders become YAML-safe scalars (a description such as "Use when: X" must not
// break the frontmatter), and an optional body replaces the template's. Pure text, no
// `vscode`, so the New Skill command and its tests share one implementation.
import { stringify } from 'yaml';

/** What fills a template's placeholders. */
export interface SkillFields {
  readonly name: string;
  readonly description: string;
  /** Replaces everything after the frontmatter when given. */
  readonly body?: string;
}

// Plain words that YAML 1.1 readers (used by some agents) take for booleans or null.
const YAML_11_KEYWORDS = /^(?:y|n|yes|no|on|off|true|false|null|~)$/i;

/** A one-line YAML scalar for `value`: plain when that reads back as the same string, else double-quoted. */
export function yamlScalar(value: string): string {
  const plain = stringify(value, { lineWidth: 0 }).replace(/\n$/, '');
  if (plain.includes('\n') || YAML_11_KEYWORDS.test(plain)) return JSON.stringify(value);
  return plain;
}

/** The description on one line: a frontmatter field, not a paragraph. */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
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
  const description = oneLine(fields.description);
  const inYaml: Record<string, string> = { name: yamlScalar(fields.name), description: yamlScalar(description) };
  const inText: Record<string, string> = { name: fields.name, description };
  const fill = (text: string, values: Record<string, string>) =>
    text.replace(/\{\{(name|description)\}\}/g, (_, key: string) => values[key]);
  const lines = template.split('\n');
  const fence = closingFenceLine(template);
  const head = fence >= 0 ? fill(lines.slice(0, fence + 1).join('\n'), inYaml) : `---\nname: ${inYaml.name}\ndescription: ${inYaml.description}\n---`;
  let body = fence >= 0 ? fill(lines.slice(fence + 1).join('\n'), inText) : fill(template, inText);
  if (fields.body !== undefined) {
    body = fields.body.replace(/^\s*\n/, '');
    if (!body.endsWith('\n')) body += '\n';
  }
  return `${head}\n${body}`;
}
