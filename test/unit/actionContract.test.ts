// Input contracts (docs/actions.md, "Input"): every JSON Schema keyword of the format's example
// gives a violation with its JSON pointer, what was expected, what was given, and a
// suggestion a model can act on; defaults are applied; drafts 2020-12 and 07 both work.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { applyDefaults, checkInput, schemaDraft, type Violation } from '../../src/core/actions/inputContract';
import { parseActionsText, summarizeInput } from '../../src/core/actions/declaration';

// The example of docs/actions.md, plus the seed's `country` enum.
const SCHEMA = {
  type: 'object',
  properties: {
    directory: { type: 'string', description: 'Folder to measure, relative to the workspace', minLength: 1 },
    top: { type: 'integer', minimum: 1, maximum: 20, default: 5 },
    country: { type: 'string', enum: ['cn', 'us', 'jp'], default: 'cn' },
  },
  required: ['directory'],
  additionalProperties: false,
};

function violations(input: unknown, schema: Record<string, unknown> = SCHEMA): readonly Violation[] {
  const result = checkInput(schema, input);
  assert.equal(result.ok, false, `expected violations for ${JSON.stringify(input)}`);
  assert.ok(!result.ok && 'violations' in result);
  return result.violations;
}

function only(input: unknown, schema?: Record<string, unknown>): Violation {
  const found = violations(input, schema);
  assert.equal(found.length, 1, JSON.stringify(found));
  return found[0];
}

test('defaults are applied and a valid input passes', () => {
  const result = checkInput(SCHEMA, { directory: 'src' });
  assert.deepEqual(result, { ok: true, input: { directory: 'src', top: 5, country: 'cn' } });
  assert.deepEqual(checkInput(SCHEMA, { directory: 'src', top: 20 }), {
    ok: true,
    input: { directory: 'src', top: 20, country: 'cn' },
  });
  const nested = {
    type: 'object',
    properties: { options: { type: 'object', properties: { depth: { type: 'integer', default: 2 } }, default: {} } },
  };
  assert.deepEqual(applyDefaults(nested, {}), { options: {} }, 'a default is used as given');
  assert.deepEqual(applyDefaults(nested, { options: {} }), { options: { depth: 2 } }, 'defaults fill nested objects');
});

test('required: the field to add, with its type and description', () => {
  const v = only({});
  assert.equal(v.pointer, '/directory');
  assert.equal(v.keyword, 'required');
  assert.equal(v.message, '/directory: is required, got nothing');
  assert.equal(
    v.suggestion,
    "Add the required field 'directory' (a string: Folder to measure, relative to the workspace).",
  );
});

test('additionalProperties: the field to remove, and what the action takes', () => {
  const v = only({ directory: 'a', foo: 1 });
  assert.equal(v.pointer, '/foo');
  assert.equal(v.suggestion, "Remove 'foo': this action takes only directory, top, country.");
  const typo = only({ directory: 'a', contry: 'us' });
  assert.match(typo.suggestion, /Did you mean 'country'\?/);
});

test('maximum and minimum: the range, and the value given', () => {
  const high = only({ directory: 'a', top: 50 });
  assert.deepEqual(
    [high.pointer, high.keyword, high.message, high.suggestion],
    ['/top', 'maximum', '/top: must be <= 20, got 50', 'Use a whole number from 1 to 20.'],
  );
  const low = only({ directory: 'a', top: 0 });
  assert.deepEqual([low.message, low.suggestion], ['/top: must be >= 1, got 0', 'Use a whole number from 1 to 20.']);
});

test('type: what was expected and what was given, with the unquoted form for a quoted number', () => {
  const v = only({ directory: 'a', top: '5' });
  assert.deepEqual(
    [v.pointer, v.keyword, v.message, v.suggestion],
    ['/top', 'type', '/top: must be a whole number, got "5"', 'Use a whole number (5 without quotes).'],
  );
  assert.equal(only({ directory: 'a', top: 2.5 }).message, '/top: must be a whole number, got 2.5');
  assert.equal(only({ directory: 7 }).suggestion, 'Use a string.');
});

test('enum: the allowed values, and the closest one', () => {
  const v = only({ directory: 'a', country: 'usa' });
  assert.equal(v.message, '/country: must be one of "cn", "us", "jp", got "usa"');
  assert.equal(v.suggestion, "Use one of: cn, us, jp. Did you mean 'us'?");
});

test('minLength: a non-empty value', () => {
  const v = only({ directory: '' });
  assert.deepEqual(
    [v.pointer, v.message, v.suggestion],
    ['/directory', '/directory: must have at least 1 character, got ""', 'Give a non-empty value.'],
  );
});

test('several violations are all reported, each once, and the input itself must be an object', () => {
  const found = violations({ top: 99, country: 'xx', extra: true });
  assert.deepEqual(found.map((v) => `${v.pointer} ${v.keyword}`).sort(), [
    '/country enum',
    '/directory required',
    '/extra additionalProperties',
    '/top maximum',
  ]);
  const notObject = only('src');
  assert.deepEqual([notObject.pointer, notObject.message], ['', 'the input: must be an object, got "src"']);
});

test('draft-07 schemas with definitions and $ref, and 2020-12 with $defs, point at the nested value', () => {
  const draft7 = {
    $schema: 'http://json-schema.org/draft-07/schema#',
    type: 'object',
    properties: { items: { type: 'array', items: { $ref: '#/definitions/item' } } },
    definitions: {
      item: { type: 'object', properties: { size: { type: 'number', exclusiveMinimum: 0 } }, required: ['size'] },
    },
  };
  assert.equal(schemaDraft(draft7), '7');
  const found = violations({ items: [{ size: 1 }, { size: 0 }, {}] }, draft7);
  assert.deepEqual(
    found.map((v) => v.message),
    ['/items/1/size: must be > 0, got 0', '/items/2/size: is required, got nothing'],
  );
  assert.equal(found[0].suggestion, 'Use a number above 0.');
  const modern = {
    type: 'object',
    properties: { level: { $ref: '#/$defs/level' } },
    $defs: { level: { enum: ['low', 'high'] } },
  };
  assert.equal(schemaDraft(modern), '2020-12');
  assert.equal(only({ level: 'mid' }, modern).message, '/level: must be one of "low", "high", got "mid"');
});

test('other keywords get a pointer and a suggestion too', () => {
  const schema = {
    type: 'object',
    properties: {
      id: { type: 'string', pattern: '^[a-z]+$', maxLength: 5 },
      tags: { type: 'array', minItems: 1, maxItems: 2, uniqueItems: true },
      when: { type: 'string', format: 'date' },
      step: { type: 'number', multipleOf: 5 },
      mode: { anyOf: [{ type: 'string' }, { type: 'integer' }] },
      fixed: { const: 'v1' },
    },
  };
  const found = violations({ id: 'ABCDEFG', tags: [1, 1, 2], when: 'soon', step: 7, mode: true, fixed: 'v2' }, schema);
  const byKeyword = Object.fromEntries(found.map((v) => [v.keyword, v]));
  assert.equal(byKeyword.pattern.suggestion, 'Give a value that matches ^[a-z]+$.');
  assert.equal(byKeyword.maxLength.suggestion, 'Shorten it to at most 5 characters.');
  assert.equal(byKeyword.maxItems.pointer, '/tags');
  assert.equal(byKeyword.uniqueItems.suggestion, 'Remove the repeated items.');
  assert.equal(byKeyword.format.message, '/when: must be a valid date, got "soon"');
  assert.equal(byKeyword.multipleOf.suggestion, 'Use a multiple of 5.');
  assert.equal(byKeyword.anyOf.pointer, '/mode');
  assert.equal(byKeyword.const.suggestion, 'Use "v1".');
  assert.ok(
    !found.some((v) => v.keyword === 'type' && v.pointer === '/mode'),
    'alternatives inside anyOf are summed up by anyOf',
  );
});

test('a schema that cannot be used is reported as such, not as an input problem', () => {
  const result = checkInput({ type: 'object', properties: { x: { $ref: '#/nowhere' } } }, { x: 1 });
  assert.ok(!result.ok && 'schemaError' in result, JSON.stringify(result));
});

test('the input summary shows a bound or a type list that is not a plain value as written', () => {
  // actions.json is read without validating the schema's keywords, and the load tool shows this
  // line to the model: a bound such as Ajv's {"$data": ...} was "[object Object]", and a list of
  // types ran together with the commas that separate the fields.
  const read = parseActionsText(
    JSON.stringify({
      actions: [
        {
          name: 'a',
          description: 'A.',
          run: ['node', 'a.js'],
          input: {
            type: 'object',
            properties: {
              low: { type: 'integer' },
              high: { type: 'integer', minimum: { $data: '1/low' }, maximum: 9 },
              note: { type: ['string', 'null'] },
            },
          },
        },
      ],
    }),
  );
  assert.ok(read.ok);
  assert.equal(
    summarizeInput(read.actions[0].input),
    'low: integer, high: integer {"$data":"1/low"}..9, note: string|null',
  );
});

test('actions.json is read strictly; the input summary is one line', () => {
  const good = parseActionsText(
    JSON.stringify({
      actions: [{ name: 'a', description: 'A.', run: ['node', 'a.js'], input: SCHEMA, default: true }],
    }),
  );
  assert.ok(good.ok);
  assert.equal(good.actions[0].timeoutSeconds, 30);
  assert.equal(good.actions[0].maxConcurrent, 1);
  assert.equal(
    summarizeInput(good.actions[0].input),
    'directory: string (required), top: integer 1..20 = 5, country: "cn"|"us"|"jp" = "cn"',
  );
  const bad = parseActionsText(
    JSON.stringify({
      actions: [
        { name: 'a', description: 'A.', run: [] },
        { name: 'b', description: 'B.', run: ['x'], timeoutSeconds: 601, secrets: ['lower'] },
        { name: 'c', description: 'C.', run: ['x'], default: true },
        { name: 'c', description: 'C.', run: ['x'], default: true },
      ],
    }),
  );
  assert.ok(!bad.ok);
  assert.equal(bad.errors.length, 5, bad.errors.join('\n'));
  assert.ok(!parseActionsText('{ nope').ok);
});
