// The rules that run on any text (BOM, file name) and the structural rules, which decide
// whether the frontmatter can be read at all. They live together because they report on
// the file's shape, not on its fields; the YAML error messages and the quote and `>-` fixes
// for a value that contains `: ` belong to the yaml-syntax rule and stay beside it.
import type { ParsedSkillFile, Span, YamlSyntaxError } from './frontmatter';
import type { RuleContext } from './ruleSupport';
import { firstLineRange, insertLineFix, problem, rangeOf, replaceFix } from './ruleSupport';
import type { Fix, Problem } from '../base/types';

// ---------------------------------------------------------------------------------------
// Rules that run on any text

/** `bom`: the file starts with a UTF-8 BOM. */
export function ruleNoBom({ file, options }: RuleContext): Problem[] {
  if (!file.hasBom && !options.hasBom) return [];
  const fix: Fix = { title: 'Remove the byte order mark (BOM)', edits: [], removeBom: true, isPreferred: true };
  const message =
    'The file starts with a UTF-8 byte order mark (BOM), which several agents fail to read. Save the file as UTF-8 without BOM.';
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
    const message =
      "The frontmatter is never closed. Add a '---' line after the last frontmatter field, before the body.";
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
  const message =
    "The frontmatter must be a set of 'key: value' fields (name, description, ...), not a list or a single value.";
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
  if (error.code === 'TAB_AS_INDENT')
    return 'The frontmatter is indented with a tab. YAML allows only spaces for indentation: replace the tab with spaces.';
  if (error.code === 'RESOURCE_EXHAUSTION' || /call stack|alias count/i.test(error.message)) {
    return 'The frontmatter is nested too deeply, or expands too many aliases, to be read. Write its fields as plain text values.';
  }
  if (error.code === 'MULTIPLE_DOCS')
    return "The frontmatter holds a second YAML document ('---' or '...' line). Remove that line, or quote the value it belongs to.";
  const detail = error.message.replace(/\s+$/, '').replace(/\.$/, '');
  return `The frontmatter is not valid YAML: ${detail}. Fix the syntax; quote values that contain special characters such as ': ', ' #', or a leading '[', '{', '*', '&', '!', '|', '>', '%' or '@'.`;
}

/** The plain text of a value that contains `: `, with the span it occupies (docs/rules.md fixes). */
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
function plainValueExtent(
  file: ParsedSkillFile,
  keyStart: number,
  valueStart: number,
  limit: number,
): PlainValueExtent {
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
    replaceFix(
      file,
      `Quote the value of '${colon.key}'`,
      extent.span,
      JSON.stringify(extent.value) + trailingComment,
      true,
    ),
    foldedBlockFix(file, colon, extent),
  ];
  return problem('yaml-syntax', 'error', message, rangeOf(file, extent.span), fixes);
}

/** Rewrites a plain value as a `>-` block, indented two spaces deeper than its key. */
function foldedBlockFix(
  file: ParsedSkillFile,
  colon: NonNullable<YamlSyntaxError['colonInValue']>,
  extent: PlainValueExtent,
): Fix {
  const eol = file.lineEnding;
  const keyLine = file.lines.lineAt(colon.keySpan.start);
  const indent = ' '.repeat(colon.keySpan.start - file.lines.lineStarts[keyLine] + 2);
  const header = extent.comment ? `>- ${extent.comment}` : '>-';
  const body = extent.lines.map((line) => (line === '' ? '' : indent + line)).join(eol);
  return replaceFix(
    file,
    `Write the value of '${colon.key}' as a folded block (>-)`,
    extent.span,
    `${header}${eol}${body}`,
  );
}
