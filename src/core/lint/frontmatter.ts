// Splits a SKILL.md into frontmatter and body, and reads the frontmatter with the `yaml`
// parser (docs/format.md). Only the `---` fences are found line by line; everything between them
// is YAML, parsed by a real parser that keeps source offsets, so that every problem and
// every quick fix can point at the exact characters it is about.
import { isMap, isScalar, isSeq, parseDocument } from 'yaml';
import type { Document, Node, Pair, YAMLError } from 'yaml';
import { MAX_FENCE_CANDIDATES, MAX_FENCE_SEARCH_CHARS } from '../base/limits';
import { detectLineEnding, LineMap } from '../base/textPositions';
import type { FieldValue, FrontmatterField, Span, ValueKind } from './frontmatterField';
import { readPlainMapping } from './plainFrontmatter';

export type { FieldValue, FrontmatterField, Span, ValueKind } from './frontmatterField';

/** Where the fences and the parts of a SKILL.md are. */
export type FrontmatterSplit =
  | { readonly kind: 'no-frontmatter' }
  | {
      readonly kind: 'unclosed';
      readonly open: Span;
      /** Where the body seems to start (a heading, HTML or a code fence), when that can be told. */
      readonly likelyBodyStart?: number;
    }
  | {
      readonly kind: 'closed';
      /** The opening and closing `---` lines, without their line breaks. */
      readonly open: Span;
      readonly close: Span;
      /** The YAML text between the fences (including its last line break). */
      readonly yaml: Span;
      /** Where the body starts: just after the closing fence's line break. */
      readonly bodyStart: number;
    };

/** The first YAML error, with what is needed to explain and fix it. */
export interface YamlSyntaxError {
  /** The `yaml` package's error code (DUPLICATE_KEY, TAB_AS_INDENT, ...). */
  readonly code: string;
  readonly message: string;
  readonly span: Span;
  /** Set when the error comes from a plain value that contains `: `. */
  readonly colonInValue?: { readonly key: string; readonly keySpan: Span; readonly valueStart: number };
}

/** Everything the rules need to know about a SKILL.md's text. */
export interface ParsedSkillFile {
  /** The text without its BOM; every offset refers to it. */
  readonly text: string;
  readonly hasBom: boolean;
  readonly lineEnding: '\n' | '\r\n';
  readonly lines: LineMap;
  readonly split: FrontmatterSplit;
  /** ok: a mapping was read; the other states are the structural errors of docs/rules.md. */
  readonly status: 'ok' | 'no-frontmatter' | 'unclosed' | 'yaml-syntax' | 'not-mapping';
  readonly yamlError: YamlSyntaxError | undefined;
  /** The span of a frontmatter that is a list or a scalar. */
  readonly notMappingSpan: Span | undefined;
  /** The top-level fields, in source order (empty unless status is ok). */
  readonly fields: readonly FrontmatterField[];
  /** The mapping as plain JavaScript values (undefined unless status is ok). */
  readonly data: Record<string, unknown> | undefined;
  /** True when the mapping is written in flow style (`{name: x}`). */
  readonly flowMapping: boolean;
}

const BOM = '\uFEFF';

/** Strips a leading UTF-8 BOM, telling whether there was one. */
export function stripBom(text: string): { text: string; hasBom: boolean } {
  return text.startsWith(BOM) ? { text: text.slice(1), hasBom: true } : { text, hasBom: false };
}

/** True for a `---` line, allowing trailing spaces and tabs. */
export function isFenceLine(line: string): boolean {
  if (!line.startsWith('---')) return false;
  for (let i = 3; i < line.length; i++) {
    const c = line[i];
    if (c !== ' ' && c !== '\t') return false;
  }
  return true;
}

/** Finds the fences of a BOM-less text (line by line; the YAML itself is not looked at). */
export function splitFrontmatter(text: string, lines: LineMap = new LineMap(text)): FrontmatterSplit {
  const firstEnd = lines.lineContentEnd(0);
  if (!isFenceLine(text.slice(0, firstEnd))) return { kind: 'no-frontmatter' };
  const open = { start: 0, end: firstEnd };
  for (let line = 1; line < lines.lineCount; line++) {
    const start = lines.lineStarts[line];
    // Cheap pre-check so that long bodies are not sliced line by line.
    if (text.charCodeAt(start) !== 45 /* - */) continue;
    const end = lines.lineContentEnd(line);
    if (!isFenceLine(text.slice(start, end))) continue;
    const bodyStart = line + 1 < lines.lineCount ? lines.lineStarts[line + 1] : text.length;
    return { kind: 'closed', open, close: { start, end }, yaml: { start: lines.lineStarts[1], end: start }, bodyStart };
  }
  return { kind: 'unclosed', open };
}

export interface ParseOptions {
  /**
   * Read plain `key: value` frontmatter without the parser (lint/plainFrontmatter.ts). Default
   * true; false only to compare the two paths (the differential test).
   */
  readonly plainFastPath?: boolean;
}

/** Reads a SKILL.md text: BOM, fences, and the frontmatter parsed with `yaml`. */
export function parseSkillFile(rawText: string, options: ParseOptions = {}): ParsedSkillFile {
  const { text, hasBom } = stripBom(rawText);
  const lines = new LineMap(text);
  const split = splitFrontmatter(text, lines);
  const base = { text, hasBom, lineEnding: detectLineEnding(text), lines };
  const empty = { yamlError: undefined, notMappingSpan: undefined, fields: [], data: undefined, flowMapping: false };
  if (split.kind === 'no-frontmatter') return { ...base, split, ...empty, status: 'no-frontmatter' };
  if (split.kind === 'unclosed') {
    const likelyBodyStart = findLikelyBodyStart(text, lines, lines.lineStarts[1] ?? text.length, text.length);
    return { ...base, split: { ...split, likelyBodyStart }, ...empty, status: 'unclosed' };
  }
  const yaml = parseYaml(text, split.yaml, options.plainFastPath !== false);
  if (yaml.yamlError && mayBeLostFence(yaml.yamlError)) {
    // A lost closing fence makes the body part of the YAML up to the next `---` line
    // (often a markdown rule): say that, rather than report the body as bad YAML.
    const likelyBodyStart = findLikelyBodyStart(text, lines, split.yaml.start, yaml.yamlError.span.start + 1);
    if (likelyBodyStart !== undefined)
      return { ...base, split: { kind: 'unclosed', open: split.open, likelyBodyStart }, ...empty, status: 'unclosed' };
  }
  return { ...base, split, ...yaml };
}

/** Errors with a precise YAML diagnosis are never taken for a lost closing fence. */
function mayBeLostFence(error: YamlSyntaxError): boolean {
  return !error.colonInValue && error.code !== 'DUPLICATE_KEY' && error.code !== 'TAB_AS_INDENT';
}

/**
 * Where the body seems to start when the closing fence is missing: the last line, before
 * `limit`, that starts like markdown (a heading, an HTML tag or comment, a code fence at
 * column 0) while everything between the opening fence and it is still a valid YAML
 * mapping. The YAML itself is only ever read by the parser.
 */
function findLikelyBodyStart(text: string, lines: LineMap, yamlStart: number, limit: number): number | undefined {
  let found: number | undefined;
  let candidates = 0;
  for (let line = lines.lineAt(yamlStart); line < lines.lineCount; line++) {
    const start = lines.lineStarts[line];
    if (start < yamlStart) continue;
    if (start >= limit || start - yamlStart > MAX_FENCE_SEARCH_CHARS || candidates >= MAX_FENCE_CANDIDATES) break;
    if (!looksLikeMarkdownStart(text.slice(start, lines.lineContentEnd(line)))) continue;
    candidates++;
    const prefix = parseDocument(text.slice(yamlStart, start), { prettyErrors: false });
    if (prefix.errors.length > 0 || !(prefix.contents === null || isMap(prefix.contents))) break;
    found = start;
  }
  return found;
}

/** A line that YAML would not start a frontmatter field with, but markdown starts a body with. */
function looksLikeMarkdownStart(line: string): boolean {
  return /^(#{1,6}[ \t]+\S|<[!a-zA-Z]|```|~~~)/.test(line);
}

type YamlPart = Pick<ParsedSkillFile, 'status' | 'yamlError' | 'notMappingSpan' | 'fields' | 'data' | 'flowMapping'>;

/** Parses the YAML between the fences; offsets are shifted back into the whole text. */
function parseYaml(text: string, yaml: Span, plainFastPath: boolean): YamlPart {
  // Plain `key: value` lines need no parser (lint/plainFrontmatter.ts, proven identical).
  const plain = plainFastPath ? readPlainMapping(text, yaml.start, yaml.end) : undefined;
  if (plain)
    return {
      status: 'ok',
      yamlError: undefined,
      notMappingSpan: undefined,
      fields: plain.fields,
      data: plain.data,
      flowMapping: false,
    };
  const source = text.slice(yaml.start, yaml.end);
  // uniqueKeys (the default) reports duplicate keys as DUPLICATE_KEY errors. logLevel
  // 'error': no process warnings (such as for `[a]: x`, a key that is a collection).
  const doc = parseDocument(source, { prettyErrors: false, uniqueKeys: true, logLevel: 'error' });
  const failed = { notMappingSpan: undefined, fields: [], data: undefined, flowMapping: false };
  if (doc.errors.length > 0) {
    return { ...failed, status: 'yaml-syntax', yamlError: describeYamlError(doc, text, yaml.start) };
  }
  const contents = doc.contents;
  if (contents === null) return { status: 'ok', yamlError: undefined, ...failed, data: {} };
  if (!isMap(contents)) {
    const [start, end] = contents.range ?? [0, source.length];
    const span = trimTrailingSpace({ start, end }, source);
    return { ...failed, status: 'not-mapping', yamlError: undefined, notMappingSpan: shift(span, yaml.start) };
  }
  const data = toPlainData(doc);
  if (data instanceof Error) {
    return {
      ...failed,
      status: 'yaml-syntax',
      yamlError: { code: 'ALIAS', message: data.message, span: shift({ start: 0, end: 0 }, yaml.start) },
    };
  }
  const fields = contents.items.map((pair) => readField(pair, text, yaml.start));
  return {
    status: 'ok',
    yamlError: undefined,
    notMappingSpan: undefined,
    fields,
    data,
    flowMapping: contents.flow === true,
  };
}

/** The whole mapping as JavaScript values; an Error for alias bombs and the like. */
function toPlainData(doc: Document): Record<string, unknown> | Error {
  try {
    return (doc.toJS() ?? {}) as Record<string, unknown>;
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
}

/** One top-level pair as a FrontmatterField. */
function readField(pair: Pair, text: string, offset: number): FrontmatterField {
  const keyNode = pair.key as Node | null;
  const keyRange = keyNode?.range ?? [0, 0, 0];
  const keySpan = shift({ start: keyRange[0], end: keyRange[1] }, offset);
  const key = keyNode && isScalar(keyNode) ? (scalarText(keyNode) ?? '') : text.slice(keySpan.start, keySpan.end);
  return { key, keySpan, value: readValue(pair.value as Node | null, keySpan.end, offset, text) };
}

/** A value node as a FieldValue; a missing value sits just after the key. */
function readValue(node: Node | null, keyEnd: number, offset: number, text: string): FieldValue {
  if (node === null || !node.range) {
    return { kind: 'null', text: undefined, style: undefined, span: { start: keyEnd + 1, end: keyEnd + 1 } };
  }
  const span = shift({ start: node.range[0], end: node.range[1] }, offset);
  if (!isScalar(node))
    return { kind: collectionKind(node), text: undefined, style: undefined, span: trimTrailingSpace(span, text) };
  const value = scalarText(node);
  return {
    kind: value === undefined ? 'null' : 'scalar',
    text: value,
    style: scalarStyle(node.type),
    span: trimBlockEnd(span, node.type, text),
  };
}

function collectionKind(node: Node): ValueKind {
  if (isMap(node)) return 'mapping';
  if (isSeq(node)) return 'sequence';
  return 'alias';
}

/**
 * A scalar as the string its author wrote: `name: 1.10` is "1.10", not 1.1, and
 * `name: 0x1F` is "0x1F". Null (`name:`, `~`, `null`) is undefined.
 */
function scalarText(node: { value: unknown; source?: string }): string | undefined {
  if (typeof node.value === 'string') return node.value;
  if (node.value === null || node.value === undefined) return undefined;
  // The parser keeps every scalar's source (`1.10`, a `!!timestamp`'s date): the JSON is never needed.
  return node.source ?? JSON.stringify(node.value);
}

function scalarStyle(type: string | undefined): FieldValue['style'] {
  if (type === 'QUOTE_SINGLE') return 'single-quoted';
  if (type === 'QUOTE_DOUBLE') return 'double-quoted';
  if (type === 'BLOCK_FOLDED' || type === 'BLOCK_LITERAL') return 'block';
  return 'plain';
}

/** Block scalars' ranges end after their last line break; the value ends before it. */
function trimBlockEnd(span: Span, type: string | undefined, text: string): Span {
  if (type !== 'BLOCK_FOLDED' && type !== 'BLOCK_LITERAL') return span;
  return trimTrailingSpace(span, text);
}

/** The span without the white space and line breaks at its end. */
function trimTrailingSpace(span: Span, text: string): Span {
  let end = span.end;
  while (end > span.start && isSpaceOrBreak(text.charCodeAt(end - 1))) end--;
  return { start: span.start, end };
}

function isSpaceOrBreak(code: number): boolean {
  return code === 32 || code === 9 || code === 10 || code === 13;
}

function shift(span: Span, offset: number): Span {
  return { start: span.start + offset, end: span.end + offset };
}

/** The earliest YAML error, with a span in the whole text and the `: ` diagnosis. */
function describeYamlError(doc: Document, text: string, offset: number): YamlSyntaxError {
  const error = earliestError(doc.errors);
  const span = shift({ start: error.pos[0], end: Math.max(error.pos[0], error.pos[1]) }, offset);
  const clamped = { start: Math.min(span.start, text.length), end: Math.min(span.end, text.length) };
  const base = { code: error.code, message: error.message, span: clamped };
  if (error.code === 'DUPLICATE_KEY') return { ...base, span: duplicateKeySpan(doc, error.pos[0], offset) ?? clamped };
  if (error.code !== 'BLOCK_AS_IMPLICIT_KEY') return base;
  const colon = findColonValue(doc, error.pos[0], offset);
  return colon ? { ...base, colonInValue: colon } : base;
}

function earliestError(errors: readonly YAMLError[]): YAMLError {
  return errors.reduce((first, e) => (e.pos[0] < first.pos[0] ? e : first));
}

/** The whole key that a DUPLICATE_KEY error points at. */
function duplicateKeySpan(doc: Document, position: number, offset: number): Span | undefined {
  const contents = doc.contents;
  if (!isMap(contents)) return undefined;
  for (const pair of contents.items) {
    const range = (pair.key as Node | null)?.range;
    if (range && range[0] === position) return shift({ start: range[0], end: range[1] }, offset);
  }
  return undefined;
}

/**
 * A top-level pair whose value was read as a nested mapping starting where the error is:
 * the shape of `description: Use when: the user asks`, a plain value containing `: `.
 */
function findColonValue(doc: Document, position: number, offset: number): YamlSyntaxError['colonInValue'] {
  const contents = doc.contents;
  if (!isMap(contents) || contents.flow) return undefined;
  for (const pair of contents.items) {
    const key = pair.key as Node | null;
    const value = pair.value as Node | null;
    if (!key || !isScalar(key) || !key.range || !value || !isMap(value) || value.range?.[0] !== position) continue;
    return {
      key: scalarText(key) ?? '',
      keySpan: shift({ start: key.range[0], end: key.range[1] }, offset),
      valueStart: position + offset,
    };
  }
  return undefined;
}
