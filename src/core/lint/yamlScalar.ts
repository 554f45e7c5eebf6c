// Writing a string into frontmatter: the one function every quick fix and the scaffold use,
// so that what they write always reads back as the same string.
import { stringify } from 'yaml';

// Plain words that YAML 1.1 readers (used by some agents) take for booleans or null.
const YAML_11_KEYWORDS = /^(?:y|n|yes|no|on|off|true|false|null|~)$/i;

/** A one-line YAML scalar for `value`: plain when that reads back as the same string, else double-quoted. */
export function yamlScalar(value: string): string {
  const plain = stringify(value, { lineWidth: 0 }).replace(/\n$/, '');
  if (plain.includes('\n') || YAML_11_KEYWORDS.test(plain)) return JSON.stringify(value);
  return plain;
}
