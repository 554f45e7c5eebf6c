// The scripted Copilot API mock of the host suite copilot-harness-turn (scripts/host/copilotApiMock.mjs)
// fails loudly: an unknown path, a main-agent request with no reply scripted, a scripted call of a
// tool the request did not offer, or a malformed reply is answered at once and recorded as an error.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { findRepoRoot } from './engineTestUtils';

// The mock runs only beside code-server, on Linux (the host suites); under Wine, where the unit
// tests also run with Windows semantics, its loopback fetches fail, so there the tests say why they skip.
const SKIP =
  process.platform === 'win32' ? 'the host-test mock runs on Linux only (loopback fetch fails under Wine)' : false;

interface Mock {
  url: string;
  state: { errors: string[]; requests: { n: number; main: boolean; tools: string[]; user: string[] }[] };
  close(): Promise<void>;
}

async function startMock(): Promise<Mock> {
  // A variable specifier keeps this a runtime import of the .mjs (no types needed).
  const url = pathToFileURL(path.join(findRepoRoot(), 'scripts', 'host', 'copilotApiMock.mjs')).href;
  const module = (await import(url)) as { startCopilotApiMock(): Promise<Mock> };
  return module.startCopilotApiMock();
}

const script = (mock: Mock, replies: unknown[]) =>
  fetch(`${mock.url}/__mock/script`, { method: 'POST', body: JSON.stringify({ replies }) });

/** A Responses API request as the runtime sends it: instructions, the user's text, tools. */
const responses = (mock: Mock, tools: string[], text = 'hello') =>
  fetch(`${mock.url}/responses`, {
    method: 'POST',
    body: JSON.stringify({
      model: 'mock-harness-model',
      stream: true,
      instructions: 'system text',
      input: [{ role: 'user', content: [{ type: 'input_text', text }] }],
      tools: tools.map((name) => ({ type: 'function', name, description: `the ${name} tool`, parameters: {} })),
    }),
  }).then((r) => r.text());

/** The `data:` payloads of a server-sent event stream. */
const events = (stream: string) =>
  stream
    .split('\n')
    .filter((line) => line.startsWith('data: '))
    .map((line) => JSON.parse(line.slice(6)) as { type: string; delta?: string; item?: { name?: string } });

test('an unexpected path is a 404 and an error', { timeout: 20_000, skip: SKIP }, async () => {
  const mock = await startMock();
  try {
    const response = await fetch(`${mock.url}/v1/chat/completions`, { method: 'POST', body: '{}' });
    assert.equal(response.status, 404);
    assert.deepEqual(mock.state.errors, ['unexpected request POST /v1/chat/completions']);
  } finally {
    await mock.close();
  }
});

test(
  'a scripted text and a scripted call are streamed as Responses API events',
  { timeout: 20_000, skip: SKIP },
  async () => {
    const mock = await startMock();
    try {
      await script(mock, [{ text: 'the answer' }, { call: { name: '/^skill[A-Z]/', args: { name: 'a' } } }]);
      const text = events(await responses(mock, ['skillList']));
      assert.deepEqual(
        text.map((e) => e.type),
        [
          'response.created',
          'response.in_progress',
          'response.output_item.added',
          'response.content_part.added',
          'response.output_text.delta',
          'response.output_text.done',
          'response.content_part.done',
          'response.output_item.done',
          'response.completed',
        ],
      );
      assert.equal(text.find((e) => e.type === 'response.output_text.delta')?.delta, 'the answer');
      const call = events(await responses(mock, ['view', 'skillLoad']));
      assert.equal(call.find((e) => e.type === 'response.output_item.done')?.item?.name, 'skillLoad');
      assert.deepEqual(mock.state.errors, []);
      assert.deepEqual(
        mock.state.requests.map((r) => [r.n, r.main, r.user]),
        [
          [1, true, ['hello']],
          [2, true, ['hello']],
        ],
      );
    } finally {
      await mock.close();
    }
  },
);

test(
  'a main request with no reply scripted, a tool not offered and a malformed reply are errors, answered at once',
  { timeout: 20_000, skip: SKIP },
  async () => {
    const mock = await startMock();
    try {
      assert.match(await responses(mock, ['skillList'], 'first'), /MOCK ERROR: no reply scripted/);
      await script(mock, [{ call: { name: 'skillAction' } }, { nonsense: true }]);
      assert.match(
        await responses(mock, ['skillList']),
        /MOCK ERROR: scripted tool skillAction is not among the 1 tools offered/,
      );
      assert.match(await responses(mock, ['skillList']), /MOCK ERROR: malformed scripted reply/);
      assert.equal(mock.state.errors.length, 3);
      assert.match(mock.state.errors[0], /request 1: no reply scripted \(last user text: first\)/);
    } finally {
      await mock.close();
    }
  },
);

test(
  'a request that offers no tool (a title) is answered and is not a turn',
  { timeout: 20_000, skip: SKIP },
  async () => {
    const mock = await startMock();
    try {
      assert.match(await responses(mock, []), /Skillsmith harness test/);
      assert.deepEqual(mock.state.errors, []);
      assert.equal(mock.state.requests[0].main, false);
    } finally {
      await mock.close();
    }
  },
);
