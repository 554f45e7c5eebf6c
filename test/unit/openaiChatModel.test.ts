// The OpenAI-compatible client (src/node/openaiChatModel.ts) against a fake server on
// loopback: the request it sends, tool calls back, error statuses, timeouts, cancellation,
// and one whole routing turn with the @skills prompt and tools.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { CancellationToken, ResponsePart } from '../../src/core/chat/conversation';
import { runRoutingTurn } from '../../src/core/chat/routingTurn';
import { buildListing } from '../../src/core/catalog/listing';
import { OpenAiChatModel, openAiOptionsFromEnv, retryAfterMs, toWireMessages } from '../../src/node/openaiChatModel';
import { LOAD_SKILL_TOOL } from '../../src/core/loading/toolDefinitions';
import { completion, startFakeOpenAi } from './fakeOpenAiServer';

const NEVER: CancellationToken = { isCancellationRequested: false, onCancellationRequested: () => ({ dispose() {} }) };

async function collect(iterable: AsyncIterable<ResponsePart>): Promise<ResponsePart[]> {
  const parts: ResponsePart[] = [];
  for await (const part of iterable) parts.push(part);
  return parts;
}

test('sends the messages and tools as chat-completions, and yields text and tool calls', async () => {
  const server = await startFakeOpenAi(() =>
    completion({
      content: 'Loading it.',
      tool_calls: [{ id: 'c1', name: 'skillsmith_loadSkill', arguments: { name: 'weather' } }],
    }),
  );
  try {
    const model = new OpenAiChatModel({ baseUrl: server.baseUrl + '/', apiKey: 'sk-test', model: 'tiny-model' });
    const parts = await collect(
      model.sendRequest(
        [
          { role: 'system', parts: [{ kind: 'text', value: 'You are @skills.' }] },
          { role: 'user', parts: [{ kind: 'text', value: 'rain?' }] },
        ],
        [LOAD_SKILL_TOOL],
        NEVER,
      ),
    );
    assert.deepEqual(parts, [
      { kind: 'text', value: 'Loading it.' },
      { kind: 'toolCall', callId: 'c1', name: 'skillsmith_loadSkill', input: { name: 'weather' } },
    ]);
    const [request] = server.requests;
    assert.equal(request.model, 'tiny-model');
    assert.deepEqual(request.messages, [
      { role: 'system', content: 'You are @skills.' },
      { role: 'user', content: 'rain?' },
    ]);
    assert.equal(request.tools[0].type, 'function');
    assert.equal(request.tools[0].function.name, 'skillsmith_loadSkill');
    assert.deepEqual(request.tools[0].function.parameters, LOAD_SKILL_TOOL.inputSchema);
    assert.equal(server.headers[0].authorization, 'Bearer sk-test');
    assert.deepEqual(model.usage, { prompt: 100, completion: 7 });
  } finally {
    await server.close();
  }
});

test('tool rounds go back as an assistant message with tool_calls and one tool message per result', () => {
  const wire = toWireMessages([
    { role: 'user', parts: [{ kind: 'text', value: 'q' }] },
    { role: 'assistant', parts: [{ kind: 'toolCall', callId: 'a', name: 'skillsmith_listSkills', input: {} }] },
    { role: 'user', parts: [{ kind: 'toolResult', callId: 'a', text: '- weather: forecasts' }] },
  ]);
  assert.deepEqual(wire, [
    { role: 'user', content: 'q' },
    {
      role: 'assistant',
      content: null,
      tool_calls: [{ id: 'a', type: 'function', function: { name: 'skillsmith_listSkills', arguments: '{}' } }],
    },
    { role: 'tool', tool_call_id: 'a', content: '- weather: forecasts' },
  ]);
});

test('an error status rejects with the status and the server message; unparseable arguments become {}', async () => {
  const server = await startFakeOpenAi((_, i) =>
    i === 0
      ? { status: 401, body: { error: { message: 'invalid api key' } } }
      : completion({ tool_calls: [{ name: 'x', arguments: '{not json' }] }),
  );
  try {
    const model = new OpenAiChatModel({ baseUrl: server.baseUrl, model: 'm' });
    await assert.rejects(collect(model.sendRequest([], [], NEVER)), /answered 401: invalid api key/);
    const parts = await collect(model.sendRequest([], [], NEVER));
    assert.deepEqual(parts, [{ kind: 'toolCall', callId: 'call_0', name: 'x', input: {} }]);
  } finally {
    await server.close();
  }
});

test('a server that does not answer times out; a cancelled request stops at once', async () => {
  const server = await startFakeOpenAi(() => 'hang');
  try {
    const slow = new OpenAiChatModel({ baseUrl: server.baseUrl, model: 'm', timeoutMs: 200 });
    await assert.rejects(collect(slow.sendRequest([], [], NEVER)), /did not answer within 0\.2 s/);
    let fire: () => void = () => undefined;
    const token: CancellationToken = {
      get isCancellationRequested() {
        return cancelled;
      },
      onCancellationRequested: (listener) => ((fire = listener), { dispose() {} }),
    };
    let cancelled = false;
    const pending = collect(new OpenAiChatModel({ baseUrl: server.baseUrl, model: 'm' }).sendRequest([], [], token));
    setTimeout(() => ((cancelled = true), fire()), 50);
    await assert.rejects(pending, /cancelled/);
  } finally {
    await server.close();
  }
});

test('a 429 is asked again after its Retry-After, then answered; one that stays 429 rejects after the retries', async () => {
  const limited = { status: 429, body: { error: { message: 'rate limited' } }, headers: { 'retry-after': '1' } };
  const flaky = await startFakeOpenAi((_, i) => (i === 0 ? limited : completion({ content: 'fine' })));
  try {
    const started = Date.now();
    const parts = await collect(
      new OpenAiChatModel({ baseUrl: flaky.baseUrl, model: 'm', retryDelayMs: 1 }).sendRequest([], [], NEVER),
    );
    assert.deepEqual(parts, [{ kind: 'text', value: 'fine' }]);
    assert.equal(flaky.requests.length, 2);
    // Retry-After: 1 is one second, not the 1 ms this client was told to start its backoff at.
    assert.ok(Date.now() - started >= 900, 'waited for Retry-After');
  } finally {
    await flaky.close();
  }
  const always = await startFakeOpenAi(() => ({ ...limited, headers: { 'retry-after': '0' } }));
  try {
    await assert.rejects(
      collect(
        new OpenAiChatModel({ baseUrl: always.baseUrl, model: 'm', retries: 2, retryDelayMs: 1 }).sendRequest(
          [],
          [],
          NEVER,
        ),
      ),
      /answered 429: rate limited/,
    );
    assert.equal(always.requests.length, 3, 'the first request and two retries');
  } finally {
    await always.close();
  }
});

test('retryAfterMs reads seconds and HTTP dates', () => {
  assert.equal(retryAfterMs('2'), 2000);
  assert.equal(retryAfterMs('Wed, 21 Oct 2026 07:28:10 GMT', Date.parse('Wed, 21 Oct 2026 07:28:00 GMT')), 10_000);
  assert.equal(retryAfterMs(undefined), undefined);
  assert.equal(retryAfterMs('soon'), undefined);
});

test('an unreachable server is reported as such', async () => {
  const server = await startFakeOpenAi(() => completion({ content: 'x' }));
  const url = server.baseUrl;
  await server.close();
  await assert.rejects(
    collect(new OpenAiChatModel({ baseUrl: url, model: 'm', timeoutMs: 5000 }).sendRequest([], [], NEVER)),
    /cannot reach/,
  );
});

test('the options come from SKILLSMITH_OPENAI_*, and missing ones are named', () => {
  assert.deepEqual(openAiOptionsFromEnv({}), { missing: ['SKILLSMITH_OPENAI_BASE_URL', 'SKILLSMITH_OPENAI_MODEL'] });
  assert.deepEqual(
    openAiOptionsFromEnv({
      SKILLSMITH_OPENAI_BASE_URL: 'http://h/v1',
      SKILLSMITH_OPENAI_MODEL: 'm',
      SKILLSMITH_OPENAI_API_KEY: 'k',
    }),
    {
      baseUrl: 'http://h/v1',
      model: 'm',
      apiKey: 'k',
    },
  );
});

test('a routing turn over the real client: list first, then load; the load is the pick', async () => {
  const server = await startFakeOpenAi((_, i) =>
    i === 0
      ? completion({ tool_calls: [{ name: 'skillsmith_listSkills', arguments: {} }] })
      : completion({ tool_calls: [{ name: 'skillsmith_loadSkill', arguments: { name: 'weather', args: 'Paris' } }] }),
  );
  try {
    const listing = buildListing([
      { name: 'file-stats', description: 'Counts files.' },
      { name: 'weather', description: 'Forecasts.' },
    ]);
    const listed: string[] = [];
    const result = await runRoutingTurn({
      model: new OpenAiChatModel({ baseUrl: server.baseUrl, model: 'm' }),
      query: 'will it rain in Paris?',
      listing,
      descriptions: new Map(),
      mode: 'tools',
      invokeTool: async (call) => (listed.push(call.name), listing.text),
      token: NEVER,
    });
    assert.deepEqual(result, { pick: 'weather', requests: 2, status: 'picked' });
    assert.deepEqual(listed, ['skillsmith_listSkills']);
    // The second request carries the listing back as the tool result.
    assert.equal(server.requests[1].messages.at(-1).role, 'tool');
    assert.match(server.requests[1].messages.at(-1).content, /- weather: Forecasts\./);
    assert.match(
      server.requests[0].messages[0].content,
      /Available skills:\n- file-stats: Counts files\.\n- weather: Forecasts\./,
    );
    assert.equal(server.requests[0].messages[1].content, 'will it rain in Paris?');
  } finally {
    await server.close();
  }
});
