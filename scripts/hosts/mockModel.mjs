// A scripted loopback model for the MCP host checks (scripts/hosts/run-mcp-hosts.mjs): one HTTP
// server that speaks the three APIs the hosts call (Anthropic Messages for Claude Code, OpenAI
// Responses for Codex, OpenAI chat completions for Copilot CLI), streaming or not. It plays a plan:
// at the n-th tool result seen in a request it calls the plan's step n (a tool named by a pattern,
// with arguments), and answers "done" after the last. Every request is kept, normalised as
// { tools: [names], toolResults: [texts] }, so that a check reads what reached the model.
import http from 'node:http';

/** The tool names and the tool results a request carries, whatever its API. */
export function normalise(url, body) {
  const tools = [];
  const toolResults = [];
  const textOf = (c) =>
    typeof c === 'string'
      ? c
      : Array.isArray(c)
        ? c.map((x) => (typeof x === 'string' ? x : (x?.text ?? x?.content ?? JSON.stringify(x)))).join('')
        : c == null
          ? ''
          : JSON.stringify(c);
  for (const t of body?.tools ?? []) {
    const name = t?.name ?? t?.function?.name;
    if (name) tools.push(name);
    // Responses API namespaces (Codex groups an MCP server's tools as `mcp__<server>`).
    for (const inner of t?.tools ?? []) if (inner?.name) tools.push(`${t.name}/${inner.name}`);
  }
  if (Array.isArray(body?.messages)) {
    for (const m of body.messages) {
      if (m.role === 'tool') toolResults.push(textOf(m.content));
      if (Array.isArray(m.content))
        for (const c of m.content) if (c?.type === 'tool_result') toolResults.push(textOf(c.content));
    }
  }
  if (Array.isArray(body?.input)) {
    for (const item of body.input)
      if (item?.type === 'function_call_output' || item?.type === 'custom_tool_call_output')
        toolResults.push(textOf(item.output));
  }
  const api = url.includes('/messages')
    ? 'anthropic'
    : url.includes('/responses')
      ? 'responses'
      : url.includes('/chat/completions')
        ? 'chat'
        : 'other';
  return { api, tools, toolResults };
}

const sse = (res, events) => {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  for (const [event, data] of events) res.write(`${event ? `event: ${event}\n` : ''}data: ${JSON.stringify(data)}\n\n`);
};

function answerAnthropic(res, body, reply, n) {
  const usage = { input_tokens: 1, output_tokens: 1 };
  const block = reply.tool
    ? { type: 'tool_use', id: `toolu_${n}`, name: reply.tool, input: reply.args }
    : { type: 'text', text: reply.text };
  const message = {
    id: `msg_${n}`,
    type: 'message',
    role: 'assistant',
    model: body.model ?? 'mock',
    content: [block],
    stop_reason: reply.tool ? 'tool_use' : 'end_turn',
    stop_sequence: null,
    usage,
  };
  if (!body.stream) {
    res.writeHead(200, { 'content-type': 'application/json' });
    return res.end(JSON.stringify(message));
  }
  sse(res, [
    ['message_start', { type: 'message_start', message: { ...message, content: [], stop_reason: null } }],
    [
      'content_block_start',
      {
        type: 'content_block_start',
        index: 0,
        content_block: reply.tool ? { ...block, input: {} } : { type: 'text', text: '' },
      },
    ],
    [
      'content_block_delta',
      {
        type: 'content_block_delta',
        index: 0,
        delta: reply.tool
          ? { type: 'input_json_delta', partial_json: JSON.stringify(reply.args) }
          : { type: 'text_delta', text: reply.text },
      },
    ],
    ['content_block_stop', { type: 'content_block_stop', index: 0 }],
    [
      'message_delta',
      { type: 'message_delta', delta: { stop_reason: message.stop_reason, stop_sequence: null }, usage },
    ],
    ['message_stop', { type: 'message_stop' }],
  ]);
  res.end();
}

function answerResponses(res, body, reply, n) {
  const slash = reply.tool?.indexOf('/') ?? -1;
  const named =
    slash > 0 ? { namespace: reply.tool.slice(0, slash), name: reply.tool.slice(slash + 1) } : { name: reply.tool };
  const item = reply.tool
    ? { type: 'function_call', id: `fc_${n}`, call_id: `call_${n}`, ...named, arguments: JSON.stringify(reply.args) }
    : {
        type: 'message',
        id: `msg_${n}`,
        role: 'assistant',
        status: 'completed',
        content: [{ type: 'output_text', text: reply.text, annotations: [] }],
      };
  const usage = {
    input_tokens: 1,
    input_tokens_details: { cached_tokens: 0 },
    output_tokens: 1,
    output_tokens_details: { reasoning_tokens: 0 },
    total_tokens: 2,
  };
  const response = {
    id: `resp_${n}`,
    object: 'response',
    status: 'completed',
    model: body.model,
    output: [item],
    usage,
  };
  if (body.stream === false) {
    res.writeHead(200, { 'content-type': 'application/json' });
    return res.end(JSON.stringify(response));
  }
  sse(res, [
    ['response.created', { type: 'response.created', response: { ...response, status: 'in_progress', output: [] } }],
    ['response.output_item.added', { type: 'response.output_item.added', output_index: 0, item }],
    ['response.output_item.done', { type: 'response.output_item.done', output_index: 0, item }],
    ['response.completed', { type: 'response.completed', response }],
  ]);
  res.end();
}

function answerChat(res, body, reply, n) {
  const base = { id: `c${n}`, object: 'chat.completion.chunk', created: 0, model: body.model ?? 'mock-model' };
  const delta = reply.tool
    ? {
        role: 'assistant',
        tool_calls: [
          {
            index: 0,
            id: `call_${n}`,
            type: 'function',
            function: { name: reply.tool, arguments: JSON.stringify(reply.args) },
          },
        ],
      }
    : { role: 'assistant', content: reply.text };
  const finish = reply.tool ? 'tool_calls' : 'stop';
  if (!body.stream) {
    res.writeHead(200, { 'content-type': 'application/json' });
    const message = reply.tool
      ? { role: 'assistant', content: null, tool_calls: delta.tool_calls.map(({ index: _i, ...c }) => c) }
      : { role: 'assistant', content: reply.text };
    return res.end(
      JSON.stringify({
        ...base,
        object: 'chat.completion',
        choices: [{ index: 0, message, finish_reason: finish }],
        usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
      }),
    );
  }
  sse(res, [
    [null, { ...base, choices: [{ index: 0, delta, finish_reason: null }] }],
    [
      null,
      {
        ...base,
        choices: [{ index: 0, delta: {}, finish_reason: finish }],
        usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
      },
    ],
  ]);
  res.end('data: [DONE]\n\n');
}

/** An API error in the shape of the request's API (a status of 400 is not retried by the hosts). */
function answerError(res, api, status, message) {
  const body =
    api === 'anthropic'
      ? { type: 'error', error: { type: status === 429 ? 'rate_limit_error' : 'invalid_request_error', message } }
      : { error: { type: status === 429 ? 'rate_limit_exceeded' : 'invalid_request_error', message, code: null } };
  res.writeHead(status, { 'content-type': 'application/json', ...(status === 429 ? { 'retry-after': '1' } : {}) });
  res.end(JSON.stringify(body));
}

/**
 * Starts the mock. `plan` is a list of steps { tool: RegExp, args, before?: async () => void }:
 * `before` runs when the step is about to be called (a skill written mid-session). It can also
 * be a function: given each request with tools ({ api, tools, toolResults, body, text }, text
 * being the whole body as JSON), it returns the reply: { text }, { tool, args } or { status,
 * message } (an API error).
 * Returns { url, requests, missing, close }.
 */
export async function startMockModel(plan) {
  const requests = [];
  const missing = [];
  let n = 0;
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (d) => (raw += d));
    req.on('end', async () => {
      let body = null;
      try {
        body = JSON.parse(raw);
      } catch {
        /* not JSON */
      }
      if (req.method === 'GET') {
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end(
          JSON.stringify({
            object: 'list',
            data: [{ id: 'mock-model', object: 'model', type: 'model', display_name: 'mock' }],
          }),
        );
      }
      const seen = normalise(req.url ?? '', body ?? {});
      if (seen.api === 'other' || !body) {
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end('{}');
      }
      if (req.url.includes('count_tokens')) {
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ input_tokens: 1 }));
      }
      n++;
      // Requests without tools are the host's side calls (titles, summaries): answered, not counted.
      let reply = { text: 'done' };
      if (seen.tools.length > 0) {
        requests.push({ ...seen, body });
        const step = typeof plan === 'function' ? undefined : plan[seen.toolResults.length];
        if (typeof plan === 'function') {
          reply = await plan({ ...seen, body, text: raw });
          if (reply.status) return answerError(res, seen.api, reply.status, reply.message ?? 'MOCK error');
        } else if (step) {
          await step.before?.();
          const name = seen.tools.find((t) => step.tool.test(t));
          if (name) reply = { tool: name, args: step.args ?? {} };
          else missing.push({ step: seen.toolResults.length, pattern: String(step.tool), tools: seen.tools });
        }
      }
      if (seen.api === 'anthropic') answerAnthropic(res, body, reply, n);
      else if (seen.api === 'responses') answerResponses(res, body, reply, n);
      else answerChat(res, body, reply, n);
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    requests,
    missing,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
