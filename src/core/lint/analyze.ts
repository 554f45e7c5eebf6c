// The one entry point of the lint engine: text in, SkillFileAnalysis out. It parses the
// file once, runs the rule sets of rules.ts in the order docs/rules.md gives (a structural
// error stops the field and body rules) and reports what the catalog needs to know. A scan
// asks for the catalog's scope only: every error, and the warnings of the frontmatter; the
// rules that search the whole text (secrets, the body) run in a full lint: the editor,
// Validate All and the background validation after a scan, and `skillsmith validate`.
import type { ParsedSkillFile } from './frontmatter';
import { parseSkillFile } from './frontmatter';
import type { Rule, RuleContext } from './ruleSupport';
import { BODY_RULES, FIELD_RULES, FILE_RULES, STRUCTURE_RULES, TEXT_RULES } from './rules';
import { sortProblems, type AnalyzeOptions, type Problem, type Range, type SkillFileAnalysis } from '../base/types';

/**
 * Parses and lints the text of one SKILL.md (no file system involved). `extraRules` run with
 * the text rules of a full lint: the security rules (securityRules.ts), which the complete lint
 * passes (validateFile.ts) and which a catalog scan never needs.
 */
export function analyzeSkillText(
  text: string,
  options: AnalyzeOptions,
  extraRules: readonly Rule[] = [],
): SkillFileAnalysis {
  const file = parseSkillFile(text, { plainFastPath: options.plainFastPath });
  const complete = options.complete !== false;
  const context: RuleContext = { file, options };
  const structural = runRules(STRUCTURE_RULES, context);
  // The catalog needs the structure and the fields; searches of the whole text wait for a full lint.
  const full = options.scope !== 'catalog';
  const rules = [
    ...FILE_RULES,
    ...(full ? [...TEXT_RULES, ...extraRules] : []),
    ...(structural.length > 0 ? [] : [...FIELD_RULES, ...(complete && full ? BODY_RULES : [])]),
  ];
  const problems = sortProblems([...structural, ...runRules(rules, context)]);
  return {
    name: fieldString(file, 'name'),
    nameRange: nameRangeOf(file),
    description: fieldString(file, 'description'),
    descriptionKind: descriptionKindOf(file),
    ...(file.status === 'yaml-syntax' && file.split.kind === 'closed'
      ? { invalidYaml: file.text.slice(file.split.yaml.start, file.split.yaml.end) }
      : {}),
    frontmatter: file.data,
    hidden: isHidden(file),
    hasBom: file.hasBom || options.hasBom === true,
    problems,
    bodyOffset: file.split.kind === 'closed' ? file.split.bodyStart : undefined,
    bodyLine: file.split.kind === 'closed' ? file.lines.lineAt(file.split.bodyStart) : undefined,
    complete,
  };
}

function runRules(rules: readonly Rule[], context: RuleContext): Problem[] {
  return rules.flatMap((rule) => rule(context));
}

/** A field's scalar value as a string (`name: 123` is "123"); undefined when absent or not a scalar. */
function fieldString(file: ParsedSkillFile, key: string): string | undefined {
  if (file.status !== 'ok') return undefined;
  const field = file.fields.find((f) => f.key === key);
  return field?.value.kind === 'scalar' ? field.value.text : undefined;
}

/** What the `description` field holds (SkillFileAnalysis.descriptionKind); undefined when the frontmatter cannot be read. */
function descriptionKindOf(file: ParsedSkillFile): SkillFileAnalysis['descriptionKind'] {
  if (file.status !== 'ok') return undefined;
  const field = file.fields.find((f) => f.key === 'description');
  if (!field) return 'absent';
  return field.value.kind === 'null' ? 'null' : field.value.kind === 'scalar' ? 'text' : 'other';
}

/** Where the name's value is written, or the opening fence when there is no name. */
function nameRangeOf(file: ParsedSkillFile): Range | undefined {
  const field = file.status === 'ok' ? file.fields.find((f) => f.key === 'name') : undefined;
  if (field) return file.lines.rangeOf(field.value.span.start, field.value.span.end);
  if (file.split.kind === 'no-frontmatter') return undefined;
  return file.lines.rangeOf(file.split.open.start, file.split.open.end);
}

/** `disable-model-invocation: true` hides the skill from the model's listing. */
function isHidden(file: ParsedSkillFile): boolean {
  const value = file.data?.['disable-model-invocation'];
  return value === true || (typeof value === 'string' && value.trim().toLowerCase() === 'true');
}
