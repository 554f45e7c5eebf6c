// The CLI's yes/no question (cli/installCommands.ts `ask`): it holds names and paths from a
// source, so what reaches the terminal is escaped as everything else the CLI prints, and no
// terminal means no.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { ask } from '../../src/cli/installCommands';

function terminal(isTTY: boolean) {
  const input = Object.assign(new PassThrough(), { isTTY });
  const output = new PassThrough();
  let shown = '';
  output.on('data', (chunk: Buffer) => (shown += chunk.toString()));
  return { input, output, shown: () => shown };
}

test(
  'the question shows control and bidirectional characters escaped, and the answer is read',
  { timeout: 10_000 },
  async () => {
    const t = terminal(true);
    const answered = ask('Update pdf\u202etool\u001b[2J? [y/N] ', /^y(es)?$/i, t);
    t.input.write('y\n');
    assert.equal(await answered, true);
    assert.ok(!t.shown().includes('\u202e') && !t.shown().includes('\u001b'), JSON.stringify(t.shown()));
    assert.match(t.shown(), /Update pdf\\u202etool\\u001b\[2J\? \[y\/N\]/);
  },
);

test('an answer that is not yes is no', { timeout: 10_000 }, async () => {
  const t = terminal(true);
  const answered = ask('Add? [y/N] ', /^y(es)?$/i, t);
  t.input.write('maybe\n');
  assert.equal(await answered, false);
});

test('with no terminal, nothing is asked and the answer is no', { timeout: 10_000 }, async () => {
  const t = terminal(false);
  assert.equal(await ask('Add? [y/N] ', /^y(es)?$/i, t), false);
  assert.equal(t.shown(), '');
});
