// `action-schema-invalid` (docs/actions.md): an action's `input` or `output` that is not a usable
// JSON Schema. The input's root must be `type: object`; keywords must have the right kind of
// value; a `default` must satisfy its own schema (or every run would fail on it); `$ref`s
// must resolve. Walks the parsed value and its jsonc-parser node together, for exact ranges.
import type { Node } from 'jsonc-parser';
import { checkValue } from './inputContract';
import { compileLinearPattern } from './linearPattern';

export interface SchemaProblem {
  readonly message: string;
  readonly node: Node;
  /** The root lacks `type: object`: the fix inserts it. */
  readonly insertTypeObject?: boolean;
}

const TYPES = new Set(['string', 'number', 'integer', 'boolean', 'object', 'array', 'null']);
const NUMBERS = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'];
const COUNTS = ['minLength', 'maxLength', 'minItems', 'maxItems', 'minProperties', 'maxProperties'];
const SCHEMA_MAPS = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'];
const SCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
const SUBSCHEMAS = [
  'not',
  'if',
  'then',
  'else',
  'additionalProperties',
  'propertyNames',
  'contains',
  'unevaluatedProperties',
];

type Value = Record<string, unknown>;
const isObject = (value: unknown): value is Value =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function member(node: Node, key: string): Node | undefined {
  return node.children?.find((p) => p.children?.[0]?.value === key)?.children?.[1];
}

/** The value a local `#/a/b` reference names in `root`, or undefined. */
function resolveLocal(root: unknown, ref: string): unknown {
  let current: unknown = root;
  for (const segment of ref.replace(/^#\/?/, '').split('/').filter(Boolean)) {
    const key = decodeURIComponent(segment).replace(/~1/g, '/').replace(/~0/g, '~');
    if (typeof current !== 'object' || current === null || !Object.hasOwn(current, key)) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

function walk(value: unknown, node: Node, at: string, found: SchemaProblem[], root: unknown): void {
  if (typeof value === 'boolean') return;
  if (!isObject(value)) return void found.push({ message: `${at} must be a JSON Schema (an object).`, node });
  const add = (key: string, message: string) =>
    found.push({ message: `${at}: ${message}`, node: member(node, key) ?? node });
  const types = Array.isArray(value.type) ? value.type : value.type === undefined ? [] : [value.type];
  if (types.some((t) => !TYPES.has(String(t))))
    add('type', `'type' must be one of ${[...TYPES].join(', ')}, or an array of them.`);
  for (const key of NUMBERS)
    if (value[key] !== undefined && typeof value[key] !== 'number' && typeof value[key] !== 'boolean')
      add(key, `'${key}' must be a number.`);
  for (const key of COUNTS)
    if (value[key] !== undefined && !(Number.isInteger(value[key]) && (value[key] as number) >= 0))
      add(key, `'${key}' must be a whole number of at least 0.`);
  if (typeof value.minimum === 'number' && typeof value.maximum === 'number' && value.minimum > value.maximum)
    add('minimum', `'minimum' (${value.minimum}) is above 'maximum' (${value.maximum}): no value fits.`);
  if (value.enum !== undefined && !(Array.isArray(value.enum) && value.enum.length > 0))
    add('enum', "'enum' must be a non-empty array of the allowed values.");
  if (value.required !== undefined) {
    if (!Array.isArray(value.required) || value.required.some((r) => typeof r !== 'string'))
      add('required', "'required' must be an array of property names.");
    else if (isObject(value.properties) && value.additionalProperties === false) {
      const unknown = value.required.filter(
        (r): r is string => typeof r === 'string' && !Object.hasOwn(value.properties as Value, r),
      );
      if (unknown.length > 0)
        add(
          'required',
          `'required' names ${unknown.map((u) => `'${u}'`).join(', ')}, which ${unknown.length > 1 ? 'are' : 'is'} not among the properties: no input can pass.`,
        );
    }
  }
  if (value.$ref !== undefined) {
    if (typeof value.$ref !== 'string' || !value.$ref.startsWith('#'))
      add('$ref', "Only local references ('#/$defs/name') can be used: nothing is downloaded.");
    else if (resolveLocal(root, value.$ref) === undefined)
      add('$ref', `'${value.$ref}' points at nothing in this schema.`);
  }
  if (value.pattern !== undefined) {
    const pattern = compileLinearPattern(value.pattern as string);
    if (!pattern.ok) add('pattern', `'pattern' is refused: ${pattern.message}.`);
  }
  if (isObject(value.patternProperties)) {
    const mapNode = member(node, 'patternProperties');
    for (const key of Object.keys(value.patternProperties)) {
      const pattern = compileLinearPattern(key);
      const keyNode = mapNode?.children?.find((p) => p.children?.[0]?.value === key)?.children?.[0];
      if (!pattern.ok)
        found.push({
          message: `${at}/patternProperties: the key ${JSON.stringify(key.slice(0, 80))} is refused: ${pattern.message}.`,
          node: keyNode ?? node,
        });
    }
  }
  for (const key of SCHEMA_MAPS) {
    const map = value[key];
    if (map === undefined) continue;
    const mapNode = member(node, key);
    if (!isObject(map) || !mapNode) {
      add(key, `'${key}' must be an object of schemas.`);
      continue;
    }
    for (const [name, child] of Object.entries(map)) {
      const childNode = member(mapNode, name);
      if (childNode) walk(child, childNode, `${at}/${key}/${name}`, found, root);
    }
  }
  for (const key of SCHEMA_LISTS) {
    const list = value[key];
    if (list === undefined) continue;
    const listNode = member(node, key);
    if (!Array.isArray(list) || !listNode) add(key, `'${key}' must be an array of schemas.`);
    else
      list.forEach(
        (child, i) => listNode.children?.[i] && walk(child, listNode.children[i], `${at}/${key}/${i}`, found, root),
      );
  }
  for (const key of [...SUBSCHEMAS, 'items']) {
    const child = member(node, key);
    if (value[key] === undefined || !child) continue;
    if (key === 'items' && Array.isArray(value.items))
      value.items.forEach(
        (item, i) => child.children?.[i] && walk(item, child.children[i], `${at}/items/${i}`, found, root),
      );
    else walk(value[key], child, `${at}/${key}`, found, root);
  }
  if (value.default !== undefined) {
    const { default: fallback, ...own } = value;
    const checked = checkValue(own, fallback);
    if (!checked.ok && 'violations' in checked)
      add(
        'default',
        `the default does not satisfy its own schema (${checked.violations[0].message.replace(/^the input: /, '')}), so every run without this field would fail.`,
      );
  }
}

/** The problems of an action's `input` (root must be an object schema) or `output`. */
export function schemaProblems(value: unknown, node: Node, key: 'input' | 'output'): SchemaProblem[] {
  const found: SchemaProblem[] = [];
  if (key === 'input' && isObject(value) && value.type !== 'object') {
    const typeNode = member(node, 'type');
    if (typeNode)
      found.push({
        message: `The input's root must have type 'object' (the input is always a JSON object), not ${JSON.stringify(value.type)}.`,
        node: typeNode,
      });
    else
      found.push({
        message: 'The input\'s root must declare "type": "object" (the input is always a JSON object).',
        node,
        insertTypeObject: true,
      });
  }
  walk(value, node, key, found, value);
  if (found.length === 0 && isObject(value)) {
    const checked = checkValue(value, key === 'input' ? {} : null);
    if (!checked.ok && 'schemaError' in checked) found.push({ message: `${key}: ${checked.schemaError}`, node });
  }
  return found;
}
