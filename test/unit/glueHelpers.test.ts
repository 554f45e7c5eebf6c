// The glue's shared helpers that need no editor: the disposable store, the feature start-up
// that survives a throwing feature, and background work whose failure reaches the log.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { inBackground } from '../../src/vscode/background';
import { DisposableStore } from '../../src/vscode/disposables';
import { FeatureStartup } from '../../src/vscode/featureStartup';

function recordingLog(): { lines: string[]; error(line: string): void } {
  const lines: string[] = [];
  return { lines, error: (line: string) => lines.push(line) };
}

test('the store disposes each item once, last added first, past one that throws', () => {
  const order: string[] = [];
  const store = new DisposableStore();
  store.add({ dispose: () => order.push('a') });
  store.addAll(
    {
      dispose: () => {
        order.push('b');
        throw new Error('b broke');
      },
    },
    { dispose: () => order.push('c') },
  );
  assert.throws(() => store.dispose(), /b broke/);
  assert.deepEqual(order, ['c', 'b', 'a']);
  store.dispose();
  assert.deepEqual(order, ['c', 'b', 'a'], 'a second dispose does nothing');
  store.add({ dispose: () => order.push('late') });
  assert.deepEqual(order, ['c', 'b', 'a', 'late'], 'added after disposal: disposed at once');
});

test('a feature that throws at start is logged and left out; the others start; one message names it', () => {
  const log = recordingLog();
  const kept: string[] = [];
  const startup = new FeatureStartup(log, (disposables) => kept.push(`${disposables.length}`));
  startup.register('first', () => [{ dispose: () => undefined }]);
  startup.register('broken', () => {
    throw new Error('no such view');
  });
  const value = startup.start('shared', () => 42);
  startup.register('last', () => [{ dispose: () => undefined }, { dispose: () => undefined }]);
  assert.equal(value, 42);
  assert.deepEqual(kept, ['1', '2']);
  assert.deepEqual(startup.failures, ['broken']);
  assert.equal(log.lines.length, 1);
  assert.match(log.lines[0], /^The broken feature failed to start: Error: no such view/);
  assert.equal(
    startup.failureMessage(),
    'Skillsmith: a feature failed to start (broken). The other features work; the Skillsmith output has the details.',
  );
});

test('no message when every feature started; a value-returning feature that throws gives undefined', () => {
  const startup = new FeatureStartup(recordingLog(), () => undefined);
  startup.register('fine', () => []);
  assert.equal(startup.failureMessage(), undefined);
  assert.equal(
    startup.start('view', (): number => {
      throw new Error('x');
    }),
    undefined,
  );
  assert.match(startup.failureMessage() ?? '', /a feature failed to start \(view\)/);
});

test('the feature named by the test hooks throws on purpose', () => {
  const startup = new FeatureStartup(recordingLog(), () => undefined, 'routing evals');
  startup.register('routing evals', () => []);
  startup.register('other', () => []);
  assert.deepEqual(startup.failures, ['routing evals']);
});

test('a rejection in the background reaches the log with what failed', async () => {
  const log = recordingLog();
  inBackground(log, 'the rescan', Promise.reject(new Error('disk gone')));
  inBackground(log, 'a message', Promise.resolve('ok'));
  await new Promise((resolve) => setImmediate(resolve));
  assert.equal(log.lines.length, 1);
  assert.match(log.lines[0], /^the rescan failed: Error: disk gone/);
});
