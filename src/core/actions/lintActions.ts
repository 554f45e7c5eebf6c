// The lint of an actions.json (docs/actions.md, "Problems"), with exact ranges from jsonc-parser:
// `actions-invalid` (syntax, shape, fields), `action-run-missing` (no argv, or a file in it that
// does not exist), `action-duplicate`, `action-schema-invalid` (schemaCheck.ts) and
// `secret-in-skill`, with quick fixes where one is obvious. The same mistakes make the
// executor's reader (declaration.ts) refuse the file.
import { getNodeValue, parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import { MAX_ACTION_TIMEOUT_SECONDS, MAX_DESCRIPTION_LENGTH, MAX_NAME_LENGTH } from '../base/limits';
import { LineMap } from '../base/textPositions';
import { sortProblems, type Fix, type Problem, type ProblemCode, type Severity } from '../base/types';
import { findSecrets, secretMessage } from '../review';
import { checkRelativePath } from '../loading/skillFolder';
import { ACTION_NAME, SECRET_NAME } from './declaration';
import { looksLikePath, placeOf } from './runPath';
import { schemaProblems } from './schemaCheck';

export interface LintActionsOptions {
  /** Whether a file exists, by its path relative to the skill's folder (run paths are checked when given). */
  readonly fileExists?: (relative: string) => Promise<boolean>;
}

const FIELDS = [
  'name',
  'description',
  'run',
  'input',
  'output',
  'timeoutSeconds',
  'maxConcurrent',
  'secrets',
  'default',
];

/** A property's value node in an object node. */
function property(object: Node, key: string): Node | undefined {
  return object.children?.find((p) => p.children?.[0]?.value === key)?.children?.[1];
}

class ProblemList {
  readonly items: Problem[] = [];
  constructor(readonly lines: LineMap) {}

  add(
    code: ProblemCode,
    message: string,
    node: { offset: number; length: number },
    fixes?: Fix[],
    severity: Severity = 'error',
  ): void {
    const range = this.lines.rangeOf(node.offset, node.offset + node.length);
    this.items.push(fixes?.length ? { code, severity, message, range, fixes } : { code, severity, message, range });
  }

  /** A fix that replaces a node's text. */
  replace(title: string, node: { offset: number; length: number }, newText: string): Fix {
    return {
      title,
      edits: [{ range: this.lines.rangeOf(node.offset, node.offset + node.length), newText }],
      isPreferred: true,
    };
  }

  /** A fix that inserts text right after an object's opening brace. */
  insertFirst(title: string, object: Node, newText: string): Fix {
    const at = this.lines.positionAt(object.offset + 1);
    return { title, edits: [{ range: { start: at, end: at }, newText }], isPreferred: true };
  }
}

/** The kebab-case form of a name, for the rename fix. */
function kebab(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_NAME_LENGTH);
}

function checkFields(list: ProblemList, action: Node): void {
  for (const member of action.children ?? []) {
    const key = member.children?.[0];
    if (key && !FIELDS.includes(String(key.value)))
      list.add('actions-invalid', `Unknown field '${key.value}'. An action has: ${FIELDS.join(', ')}.`, key);
  }
  const name = property(action, 'name');
  if (!name)
    list.add('actions-invalid', "The action has no 'name'.", { offset: action.offset, length: 1 }, [
      list.insertFirst("Add a 'name'", action, '\n      "name": "my-action",'),
    ]);
  else if (typeof name.value !== 'string' || !ACTION_NAME.test(name.value) || name.value.length > MAX_NAME_LENGTH) {
    const fixed = typeof name.value === 'string' ? kebab(name.value) : '';
    list.add(
      'actions-invalid',
      `'name' must be kebab-case (lowercase words joined by single hyphens), at most ${MAX_NAME_LENGTH} characters.`,
      name,
      fixed ? [list.replace(`Rename to '${fixed}'`, name, JSON.stringify(fixed))] : undefined,
    );
  }
  const description = property(action, 'description');
  if (!description || typeof description.value !== 'string' || description.value.trim() === '') {
    list.add(
      'actions-invalid',
      "'description' is required: say what the action does, when to use it and when not (the model picks actions by it).",
      description ?? { offset: action.offset, length: 1 },
    );
  } else if ([...description.value].length > MAX_DESCRIPTION_LENGTH) {
    list.add(
      'actions-invalid',
      `'description' has ${[...description.value].length} characters; at most ${MAX_DESCRIPTION_LENGTH}.`,
      description,
    );
  }
  const timeout = property(action, 'timeoutSeconds');
  if (
    timeout &&
    !(typeof timeout.value === 'number' && timeout.value > 0 && timeout.value <= MAX_ACTION_TIMEOUT_SECONDS)
  ) {
    const fixes =
      typeof timeout.value === 'number' && timeout.value > MAX_ACTION_TIMEOUT_SECONDS
        ? [list.replace(`Use ${MAX_ACTION_TIMEOUT_SECONDS}`, timeout, String(MAX_ACTION_TIMEOUT_SECONDS))]
        : undefined;
    list.add(
      'actions-invalid',
      `'timeoutSeconds' must be a number above 0 and at most ${MAX_ACTION_TIMEOUT_SECONDS}.`,
      timeout,
      fixes,
    );
  }
  const concurrent = property(action, 'maxConcurrent');
  if (concurrent && !(Number.isInteger(concurrent.value) && concurrent.value >= 1))
    list.add('actions-invalid', "'maxConcurrent' must be a whole number of at least 1.", concurrent);
  const secrets = property(action, 'secrets');
  if (secrets && secrets.type !== 'array')
    list.add('actions-invalid', "'secrets' must be an array of environment variable names.", secrets);
  for (const secret of secrets?.type === 'array' ? (secrets.children ?? []) : []) {
    if (typeof secret.value === 'string' && SECRET_NAME.test(secret.value)) continue;
    const fixed =
      typeof secret.value === 'string'
        ? secret.value
            .toUpperCase()
            .replace(/[^A-Z0-9_]/g, '_')
            .replace(/^(\d)/, '_$1')
        : '';
    list.add(
      'actions-invalid',
      "A secret is named like an environment variable: capitals, digits and '_', such as 'API_TOKEN'.",
      secret,
      fixed ? [list.replace(`Rename to '${fixed}'`, secret, JSON.stringify(fixed))] : undefined,
    );
  }
  const isDefault = property(action, 'default');
  if (isDefault && typeof isDefault.value !== 'boolean')
    list.add('actions-invalid', "'default' must be true or false.", isDefault);
}

async function checkRun(list: ProblemList, action: Node, options: LintActionsOptions): Promise<void> {
  const run = property(action, 'run');
  const insert = list.insertFirst(
    "Add a 'run'",
    action,
    `\n      "run": ["node", "scripts/${String(property(action, 'name')?.value ?? 'action')}.mjs"],`,
  );
  if (!run)
    return list.add(
      'action-run-missing',
      'The action has no \'run\': give the program and its arguments, such as ["node", "scripts/run.mjs"] (no shell).',
      { offset: action.offset, length: 1 },
      [insert],
    );
  const items = run.type === 'array' ? (run.children ?? []) : [];
  if (
    run.type !== 'array' ||
    items.length === 0 ||
    typeof items[0].value !== 'string' ||
    items[0].value.trim() === ''
  ) {
    const fixes =
      typeof run.value === 'string' && run.value.trim()
        ? [list.replace('Split into an argv array', run, JSON.stringify(run.value.trim().split(/\s+/)))]
        : undefined;
    return list.add(
      'action-run-missing',
      "'run' must be a non-empty array of strings: the program, then its arguments. There is no shell, so a command line in one string does not work.",
      run,
      fixes,
    );
  }
  for (const [index, item] of items.entries()) {
    if (typeof item.value !== 'string') {
      list.add('actions-invalid', "Every item of 'run' must be a string.", item);
      continue;
    }
    const isProgramPath = index === 0 && (looksLikePath(item.value) || item.value.startsWith('.'));
    // Later items: a path, or the value of `--opt=path`; `.` is the skill's folder itself.
    const place = index === 0 ? item.value : placeOf(item.value);
    if (index > 0 && (place === undefined || place === '.' || !looksLikePath(place))) continue;
    if (index === 0 && !isProgramPath) continue;
    const checked = checkRelativePath(place!);
    if (!checked.ok) {
      list.add(
        'actions-invalid',
        `'${place}' leaves the skill's folder: paths in 'run' are relative to the folder and must stay inside it.`,
        item,
      );
      continue;
    }
    if (options.fileExists && !(await options.fileExists(checked.relative))) {
      list.add('action-run-missing', `'${item.value}' does not exist in the skill's folder.`, item);
    }
  }
}

/** Lints the text of an actions.json; problems sorted by position. */
export async function lintActionsText(text: string, options: LintActionsOptions = {}): Promise<Problem[]> {
  const stripped = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const list = new ProblemList(new LineMap(stripped));
  for (const found of findSecrets(stripped))
    list.add(
      'secret-in-skill',
      secretMessage(found.kind),
      { offset: found.start, length: found.end - found.start },
      undefined,
      'warning',
    );
  const errors: ParseError[] = [];
  const root = parseTree(stripped, errors, { disallowComments: true, allowTrailingComma: false });
  if (errors.length > 0 || !root) {
    for (const error of errors.slice(0, 5))
      list.add('actions-invalid', `Not valid JSON: ${printParseErrorCode(error.error)}.`, {
        offset: error.offset,
        length: Math.max(1, error.length),
      });
    if (errors.length === 0)
      list.add('actions-invalid', 'The file is empty: it must hold {"actions": [...]}.', { offset: 0, length: 0 });
    return sortProblems(list.items);
  }
  const actions = root.type === 'object' ? property(root, 'actions') : undefined;
  if (!actions || actions.type !== 'array') {
    list.add(
      'actions-invalid',
      'actions.json must be an object with an "actions" array.',
      actions ?? { offset: root.offset, length: 1 },
    );
    return sortProblems(list.items);
  }
  const firstByName = new Map<string, Node>();
  const defaults: Node[] = [];
  for (const action of actions.children ?? []) {
    if (action.type !== 'object') {
      list.add('actions-invalid', 'Each action must be an object with name, description, run and input.', action);
      continue;
    }
    checkFields(list, action);
    await checkRun(list, action, options);
    for (const key of ['input', 'output'] as const) {
      const schema = property(action, key);
      if (schema)
        for (const found of schemaProblems(getNodeValue(schema), schema, key))
          list.add(
            'action-schema-invalid',
            found.message,
            found.node,
            found.insertTypeObject
              ? [list.insertFirst('Add "type": "object"', schema, '\n        "type": "object",')]
              : undefined,
          );
    }
    const name = property(action, 'name');
    if (typeof name?.value === 'string') {
      if (firstByName.has(name.value)) {
        const renamed = `${name.value}-2`;
        list.add(
          'action-duplicate',
          `Another action is already named '${name.value}': names must be unique in a skill.`,
          name,
          [list.replace(`Rename to '${renamed}'`, name, JSON.stringify(renamed))],
        );
      } else firstByName.set(name.value, name);
    }
    const isDefault = property(action, 'default');
    if (isDefault?.value === true) defaults.push(isDefault);
  }
  for (const extra of defaults.slice(1)) {
    list.add('actions-invalid', 'Only one action may be the default; this one is not the first.', extra, [
      list.replace('Make it not the default', extra, 'false'),
    ]);
  }
  return sortProblems(list.items);
}
