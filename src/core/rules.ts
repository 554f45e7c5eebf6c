// The lint rules of SPEC §2, one small function per rule. Each rule reads a ParsedSkillFile
// (text, fences and frontmatter fields with their offsets) and returns Problems with exact
// ranges and, where the text alone allows it, quick fixes. The only rule that needs the
// file system, broken-link, is split into a pure candidate finder and an async checker.
import { posix } from 'node:path';
import type { FileSystem } from './fileSystem';
import type { FieldValue, FrontmatterField, ParsedSkillFile, Span, YamlSyntaxError } from './frontmatter';
import { splitFrontmatter, stripBom } from './frontmatter';
import { LineMap } from './textPositions';
import type { AnalyzeOptions, Fix, Problem, ProblemCode, Range, Severity } from './types';

/** What every rule gets: the parsed file and the caller's options. */
export interface RuleContext {
  readonly file: ParsedSkillFile;
  readonly options: AnalyzeOptions;
}

export type Rule = (context: RuleContext) => Problem[];

export const MAX_NAME_LENGTH = 64;
export const MAX_DESCRIPTION_LENGTH = 1024;
export const MAX_COMPATIBILITY_LENGTH = 500;
export const MAX_BODY_LINES = 500;

/** Fields of the agentskills.io specification. */
export const SPEC_FIELDS: readonly string[] = ['name', 'description', 'license', 'compatibility', 'metadata', 'allowed-tools'];

/** Fields that clients (Claude Code, VS Code Copilot, ...) define; they raise no warning. */
export const CLIENT_FIELDS: readonly string[] = [
  'argument-hint',
  'disable-model-invocation',
  'user-invocable',
  'when_to_use',
  'model',
  'context',
  'agent',
  'hooks',
  'paths',
  'disallowed-tools',
  'effort',
  'shell',
];

export const DESCRIPTION_PLACEHOLDER = 'TODO: say what this skill does and when to use it';

const KEBAB_CASE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
// agentskills.io profile: lowercase letters (or letters without case, like CJK), marks and
// digits, in segments separated by single hyphens.
const UNICODE_NAME = /^[\p{Ll}\p{Lm}\p{Lo}\p{M}\p{N}]+(?:-[\p{Ll}\p{Lm}\p{Lo}\p{M}\p{N}]+)*$/u;
const RESERVED_WORDS = ['anthropic', 'claude'];
// Plain words that YAML 1.1 or 1.2 readers take for booleans or null.
const YAML_KEYWORDS = ['true', 'false', 'null', 'yes', 'no', 'on', 'off', 'y', 'n'];

// ---------------------------------------------------------------------------------------
// Helpers

function problem(code: ProblemCode, severity: Severity, message: string, range: Range, fixes?: Fix[]): Problem {
  return fixes && fixes.length > 0 ? { code, severity, message, range, fixes } : { code, severity, message, range };
}

function rangeOf(file: ParsedSkillFile, span: Span): Range {
  return file.lines.rangeOf(span.start, span.end);
}

/** The range of the first line: the opening fence when there is one. */
function firstLineRange(file: ParsedSkillFile): Range {
  return file.lines.lineRange(0);
}

/** The value's range, or the key's when the value is empty and has no characters. */
function valueRange(file: ParsedSkillFile, field: FrontmatterField): Range {
  const span = field.value.span.end > field.value.span.start ? field.value.span : field.keySpan;
  return rangeOf(file, span);
}

function findField(file: ParsedSkillFile, key: string): FrontmatterField | undefined {
  return file.fields.find((f) => f.key === key);
}

/** Length in Unicode code points, as the specification counts. */
export function codePointLength(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
    count++;
  }
  return count;
}

/** True when `name` follows the name format (ASCII kebab-case, or the Unicode profile). */
export function isValidName(name: string, unicodeNames = false): boolean {
  return unicodeNames ? UNICODE_NAME.test(name.normalize('NFKC')) : KEBAB_CASE.test(name);
}

/** The kebab-case form of a name (`My_Skill` -> `my-skill`), or undefined when nothing is left. */
export function toKebabCase(name: string): string | undefined {
  const words = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1-$2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 0);
  let kebab = words.join('-');
  if (kebab.length > MAX_NAME_LENGTH) kebab = kebab.slice(0, MAX_NAME_LENGTH).replace(/-+$/, '');
  return kebab.length > 0 ? kebab : undefined;
}

/** The Unicode-profile form of a name (`Мой Навык` -> `мой-навык`), or undefined when nothing is left. */
export function toUnicodeNameForm(name: string): string | undefined {
  const words = name
    .normalize('NFKC')
    .toLowerCase()
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter((w) => w.length > 0);
  const form = words.join('-');
  return form.length > 0 && UNICODE_NAME.test(form) ? form : undefined;
}

/** A string as a YAML scalar: plain when every YAML reader reads it back as that string, else double-quoted. */
function yamlScalar(text: string): string {
  const plain = UNICODE_NAME.test(text) && !/^[0-9]/.test(text) && !YAML_KEYWORDS.includes(text);
  return plain ? text : JSON.stringify(text);
}

/** A fix that replaces one span of the text. */
function replaceFix(file: ParsedSkillFile, title: string, span: Span, newText: string, isPreferred = false): Fix {
  const fix = { title, edits: [{ range: rangeOf(file, span), newText }] };
  return isPreferred ? { ...fix, isPreferred } : fix;
}

/** A fix that sets a scalar field to `newText`, rewriting `key:` and whatever value it has. */
function setFieldFix(file: ParsedSkillFile, title: string, field: FrontmatterField, newText: string): Fix {
  return replaceFix(file, title, { start: field.keySpan.start, end: field.value.span.end }, `${field.key}: ${newText}`, true);
}

// ---------------------------------------------------------------------------------------
// Rules that run on any text

/** `bom`: the file starts with a UTF-8 BOM. */
export function ruleNoBom({ file, options }: RuleContext): Problem[] {
  if (!file.hasBom && !options.hasBom) return [];
  const fix: Fix = { title: 'Remove the byte order mark (BOM)', edits: [], removeBom: true, isPreferred: true };
  const message = 'The file starts with a UTF-8 byte order mark (BOM), which several agents fail to read. Save the file as UTF-8 without BOM.';
  return [problem('bom', 'warning', message, firstLineRange(file), [fix])];
}

/** `file-name-case`: the file is `skill.md` or another case of `SKILL.md`. */
export function ruleFileNameCase({ file, options }: RuleContext): Problem[] {
  const fileName = options.fileName ?? 'SKILL.md';
  if (fileName === 'SKILL.md' || fileName.toLowerCase() !== 'skill.md') return [];
  const message = `The file is named '${fileName}'. Rename it to 'SKILL.md': some agents only look for that exact name.`;
  return [problem('file-name-case', 'warning', message, firstLineRange(file))];
}

// ---------------------------------------------------------------------------------------
// Structural rules: when one fires, the frontmatter cannot be read

/** `no-frontmatter`: the file does not start with a `---` line. */
export function ruleHasFrontmatter({ file }: RuleContext): Problem[] {
  if (file.status !== 'no-frontmatter') return [];
  const message =
    "The file has no frontmatter. Start it with a '---' line (no blank line before it), then 'name:' and 'description:', then another '---' line.";
  return [problem('no-frontmatter', 'error', message, firstLineRange(file))];
}

/** `unclosed-frontmatter`: the opening `---` has no closing `---` line. */
export function ruleFrontmatterClosed({ file }: RuleContext): Problem[] {
  if (file.status !== 'unclosed' || file.split.kind !== 'unclosed') return [];
  const range = rangeOf(file, file.split.open);
  const bodyStart = file.split.likelyBodyStart;
  if (bodyStart === undefined) {
    const message = "The frontmatter is never closed. Add a '---' line after the last frontmatter field, before the body.";
    return [problem('unclosed-frontmatter', 'error', message, range)];
  }
  const line = file.lines.lineAt(bodyStart) + 1;
  const message = `The frontmatter is never closed: its closing '---' line is missing. Add a '---' line before line ${line}, where the body starts.`;
  const fix = insertLineFix(file, `Insert the closing '---' before line ${line}`, bodyStart, '---');
  return [problem('unclosed-frontmatter', 'error', message, range, [fix])];
}

/** `frontmatter-not-mapping`: the frontmatter is a list or a scalar. */
export function ruleFrontmatterIsMapping({ file }: RuleContext): Problem[] {
  if (file.status !== 'not-mapping' || !file.notMappingSpan) return [];
  const message = "The frontmatter must be a set of 'key: value' fields (name, description, ...), not a list or a single value.";
  return [problem('frontmatter-not-mapping', 'error', message, rangeOf(file, file.notMappingSpan))];
}

/** `yaml-syntax`: the frontmatter is not valid YAML (including duplicate keys and tabs). */
export function ruleYamlSyntax({ file }: RuleContext): Problem[] {
  const error = file.yamlError;
  if (file.status !== 'yaml-syntax' || !error) return [];
  if (error.colonInValue) return [colonInValueProblem(file, error.colonInValue)];
  return [problem('yaml-syntax', 'error', yamlErrorMessage(file, error), rangeOf(file, error.span))];
}

/** A clear message for each kind of YAML error. */
function yamlErrorMessage(file: ParsedSkillFile, error: YamlSyntaxError): string {
  if (error.code === 'DUPLICATE_KEY') {
    const key = file.text.slice(error.span.start, error.span.end);
    return `The field '${key}' appears more than once in the frontmatter. Keep one of them and remove the other.`;
  }
  if (error.code === 'TAB_AS_INDENT') return 'The frontmatter is indented with a tab. YAML allows only spaces for indentation: replace the tab with spaces.';
  if (error.code === 'RESOURCE_EXHAUSTION' || /call stack|alias count/i.test(error.message)) {
    return 'The frontmatter is nested too deeply, or expands too many aliases, to be read. Write its fields as plain text values.';
  }
  if (error.code === 'MULTIPLE_DOCS') return "The frontmatter holds a second YAML document ('---' or '...' line). Remove that line, or quote the value it belongs to.";
  const detail = error.message.replace(/\s+$/, '').replace(/\.$/, '');
  return `The frontmatter is not valid YAML: ${detail}. Fix the syntax; quote values that contain special characters such as ': ', ' #', or a leading '[', '{', '*', '&', '!', '|', '>', '%' or '@'.`;
}

/** The plain text of a value that contains `: `, with the span it occupies (SPEC §2 fixes). */
interface PlainValueExtent {
  /** The value as YAML would fold it had it been quoted. */
  readonly value: string;
  /** The trimmed source lines of the value, comments removed. */
  readonly lines: readonly string[];
  /** From the value's first character to the end of its last line (comments included). */
  readonly span: Span;
  /** The `# comments` found on the value's lines, joined. */
  readonly comment: string | undefined;
}

/** The lines of a plain value: the rest of the key's line plus more-indented continuation lines. */
function plainValueExtent(file: ParsedSkillFile, keyStart: number, valueStart: number, limit: number): PlainValueExtent {
  const { lines, text } = file;
  const keyLine = lines.lineAt(keyStart);
  const keyIndent = keyStart - lines.lineStarts[keyLine];
  // Usually the key's line; not when YAML read a key across a lone \r, which it does not
  // take for a line break, while the LineMap (like VS Code) does.
  const valueLine = lines.lineAt(valueStart);
  const sourceLines: string[] = [];
  const comments: string[] = [];
  let end = valueStart;
  for (let line = valueLine; line < lines.lineCount; line++) {
    const lineStart = line === valueLine ? valueStart : lines.lineStarts[line];
    if (lineStart >= limit) break;
    const lineText = text.slice(lineStart, Math.min(lines.lineContentEnd(line), limit));
    const trimmed = lineText.trim();
    if (line > valueLine && trimmed.length > 0 && (indentOf(lineText) <= keyIndent || trimmed.startsWith('#'))) break;
    const hash = commentStart(lineText);
    if (hash !== undefined) comments.push(lineText.slice(hash).trim());
    sourceLines.push((hash === undefined ? lineText : lineText.slice(0, hash)).trim());
    if (trimmed.length > 0) end = lineStart + lineText.trimEnd().length;
  }
  while (sourceLines.length > 0 && sourceLines[sourceLines.length - 1] === '') sourceLines.pop();
  const comment = comments.length > 0 ? comments.join(' ') : undefined;
  return { value: foldLines(sourceLines), lines: sourceLines, span: { start: valueStart, end }, comment };
}

function indentOf(line: string): number {
  let i = 0;
  while (i < line.length && line[i] === ' ') i++;
  return i;
}

/** Where a comment's `#` is in a line of a plain value (a `#` after white space). */
function commentStart(line: string): number | undefined {
  for (let i = 1; i < line.length; i++) {
    if (line[i] === '#' && (line[i - 1] === ' ' || line[i - 1] === '\t')) return i;
  }
  return undefined;
}

/** YAML line folding: a single line break becomes a space, each blank line a line feed. */
function foldLines(lines: readonly string[]): string {
  let folded = '';
  let blankLines = 0;
  for (const line of lines) {
    if (line === '') {
      blankLines++;
      continue;
    }
    if (folded.length > 0) folded += blankLines > 0 ? '\n'.repeat(blankLines) : ' ';
    folded += line;
    blankLines = 0;
  }
  return folded;
}

/** `yaml-syntax` for `key: text with: a colon`, with the quote and `>-` fixes. */
function colonInValueProblem(file: ParsedSkillFile, colon: NonNullable<YamlSyntaxError['colonInValue']>): Problem {
  const limit = file.split.kind === 'closed' ? file.split.yaml.end : file.text.length;
  const extent = plainValueExtent(file, colon.keySpan.start, colon.valueStart, limit);
  const message =
    `The value of '${colon.key}' contains ': ', which YAML reads as a nested mapping. ` +
    `Quote the whole value (${colon.key}: "...") or write it as a folded block (${colon.key}: >-).`;
  const trailingComment = extent.comment ? ` ${extent.comment}` : '';
  const fixes = [
    replaceFix(file, `Quote the value of '${colon.key}'`, extent.span, JSON.stringify(extent.value) + trailingComment, true),
    foldedBlockFix(file, colon, extent),
  ];
  return problem('yaml-syntax', 'error', message, rangeOf(file, extent.span), fixes);
}

/** Rewrites a plain value as a `>-` block, indented two spaces deeper than its key. */
function foldedBlockFix(file: ParsedSkillFile, colon: NonNullable<YamlSyntaxError['colonInValue']>, extent: PlainValueExtent): Fix {
  const eol = file.lineEnding;
  const keyLine = file.lines.lineAt(colon.keySpan.start);
  const indent = ' '.repeat(colon.keySpan.start - file.lines.lineStarts[keyLine] + 2);
  const header = extent.comment ? `>- ${extent.comment}` : '>-';
  const body = extent.lines.map((line) => (line === '' ? '' : indent + line)).join(eol);
  return replaceFix(file, `Write the value of '${colon.key}' as a folded block (>-)`, extent.span, `${header}${eol}${body}`);
}

// ---------------------------------------------------------------------------------------
// Field rules: they run only when the frontmatter is a readable mapping

/** Where a new `key: value` line can go: after the opening fence. */
function insertAtFrontmatterStart(file: ParsedSkillFile): number | undefined {
  return file.split.kind === 'closed' && !file.flowMapping ? file.split.yaml.start : undefined;
}

/** Where a new description line goes: after the name's value, or at the end of the frontmatter. */
function insertAfterName(file: ParsedSkillFile): number | undefined {
  if (file.split.kind !== 'closed' || file.flowMapping) return undefined;
  const name = findField(file, 'name');
  if (!name) return file.split.yaml.end;
  const line = file.lines.lineAt(name.value.span.end);
  return line + 1 < file.lines.lineCount ? Math.min(file.lines.lineStarts[line + 1], file.split.yaml.end) : file.split.yaml.end;
}

function insertLineFix(file: ParsedSkillFile, title: string, offset: number, line: string): Fix {
  const position = file.lines.positionAt(offset);
  return { title, edits: [{ range: { start: position, end: position }, newText: line + file.lineEnding }], isPreferred: true };
}

function isEmptyScalar(value: FieldValue): boolean {
  return value.kind === 'null' || (value.kind === 'scalar' && (value.text ?? '').trim() === '');
}

/** `name-missing`: no `name`, or an empty one. */
export function ruleNamePresent({ file, options }: RuleContext): Problem[] {
  const field = findField(file, 'name');
  if (field && !isEmptyScalar(field.value)) return [];
  const folder = options.folderName;
  const title = `Set the name to the folder's name '${folder}'`;
  if (field) {
    const message = `The 'name' field is empty. Set it to the folder's name, '${folder}'.`;
    return [problem('name-missing', 'error', message, valueRange(file, field), [setFieldFix(file, title, field, yamlScalar(folder))])];
  }
  const at = insertAtFrontmatterStart(file);
  const fixes = at === undefined ? [] : [insertLineFix(file, `Add 'name: ${folder}'`, at, `name: ${yamlScalar(folder)}`)];
  const message = `The frontmatter has no 'name' field. Add 'name: ${folder}' (the folder's name).`;
  return [problem('name-missing', 'error', message, openFenceRange(file), fixes)];
}

function openFenceRange(file: ParsedSkillFile): Range {
  return file.split.kind === 'no-frontmatter' ? firstLineRange(file) : rangeOf(file, file.split.open);
}

/** The name as a non-empty string, when it is one. */
function nameText(file: ParsedSkillFile): { field: FrontmatterField; name: string } | undefined {
  const field = findField(file, 'name');
  if (!field || field.value.kind !== 'scalar' || isEmptyScalar(field.value)) return undefined;
  return { field, name: field.value.text ?? '' };
}

/** `name-format`: the name is not kebab-case (or, with unicodeNames, not the Unicode profile). */
export function ruleNameFormat({ file, options }: RuleContext): Problem[] {
  const field = findField(file, 'name');
  if (!field || isEmptyScalar(field.value)) return [];
  if (field.value.kind !== 'scalar') {
    const message = "The 'name' must be a single word in kebab-case (like 'code-review'), not a list or a mapping.";
    return [problem('name-format', 'error', message, valueRange(file, field))];
  }
  const name = field.value.text ?? '';
  if (isValidName(name, options.unicodeNames)) return [];
  const fixes: Fix[] = [];
  const kebab = options.unicodeNames ? toUnicodeNameForm(name) : toKebabCase(name);
  if (kebab !== undefined && kebab !== name) fixes.push(replaceFix(file, `Rename to '${kebab}'`, field.value.span, yamlScalar(kebab), true));
  return [problem('name-format', 'error', nameFormatMessage(name, options.unicodeNames), valueRange(file, field), fixes)];
}

function nameFormatMessage(name: string, unicodeNames = false): string {
  const rule = unicodeNames
    ? 'lowercase letters and digits in words separated by single hyphens'
    : "lowercase letters a-z, digits and single hyphens, not at the start or end (like 'code-review')";
  const kebab = unicodeNames ? toUnicodeNameForm(name) : toKebabCase(name);
  const hint = kebab && kebab !== name ? ` For example '${kebab}'.` : '';
  return `The name '${name}' is not valid: use only ${rule}.${hint}`;
}

/** `name-too-long`: the name has more than 64 characters. */
export function ruleNameLength({ file }: RuleContext): Problem[] {
  const found = nameText(file);
  if (!found) return [];
  const length = codePointLength(found.name.normalize('NFKC'));
  if (length <= MAX_NAME_LENGTH) return [];
  const message = `The name has ${length} characters; the limit is ${MAX_NAME_LENGTH}. Shorten it (and rename the folder to match).`;
  return [problem('name-too-long', 'error', message, valueRange(file, found.field))];
}

/** `name-mismatch`: the name differs from the folder name (both NFKC-normalised). */
export function ruleNameMatchesFolder({ file, options }: RuleContext): Problem[] {
  const found = nameText(file);
  if (!found) return [];
  const folder = options.folderName;
  if (found.name.normalize('NFKC') === folder.normalize('NFKC')) return [];
  const fixes = isValidName(folder, options.unicodeNames)
    ? [replaceFix(file, `Rename to the folder's name '${folder}'`, found.field.value.span, yamlScalar(folder), true)]
    : [];
  const message = `The name '${found.name}' differs from the folder name '${folder}'. Change the name to '${folder}', or rename the folder to '${found.name}'.`;
  return [problem('name-mismatch', 'error', message, valueRange(file, found.field), fixes)];
}

/** `reserved-name`: the name contains `anthropic` or `claude`. */
export function ruleNameNotReserved({ file }: RuleContext): Problem[] {
  const found = nameText(file);
  if (!found) return [];
  const lower = found.name.normalize('NFKC').toLowerCase();
  const word = RESERVED_WORDS.find((w) => lower.includes(w));
  if (!word) return [];
  const message = `The name contains the reserved word '${word}', which some platforms reject. Choose a name without it if the skill must run there.`;
  return [problem('reserved-name', 'warning', message, valueRange(file, found.field))];
}

/** `description-missing`: no description, or only white space. */
export function ruleDescriptionPresent({ file }: RuleContext): Problem[] {
  const field = findField(file, 'description');
  if (field && field.value.kind === 'scalar' && (field.value.text ?? '').trim() !== '') return [];
  const placeholder = yamlScalar(DESCRIPTION_PLACEHOLDER);
  const title = 'Add a placeholder description';
  if (field && !isEmptyScalar(field.value)) {
    const message = "The description must be text that says what the skill does and when to use it, not a list or a mapping.";
    return [problem('description-missing', 'error', message, valueRange(file, field))];
  }
  if (field) {
    const message = "The description is empty. Say what the skill does and when to use it: agents read it to decide when to load the skill.";
    return [problem('description-missing', 'error', message, valueRange(file, field), [setFieldFix(file, title, field, placeholder)])];
  }
  const at = insertAfterName(file);
  const fixes = at === undefined ? [] : [insertLineFix(file, title, at, `description: ${placeholder}`)];
  const message = "The frontmatter has no 'description' field. Add one that says what the skill does and when to use it.";
  return [problem('description-missing', 'error', message, openFenceRange(file), fixes)];
}

/** The description as a string, when it is one. */
function descriptionText(file: ParsedSkillFile): { field: FrontmatterField; text: string } | undefined {
  const field = findField(file, 'description');
  if (!field || field.value.kind !== 'scalar' || field.value.text === undefined) return undefined;
  return { field, text: field.value.text };
}

/** `description-too-long`: more than 1024 characters. */
export function ruleDescriptionLength({ file }: RuleContext): Problem[] {
  const found = descriptionText(file);
  if (!found) return [];
  const length = codePointLength(found.text);
  if (length <= MAX_DESCRIPTION_LENGTH) return [];
  const message = `The description has ${length} characters; the limit is ${MAX_DESCRIPTION_LENGTH}. Shorten it and move details into the body.`;
  return [problem('description-too-long', 'error', message, valueRange(file, found.field))];
}

/** `description-xml`: `<` or `>` in the description. */
export function ruleDescriptionNoXml({ file }: RuleContext): Problem[] {
  const found = descriptionText(file);
  if (!found || !/[<>]/.test(found.text)) return [];
  const message = "The description contains '<' or '>', which some platforms reject as XML. Reword it without angle brackets.";
  return [problem('description-xml', 'warning', message, valueRange(file, found.field))];
}

/** `compatibility-too-long`: more than 500 characters. */
export function ruleCompatibilityLength({ file }: RuleContext): Problem[] {
  const field = findField(file, 'compatibility');
  if (!field || field.value.kind !== 'scalar' || field.value.text === undefined) return [];
  const length = codePointLength(field.value.text);
  if (length <= MAX_COMPATIBILITY_LENGTH) return [];
  const message = `The compatibility note has ${length} characters; the limit is ${MAX_COMPATIBILITY_LENGTH}. Shorten it.`;
  return [problem('compatibility-too-long', 'error', message, valueRange(file, field))];
}

/** `field-type`: license/compatibility not a string, metadata not a mapping, allowed-tools not string(s). */
export function ruleFieldTypes({ file }: RuleContext): Problem[] {
  const problems: Problem[] = [];
  for (const field of file.fields) {
    const expected = fieldTypeMismatch(file, field);
    if (expected) problems.push(problem('field-type', 'warning', `'${field.key}' should be ${expected}.`, valueRange(file, field)));
  }
  return problems;
}

/** What a spec field should have been, when its value has the wrong type. */
function fieldTypeMismatch(file: ParsedSkillFile, field: FrontmatterField): string | undefined {
  const kind = field.value.kind;
  if (kind === 'null') return undefined;
  switch (field.key) {
    case 'license':
    case 'compatibility':
      return kind === 'scalar' ? undefined : 'a single line of text';
    case 'metadata':
      return kind === 'mapping' ? undefined : "a mapping of names to text, like 'metadata:' followed by indented 'author: me' lines";
    case 'allowed-tools': {
      if (kind === 'scalar') return undefined;
      const value = file.data?.['allowed-tools'];
      const ok = Array.isArray(value) && value.every((item) => typeof item === 'string');
      return ok ? undefined : "a space-separated string of tool names (like 'Read Grep Bash') or a list of tool names";
    }
    default:
      return undefined;
  }
}

/** `unknown-field`: a key that is neither a spec field nor a known client field. */
export function ruleKnownFields({ file }: RuleContext): Problem[] {
  return file.fields
    .filter((f) => !SPEC_FIELDS.includes(f.key) && !CLIENT_FIELDS.includes(f.key))
    .map((f) =>
      problem(
        'unknown-field',
        'warning',
        `Unknown field '${f.key}': agents ignore it, and strict validators reject it. Move it under 'metadata:' or remove it.`,
        rangeOf(file, f.keySpan),
      ),
    );
}

// ---------------------------------------------------------------------------------------
// Body rules: they need the whole file

/** `body-empty`: nothing but white space after the frontmatter. */
export function ruleBodyNotEmpty({ file }: RuleContext): Problem[] {
  if (file.split.kind !== 'closed' || file.text.slice(file.split.bodyStart).trim() !== '') return [];
  const message = 'The skill has no instructions after the frontmatter. Write the steps the agent should follow below the closing ---.';
  return [problem('body-empty', 'warning', message, rangeOf(file, file.split.close))];
}

/** `body-too-long`: the body has more than 500 lines. */
export function ruleBodyLength({ file }: RuleContext): Problem[] {
  if (file.split.kind !== 'closed') return [];
  const bodyLines = countBodyLines(file, file.split.bodyStart);
  if (bodyLines <= MAX_BODY_LINES) return [];
  const firstExtraLine = file.lines.lineAt(file.split.bodyStart) + MAX_BODY_LINES;
  const message = `The body has ${bodyLines} lines (over ${MAX_BODY_LINES}). Move detailed material into files under references/ and link to them, so that the agent loads it only when needed.`;
  return [problem('body-too-long', 'info', message, file.lines.lineRange(firstExtraLine))];
}

function countBodyLines(file: ParsedSkillFile, bodyStart: number): number {
  if (bodyStart >= file.text.length) return 0;
  const lastLine = file.lines.lineCount - 1;
  const endsWithBreak = file.lines.lineStarts[lastLine] === file.text.length;
  return lastLine - file.lines.lineAt(bodyStart) + (endsWithBreak ? 0 : 1);
}

// ---------------------------------------------------------------------------------------
// broken-link: candidates from the text, existence from the file system

/** A relative path that the body refers to, with where it is written. */
export interface LinkCandidate {
  /** The relative path to check (fragment and query removed, percent-decoding applied). */
  readonly target: string;
  readonly range: Range;
  /** A markdown link (or reference definition), or a path in backticks. */
  readonly kind: 'link' | 'code';
}

const BUNDLE_FOLDERS = ['scripts/', 'references/', 'assets/'];

/**
 * Relative links and backticked bundle paths in the body of a SKILL.md, outside fenced code.
 * Without a closed frontmatter there is no body to scan (the structural error is the news).
 */
export function findLinkCandidates(text: string): LinkCandidate[] {
  const bomless = stripBom(text).text;
  const lines = new LineMap(bomless);
  const split = splitFrontmatter(bomless, lines);
  return split.kind === 'closed' ? findLinkCandidatesInBody(bomless, lines, split.bodyStart) : [];
}

/** The candidates of findLinkCandidates, for a text whose LineMap is already built. */
export function findLinkCandidatesInBody(text: string, lines: LineMap, bodyStart: number): LinkCandidate[] {
  const candidates: LinkCandidate[] = [];
  let fence: { char: string; length: number } | undefined;
  for (let line = lines.lineAt(bodyStart); line < lines.lineCount; line++) {
    const start = Math.max(lines.lineStarts[line], bodyStart);
    const lineText = text.slice(start, lines.lineContentEnd(line));
    const marker = /^ {0,3}(`{3,}|~{3,})(.*)$/.exec(lineText);
    if (fence) {
      if (marker && marker[1][0] === fence.char && marker[1].length >= fence.length && marker[2].trim() === '') fence = undefined;
      continue;
    }
    if (marker && !(marker[1][0] === '`' && marker[2].includes('`'))) {
      fence = { char: marker[1][0], length: marker[1].length };
      continue;
    }
    const column = start - lines.lineStarts[line];
    for (const found of scanLine(lineText)) {
      const range = { start: { line, character: column + found.start }, end: { line, character: column + found.end } };
      candidates.push({ target: found.target, range, kind: found.kind });
    }
  }
  return candidates;
}

interface LineCandidate {
  readonly target: string;
  readonly start: number;
  readonly end: number;
  readonly kind: 'link' | 'code';
}

/** Candidates of one line outside fences: code spans first, then links in the rest. */
function scanLine(line: string): LineCandidate[] {
  const mayLink = line.includes('](') || line.includes(']:');
  if (!mayLink && !line.includes('`')) return [];
  const spans = line.includes('`') ? codeSpans(line) : [];
  const found: LineCandidate[] = [];
  for (const span of spans) {
    const code = codeSpanPath(line, span);
    if (code) found.push(code);
  }
  if (!mayLink) return found;
  const masked = maskSpans(line, spans);
  found.push(...inlineLinks(masked), ...referenceDefinition(masked));
  return found.sort((a, b) => a.start - b.start);
}

/** Code spans of a line: a run of N backticks up to the next run of exactly N (linear). */
function codeSpans(line: string): Span[] {
  const runs = backtickRuns(line);
  const spans: Span[] = [];
  // For each run, the index of the next run of the same length (or -1).
  const nextSameLength = new Array<number>(runs.length).fill(-1);
  const lastByLength = new Map<number, number>();
  for (let i = runs.length - 1; i >= 0; i--) {
    nextSameLength[i] = lastByLength.get(runs[i].length) ?? -1;
    lastByLength.set(runs[i].length, i);
  }
  let i = 0;
  while (i < runs.length) {
    const close = nextSameLength[i];
    if (close < 0) {
      i++;
      continue;
    }
    spans.push({ start: runs[i].start, end: runs[close].start + runs[close].length });
    i = close + 1;
  }
  return spans;
}

/** The runs of backticks of a line, with their lengths. */
function backtickRuns(line: string): { start: number; length: number }[] {
  const runs: { start: number; length: number }[] = [];
  for (let at = line.indexOf('`'); at >= 0; at = line.indexOf('`', at)) {
    const length = runLength(line, at);
    runs.push({ start: at, length });
    at += length;
  }
  return runs;
}

function runLength(line: string, at: number): number {
  let n = 0;
  while (line[at + n] === '`') n++;
  return n;
}

/** The line with its code spans blanked out (offsets are kept). */
function maskSpans(line: string, spans: readonly Span[]): string {
  if (spans.length === 0) return line;
  const parts: string[] = [];
  let from = 0;
  for (const s of spans) {
    parts.push(line.slice(from, s.start), ' '.repeat(s.end - s.start));
    from = s.end;
  }
  parts.push(line.slice(from));
  return parts.join('');
}

/** A path in backticks that starts with scripts/, references/ or assets/. */
function codeSpanPath(line: string, span: Span): LineCandidate | undefined {
  const ticks = runLength(line, span.start);
  let contentStart = span.start + ticks;
  while (line[contentStart] === ' ') contentStart++;
  if (!BUNDLE_FOLDERS.some((f) => line.startsWith(f, contentStart) || line.startsWith(`./${f}`, contentStart))) return undefined;
  const inner = line.slice(span.start + ticks, span.end - ticks);
  const leading = inner.length - inner.trimStart().length;
  // A command line keeps only its first word; `file:12` points at a line of the file.
  const token = (inner.trim().split(/\s/)[0] ?? '').replace(/(:\d+)+$/, '');
  const path = token.startsWith('./') ? token.slice(2) : token;
  const folder = BUNDLE_FOLDERS.find((f) => path.startsWith(f));
  if (!folder || path === folder || path.includes('...')) return undefined;
  const target = cleanTarget(path);
  if (target === undefined) return undefined;
  const start = span.start + ticks + leading;
  return { target, start, end: start + token.length, kind: 'code' };
}

/** Destinations of `[text](dest)` and `![alt](dest)` in a line. */
function inlineLinks(line: string): LineCandidate[] {
  const found: LineCandidate[] = [];
  let from = 0;
  for (;;) {
    const at = line.indexOf('](', from);
    if (at < 0) break;
    from = at + 2;
    const dest = linkDestination(line, at + 2);
    if (!dest) continue;
    // The next link starts after this destination: rescanning inside it made a long
    // line of `](((` quadratic in time and memory.
    from = dest.end;
    const target = cleanTarget(dest.text);
    if (target !== undefined) found.push({ target, start: dest.start, end: dest.end, kind: 'link' });
  }
  return found;
}

/** A `[label]: dest` reference definition. */
function referenceDefinition(line: string): LineCandidate[] {
  // `[^1]: text` is a footnote, not a link definition.
  const match = /^( {0,3}\[(?!\^)[^\]]+\]:[ \t]*)(\S+)/.exec(line);
  if (!match) return [];
  const target = cleanTarget(match[2]);
  const start = match[1].length;
  return target === undefined ? [] : [{ target, start, end: start + match[2].length, kind: 'link' }];
}

/** The destination after `](`: up to white space or the `)` that balances the parentheses. */
function linkDestination(line: string, from: number): { text: string; start: number; end: number } | undefined {
  let start = from;
  while (line[start] === ' ' || line[start] === '\t') start++;
  if (line[start] === '<') return undefined; // `<...>` destinations are placeholders here
  let depth = 0;
  let end = start;
  for (; end < line.length; end++) {
    const c = line[end];
    if (c === ' ' || c === '\t') break;
    if (c === '(') depth++;
    if (c === ')') {
      if (depth === 0) break;
      depth--;
    }
  }
  return end > start ? { text: line.slice(start, end), start, end } : undefined;
}

/**
 * The path a link destination names, or undefined for what is not a relative path to check:
 * in-page anchors, URLs (any scheme, mailto:), absolute paths and template placeholders.
 */
function cleanTarget(raw: string): string | undefined {
  if (raw === '' || raw.startsWith('#') || raw.startsWith('/') || raw.startsWith('\\') || raw.startsWith('~')) return undefined;
  if (/^[a-zA-Z][a-zA-Z0-9+.-]*:/.test(raw)) return undefined;
  if (/[{}<>*$]/.test(raw)) return undefined;
  const path = raw.replace(/[#?].*$/, '');
  if (path === '') return undefined;
  return percentDecode(path);
}

function percentDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** `broken-link`: the candidates whose target does not exist (resolved against the skill folder). */
export async function findBrokenLinks(candidates: readonly LinkCandidate[], skillDir: string, fs: FileSystem): Promise<Problem[]> {
  const checked = new Map<string, Promise<boolean>>();
  const exists = (path: string): Promise<boolean> => {
    let result = checked.get(path);
    if (!result) {
      result = fs.stat(path).then((s) => s !== undefined, () => true);
      checked.set(path, result);
    }
    return result;
  };
  const root = posix.normalize(skillDir);
  const results = await Promise.all(
    candidates.map(async (c) => ({ candidate: c, ok: await exists(posix.resolve(root, c.target)) })),
  );
  return results.filter((r) => !r.ok).map((r) => brokenLinkProblem(r.candidate, root));
}

function brokenLinkProblem(candidate: LinkCandidate, root: string): Problem {
  const resolved = posix.resolve(root, candidate.target);
  const outside = resolved !== root && !resolved.startsWith(root.endsWith('/') ? root : `${root}/`);
  const where = outside ? 'outside the skill folder' : "in the skill's folder";
  const message = `'${candidate.target}' does not exist ${where}. Create it, or fix the path.`;
  return problem('broken-link', 'warning', message, candidate.range);
}

// ---------------------------------------------------------------------------------------
// Rule sets, in the order analyzeSkillText runs them

/** Rules reported whatever state the frontmatter is in. */
export const FILE_RULES: readonly Rule[] = [ruleNoBom, ruleFileNameCase];

/** The structural rules; at most one of them fires. */
export const STRUCTURE_RULES: readonly Rule[] = [ruleHasFrontmatter, ruleFrontmatterClosed, ruleYamlSyntax, ruleFrontmatterIsMapping];

/** Rules over the frontmatter fields. */
export const FIELD_RULES: readonly Rule[] = [
  ruleNamePresent,
  ruleNameFormat,
  ruleNameLength,
  ruleNameMatchesFolder,
  ruleNameNotReserved,
  ruleDescriptionPresent,
  ruleDescriptionLength,
  ruleDescriptionNoXml,
  ruleCompatibilityLength,
  ruleFieldTypes,
  ruleKnownFields,
];

/** Rules over the body; skipped when only the head of the file was read. */
export const BODY_RULES: readonly Rule[] = [ruleBodyNotEmpty, ruleBodyLength];
