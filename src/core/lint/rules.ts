// The lint rules of docs/rules.md over the frontmatter fields and the body, one small function
// per rule, and the rule sets that analyze.ts runs. Each rule reads a ParsedSkillFile (text,
// fences and frontmatter fields with their offsets) and returns Problems with exact ranges
// and, where the text alone allows it, quick fixes. The structural rules are in
// structureRules.ts, dollar-argument in dollarArguments.ts, the shared helpers in
// ruleSupport.ts and broken-link in links.ts.
import type { FieldValue, FrontmatterField, ParsedSkillFile } from './frontmatter';
import type { Rule, RuleContext } from './ruleSupport';
import { MAX_BODY_LINES, MAX_COMPATIBILITY_LENGTH, MAX_DESCRIPTION_LENGTH, MAX_NAME_LENGTH } from '../base/limits';
import { codePointLength } from '../base/text';
import {
  CLIENT_FIELDS,
  DESCRIPTION_PLACEHOLDER,
  findField,
  firstLineRange,
  insertLineFix,
  isValidName,
  problem,
  rangeOf,
  replaceFix,
  setFieldFix,
  SPEC_FIELDS,
  toKebabCase,
  toUnicodeNameForm,
  valueRange,
} from './ruleSupport';
import { yamlScalar } from './yamlScalar';
import { readPlainMapping } from './plainFrontmatter';
import { ruleDollarArguments } from './dollarArguments';
import {
  ruleFileNameCase,
  ruleFrontmatterClosed,
  ruleFrontmatterIsMapping,
  ruleHasFrontmatter,
  ruleNoBom,
  ruleYamlSyntax,
} from './structureRules';
import type { Fix, Problem, Range } from '../base/types';
import { ruleNoSecrets } from '../review';

const RESERVED_WORDS = ['anthropic', 'claude'];

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
  return line + 1 < file.lines.lineCount
    ? Math.min(file.lines.lineStarts[line + 1], file.split.yaml.end)
    : file.split.yaml.end;
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
    return [
      problem('name-missing', 'error', message, valueRange(file, field), [
        setFieldFix(file, title, field, yamlScalar(folder)),
      ]),
    ];
  }
  const at = insertAtFrontmatterStart(file);
  const fixes =
    at === undefined ? [] : [insertLineFix(file, `Add 'name: ${folder}'`, at, `name: ${yamlScalar(folder)}`)];
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
  // One fix per intent: when the kebab-case form is the folder's name, name-mismatch offers that rename.
  const folderFixes = kebab === options.folderName && isValidName(options.folderName, options.unicodeNames);
  if (kebab !== undefined && kebab !== name && !folderFixes)
    fixes.push(replaceFix(file, `Rename to '${kebab}'`, field.value.span, yamlScalar(kebab), true));
  return [
    problem('name-format', 'error', nameFormatMessage(name, options.unicodeNames), valueRange(file, field), fixes),
  ];
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

/**
 * The name rules while the YAML is broken (docs/rules.md): a top-level plain `name: value` line
 * is read on its own, so that the name still gets its problems and its rename fix. (VS Code's
 * own check of SKILL.md reads the name through a YAML error too.)
 */
export function ruleNameDespiteYamlError(context: RuleContext): Problem[] {
  const { file } = context;
  if (file.status !== 'yaml-syntax' || file.split.kind !== 'closed') return [];
  const field = plainNameLine(file, file.split.yaml.start, file.split.yaml.end);
  if (!field) return [];
  const salvaged: RuleContext = { ...context, file: { ...file, fields: [field] } };
  return [...ruleNameFormat(salvaged), ...ruleNameMatchesFolder(salvaged)];
}

/** The first top-level `name:` line between `start` and `end`, read as a plain field; undefined when it is not one. */
function plainNameLine(file: ParsedSkillFile, start: number, end: number): FrontmatterField | undefined {
  for (let line = file.lines.lineAt(start); line < file.lines.lineCount; line++) {
    const lineStart = file.lines.lineStarts[line];
    if (lineStart >= end) break;
    if (!file.text.startsWith('name:', lineStart)) continue;
    const next = line + 1 < file.lines.lineCount ? file.lines.lineStarts[line + 1] : file.text.length;
    return readPlainMapping(file.text, lineStart, Math.min(next, end))?.fields[0];
  }
  return undefined;
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
    const message =
      'The description must be text that says what the skill does and when to use it, not a list or a mapping.';
    return [problem('description-missing', 'error', message, valueRange(file, field))];
  }
  if (field) {
    const message =
      'The description is empty. Say what the skill does and when to use it: agents read it to decide when to load the skill.';
    return [
      problem('description-missing', 'error', message, valueRange(file, field), [
        setFieldFix(file, title, field, placeholder),
      ]),
    ];
  }
  const at = insertAfterName(file);
  const fixes = at === undefined ? [] : [insertLineFix(file, title, at, `description: ${placeholder}`)];
  const message =
    "The frontmatter has no 'description' field. Add one that says what the skill does and when to use it.";
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
  const message =
    "The description contains '<' or '>', which some platforms reject as XML. Reword it without angle brackets.";
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
    if (expected)
      problems.push(problem('field-type', 'warning', `'${field.key}' should be ${expected}.`, valueRange(file, field)));
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
      return kind === 'mapping'
        ? undefined
        : "a mapping of names to text, like 'metadata:' followed by indented 'author: me' lines";
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
  const message =
    'The skill has no instructions after the frontmatter. Write the steps the agent should follow below the closing ---.';
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
// Rule sets, in the order analyzeSkillText runs them

/** Rules reported whatever state the frontmatter is in. */
export const FILE_RULES: readonly Rule[] = [ruleNoBom, ruleFileNameCase];

/** Rules that search the whole text, whatever state the frontmatter is in. */
export const TEXT_RULES: readonly Rule[] = [ruleNoSecrets];

/** The structural rules; at most one of them fires (with a YAML error, the name rules still read the name). */
export const STRUCTURE_RULES: readonly Rule[] = [
  ruleHasFrontmatter,
  ruleFrontmatterClosed,
  ruleYamlSyntax,
  ruleNameDespiteYamlError,
  ruleFrontmatterIsMapping,
];

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
export const BODY_RULES: readonly Rule[] = [ruleBodyNotEmpty, ruleBodyLength, ruleDollarArguments];
