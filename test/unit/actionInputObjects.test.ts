// Property names that Object.prototype also has (docs/actions.md, "Input"): a schema may name
// `toString`, `constructor` or `__proto__`, and a model's input may hold them. They are keys
// like any other: required and defaults work, additionalProperties still refuses an unknown
// `toString`, and `__proto__` never replaces an object's prototype.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { checkInput } from '../../src/core/actions/inputContract';
import { NEVER_CANCELLED } from '../../src/core/base/cancellation';
import type { SkillCatalog } from '../../src/core/catalog/catalog';
import { makeExecutor, nodeAction, scanCatalog, writeActionSkill } from './actionTestUtils';
import { makeTempDir, removeDir } from './engineTestUtils';

const ECHO = "process.stdout.write(require('fs').readFileSync(0, 'utf8'));";
// Written as JSON text: an object literal's `__proto__:` would set a prototype, not a key.
const PROTO_SCHEMA = JSON.parse(
  '{"type":"object","properties":{"__proto__":{"type":"object","default":{"polluted":true}},"name":{"type":"string","default":"x"}}}',
);
let ws: string;
let catalog: SkillCatalog;

before(async () => {
  ws = makeTempDir('skillsmith-proto-');
  writeActionSkill(
    ws,
    'protos',
    [
      nodeAction('builtin-names', 'scripts/echo.js', {
        input: {
          type: 'object',
          properties: {
            toString: { type: 'string', default: 'text' },
            constructor: { type: 'string' },
            valueOf: { type: 'integer', default: 3 },
          },
          required: ['constructor'],
          additionalProperties: false,
        },
      }),
      nodeAction('proto', 'scripts/echo.js', { input: PROTO_SCHEMA }),
      nodeAction('closed', 'scripts/echo.js', {
        input: { type: 'object', properties: { word: { type: 'string' } }, additionalProperties: false },
      }),
    ],
    { 'scripts/echo.js': ECHO },
  );
  catalog = await scanCatalog(ws);
});

after(() => removeDir(ws));

test('properties named toString, constructor and valueOf run, with their defaults and required', async () => {
  const { executor } = makeExecutor(catalog, ws);
  const result = await executor.run(
    { skill: 'protos', action: 'builtin-names', input: { constructor: 'given' }, asker: 'model' },
    NEVER_CANCELLED,
  );
  assert.equal(result.status, 'success', JSON.stringify(result));
  assert.deepEqual((result.data as { input: unknown }).input, { constructor: 'given', toString: 'text', valueOf: 3 });
  const missing = await executor.run(
    { skill: 'protos', action: 'builtin-names', input: {}, asker: 'model' },
    NEVER_CANCELLED,
  );
  assert.equal(missing.error?.type, 'invalid_input');
  assert.match(missing.error.message, /\/constructor: is required, got nothing/);
});

test('a nested default under __proto__ becomes a key, not the prototype', async () => {
  const checked = checkInput(PROTO_SCHEMA, {});
  assert.ok(checked.ok);
  const input = checked.input;
  assert.equal(Object.getPrototypeOf(input), Object.prototype);
  assert.equal((input as { polluted?: unknown }).polluted, undefined, 'the default did not become the prototype');
  assert.ok(Object.hasOwn(input, '__proto__'));
  assert.equal(({} as { polluted?: unknown }).polluted, undefined, 'Object.prototype is untouched');
  const { executor } = makeExecutor(catalog, ws);
  const result = await executor.run({ skill: 'protos', action: 'proto', asker: 'model' }, NEVER_CANCELLED);
  assert.equal(result.status, 'success', JSON.stringify(result));
  assert.match(JSON.stringify(result.data), /"input":\{"__proto__":\{"polluted":true\},"name":"x"\}/);
});

test('an input key named toString or __proto__ is refused by additionalProperties: false', () => {
  for (const text of ['{"toString": "x"}', '{"__proto__": {"a": 1}}', '{"constructor": 1}']) {
    const checked = checkInput(
      { type: 'object', properties: { word: { type: 'string' } }, additionalProperties: false },
      JSON.parse(text),
    );
    assert.equal(checked.ok, false, text);
    assert.ok(
      !checked.ok && 'violations' in checked && /is not an accepted field/.test(checked.violations[0].message),
      JSON.stringify(checked),
    );
  }
});
