// An action's input contract (docs/actions.md, "Input"): defaults applied, then the input
// validated against its JSON Schema (drafts 2020-12, 2019-09, 07 and 04, from `$schema`)
// with @cfworker/json-schema, and every violation turned into a message that says where
// (a JSON pointer), what was expected, what was given, and what to do about it. The
// library's own output nests each failure in wrapper errors (`properties`, `$ref`, `items`)
// and words it for people who know JSON Schema; here each failure is worded from the
// schema keyword's own value, so the suggestion can name the allowed values or the range.
import { Validator, type Schema, type SchemaDraft } from '@cfworker/json-schema';
import { MAX_INPUT_VIOLATIONS } from '../base/limits';
import { editDistance } from '../base/suggest';
import type { JsonSchema } from './declaration';
import { compileLinearPattern, PatternBudgetExceeded, withLinearPatterns } from './linearPattern';
import { nullPrototypeCopy, ownValue, plainCopy } from './ownProperties';
import { describeValue, expectedType, keywordText, suggestionFor } from './violationText';

export interface Violation {
  /** JSON pointer into the input (`/top`; `` for the input itself). */
  readonly pointer: string;
  readonly keyword: string;
  readonly message: string;
  readonly suggestion: string;
}

export type ContractResult =
  | { readonly ok: true; readonly input: Record<string, unknown> }
  | { readonly ok: false; readonly violations: readonly Violation[] }
  | { readonly ok: false; readonly schemaError: string };

type Node = Record<string, unknown>;

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The draft a schema declares in `$schema`; 2020-12 when it declares none. */
export function schemaDraft(schema: JsonSchema): SchemaDraft {
  const declared = typeof schema.$schema === 'string' ? schema.$schema : '';
  if (/draft-0?7/.test(declared)) return '7';
  if (/draft-0?4/.test(declared)) return '4';
  if (/2019-09/.test(declared)) return '2019-09';
  return '2020-12';
}

/**
 * A deep copy of `input` with every missing property that has a `default` filled in, at any
 * depth. A property named `toString` is missing until given, and `__proto__` is a key like
 * any other (ownProperties.ts).
 */
export function applyDefaults(schema: unknown, value: unknown): unknown {
  return plainCopy(withDefaults(schema, value));
}

/** applyDefaults, keeping the copy's objects without prototypes (what the validator is given). */
function withDefaults(schema: unknown, value: unknown): unknown {
  const copy = nullPrototypeCopy(value);
  if (!isNode(schema) || !isNode(copy) || !isNode(schema.properties)) return copy;
  const properties = schema.properties;
  for (const key of Object.keys(properties)) {
    const property = properties[key];
    if (!isNode(property)) continue;
    const given = copy[key];
    if (given === undefined && Object.hasOwn(property, 'default')) copy[key] = nullPrototypeCopy(property.default);
    else if (given !== undefined) copy[key] = withDefaults(property, given);
  }
  return copy;
}

const unescape = (segment: string) => decodeURIComponent(segment).replace(/~1/g, '/').replace(/~0/g, '~');

/** The value a `#/a/b` pointer names in `root`, following local `$ref`s on the way. */
function resolvePointer(root: unknown, location: string): unknown {
  let node: unknown = root;
  for (const segment of location.replace(/^#\/?/, '').split('/').filter(Boolean).map(unescape)) {
    if (segment === '$ref' && isNode(node) && typeof node.$ref === 'string' && node.$ref.startsWith('#')) {
      node = resolvePointer(root, node.$ref);
      continue;
    }
    if (!isNode(node) && !Array.isArray(node)) return undefined;
    node = ownValue(node, segment);
  }
  return node;
}

const WRAPPERS = new Set([
  'properties',
  'patternProperties',
  'items',
  'prefixItems',
  'additionalItems',
  '$ref',
  '$dynamicRef',
  '$recursiveRef',
  'allOf',
  'false',
  'dependentSchemas',
  'unevaluatedItems',
  'if',
  'then',
  'else',
]);

/** Turns one library error into violations (none for a wrapper around others). */
function violationsOf(
  error: { keyword: string; keywordLocation: string; instanceLocation: string; error: string },
  schema: unknown,
  input: unknown,
): Violation[] {
  const { keyword } = error;
  // Failures inside one alternative of anyOf/oneOf/not are summed up by that keyword's own error.
  if (WRAPPERS.has(keyword) || /\/(anyOf|oneOf)\/\d+\/|\/not\//.test(error.keywordLocation)) return [];
  const pointer = error.instanceLocation.replace(/^#/, '');
  const node = resolvePointer(schema, error.keywordLocation.replace(/\/[^/]*$/, ''));
  const value = resolvePointer(input, error.instanceLocation);
  const subject = pointer === '' ? 'the input' : pointer;
  if (!isNode(node))
    return [
      {
        pointer,
        keyword,
        message: `${subject}: ${error.error}`,
        suggestion: 'Check the value against the input schema.',
      },
    ];
  const properties = isNode(node.properties) ? Object.keys(node.properties) : [];
  if (keyword === 'required') {
    const present = isNode(value) ? value : {};
    const missing = (Array.isArray(node.required) ? node.required : []).filter(
      (k): k is string => typeof k === 'string' && ownValue(present, k) === undefined,
    );
    return missing.map((key) => {
      const declared = isNode(node.properties) ? ownValue(node.properties, key) : undefined;
      const property = isNode(declared) ? declared : {};
      const about = typeof property.description === 'string' ? `: ${property.description}` : '';
      return {
        pointer: `${pointer}/${key}`,
        keyword,
        message: `${pointer}/${key}: is required, got nothing`,
        suggestion: `Add the required field '${key}' (${expectedType(property)}${about}).`,
      };
    });
  }
  if (keyword === 'additionalProperties' || keyword === 'unevaluatedProperties') {
    if (node[keyword] !== false || !isNode(value)) return [];
    const patterns = isNode(node.patternProperties)
      ? Object.keys(node.patternProperties).map(compileLinearPattern)
      : [];
    const extra = Object.keys(value).filter((k) => !properties.includes(k) && !patterns.some((p) => p.ok && p.test(k)));
    const takes =
      properties.length > 0 ? `this action takes only ${properties.join(', ')}` : 'this action takes no input';
    return extra.map((key) => {
      // Only a near miss (a typo) is worth naming: an unrelated field is not "meant".
      const near = properties.find(
        (p) => editDistance(key.toLowerCase(), p.toLowerCase()) <= Math.max(1, Math.floor(p.length / 4)),
      );
      return {
        pointer: `${pointer}/${key}`,
        keyword,
        message: `${pointer}/${key}: is not an accepted field`,
        suggestion: `Remove '${key}': ${takes}.${near ? ` Did you mean '${near}'?` : ''}`,
      };
    });
  }
  const expected = expectation(keyword, node);
  return [
    {
      pointer,
      keyword,
      message: `${subject}: ${expected ?? error.error}, got ${describeValue(value)}`,
      suggestion: suggestionFor(keyword, node, value),
    },
  ];
}

/** "must be <= 20" and the like, from the keyword's value in the schema. */
function expectation(keyword: string, node: Node): string | undefined {
  const limit = node[keyword];
  switch (keyword) {
    case 'type':
      return `must be ${expectedType(node)}`;
    case 'enum':
      return `must be one of ${(node.enum as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
    case 'const':
      return `must be ${JSON.stringify(node.const)}`;
    case 'minimum':
      return `must be >= ${keywordText(limit)}`;
    case 'maximum':
      return `must be <= ${keywordText(limit)}`;
    case 'exclusiveMinimum':
      return `must be > ${keywordText(typeof limit === 'number' ? limit : node.minimum)}`;
    case 'exclusiveMaximum':
      return `must be < ${keywordText(typeof limit === 'number' ? limit : node.maximum)}`;
    case 'multipleOf':
      return `must be a multiple of ${keywordText(limit)}`;
    case 'minLength':
      return `must have at least ${keywordText(limit)} character${limit === 1 ? '' : 's'}`;
    case 'maxLength':
      return `must have at most ${keywordText(limit)} characters`;
    case 'pattern':
      return `must match the pattern ${keywordText(limit)}`;
    case 'format':
      return `must be a valid ${keywordText(limit)}`;
    case 'minItems':
      return `must have at least ${keywordText(limit)} items`;
    case 'maxItems':
      return `must have at most ${keywordText(limit)} items`;
    case 'uniqueItems':
      return 'must not repeat items';
    case 'minProperties':
      return `must have at least ${keywordText(limit)} fields`;
    case 'maxProperties':
      return `must have at most ${keywordText(limit)} fields`;
    case 'anyOf':
      return 'must match at least one of the allowed forms';
    case 'oneOf':
      return 'must match exactly one of the allowed forms';
    case 'not':
      return 'must not match the excluded form';
    default:
      return undefined;
  }
}

/** Applies the defaults of `schema` to `input` (none given: `{}`) and validates the result. */
export function checkInput(schema: JsonSchema, input: unknown): ContractResult {
  return checkValue(schema, withDefaults(schema, input === undefined || input === null ? {} : input));
}

/** Validates a value as it is (an action's output: no defaults). */
export function checkValue(schema: JsonSchema, value: unknown): ContractResult {
  const withDefaults = nullPrototypeCopy(value);
  let errors;
  try {
    // The library annotates the schema it is given: it gets a copy, so the declaration stays
    // as read. Both copies have no prototypes: the library asks `key in object`.
    // Every `pattern` is matched in linear time (linearPattern.ts), never by V8's backtracking.
    const validator = new Validator(nullPrototypeCopy(schema) as Schema, schemaDraft(schema), false);
    errors = withLinearPatterns(() => validator.validate(withDefaults).errors);
  } catch (error) {
    // Too much text for the patterns is the input's fault, not the schema's.
    if (error instanceof PatternBudgetExceeded)
      return {
        ok: false,
        violations: [{ pointer: '', keyword: 'pattern', message: error.message, suggestion: 'Pass shorter text.' }],
      };
    return {
      ok: false,
      schemaError: `The action's input schema cannot be used: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
    };
  }
  if (errors.length === 0) return { ok: true, input: plainCopy(withDefaults) as Record<string, unknown> };
  const seen = new Set<string>();
  const violations: Violation[] = [];
  for (const error of errors) {
    for (const violation of violationsOf(error, schema, withDefaults)) {
      const key = `${violation.pointer}\0${violation.keyword}`;
      if (seen.has(key)) continue;
      seen.add(key);
      violations.push(violation);
    }
  }
  if (violations.length === 0)
    violations.push({
      pointer: '',
      keyword: 'schema',
      message: `the input: ${errors[0].error}`,
      suggestion: 'Check the input against the input schema.',
    });
  return { ok: false, violations: violations.slice(0, MAX_INPUT_VIOLATIONS) };
}

/** The violations as one message and one suggestion, for a structured error. */
export function summarizeViolations(violations: readonly Violation[]): { message: string; suggestion: string } {
  return {
    message: violations.map((v) => v.message).join('; '),
    suggestion: violations.map((v) => v.suggestion).join(' '),
  };
}
