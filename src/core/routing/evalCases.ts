// Routing eval cases (docs/routing.md, "Eval files"), read from text with exact ranges so
// that a mistake is underlined where it is. Two formats, told apart per entry:
//   - catalog-level: {"query", "expected": [...], "acceptable"?: [...], "candidates"?: [...]}
//   - skill-creator's trigger evals: {"query", "should_trigger": true|false}, which belong
//     to one skill (the folder of evals/trigger-evals.json, or the one named by --skill).
// A file is a JSON array of entries, or JSON Lines (one entry per line). A malformed entry
// is reported and left out; the others still run.
import { parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import { LineMap } from '../base/textPositions';
import type { Problem, Range } from '../base/types';

/** One routing case, in the catalog-level form both formats turn into. */
export interface RoutingCase {
  readonly query: string;
  /** Right picks; empty: no skill should be picked (unless `avoid` says otherwise). */
  readonly expected: readonly string[];
  /** Picks that also count as right. */
  readonly acceptable: readonly string[];
  /** When present, the catalog of this case is limited to these skills. */
  readonly candidates?: readonly string[];
  /** A trigger eval with `should_trigger: false`: any pick but these is right, none included. */
  readonly avoid?: readonly string[];
  /** The skill a trigger eval belongs to. */
  readonly skill?: string;
  /** Where the entry stands in its file. */
  readonly range: Range;
  /** 0-based position of the entry in its file. */
  readonly index: number;
  /** The description loop's half for this case, when the file says (evalSplit.ts). */
  readonly split?: 'train' | 'test';
}

/** A skill name written in an eval file, and where (for the unknown-name lint). */
export interface NameReference {
  readonly name: string;
  readonly range: Range;
  readonly field: 'expected' | 'acceptable' | 'candidates';
}

export interface ParsedEvalFile {
  readonly cases: readonly RoutingCase[];
  readonly names: readonly NameReference[];
  /** Syntax errors and malformed entries. */
  readonly problems: readonly Problem[];
}

export interface ParseEvalOptions {
  /** The skill that trigger evals (`should_trigger`) belong to; without it they are reported. */
  readonly skill?: string;
}

const CATALOG_KEYS = new Set(['query', 'expected', 'acceptable', 'candidates', 'split']);
const TRIGGER_KEYS = new Set(['query', 'should_trigger', 'split']);
/** Keys people add for themselves; allowed in both formats. */
const NOTE_KEYS = new Set(['id', 'note', 'notes', 'comment', 'category', 'group', 'description']);

/** Reads an eval file's text: a JSON array of entries, or JSON Lines. */
export function parseEvalFile(text: string, options: ParseEvalOptions = {}): ParsedEvalFile {
  const lines = new LineMap(text);
  const reader = new EntryReader(lines, options);
  const start = text.search(/\S/);
  if (start === -1) return reader.result();
  if (text[start] === '[') {
    const errors: ParseError[] = [];
    const root = parseTree(text, errors, { allowTrailingComma: true, disallowComments: false });
    for (const error of errors.slice(0, 5)) {
      reader.problem(
        'eval-syntax',
        'error',
        `JSON syntax error: ${describeParseError(printParseErrorCode(error.error))}.`,
        error.offset,
        error.offset + Math.max(1, error.length),
      );
    }
    if (root?.type === 'array') (root.children ?? []).forEach((node) => reader.entry(node));
    else if (errors.length === 0)
      reader.problem(
        'eval-syntax',
        'error',
        'An eval file is a JSON array of cases, or one case per line (JSON Lines).',
        0,
        text.length,
      );
    return reader.result();
  }
  // JSON Lines: every non-blank line is one entry.
  for (let line = 0; line < lines.lineCount; line++) {
    const from = lines.lineStarts[line];
    const to = lines.lineContentEnd(line);
    const lineText = text.slice(from, to);
    if (lineText.trim() === '' || lineText.trimStart().startsWith('//')) continue;
    const errors: ParseError[] = [];
    const node = parseTree(lineText, errors);
    if (errors.length > 0 || !node) {
      const first = errors[0];
      const what = first ? describeParseError(printParseErrorCode(first.error)) : 'no value';
      reader.problem('eval-syntax', 'error', `Line ${line + 1} is not one JSON object: ${what}.`, from, to);
      continue;
    }
    reader.entry(node, from);
  }
  return reader.result();
}

function describeParseError(code: string): string {
  return code.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
}

/** Collects the cases, names and problems of one file. */
class EntryReader {
  private readonly cases: RoutingCase[] = [];
  private readonly names: NameReference[] = [];
  private readonly problems: Problem[] = [];
  private count = 0;

  constructor(
    private readonly lines: LineMap,
    private readonly options: ParseEvalOptions,
  ) {}

  result(): ParsedEvalFile {
    return { cases: this.cases, names: this.names, problems: this.problems };
  }

  problem(code: Problem['code'], severity: Problem['severity'], message: string, start: number, end: number): void {
    this.problems.push({ code, severity, message, range: this.lines.rangeOf(start, end) });
  }

  private at(node: Node, base: number, message: string, severity: Problem['severity'] = 'error'): void {
    this.problem('eval-case-invalid', severity, message, base + node.offset, base + node.offset + node.length);
  }

  /** Reads one entry; `base` is the offset of the text the node was parsed from. */
  entry(node: Node, base = 0): void {
    const index = this.count++;
    const label = `Case ${index + 1}`;
    if (node.type !== 'object')
      return this.at(
        node,
        base,
        `${label} is not an object: a case is {"query": …, "expected": […]} or {"query": …, "should_trigger": true}.`,
      );
    const fields = new Map<string, Node>();
    for (const property of node.children ?? []) {
      const [key, value] = property.children ?? [];
      if (key && value) fields.set(String(key.value), value);
    }
    const isTrigger = fields.has('should_trigger');
    const known = isTrigger ? TRIGGER_KEYS : CATALOG_KEYS;
    for (const property of node.children ?? []) {
      const key = property.children?.[0];
      const name = String(key?.value);
      if (key && !known.has(name) && !NOTE_KEYS.has(name)) {
        const hint = isTrigger
          ? '"query", "should_trigger" and "split"'
          : '"query", "expected", "acceptable", "candidates" and "split"';
        this.at(key, base, `Unknown field '${name}': a ${isTrigger ? 'trigger eval' : 'case'} has ${hint}.`, 'warning');
      }
    }
    const query = fields.get('query');
    if (!query || query.type !== 'string' || String(query.value).trim() === '') {
      return this.at(query ?? node, base, `${label} needs "query": the user's request, as a non-empty string.`);
    }
    const range = this.lines.rangeOf(base + node.offset, base + node.offset + node.length);
    const split = this.split(fields.get('split'), base);
    if (isTrigger)
      return this.triggerEntry(fields.get('should_trigger')!, String(query.value), range, index, base, split);

    const expected = this.nameList(fields.get('expected'), 'expected', base, true, node);
    const acceptable = this.nameList(fields.get('acceptable'), 'acceptable', base, false, node);
    const candidates = this.nameList(fields.get('candidates'), 'candidates', base, false, node);
    if (!expected || !acceptable || !candidates) return;
    this.cases.push({
      query: String(query.value),
      expected,
      acceptable,
      ...(fields.has('candidates') ? { candidates } : {}),
      range,
      index,
      ...(split ? { split } : {}),
    });
  }

  /** The optional "split": "train" or "test"; anything else is flagged and ignored (the loop assigns one). */
  private split(node: Node | undefined, base: number): 'train' | 'test' | undefined {
    if (!node) return undefined;
    const value: unknown = node.value;
    if (node.type === 'string' && (value === 'train' || value === 'test')) return value;
    this.at(
      node,
      base,
      '"split" is "train" or "test": the half of the description loop this case belongs to. It is ignored.',
      'warning',
    );
    return undefined;
  }

  private triggerEntry(
    flag: Node,
    query: string,
    range: Range,
    index: number,
    base: number,
    split: 'train' | 'test' | undefined,
  ): void {
    if (flag.type !== 'boolean') return this.at(flag, base, '"should_trigger" must be true or false.');
    const skill = this.options.skill;
    if (skill === undefined) {
      return this.at(
        flag,
        base,
        'A trigger eval belongs to one skill: put the file in <skill>/evals/trigger-evals.json, or name the skill (--skill NAME).',
      );
    }
    const triggers = flag.value === true;
    this.cases.push({
      query,
      expected: triggers ? [skill] : [],
      acceptable: [],
      ...(triggers ? {} : { avoid: [skill] }),
      skill,
      range,
      index,
      ...(split ? { split } : {}),
    });
  }

  /** A list of skill names; undefined (and a problem) when malformed. Absent optional lists are empty. */
  private nameList(
    node: Node | undefined,
    field: NameReference['field'],
    base: number,
    required: boolean,
    entry: Node,
  ): string[] | undefined {
    if (!node) {
      if (!required) return [];
      this.at(
        entry,
        base,
        `Case ${this.count} needs "expected": the skills that should be picked ([] when none should).`,
      );
      return undefined;
    }
    if (node.type === 'string') {
      // A single name where a list belongs is read as a list of one, and said so.
      this.at(node, base, `"${field}" is a list: write ["${String(node.value)}"].`, 'warning');
      this.names.push({ name: String(node.value), range: this.rangeOf(node, base), field });
      return [String(node.value)];
    }
    if (node.type !== 'array') {
      this.at(node, base, `"${field}" must be a list of skill names.`);
      return undefined;
    }
    const names: string[] = [];
    for (const item of node.children ?? []) {
      if (item.type !== 'string' || String(item.value).trim() === '') {
        this.at(
          item,
          base,
          `"${field}" holds skill names: strings, not ${item.type === 'string' ? 'an empty string' : item.type}.`,
        );
        return undefined;
      }
      names.push(String(item.value).trim());
      this.names.push({ name: String(item.value).trim(), range: this.rangeOf(item, base), field });
    }
    return names;
  }

  private rangeOf(node: Node, base: number): Range {
    return this.lines.rangeOf(base + node.offset, base + node.offset + node.length);
  }
}
