// The exact fast path for the frontmatter most real skills have: top-level `key: value` lines
// whose values are single-line strings (plain, or quoted without escapes) or booleans.
// Building a `yaml` Document costs most of a cold scan; these lines need no parser. Anything
// this reader is not certain about (escapes, comments, block or flow values, indentation,
// tabs, anchors, values YAML reads as numbers or null, duplicate keys, control characters)
// returns undefined, and the caller parses with `yaml` as always. test/fuzz/plainFrontmatter.test.ts
// proves both paths give the same result on every real corpus and on fuzzed input.
import type { FrontmatterField } from './frontmatterField';

/** What the fast path gives: the same fields and data the `yaml` path would. */
export interface PlainMapping {
  readonly fields: readonly FrontmatterField[];
  readonly data: Record<string, unknown>;
}

// A key that starts with a letter, then letters, digits, `_` and `-` (`name`, `allowed-tools`,
// `when_to_use`), at column 0; then `:` and spaces; then a value, which is read below.
const LINE = /^([A-Za-z][A-Za-z0-9_-]*):( +)(\S.*)$/;
// The first character of a plain value that no YAML indicator uses (quotes are read apart).
const PLAIN_START = /^[^\-?:,[\]{}#&*!|>'"%@`]/;
// The YAML 1.2 core schema's null, integer and float forms (yaml/dist/schema/core): such a
// value is not a string, so it goes to the parser.
const NULL_OR_NUMBER =
  /^(?:~|[Nn]ull|NULL)$|^0o[0-7]+$|^[-+]?[0-9]+$|^0x[0-9a-fA-F]+$|^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$|^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$|^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$/;
// The core schema's booleans.
const BOOLEAN = /^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/;
// Outside YAML's printable set, or read as line breaks by some reader: controls, C1, BOM,
// non-characters, and lone surrogates.
const UNSAFE_CHAR =
  // eslint-disable-next-line no-control-regex -- control characters are what this matches
  /[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f-\u009f\u2028\u2029\ufeff\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Reads `text.slice(start, end)` (the YAML between the fences, line breaks included) when
 * every line is blank or a plain `key: value`; undefined otherwise.
 */
export function readPlainMapping(text: string, start: number, end: number): PlainMapping | undefined {
  const source = text.slice(start, end);
  if (source.includes('\r') && /\r(?!\n)/.test(source)) return undefined; // a lone CR
  if (source.includes('\t') || UNSAFE_CHAR.test(source)) return undefined;
  const fields: FrontmatterField[] = [];
  const data: Record<string, unknown> = {};
  let lineStart = 0;
  while (lineStart < source.length) {
    let lineEnd = source.indexOf('\n', lineStart);
    if (lineEnd < 0) lineEnd = source.length;
    let contentEnd = lineEnd;
    if (contentEnd > lineStart && source.charCodeAt(contentEnd - 1) === 13) contentEnd--;
    const line = source.slice(lineStart, contentEnd);
    const blank = /^ *$/.test(line);
    const field = blank ? undefined : readLine(line, start + lineStart);
    if (!blank) {
      if (!field || Object.prototype.hasOwnProperty.call(data, field.field.key)) return undefined;
      fields.push(field.field);
      data[field.field.key] = field.data;
    }
    lineStart = lineEnd + 1;
  }
  return { fields, data };
}

/** One `key: value` line starting at `offset` in the whole text, with its value for `data`; or undefined. */
function readLine(line: string, offset: number): { field: FrontmatterField; data: unknown } | undefined {
  const match = LINE.exec(line);
  if (!match) return undefined;
  const [, key, spaces, rest] = match;
  if (NULL_OR_NUMBER.test(key) || BOOLEAN.test(key)) return undefined;
  const valueStart = offset + key.length + 1 + spaces.length;
  const value = rest[0] === '"' || rest[0] === "'" ? readQuoted(rest) : readPlain(rest);
  if (!value) return undefined;
  const field: FrontmatterField = {
    key,
    keySpan: { start: offset, end: offset + key.length },
    value: {
      kind: 'scalar',
      text: value.text,
      style: value.style,
      span: { start: valueStart, end: valueStart + value.length },
    },
  };
  return { field, data: value.data };
}

interface ReadValue {
  /** The string YAML gives. */
  readonly text: string;
  readonly style: 'plain' | 'single-quoted' | 'double-quoted';
  /** Source characters the value spans (quotes included, trailing spaces not). */
  readonly length: number;
  /** The JavaScript value of `data` (a boolean for true/false). */
  readonly data: unknown;
}

/** A plain string or boolean, alone on its line. */
function readPlain(rest: string): ReadValue | undefined {
  if (!PLAIN_START.test(rest)) return undefined;
  const text = rest.replace(/ +$/, '');
  // `: ` or a final `:` would start a mapping; ` #` a comment.
  if (text.includes(': ') || text.endsWith(':') || text.includes(' #') || NULL_OR_NUMBER.test(text)) return undefined;
  const data = BOOLEAN.test(text) ? text[0] === 't' || text[0] === 'T' : text;
  return { text, style: 'plain', length: text.length, data };
}

/** A single-line quoted string without escapes (`''` inside single quotes), then nothing but spaces. */
function readQuoted(rest: string): ReadValue | undefined {
  const quote = rest[0];
  let text = '';
  let at = 1;
  for (;;) {
    const next = rest.indexOf(quote, at);
    if (next < 0) return undefined;
    text += rest.slice(at, next);
    if (quote === "'" && rest[next + 1] === "'") {
      text += "'";
      at = next + 2;
      continue;
    }
    at = next + 1;
    break;
  }
  if (quote === '"' && text.includes('\\')) return undefined; // escapes go to the parser
  // Only ASCII spaces may follow (JavaScript's trim() would also drop U+00A0 and friends, which YAML reads as content).
  if (!/^ *$/.test(rest.slice(at))) return undefined;
  return { text, style: quote === '"' ? 'double-quoted' : 'single-quoted', length: at, data: text };
}
