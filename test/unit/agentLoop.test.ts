// Drives the tool-calling loop with a scripted fake model: no VS Code, no network.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createCancellationSource } from '../../src/core/base/cancellation';
import type * as vscode from 'vscode';
import { runAgentLoop, type AgentLoopRequest, type ChatModel } from '../../src/core/chat/agentLoop';
import {
  historyToMessages,
  isToolCallRoundList,
  type CancellationToken,
  type ChatMessage,
  type ResponsePart,
  type ToolCall,
  type ToolCallRound,
} from '../../src/core/chat/conversation';
import type { ToolDefinition } from '../../src/core/loading/toolDefinitions';

// The VS Code adapter must stay thin: its token and tool type fit the core's as they are.
const vscodeTokenFits = (t: vscode.CancellationToken): CancellationToken => t;
const coreToolFits = (t: ToolDefinition): vscode.LanguageModelChatTool => t;
void vscodeTokenFits;
void coreToolFits;

const schema = { type: 'object', properties: {}, additionalProperties: false } as const;
const LOAD: ToolDefinition = { name: 'load_skill', description: 'Loads a skill.', inputSchema: schema };
const READ: ToolDefinition = { name: 'read_skill_file', description: 'Reads a file.', inputSchema: schema };

function text(value: string): ResponsePart {
  return { kind: 'text', value };
}

function call(callId: string, name: string, input: object = {}): ResponsePart {
  return { kind: 'toolCall', callId, name, input };
}

/** A token whose cancel() fires its listeners, like CancellationTokenSource. */
const tokenSource = createCancellationSource;

type Step = readonly ResponsePart[] | Error;

/** A model that answers each request with the next scripted step, recording what it was sent. */
function scriptedModel(steps: readonly Step[]): ChatModel & { requests: ChatMessage[][]; toolLists: string[][] } {
  const requests: ChatMessage[][] = [];
  const toolLists: string[][] = [];
  return {
    name: 'fake',
    requests,
    toolLists,
    async *sendRequest(messages, tools) {
      requests.push(structuredClone([...messages]));
      toolLists.push(tools.map((t) => t.name));
      const step = steps[requests.length - 1];
      if (step === undefined) throw new Error('script exhausted');
      if (step instanceof Error) throw step;
      for (const part of step) yield part;
    },
  };
}

function request(overrides: Partial<AgentLoopRequest> & Pick<AgentLoopRequest, 'model'>): AgentLoopRequest {
  return {
    prompt: 'review my code',
    tools: [LOAD, READ],
    invokeTool: async (c) => `result of ${c.name} ${JSON.stringify(c.input)}`,
    token: tokenSource().token,
    ...overrides,
  };
}

test('a tool call, its result, then the final text', async () => {
  const model = scriptedModel([
    [text('Loading. '), call('c1', 'load_skill', { name: 'code-review' })],
    [text('Done reviewing.')],
  ]);
  const invoked: ToolCall[] = [];
  const outcome = await runAgentLoop(
    request({
      model,
      systemPrompt: 'SYSTEM',
      invokeTool: async (c) => {
        invoked.push(c);
        return 'BODY';
      },
    }),
  );
  assert.equal(outcome.status, 'done');
  assert.equal(outcome.text, 'Loading. Done reviewing.');
  assert.equal(outcome.error, undefined);
  assert.deepEqual(invoked, [{ callId: 'c1', name: 'load_skill', input: { name: 'code-review' } }]);
  assert.deepEqual(outcome.rounds, [
    {
      text: 'Loading. ',
      toolCalls: [{ callId: 'c1', name: 'load_skill', input: { name: 'code-review' } }],
      results: [{ callId: 'c1', text: 'BODY', isError: false }],
    },
  ]);
  assert.equal(model.requests.length, 2);
  assert.deepEqual(model.toolLists[0], ['load_skill', 'read_skill_file']);
  assert.deepEqual(model.requests[0], [
    { role: 'system', parts: [{ kind: 'text', value: 'SYSTEM' }] },
    { role: 'user', parts: [{ kind: 'text', value: 'review my code' }] },
  ]);
  assert.deepEqual(model.requests[1].slice(2), [
    {
      role: 'assistant',
      parts: [
        { kind: 'text', value: 'Loading. ' },
        { kind: 'toolCall', callId: 'c1', name: 'load_skill', input: { name: 'code-review' } },
      ],
    },
    { role: 'user', parts: [{ kind: 'toolResult', callId: 'c1', text: 'BODY' }] },
  ]);
  assert.ok(isToolCallRoundList(JSON.parse(JSON.stringify(outcome.rounds))));
});

test('several calls in one round run in order and all results are appended', async () => {
  const model = scriptedModel([
    [
      call('a', 'load_skill', { name: 'x' }),
      text('thinking'),
      call('b', 'read_skill_file', { path: 'p' }),
      call('c', 'load_skill', { name: 'y' }),
    ],
    [text('ok')],
  ]);
  const order: string[] = [];
  const events: string[] = [];
  const outcome = await runAgentLoop(
    request({
      model,
      invokeTool: async (c) => {
        order.push(c.callId);
        await new Promise((r) => setImmediate(r));
        return `r-${c.callId}`;
      },
      sink: {
        onToolCall: (c) => events.push(`call ${c.callId}`),
        onToolResult: (c, r) => events.push(`result ${c.callId} ${r.text}`),
      },
    }),
  );
  assert.equal(outcome.status, 'done');
  assert.deepEqual(order, ['a', 'b', 'c']);
  assert.deepEqual(events, ['call a', 'result a r-a', 'call b', 'result b r-b', 'call c', 'result c r-c']);
  const [assistant, user] = model.requests[1].slice(1);
  assert.deepEqual(
    assistant.parts.map((p) => (p.kind === 'toolCall' ? p.callId : p.kind)),
    ['text', 'a', 'b', 'c'],
  );
  assert.deepEqual(user.parts, [
    { kind: 'toolResult', callId: 'a', text: 'r-a' },
    { kind: 'toolResult', callId: 'b', text: 'r-b' },
    { kind: 'toolResult', callId: 'c', text: 'r-c' },
  ]);
});

test('the round cap stops a model that keeps calling tools', async () => {
  const forever = Array.from({ length: 20 }, (_, i) => [text(`r${i} `), call(`c${i}`, 'load_skill')]);
  const model = scriptedModel(forever);
  let invocations = 0;
  const outcome = await runAgentLoop(
    request({
      model,
      maxRounds: 3,
      invokeTool: async () => {
        invocations++;
        return 'x';
      },
    }),
  );
  assert.equal(outcome.status, 'cap-reached');
  assert.equal(model.requests.length, 3);
  assert.equal(invocations, 3);
  assert.equal(outcome.rounds.length, 3);
  assert.equal(outcome.text, 'r0 r1 r2 ');
});

test('the default cap is 10 rounds', async () => {
  const model = scriptedModel(Array.from({ length: 20 }, (_, i) => [call(`c${i}`, 'load_skill')]));
  const outcome = await runAgentLoop(request({ model }));
  assert.equal(outcome.status, 'cap-reached');
  assert.equal(model.requests.length, 10);
});

test('cancelling abandons a model that never answers', async () => {
  const source = tokenSource();
  let modelSettled = false;
  let requested!: () => void;
  const requestStarted = new Promise<void>((r) => (requested = r));
  const model: ChatModel = {
    sendRequest() {
      return {
        [Symbol.asyncIterator]: () => ({
          next: () => {
            requested();
            return new Promise<IteratorResult<ResponsePart>>(() => undefined).finally(() => (modelSettled = true));
          },
        }),
      };
    },
  };
  const pending = runAgentLoop(request({ model, token: source.token }));
  await requestStarted;
  source.cancel();
  const outcome = await pending;
  assert.equal(outcome.status, 'cancelled');
  assert.equal(modelSettled, false, 'the loop resolved while the model was still pending');
  assert.deepEqual(outcome.rounds, []);
});

test('cancelling mid-stream keeps the text already shown and asks the stream to stop', async () => {
  const source = tokenSource();
  let returnCalled = false;
  let nextCalls = 0;
  const model: ChatModel = {
    sendRequest() {
      return {
        [Symbol.asyncIterator]: () => ({
          next: async () => {
            nextCalls++;
            return nextCalls === 1 ? { done: false, value: text('partial ') } : new Promise<never>(() => undefined);
          },
          return: () => {
            returnCalled = true;
            return new Promise<never>(() => undefined); // never awaited by the loop
          },
        }),
      };
    },
  };
  const outcome = await runAgentLoop(request({ model, token: source.token, sink: { onText: () => source.cancel() } }));
  assert.equal(outcome.status, 'cancelled');
  assert.equal(outcome.text, 'partial ');
  assert.equal(returnCalled, true);
});

test('cancelling abandons a tool that never finishes', async () => {
  const source = tokenSource();
  let toolSettled = false;
  const model = scriptedModel([[call('c1', 'load_skill')], [text('never')]]);
  const outcome = await runAgentLoop(
    request({
      model,
      token: source.token,
      invokeTool: (_c, token) => {
        assert.equal(token, source.token);
        setImmediate(() => source.cancel());
        return new Promise<string>(() => undefined).finally(() => (toolSettled = true));
      },
    }),
  );
  assert.equal(outcome.status, 'cancelled');
  assert.equal(toolSettled, false);
  assert.equal(model.requests.length, 1);
  assert.deepEqual(outcome.rounds, []);
});

test('a token cancelled before the start sends nothing', async () => {
  const source = tokenSource();
  source.cancel();
  const model = scriptedModel([[text('hi')]]);
  const outcome = await runAgentLoop(request({ model, token: source.token }));
  assert.equal(outcome.status, 'cancelled');
  assert.equal(model.requests.length, 0);
});

test('an unknown tool gets a structured not_found result with a suggestion', async () => {
  const model = scriptedModel([[call('c1', 'load_skil', { name: 'x' })], [text('sorry')]]);
  const seen: string[] = [];
  let invoked = false;
  const outcome = await runAgentLoop(
    request({
      model,
      invokeTool: async () => {
        invoked = true;
        return '';
      },
      sink: { onToolCall: (c) => seen.push(c.name) },
    }),
  );
  assert.equal(outcome.status, 'done');
  assert.equal(invoked, false);
  assert.deepEqual(seen, []);
  const result = outcome.rounds[0].results[0];
  assert.equal(result.isError, true);
  const parsed = JSON.parse(result.text);
  assert.equal(parsed.error.type, 'not_found');
  assert.match(parsed.error.message, /load_skil/);
  assert.equal(parsed.error.suggestion, "Did you mean 'load_skill'?");
  const resultPart = model.requests[1].at(-1)!.parts[0];
  assert.deepEqual(resultPart, { kind: 'toolResult', callId: 'c1', text: result.text });
});

test('an unknown name far from every tool lists the available tools', async () => {
  const model = scriptedModel([[call('c1', 'search_the_web')], [text('ok')]]);
  const outcome = await runAgentLoop(request({ model }));
  const parsed = JSON.parse(outcome.rounds[0].results[0].text);
  assert.equal(parsed.error.suggestion, 'Available tools: load_skill, read_skill_file.');
});

test('a throwing tool becomes a structured error result and the loop goes on', async () => {
  const model = scriptedModel([[call('c1', 'load_skill'), call('c2', 'read_skill_file')], [text('recovered')]]);
  const outcome = await runAgentLoop(
    request({
      model,
      invokeTool: async (c) => {
        if (c.name === 'load_skill') throw new Error('disk on fire');
        return 'file text';
      },
    }),
  );
  assert.equal(outcome.status, 'done');
  assert.equal(outcome.text, 'recovered');
  const [failed, ok] = outcome.rounds[0].results;
  assert.equal(failed.isError, true);
  const parsed = JSON.parse(failed.text);
  assert.equal(parsed.error.type, 'invalid_input');
  assert.match(parsed.error.message, /load_skill.*disk on fire/);
  assert.equal(typeof parsed.error.suggestion, 'string');
  assert.deepEqual(ok, { callId: 'c2', text: 'file text', isError: false });
});

test('a tool that throws synchronously is handled the same way', async () => {
  const model = scriptedModel([[call('c1', 'load_skill')], [text('ok')]]);
  const outcome = await runAgentLoop(
    request({
      model,
      invokeTool: () => {
        throw new Error('sync boom');
      },
    }),
  );
  assert.equal(outcome.status, 'done');
  assert.match(outcome.rounds[0].results[0].text, /sync boom/);
});

test("a tool's own structured error is passed through and flagged", async () => {
  const error = JSON.stringify({ error: { type: 'outside_skill', message: 'no', suggestion: 'stay inside' } });
  const model = scriptedModel([[call('c1', 'read_skill_file')], [text('ok')]]);
  const outcome = await runAgentLoop(request({ model, invokeTool: async () => error }));
  assert.deepEqual(outcome.rounds[0].results[0], { callId: 'c1', text: error, isError: true });
});

test('a model that throws ends the turn with an error value', async () => {
  const model = scriptedModel([new Error('rate limited')]);
  const outcome = await runAgentLoop(request({ model }));
  assert.equal(outcome.status, 'error');
  assert.equal(outcome.error?.kind, 'model');
  assert.match(outcome.error.message, /rate limited/);
});

test('a stream that fails mid-way keeps the completed rounds and the text', async () => {
  const model: ChatModel = {
    async *sendRequest(messages) {
      if (messages.length === 1) {
        yield call('c1', 'load_skill');
        return;
      }
      yield text('half ');
      throw new Error('connection reset');
    },
  };
  const outcome = await runAgentLoop(request({ model }));
  assert.equal(outcome.status, 'error');
  assert.equal(outcome.rounds.length, 1);
  assert.equal(outcome.text, 'half ');
  assert.match(outcome.error!.message, /connection reset/);
});

test('sendRequest throwing synchronously is an error value too', async () => {
  const model: ChatModel = {
    sendRequest() {
      throw new Error('no model');
    },
  };
  const outcome = await runAgentLoop(request({ model }));
  assert.equal(outcome.status, 'error');
  assert.match(outcome.error!.message, /no model/);
});

test('a model that refuses tools is told apart', async () => {
  const model = scriptedModel([new Error('This model does not support tools.')]);
  const outcome = await runAgentLoop(request({ model }));
  assert.equal(outcome.status, 'error');
  assert.equal(outcome.error?.kind, 'tools-unsupported');
  assert.match(outcome.error.message, /'fake'/);
  assert.match(outcome.error.message, /supports tool calling/);
});

test('LanguageModelError codes get their own kinds', async () => {
  const cases: [string, string][] = [
    ['NoPermissions', 'no-permissions'],
    ['Blocked', 'blocked'],
    ['NotFound', 'model-not-found'],
  ];
  for (const [code, kind] of cases) {
    const error = Object.assign(new Error('nope'), { code });
    const outcome = await runAgentLoop(request({ model: scriptedModel([error]) }));
    assert.equal(outcome.error?.kind, kind, code);
  }
});

test('a sink that throws ends the turn with an internal error', async () => {
  const model = scriptedModel([[text('hello')]]);
  const outcome = await runAgentLoop(
    request({
      model,
      sink: {
        onText: () => {
          throw new Error('stream closed');
        },
      },
    }),
  );
  assert.equal(outcome.status, 'error');
  assert.equal(outcome.error?.kind, 'internal');
  assert.match(outcome.error.message, /stream closed/);
});

test('text is streamed to the sink in order, across rounds', async () => {
  const model = scriptedModel([
    [text('a'), text(''), text('b'), call('c1', 'load_skill'), text('c')],
    [text('d'), text('e')],
  ]);
  const pieces: string[] = [];
  const outcome = await runAgentLoop(request({ model, sink: { onText: (t) => pieces.push(t) } }));
  assert.deepEqual(pieces, ['a', 'b', 'c', 'd', 'e']);
  assert.equal(outcome.text, 'abcde');
  assert.equal(outcome.rounds[0].text, 'abc');
});

test('history replays earlier prompts, tool rounds and answers', () => {
  const rounds: ToolCallRound[] = [
    {
      text: 'Let me load it. ',
      toolCalls: [{ callId: 'c1', name: 'load_skill', input: { name: 'code-review' } }],
      results: [{ callId: 'c1', text: 'BODY', isError: false }],
    },
  ];
  const messages = historyToMessages([
    { prompt: 'hello', responseText: 'Hi!' },
    { prompt: 'review it', rounds, responseText: 'Let me load it. Looks good.' },
  ]);
  assert.deepEqual(messages, [
    { role: 'user', parts: [{ kind: 'text', value: 'hello' }] },
    { role: 'assistant', parts: [{ kind: 'text', value: 'Hi!' }] },
    { role: 'user', parts: [{ kind: 'text', value: 'review it' }] },
    {
      role: 'assistant',
      parts: [
        { kind: 'text', value: 'Let me load it. ' },
        { kind: 'toolCall', callId: 'c1', name: 'load_skill', input: { name: 'code-review' } },
      ],
    },
    { role: 'user', parts: [{ kind: 'toolResult', callId: 'c1', text: 'BODY' }] },
    { role: 'assistant', parts: [{ kind: 'text', value: 'Looks good.' }] },
  ]);
});

test('history replay drops unpaired calls and results', () => {
  const messages = historyToMessages([
    {
      prompt: 'p',
      rounds: [
        {
          text: '',
          toolCalls: [
            { callId: 'a', name: 'load_skill', input: {} },
            { callId: 'b', name: 'load_skill', input: {} },
          ],
          results: [
            { callId: 'a', text: 'A', isError: false },
            { callId: 'z', text: 'Z', isError: false },
          ],
        },
      ],
      responseText: '',
    },
  ]);
  assert.deepEqual(messages.slice(1), [
    { role: 'assistant', parts: [{ kind: 'toolCall', callId: 'a', name: 'load_skill', input: {} }] },
    { role: 'user', parts: [{ kind: 'toolResult', callId: 'a', text: 'A' }] },
  ]);
});

test('replayed history goes between the system prompt and the new prompt', async () => {
  const model = scriptedModel([[text('ok')]]);
  const history = historyToMessages([{ prompt: 'earlier', responseText: 'answer' }]);
  await runAgentLoop(request({ model, systemPrompt: 'S', history, prompt: 'now' }));
  assert.deepEqual(
    model.requests[0].map((m) => `${m.role}:${m.parts[0].kind === 'text' ? m.parts[0].value : ''}`),
    ['system:S', 'user:earlier', 'assistant:answer', 'user:now'],
  );
});

test('isToolCallRoundList rejects malformed metadata', () => {
  assert.equal(isToolCallRoundList(undefined), false);
  assert.equal(isToolCallRoundList([{ text: 'x', toolCalls: [], results: [{ callId: 1 }] }]), false);
  assert.equal(
    isToolCallRoundList([{ text: 'x', toolCalls: [{ callId: 'a', name: 'n', input: 'str' }], results: [] }]),
    false,
  );
  assert.equal(isToolCallRoundList([]), true);
});
