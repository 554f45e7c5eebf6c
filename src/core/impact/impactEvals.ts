// Impact evals (issue 39; docs/impact.md): the tasks a skill is measured on, with it and without
// it. The file is skill-creator's `evals/evals.json`, read as it is, so that its evals run
// unchanged:
//   {"skill_name": "…", "evals": [{"id": 1, "prompt": "…", "expected_output": "…",
//     "files": ["evals/files/a.pdf"], "expectations": ["The output includes X"]}]}
// An eval may also carry Skillsmith's deterministic checks, judged without a grader model:
//   "checks": [{"file": "out.csv"}, {"file": "out.csv", "matches": "^id,"},
//              {"command": ["python3", "check.py"]}, {"output": "total: \\d+"}]
// Read from text with exact ranges, as the routing eval files are (routing/evalCases.ts): a
// malformed eval is reported where it is and left out; the others still run.
import { parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import { compileLinearPattern } from '../actions/linearPattern';
import { LineMap } from '../base/textPositions';
import type { Problem, Range } from '../base/types';

/** A check judged on the trial's folder or the agent's answer, with no model. */
export type ImpactCheck =
  /** The file exists in the trial's folder (a path relative to it), and its text matches `matches` when given. */
  | { readonly kind: 'file'; readonly path: string; readonly matches?: string }
  /** The program exits 0, run in the trial's folder (no shell: argv as written). */
  | { readonly kind: 'command'; readonly argv: readonly string[] }
  /** The agent's final answer matches the pattern (JavaScript syntax, matched in linear time). */
  | { readonly kind: 'output'; readonly matches: string };

export interface ImpactEval {
  /** skill-creator's integer id, as text; the eval's position when it has none. */
  readonly id: string;
  readonly prompt: string;
  readonly expectedOutput?: string;
  /** Input files, relative to the skill's folder, copied into each trial's folder. */
  readonly files: readonly string[];
  /** Statements a grader model judges, quoting its evidence. */
  readonly expectations: readonly string[];
  readonly checks: readonly ImpactCheck[];
  readonly range: Range;
}

export interface ParsedImpactEvals {
  /** `skill_name`, when the file gives one. */
  readonly skillName?: string;
  readonly evals: readonly ImpactEval[];
  /** Syntax errors and malformed evals. */
  readonly problems: readonly Problem[];
}

const EVAL_KEYS = new Set(['id', 'prompt', 'expected_output', 'files', 'expectations', 'checks']);
/** Keys people add for themselves (trailofbits' evals name theirs `eval_name`). */
const NOTE_KEYS = new Set(['name', 'eval_name', 'note', 'notes', 'comment', 'category', 'description', 'tags']);
const MAX_EVALS = 1000;

/** Reads an `evals/evals.json` text. */
export function parseImpactEvals(text: string): ParsedImpactEvals {
  const reader = new EvalReader(new LineMap(text));
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { allowTrailingComma: true, disallowComments: false });
  for (const error of errors.slice(0, 5)) {
    const what = printParseErrorCode(error.error)
      .replace(/([a-z])([A-Z])/g, '$1 $2')
      .toLowerCase();
    reader.problem(
      'eval-syntax',
      `JSON syntax error: ${what}.`,
      error.offset,
      error.offset + Math.max(1, error.length),
    );
  }
  if (root?.type !== 'object') {
    if (errors.length === 0)
      reader.problem(
        'eval-syntax',
        looksLikeTriggerEvals(root)
          ? 'These are trigger evals (routing: does the model pick the skill?), which live in evals/trigger-evals.json; an impact evals file is one JSON object: {"skill_name": …, "evals": […]}.'
          : 'An evals file is one JSON object: {"skill_name": …, "evals": […]}.',
        0,
        text.length,
      );
    return reader.result();
  }
  const fields = fieldsOf(root);
  const name = fields.get('skill_name');
  if (name && name.type === 'string') reader.skillName = String(name.value);
  else if (name) reader.at(name, '"skill_name" is the skill\'s name, a string.');
  const evals = fields.get('evals');
  if (!evals || evals.type !== 'array') {
    reader.at(evals ?? root, 'An evals file needs "evals": an array of {"prompt": …} objects.');
    return reader.result();
  }
  const entries = evals.children ?? [];
  if (entries.length > MAX_EVALS)
    reader.at(evals, `The file has ${entries.length} evals; the first ${MAX_EVALS} are read.`, 'warning');
  entries.slice(0, MAX_EVALS).forEach((node, index) => reader.entry(node, index));
  return reader.result();
}

/** An array of {"query" or "prompt", "should_trigger"} objects: the routing format. */
function looksLikeTriggerEvals(root: Node | undefined): boolean {
  const first = root?.type === 'array' ? root.children?.[0] : undefined;
  return first?.type === 'object' && fieldsOf(first).has('should_trigger');
}

function fieldsOf(node: Node): Map<string, Node> {
  const fields = new Map<string, Node>();
  for (const property of node.children ?? []) {
    const [key, value] = property.children ?? [];
    if (key && value) fields.set(String(key.value), value);
  }
  return fields;
}

/**
 * A path that stays inside the folder it is relative to, on every platform: not rooted (`/`, `\`,
 * a drive letter) and no `..` step. The file is someone else's: it must not name the user's files.
 */
function isInsidePath(path: string): boolean {
  return path !== '' && !/^([\\/]|[a-zA-Z]:)/.test(path) && !path.split(/[\\/]/).includes('..');
}

class EvalReader {
  skillName: string | undefined;
  private readonly evals: ImpactEval[] = [];
  private readonly problems: Problem[] = [];
  private readonly ids = new Set<string>();

  constructor(private readonly lines: LineMap) {}

  result(): ParsedImpactEvals {
    return {
      ...(this.skillName !== undefined ? { skillName: this.skillName } : {}),
      evals: this.evals,
      problems: this.problems,
    };
  }

  problem(code: 'eval-syntax' | 'eval-case-invalid', message: string, start: number, end: number): void {
    this.problems.push({ code, severity: 'error', message, range: this.lines.rangeOf(start, end) });
  }

  at(node: Node, message: string, severity: Problem['severity'] = 'error'): void {
    this.problems.push({
      code: 'eval-case-invalid',
      severity,
      message,
      range: this.lines.rangeOf(node.offset, node.offset + node.length),
    });
  }

  entry(node: Node, index: number): void {
    const label = `Eval ${index + 1}`;
    if (node.type !== 'object') return this.at(node, `${label} is not an object: an eval is {"prompt": …}.`);
    const fields = fieldsOf(node);
    for (const property of node.children ?? []) {
      const key = property.children?.[0];
      const name = String(key?.value);
      if (key && !EVAL_KEYS.has(name) && !NOTE_KEYS.has(name))
        this.at(
          key,
          `Unknown field '${name}': an eval has "id", "prompt", "expected_output", "files", "expectations" and "checks".`,
          'warning',
        );
    }
    const prompt = fields.get('prompt');
    if (!prompt || prompt.type !== 'string' || String(prompt.value).trim() === '')
      return this.at(prompt ?? node, `${label} needs "prompt": the task, as a non-empty string.`);
    const idNode = fields.get('id');
    let id = String(index + 1);
    if (idNode) {
      if (idNode.type !== 'number' && idNode.type !== 'string')
        return this.at(idNode, `${label}: "id" is a number (skill-creator's) or a string.`);
      id = String(idNode.value);
    }
    if (this.ids.has(id)) return this.at(idNode ?? node, `${label}: the id ${id} is taken by an earlier eval.`);
    const expected = fields.get('expected_output');
    if (expected && expected.type !== 'string')
      return this.at(expected, `${label}: "expected_output" describes success in words, a string.`);
    const files = this.strings(fields.get('files'), `${label}: "files"`);
    const expectations = this.strings(fields.get('expectations'), `${label}: "expectations"`);
    const checks = this.checks(fields.get('checks'), label);
    if (!files || !expectations || !checks) return;
    const outside = files.find((file) => !isInsidePath(file));
    if (outside !== undefined)
      return this.at(fields.get('files')!, `${label}: the file '${outside}' is not inside the skill's folder.`);
    if (expectations.length === 0 && checks.length === 0 && !expected)
      return this.at(
        node,
        `${label} has nothing to judge it by: give "expectations", "checks" or an "expected_output" for the grader.`,
      );
    this.ids.add(id);
    this.evals.push({
      id,
      prompt: String(prompt.value),
      ...(expected ? { expectedOutput: String(expected.value) } : {}),
      files,
      expectations,
      checks,
      range: this.lines.rangeOf(node.offset, node.offset + node.length),
    });
  }

  /** An optional array of strings; undefined (after a problem) when it is something else. */
  private strings(node: Node | undefined, what: string): string[] | undefined {
    if (!node) return [];
    if (node.type !== 'array' || !(node.children ?? []).every((child) => child.type === 'string')) {
      this.at(node, `${what} is an array of strings.`);
      return undefined;
    }
    return (node.children ?? []).map((child) => String(child.value));
  }

  private checks(node: Node | undefined, label: string): ImpactCheck[] | undefined {
    if (!node) return [];
    if (node.type !== 'array') {
      this.at(node, `${label}: "checks" is an array of checks.`);
      return undefined;
    }
    const checks: ImpactCheck[] = [];
    for (const child of node.children ?? []) {
      const check = this.check(child, label);
      if (!check) return undefined;
      checks.push(check);
    }
    return checks;
  }

  private check(node: Node, label: string): ImpactCheck | undefined {
    const shape =
      'a check is {"file": PATH}, {"file": PATH, "matches": PATTERN}, {"command": [PROGRAM, ARG…]} or {"output": PATTERN}';
    if (node.type !== 'object') {
      this.at(node, `${label}: ${shape}.`);
      return undefined;
    }
    const fields = fieldsOf(node);
    const keys = [...fields.keys()].sort().join(',');
    const pattern = (value: Node): string | undefined => {
      if (value.type !== 'string') {
        this.at(value, `${label}: a pattern is a string.`);
        return undefined;
      }
      const compiled = compileLinearPattern(String(value.value));
      if (!compiled.ok) {
        this.at(value, `${label}: ${compiled.message}.`);
        return undefined;
      }
      return String(value.value);
    };
    if (keys === 'file' || keys === 'file,matches') {
      const file = fields.get('file')!;
      if (file.type !== 'string' || !isInsidePath(String(file.value))) {
        this.at(file, `${label}: "file" is a path inside the trial's folder.`);
        return undefined;
      }
      const matches = fields.get('matches');
      if (!matches) return { kind: 'file', path: String(file.value) };
      const source = pattern(matches);
      return source === undefined ? undefined : { kind: 'file', path: String(file.value), matches: source };
    }
    if (keys === 'command') {
      const command = fields.get('command')!;
      const argv = command.children ?? [];
      if (command.type !== 'array' || argv.length === 0 || !argv.every((a) => a.type === 'string')) {
        this.at(command, `${label}: "command" is the program and its arguments, an array of strings (no shell).`);
        return undefined;
      }
      return { kind: 'command', argv: argv.map((a) => String(a.value)) };
    }
    if (keys === 'output') {
      const source = pattern(fields.get('output')!);
      return source === undefined ? undefined : { kind: 'output', matches: source };
    }
    this.at(node, `${label}: ${shape}.`);
    return undefined;
  }
}
