// The words of input violations (docs/actions.md, "Input"): what a schema node expects,
// what was given, and a suggestion a model can act on at once ("Use a number from 1 to 20.",
// "Use one of: cn, us, jp."). Kept apart from inputContract.ts, which finds the violations.
import { closestMatches } from '../base/suggest';

type Node = Record<string, unknown>;

const TYPE_WORDS: Record<string, string> = {
  string: 'a string',
  integer: 'a whole number',
  number: 'a number',
  boolean: 'true or false',
  object: 'an object',
  array: 'an array',
  null: 'null',
};

/** "a whole number", "a string or null", or the allowed values of an enum. */
export function expectedType(node: Node): string {
  if (Array.isArray(node.enum)) return `one of ${node.enum.map((v) => JSON.stringify(v)).join(', ')}`;
  const types = Array.isArray(node.type) ? node.type : node.type === undefined ? [] : [node.type];
  if (types.length === 0) return 'any value';
  return types.map((t) => TYPE_WORDS[String(t)] ?? String(t)).join(' or ');
}

/** A given value, shortened: `50`, `"xx"`, `an object`, `nothing`. */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (Array.isArray(value)) return `an array of ${value.length}`;
  if (typeof value === 'object' && value !== null) return 'an object';
  const text = JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

/** A schema keyword's value in words: a string or a number as it is, anything else as JSON. */
export function keywordText(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : String(JSON.stringify(value));
}

/** The range a number must lie in, in words: "from 1 to 20", "of at least 1". */
function numberRange(node: Node): string {
  const low = typeof node.exclusiveMinimum === 'number' ? node.exclusiveMinimum : node.minimum;
  const high = typeof node.exclusiveMaximum === 'number' ? node.exclusiveMaximum : node.maximum;
  const lowWord = typeof node.exclusiveMinimum === 'number' || node.exclusiveMinimum === true ? 'above' : 'of at least';
  const highWord = typeof node.exclusiveMaximum === 'number' || node.exclusiveMaximum === true ? 'below' : 'of at most';
  if (typeof low === 'number' && typeof high === 'number' && lowWord === 'of at least' && highWord === 'of at most')
    return `from ${low} to ${high}`;
  return [typeof low === 'number' ? `${lowWord} ${low}` : '', typeof high === 'number' ? `${highWord} ${high}` : '']
    .filter(Boolean)
    .join(' and ');
}

/** What to do about one failed keyword. */
export function suggestionFor(keyword: string, node: Node, value: unknown): string {
  const kind = node.type === 'integer' ? 'a whole number' : 'a number';
  switch (keyword) {
    case 'type':
      return `Use ${expectedType(node)}${typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value) && /number|integer/.test(String(node.type)) ? ` (${value} without quotes)` : ''}.`;
    case 'enum': {
      const options = (node.enum as unknown[]).map((v) => (typeof v === 'string' ? v : JSON.stringify(v)));
      const near = typeof value === 'string' ? closestMatches(value, options, 1)[0] : undefined;
      return `Use one of: ${options.join(', ')}.${near ? ` Did you mean '${near}'?` : ''}`;
    }
    case 'const':
      return `Use ${JSON.stringify(node.const)}.`;
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return `Use ${kind} ${numberRange(node)}.`;
    case 'multipleOf':
      return `Use a multiple of ${keywordText(node.multipleOf)}.`;
    case 'minLength':
      return node.minLength === 1
        ? 'Give a non-empty value.'
        : `Give at least ${keywordText(node.minLength)} characters.`;
    case 'maxLength':
      return `Shorten it to at most ${keywordText(node.maxLength)} characters.`;
    case 'pattern':
      return `Give a value that matches ${keywordText(node.pattern)}.`;
    case 'format':
      return `Give a valid ${keywordText(node.format)}.`;
    case 'minItems':
      return `Give at least ${keywordText(node.minItems)} items.`;
    case 'maxItems':
      return `Give at most ${keywordText(node.maxItems)} items.`;
    case 'uniqueItems':
      return 'Remove the repeated items.';
    default:
      return 'Check the value against the input schema.';
  }
}
