// What every lint rule shares: the Rule type, the field lists of docs/format.md, the
// name format, and the helpers that build Problems, ranges and quick fixes. It lives apart
// from the rules so that the structural rules, the field rules, the link checker and the
// scaffold's input validation all read one definition of each.
import { MAX_NAME_LENGTH } from '../base/limits';
import type { AnalyzeOptions, Fix, Problem, ProblemCode, Range, Severity } from '../base/types';
import type { FrontmatterField, ParsedSkillFile, Span } from './frontmatter';

/** What every rule gets: the parsed file and the caller's options. */
export interface RuleContext {
  readonly file: ParsedSkillFile;
  readonly options: AnalyzeOptions;
}

export type Rule = (context: RuleContext) => Problem[];

/** Fields of the agentskills.io specification. */
export const SPEC_FIELDS: readonly string[] = [
  'name',
  'description',
  'license',
  'compatibility',
  'metadata',
  'allowed-tools',
];

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

export function problem(code: ProblemCode, severity: Severity, message: string, range: Range, fixes?: Fix[]): Problem {
  return fixes && fixes.length > 0 ? { code, severity, message, range, fixes } : { code, severity, message, range };
}

export function rangeOf(file: ParsedSkillFile, span: Span): Range {
  return file.lines.rangeOf(span.start, span.end);
}

/** The range of the first line: the opening fence when there is one. */
export function firstLineRange(file: ParsedSkillFile): Range {
  return file.lines.lineRange(0);
}

/** The value's range, or the key's when the value is empty and has no characters. */
export function valueRange(file: ParsedSkillFile, field: FrontmatterField): Range {
  const span = field.value.span.end > field.value.span.start ? field.value.span : field.keySpan;
  return rangeOf(file, span);
}

export function findField(file: ParsedSkillFile, key: string): FrontmatterField | undefined {
  return file.fields.find((f) => f.key === key);
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

/** A fix that replaces one span of the text. */
export function replaceFix(
  file: ParsedSkillFile,
  title: string,
  span: Span,
  newText: string,
  isPreferred = false,
): Fix {
  const fix = { title, edits: [{ range: rangeOf(file, span), newText }] };
  return isPreferred ? { ...fix, isPreferred } : fix;
}

/** A fix that sets a scalar field to `newText`, rewriting `key:` and whatever value it has. */
export function setFieldFix(file: ParsedSkillFile, title: string, field: FrontmatterField, newText: string): Fix {
  return replaceFix(
    file,
    title,
    { start: field.keySpan.start, end: field.value.span.end },
    `${field.key}: ${newText}`,
    true,
  );
}

export function insertLineFix(file: ParsedSkillFile, title: string, offset: number, line: string): Fix {
  const position = file.lines.positionAt(offset);
  return {
    title,
    edits: [{ range: { start: position, end: position }, newText: line + file.lineEnding }],
    isPreferred: true,
  };
}
