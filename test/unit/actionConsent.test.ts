// Consent bound to what runs (docs/actions.md, "Confirm"): a run starts only when a confirmation
// showed exactly its facts, once, within a few minutes; never shown means refused; a secret or a
// timeout added after the prompt, or a preparation that failed in between, voids it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ConsentLedger, shownFacts } from '../../src/core/actions/consent';
import type { PreparedRun } from '../../src/core/actions/executor';
import { ACTION_CONFIRMATION_TTL_MS } from '../../src/core/base/limits';
import { makeExecutor, nodeAction, scanCatalog, writeActionSkill } from './actionTestUtils';
import { makeTempDir, removeDir } from './engineTestUtils';

let ws: string;
const REQUEST = JSON.stringify({ name: 'tool', input: { word: 'hi' } });

before(() => {
  ws = makeTempDir('skillsmith-consent-');
});
after(() => removeDir(ws));

/** Declares the action as given, then prepares the model's run of it. */
async function prepared(
  extra: Record<string, unknown> = {},
  input: Record<string, unknown> = { word: 'hi' },
): Promise<PreparedRun> {
  writeActionSkill(
    ws,
    'tool',
    [
      nodeAction('go', 'scripts/go.js', {
        default: true,
        input: { type: 'object', properties: { word: { type: 'string' } } },
        ...extra,
      }),
    ],
    { 'scripts/go.js': 'console.log("{}")' },
  );
  const catalog = await scanCatalog(ws);
  const result = await makeExecutor(catalog, ws).executor.prepare({ skill: 'tool', input, asker: 'model' });
  assert.ok(result.ok, JSON.stringify(!result.ok && result.result));
  return result.run;
}

test('never shown: the run is refused', async () => {
  const ledger = new ConsentLedger();
  assert.equal(ledger.take(REQUEST, await prepared()), false);
});

test('shown: the run starts once; a second invocation with the same request is refused', async () => {
  const ledger = new ConsentLedger();
  const run = await prepared();
  ledger.prepared(REQUEST, run);
  assert.equal(ledger.take(REQUEST, await prepared()), true);
  assert.equal(ledger.take(REQUEST, await prepared()), false);
});

test('a secret, a timeout or an input that changed after the prompt voids it', async () => {
  for (const [extra, input] of [
    [{ secrets: ['API_TOKEN'] }, undefined],
    [{ timeoutSeconds: 600 }, undefined],
    [{}, { word: 'other' }],
  ] as const) {
    const ledger = new ConsentLedger();
    ledger.prepared(REQUEST, await prepared());
    const changed = await prepared(extra, input);
    assert.notEqual(shownFacts(changed), shownFacts(await prepared()));
    assert.equal(ledger.take(REQUEST, changed), false, JSON.stringify(extra ?? input));
  }
});

test('a preparation that fails in between withdraws the earlier confirmation', async () => {
  const ledger = new ConsentLedger();
  ledger.prepared(REQUEST, await prepared());
  ledger.prepared(REQUEST, undefined);
  assert.equal(ledger.take(REQUEST, await prepared()), false);
});

test('a confirmation never answered is forgotten after its time; one answered in time still runs', async () => {
  let now = 1_000_000;
  const ledger = new ConsentLedger(() => now);
  const run = await prepared();
  ledger.prepared(REQUEST, run);
  ledger.prepared('another request', run);
  now += ACTION_CONFIRMATION_TTL_MS;
  assert.equal(ledger.take(REQUEST, run), true, 'at the limit it still counts');
  now += 1;
  assert.equal(ledger.size, 0, 'the declined one is gone');
  assert.equal(ledger.take('another request', run), false);
});

test('the facts are what the confirmation shows: folder, action, command line, input, timeout, secrets', async () => {
  const facts = JSON.parse(shownFacts(await prepared({ secrets: ['API_TOKEN'], timeoutSeconds: 12 })));
  assert.deepEqual(Object.keys(facts).sort(), [
    'action',
    'commandLine',
    'folder',
    'input',
    'secrets',
    'skill',
    'timeoutSeconds',
  ]);
  assert.deepEqual(
    [facts.action, facts.commandLine, facts.timeoutSeconds, facts.secrets, facts.input],
    ['go', 'node scripts/go.js', 12, ['API_TOKEN'], { word: 'hi' }],
  );
  assert.equal(fs.realpathSync(facts.folder), fs.realpathSync(path.join(ws, 'skills', 'tool')));
});
