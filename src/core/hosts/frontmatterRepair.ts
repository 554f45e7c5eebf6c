// Codex's second reading of frontmatter that is not valid YAML (docs/hosts.md, "Profiles":
// `repairsPlainColons`). When the YAML fails, Codex quotes, line by line, each plain value that
// holds `: ` (`description: Build for AWS: ECS`) or that starts like a flow collection and is
// not one (`[unclosed`), then parses again; if that fails too, the original error stands. This
// is the host's rule, modelled so that Skillsmith's verdict agrees with the host: Skillsmith's
// own lint still reports the file as invalid YAML.
import { isScalar, parseDocument } from 'yaml';

/** What the host reads from the repaired frontmatter: the fields as text, or null for `key:` with no value. */
export interface RepairedFields {
  readonly name: string | null | undefined;
  readonly description: string | null | undefined;
}

const isWhitespace = (char: string | undefined): boolean => char !== undefined && /\s/u.test(char);

/** The repaired YAML text, or undefined when no line needed quoting. */
export function repairPlainColons(yamlText: string): string | undefined {
  let changed = false;
  let blockScalarIndent: number | undefined;
  const repaired: string[] = [];
  // As Rust's str::lines: split at \n, and drop a \r before it.
  const lines = yamlText.split('\n').map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line));
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  for (const line of lines) {
    let indent = 0;
    while (line[indent] === ' ') indent++;
    if (blockScalarIndent !== undefined) {
      if (line.trim() === '' || indent > blockScalarIndent) {
        repaired.push(line);
        continue;
      }
      blockScalarIndent = undefined;
    }
    const colon = line.indexOf(':');
    if (colon < 0) {
      repaired.push(line);
      continue;
    }
    const key = line.slice(0, colon);
    const value = line.slice(colon + 1);
    if (key.trim() === '' || (value !== '' && !isWhitespace(value[0]))) {
      repaired.push(line);
      continue;
    }
    const trimmedStart = value.replace(/^\s+/u, '');
    const leading = value.slice(0, value.length - trimmedStart.length);
    let scalar = trimmedStart;
    let comment = '';
    for (let i = 0; i < trimmedStart.length; i++) {
      if (trimmedStart[i] === '#' && (i === 0 || isWhitespace(trimmedStart[i - 1]))) {
        const commentStart = trimmedStart.slice(0, i).replace(/\s+$/u, '').length;
        scalar = trimmedStart.slice(0, commentStart);
        comment = trimmedStart.slice(commentStart);
        break;
      }
    }
    scalar = scalar.replace(/\s+$/u, '');
    const first = scalar[0];
    if (first === undefined) {
      repaired.push(line);
      continue;
    }
    if (first === '|' || first === '>') {
      blockScalarIndent = indent;
      repaired.push(line);
      continue;
    }
    if (first === "'" || first === '"') {
      repaired.push(line);
      continue;
    }
    const hasColonSeparator = /:\s/u.test(scalar);
    const invalidFlowLike = '[{@`'.includes(first) && parseDocument(scalar).errors.length > 0;
    if (!hasColonSeparator && !invalidFlowLike) {
      repaired.push(line);
      continue;
    }
    repaired.push(`${key}:${leading}'${scalar.replace(/'/g, "''")}'${comment}`);
    changed = true;
  }
  return changed ? repaired.join('\n') : undefined;
}

/**
 * The name and description Codex reads from frontmatter that failed to parse as YAML, or
 * undefined when its repair does not help either (the skill is then refused).
 */
export function repairedFrontmatterFields(yamlText: string): RepairedFields | undefined {
  const repaired = repairPlainColons(yamlText);
  if (repaired === undefined) return undefined;
  const doc = parseDocument(repaired, { uniqueKeys: true });
  if (doc.errors.length > 0) return undefined;
  const data: unknown = doc.toJS();
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return undefined;
  const field = (key: string): string | null | undefined | false => {
    if (!doc.has(key)) return undefined;
    const node = doc.get(key, true);
    if (node === null || node === undefined) return null;
    // A scalar is read as written (`version: 1.0` is "1.0"); a list or a mapping is not a string.
    if (!isScalar(node)) return false;
    if (node.value === null) return null;
    // The parser keeps every scalar's source: the JSON is never needed.
    return typeof node.value === 'string' ? node.value : (node.source ?? JSON.stringify(node.value));
  };
  const name = field('name');
  const description = field('description');
  if (name === false || description === false) return undefined;
  return { name, description };
}
