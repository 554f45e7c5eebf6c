// What a skill's actions.json declares (docs/actions.md): the actions, each with its argv,
// input contract, bounds and secrets. This reader is small and strict, for the executor,
// the tools and the Skills view: a file it cannot fully read yields errors as values, never
// a half-understood action. The editor's lint (lintActions.ts) reports the same mistakes
// with positions.
import type { FileSystem } from '../base/fileSystem';
import {
  ACTIONS_FILE,
  DEFAULT_ACTION_MAX_CONCURRENT,
  DEFAULT_ACTION_TIMEOUT_SECONDS,
  MAX_ACTION_TIMEOUT_SECONDS,
  MAX_ACTIONS_FILE_BYTES,
  MAX_DESCRIPTION_LENGTH,
  MAX_NAME_LENGTH,
} from '../base/limits';
import { joinPath } from '../base/paths';
import { decodeUtf8 } from '../base/text';
import { keywordText } from './violationText';

export type JsonSchema = Readonly<Record<string, unknown>>;

export interface ActionDeclaration {
  readonly name: string;
  readonly description: string;
  /** argv, no shell: a program on PATH or a path inside the skill folder, then its arguments. */
  readonly run: readonly string[];
  /** The input contract; root `type: object`. */
  readonly input: JsonSchema;
  readonly output?: JsonSchema;
  readonly timeoutSeconds: number;
  readonly maxConcurrent: number;
  /** Environment variable names the action receives from the secret store. */
  readonly secrets: readonly string[];
  readonly isDefault: boolean;
}

export type ActionsFileResult =
  | { readonly ok: true; readonly actions: readonly ActionDeclaration[] }
  | { readonly ok: false; readonly errors: readonly string[] };

export const ACTION_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SECRET_NAME = /^[A-Z_][A-Z0-9_]*$/;
export const EMPTY_INPUT: JsonSchema = Object.freeze({ type: 'object', properties: {}, additionalProperties: false });

const FIELDS = new Set([
  'name',
  'description',
  'run',
  'input',
  'output',
  'timeoutSeconds',
  'maxConcurrent',
  'secrets',
  'default',
]);

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads one action; pushes what is wrong with it to `errors`. */
function readAction(value: unknown, at: string, errors: string[]): ActionDeclaration | undefined {
  if (!isObject(value)) return void errors.push(`${at} must be an object.`);
  const before = errors.length;
  const fail = (message: string) => errors.push(`${at}: ${message}`);
  const { name, description, run, input, output, timeoutSeconds, maxConcurrent, secrets } = value;
  for (const key of Object.keys(value)) if (!FIELDS.has(key)) fail(`unknown field '${key}'.`);
  if (typeof name !== 'string' || !ACTION_NAME.test(name) || name.length > MAX_NAME_LENGTH)
    fail(`'name' must be kebab-case, at most ${MAX_NAME_LENGTH} characters.`);
  if (typeof description !== 'string' || description.trim() === '' || [...description].length > MAX_DESCRIPTION_LENGTH)
    fail(`'description' is required, at most ${MAX_DESCRIPTION_LENGTH} characters.`);
  if (!Array.isArray(run) || run.length === 0 || run.some((a) => typeof a !== 'string') || String(run[0]).trim() === '')
    fail("'run' must be a non-empty array of strings (the program, then its arguments).");
  if (input !== undefined && !(isObject(input) && input.type === 'object'))
    fail("'input' must be a JSON Schema whose root has type 'object'.");
  if (output !== undefined && !isObject(output)) fail("'output' must be a JSON Schema object.");
  const timeout = timeoutSeconds ?? DEFAULT_ACTION_TIMEOUT_SECONDS;
  if (typeof timeout !== 'number' || !(timeout > 0) || timeout > MAX_ACTION_TIMEOUT_SECONDS)
    fail(`'timeoutSeconds' must be a number above 0 and at most ${MAX_ACTION_TIMEOUT_SECONDS}.`);
  const concurrent = maxConcurrent ?? DEFAULT_ACTION_MAX_CONCURRENT;
  if (!Number.isInteger(concurrent) || (concurrent as number) < 1)
    fail("'maxConcurrent' must be a whole number of at least 1.");
  const secretList = secrets ?? [];
  if (!Array.isArray(secretList) || secretList.some((s) => typeof s !== 'string' || !SECRET_NAME.test(s)))
    fail("'secrets' must list environment variable names such as 'API_TOKEN'.");
  if (value.default !== undefined && typeof value.default !== 'boolean') fail("'default' must be true or false.");
  if (errors.length > before) return undefined;
  return {
    name: name as string,
    description: description as string,
    run: run as string[],
    input: (input as JsonSchema | undefined) ?? EMPTY_INPUT,
    ...(output === undefined ? {} : { output: output as JsonSchema }),
    timeoutSeconds: timeout as number,
    maxConcurrent: concurrent as number,
    secrets: secretList as string[],
    isDefault: value.default === true,
  };
}

/** Parses the text of an actions.json. */
export function parseActionsText(text: string): ActionsFileResult {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (error) {
    return {
      ok: false,
      errors: [`${ACTIONS_FILE} is not valid JSON: ${error instanceof Error ? error.message : String(error)}`],
    };
  }
  if (!isObject(parsed) || !Array.isArray(parsed.actions))
    return { ok: false, errors: [`${ACTIONS_FILE} must be an object with an 'actions' array.`] };
  const errors: string[] = [];
  const actions: ActionDeclaration[] = [];
  parsed.actions.forEach((value, i) => {
    const action = readAction(value, `actions[${i}]`, errors);
    if (action) actions.push(action);
  });
  const seen = new Set<string>();
  for (const action of actions) {
    if (seen.has(action.name)) errors.push(`Two actions are named '${action.name}'.`);
    seen.add(action.name);
  }
  if (actions.filter((a) => a.isDefault).length > 1) errors.push("At most one action may be 'default'.");
  return errors.length > 0 ? { ok: false, errors } : { ok: true, actions };
}

/** Reads `<skillDir>/actions.json`: undefined when the skill has none. */
export async function readActionsFile(fs: FileSystem, skillDir: string): Promise<ActionsFileResult | undefined> {
  const file = joinPath(skillDir, ACTIONS_FILE);
  const stat = await fs.stat(file).catch(() => undefined);
  if (!stat || stat.kind !== 'file') return undefined;
  if (stat.size > MAX_ACTIONS_FILE_BYTES)
    return {
      ok: false,
      errors: [`${ACTIONS_FILE} has ${stat.size} bytes; at most ${MAX_ACTIONS_FILE_BYTES} are read.`],
    };
  try {
    return parseActionsText(decodeUtf8(await fs.readFile(file)));
  } catch (error) {
    return {
      ok: false,
      errors: [`${ACTIONS_FILE} cannot be read: ${error instanceof Error ? error.message : String(error)}`],
    };
  }
}

/** The action run when none is named: the one marked default, or the only one. */
export function defaultAction(actions: readonly ActionDeclaration[]): ActionDeclaration | undefined {
  return actions.find((a) => a.isDefault) ?? (actions.length === 1 ? actions[0] : undefined);
}

/** One line about an input contract: `directory: string (required), top: integer 1..20 = 5`. */
export function summarizeInput(schema: JsonSchema): string {
  const properties = isObject(schema.properties) ? schema.properties : {};
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  const parts = Object.entries(properties).map(([key, value]) => {
    const property = isObject(value) ? value : {};
    const type = Array.isArray(property.enum)
      ? property.enum.map((v) => JSON.stringify(v)).join('|')
      : Array.isArray(property.type)
        ? property.type.map(keywordText).join('|')
        : keywordText(property.type ?? 'any');
    const bound = (value: unknown) => (value === undefined || value === null ? '' : keywordText(value));
    const range =
      property.minimum !== undefined || property.maximum !== undefined
        ? ` ${bound(property.minimum)}..${bound(property.maximum)}`
        : '';
    const fallback = property.default !== undefined ? ` = ${JSON.stringify(property.default)}` : '';
    return `${key}: ${type}${range}${required.has(key) ? ' (required)' : ''}${fallback}`;
  });
  return parts.length > 0 ? parts.join(', ') : 'no input';
}
