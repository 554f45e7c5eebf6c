// The input form of a hand-run action (docs/actions.md, "Running an action yourself"): generated
// from the action's input schema, one step per property in declaration order. Enums and
// booleans are picks (the current value first, so Enter keeps it); strings and numbers are
// input boxes filled with the default, validated as you type against the whole schema;
// arrays and objects are typed as JSON. Escape at any step cancels the run.
import * as vscode from 'vscode';
import type { JsonSchema } from '../../core/actions/declaration';
import { checkInput } from '../../core/actions/inputContract';
import { nullPrototypeCopy, ownValue, plainCopy } from '../../core/actions/ownProperties';

type Property = Record<string, unknown>;

const isObject = (value: unknown): value is Property =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const LEAVE_EMPTY = '(leave empty)';

/** The typed text as a value of the property's type: numbers and JSON are parsed, strings kept. */
export function parseTyped(text: string, property: Property): unknown {
  const type = property.type;
  if ((type === 'integer' || type === 'number') && /^\s*-?\d+(\.\d+)?([eE][+-]?\d+)?\s*$/.test(text))
    return Number(text);
  if (type === 'array' || type === 'object' || type === undefined) {
    try {
      return JSON.parse(text);
    } catch {
      return type === undefined ? text : undefined;
    }
  }
  return text;
}

/** How a value is shown in an input box. */
function shownText(value: unknown): string {
  if (value === undefined) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The first violation about `key`, as the input box's validation message. */
function problemWith(
  schema: JsonSchema,
  values: Record<string, unknown>,
  key: string,
): vscode.InputBoxValidationMessage | undefined {
  const checked = checkInput(schema, values);
  if (checked.ok || !('violations' in checked)) return undefined;
  const found = checked.violations.find((v) => v.pointer === `/${key}` || v.pointer.startsWith(`/${key}/`));
  return found
    ? { message: `${found.message} — ${found.suggestion}`, severity: vscode.InputBoxValidationSeverity.Error }
    : undefined;
}

interface Step {
  readonly title: string;
  readonly key: string;
  readonly property: Property;
  readonly required: boolean;
}

/** A pick among the allowed values; resolves with `undefined` for "leave empty", or `null` when cancelled. */
async function pickValue(step: Step, current: unknown): Promise<unknown> {
  const values: readonly unknown[] = Array.isArray(step.property.enum) ? step.property.enum : [true, false];
  const ordered =
    current === undefined ? values : [current, ...values.filter((v) => JSON.stringify(v) !== JSON.stringify(current))];
  const items = ordered.map((value) => ({
    label: shownText(value),
    value,
    description: JSON.stringify(value) === JSON.stringify(step.property.default) ? 'default' : undefined,
  }));
  if (!step.required) items.push({ label: LEAVE_EMPTY, value: undefined, description: undefined });
  const picked = await vscode.window.showQuickPick(items, {
    title: step.title,
    placeHolder: describe(step),
    ignoreFocusOut: true,
  });
  return picked === undefined ? null : picked.value;
}

function describe(step: Step): string {
  const about = typeof step.property.description === 'string' ? step.property.description : step.key;
  return `${step.key}: ${about}${step.required ? '' : ' (optional)'}`;
}

/**
 * Asks for every property of `schema`, starting from `initial` (and the defaults); resolves
 * with the input, or undefined when the user cancelled.
 */
export async function askForInput(
  schema: JsonSchema,
  initial: Record<string, unknown>,
  title: string,
): Promise<Record<string, unknown> | undefined> {
  const properties = isObject(schema.properties)
    ? Object.entries(schema.properties).filter((entry): entry is [string, Property] => isObject(entry[1]))
    : [];
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  // Null-prototype: a property may be named `toString` or `__proto__` (core/actions/ownProperties.ts).
  const values = nullPrototypeCopy(initial) as Record<string, unknown>;
  for (const [index, [key, property]] of properties.entries()) {
    const step: Step = {
      title: `${title} (${index + 1}/${properties.length})`,
      key,
      property,
      required: required.has(key),
    };
    const current = values[key] ?? ownValue(property, 'default');
    if (Array.isArray(property.enum) || property.type === 'boolean') {
      const picked = await pickValue(step, current);
      if (picked === null) return undefined;
      if (picked === undefined) delete values[key];
      else values[key] = picked;
      continue;
    }
    const withText = (text: string) => {
      const candidate = nullPrototypeCopy(values) as Record<string, unknown>;
      if (text.trim() === '') delete candidate[key];
      else candidate[key] = parseTyped(text, property) ?? text;
      return candidate;
    };
    const typed = await vscode.window.showInputBox({
      title: step.title,
      prompt: describe(step) + (property.type === 'array' || property.type === 'object' ? ' — as JSON' : ''),
      value: shownText(current),
      ignoreFocusOut: true,
      validateInput: (text) => problemWith(schema, withText(text), key),
    });
    if (typed === undefined) return undefined;
    if (typed.trim() === '') delete values[key];
    else values[key] = withText(typed)[key];
  }
  return plainCopy(values) as Record<string, unknown>;
}
