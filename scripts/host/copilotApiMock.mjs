// A scripted loopback stand-in for the GitHub and Copilot endpoints that VS Code's Copilot harness
// calls (its runtime, copilot-runtime, in the agent host): the user and token look-ups, the model
// list, and the Responses API that carries a model turn. Started by runSuite for a suite with
// `copilotMock: true`; the agent host is pointed at it through its environment (`serverEnv`).
//
// The host tests script it from the extension host over the same port (`/__mock/...`): a queue of
// replies, used one per main-agent request (a request that offers tools), and read back every
// request it was sent, normalised. It fails loudly rather than hang: a request to a path it does not
// know, a main-agent request with no reply scripted, or a scripted tool call that names a tool the
// request did not offer is answered at once (404, or a text that says so) and recorded as an error,
// which the tests' waits check on every poll.
import http from 'node:http';
import { parseCopilotBlock } from '../hosts/copilot.mjs';

const MODEL_ID = 'mock-harness-model';

/** The one model the mock offers, in the shape of Copilot's /models list. */
function modelEntry() {
  return {
    id: MODEL_ID,
    name: 'Mock Harness Model',
    object: 'model',
    version: MODEL_ID,
    vendor: 'OpenAI',
    model_picker_enabled: true,
    model_picker_category: 'versatile',
    is_chat_default: true,
    is_chat_fallback: true,
    preview: false,
    policy: { state: 'enabled', terms: '' },
    billing: { is_premium: false, multiplier: 0 },
    capabilities: {
      type: 'chat',
      family: 'gpt-5-mini',
      tokenizer: 'o200k_base',
      object: 'model_capabilities',
      limits: { max_prompt_tokens: 200_000, max_output_tokens: 32_000, max_context_window_tokens: 232_000 },
      supports: { streaming: true, tool_calls: true, parallel_tool_calls: true, vision: false },
    },
    supported_endpoints: ['/responses'],
  };
}

const textOf = (content) =>
  typeof content === 'string'
    ? content
    : Array.isArray(content)
      ? content.map((c) => (typeof c === 'string' ? c : (c?.text ?? ''))).join('')
      : content == null
        ? ''
        : JSON.stringify(content);

/**
 * The `<available_skills>` block the request carries, wherever it is (the instructions, a message,
 * a tool's description), with where it was found and its entries: { where, block, full (name ->
 * description as shown), nameOnly, unnamed } or null.
 */
function findListing(body) {
  const visit = (value, where) => {
    if (typeof value === 'string') {
      // The block, not the instructions' mention of it: the last opening tag before the closing one.
      const j = value.indexOf('</available_skills>');
      const i = j < 0 ? -1 : value.lastIndexOf('<available_skills>', j);
      if (i < 0 || j < i) return null;
      const block = value.slice(i, j + '</available_skills>'.length);
      // Parsed as the Copilot CLI oracle parses its own: the same runtime writes both.
      const { full, nameOnly, unnamed } = parseCopilotBlock(block);
      return { where, block, full: Object.fromEntries(full), nameOnly: [...nameOnly], unnamed };
    }
    if (value && typeof value === 'object')
      for (const [key, child] of Object.entries(value)) {
        const found = visit(child, `${where}.${key}`);
        if (found) return found;
      }
    return null;
  };
  return visit(body, 'body');
}

/** What a Responses API request carries, in the terms the tests ask about. */
export function normaliseResponsesRequest(body) {
  const tools = [];
  for (const t of body?.tools ?? []) {
    if (t?.name) tools.push(t.name);
    else if (t?.function?.name) tools.push(t.function.name);
    else if (t?.type) tools.push(`<${t.type}>`);
  }
  const system = [typeof body?.instructions === 'string' ? body.instructions : ''];
  const user = [];
  const toolCalls = [];
  const toolResults = [];
  for (const item of Array.isArray(body?.input) ? body.input : []) {
    if (item?.type === 'function_call') toolCalls.push({ callId: item.call_id, name: item.name, args: item.arguments });
    else if (item?.type === 'function_call_output')
      toolResults.push({ callId: item.call_id, text: textOf(item.output) });
    else if (item?.role === 'system' || item?.role === 'developer') system.push(textOf(item.content));
    else if (item?.role === 'user') user.push(textOf(item.content));
  }
  return {
    model: body?.model,
    tools,
    system: system.join('\n'),
    user,
    toolCalls,
    toolResults,
    listing: findListing(body),
    stream: body?.stream,
  };
}

function sseEvents(res, events) {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
  let sequence = 0;
  for (const event of events)
    res.write(`event: ${event.type}\ndata: ${JSON.stringify({ ...event, sequence_number: sequence++ })}\n\n`);
  res.end();
}

const USAGE = {
  input_tokens: 1,
  input_tokens_details: { cached_tokens: 0 },
  output_tokens: 1,
  output_tokens_details: { reasoning_tokens: 0 },
  total_tokens: 2,
};

/** Streams one Responses API answer: text, or function calls. */
function streamResponse(res, n, answer) {
  const id = `resp_${n}`;
  const skeleton = { id, object: 'response', created_at: 0, model: MODEL_ID, status: 'in_progress', output: [] };
  const events = [
    { type: 'response.created', response: skeleton },
    { type: 'response.in_progress', response: skeleton },
  ];
  const output = [];
  if (answer.calls) {
    answer.calls.forEach((call, i) => {
      const item = { id: `fc_${n}_${i}`, type: 'function_call', call_id: `call_${n}_${i}`, name: call.name };
      const args = JSON.stringify(call.args ?? {});
      events.push({
        type: 'response.output_item.added',
        output_index: i,
        item: { ...item, arguments: '', status: 'in_progress' },
      });
      events.push({ type: 'response.function_call_arguments.delta', output_index: i, item_id: item.id, delta: args });
      events.push({
        type: 'response.function_call_arguments.done',
        output_index: i,
        item_id: item.id,
        arguments: args,
      });
      const done = { ...item, arguments: args, status: 'completed' };
      events.push({ type: 'response.output_item.done', output_index: i, item: done });
      output.push(done);
    });
  } else {
    const item = { id: `msg_${n}`, type: 'message', role: 'assistant' };
    const part = { type: 'output_text', text: answer.text, annotations: [] };
    events.push({
      type: 'response.output_item.added',
      output_index: 0,
      item: { ...item, status: 'in_progress', content: [] },
    });
    events.push({
      type: 'response.content_part.added',
      output_index: 0,
      item_id: item.id,
      content_index: 0,
      part: { ...part, text: '' },
    });
    events.push({
      type: 'response.output_text.delta',
      output_index: 0,
      item_id: item.id,
      content_index: 0,
      delta: answer.text,
    });
    events.push({
      type: 'response.output_text.done',
      output_index: 0,
      item_id: item.id,
      content_index: 0,
      text: answer.text,
    });
    events.push({ type: 'response.content_part.done', output_index: 0, item_id: item.id, content_index: 0, part });
    const done = { ...item, status: 'completed', content: [part] };
    events.push({ type: 'response.output_item.done', output_index: 0, item: done });
    output.push(done);
  }
  events.push({ type: 'response.completed', response: { ...skeleton, status: 'completed', output, usage: USAGE } });
  sseEvents(res, events);
}

/** Finds the offered tool a scripted call names: exactly, or by a `/regex/` pattern. */
function resolveTool(pattern, offered) {
  if (pattern.startsWith('/') && pattern.lastIndexOf('/') > 0) {
    const regex = new RegExp(pattern.slice(1, pattern.lastIndexOf('/')), pattern.slice(pattern.lastIndexOf('/') + 1));
    return offered.find((name) => regex.test(name));
  }
  return offered.includes(pattern) ? pattern : undefined;
}

/**
 * The answer to a main-agent request from the scripted reply `reply`:
 *   { text }                         a text answer
 *   { call: {name, args} } | { calls: [...] }   function calls (name exact, or '/regex/')
 *   { quoteToolResults: true, prefix }   a text quoting the results of the request's last tool calls
 * Returns { answer } or { error }.
 */
function answerFor(reply, seen) {
  if (typeof reply.text === 'string') return { answer: { text: reply.text } };
  if (reply.quoteToolResults) {
    const results = seen.toolResults.map((r) => r.text);
    if (results.length === 0) return { error: 'quoteToolResults: the request carries no tool result' };
    return { answer: { text: `${reply.prefix ?? 'Tool results:'}\n${results.at(-1)}` } };
  }
  const calls = reply.calls ?? (reply.call ? [reply.call] : undefined);
  if (!Array.isArray(calls) || calls.length === 0)
    return { error: `malformed scripted reply ${JSON.stringify(reply)}` };
  const resolved = [];
  for (const call of calls) {
    if (!call || typeof call.name !== 'string')
      return { error: `malformed scripted tool call ${JSON.stringify(call)}` };
    const name = resolveTool(call.name, seen.tools);
    if (!name)
      return {
        error: `scripted tool ${call.name} is not among the ${seen.tools.length} tools offered: ${seen.tools.join(', ')}`,
      };
    resolved.push({ name, args: call.args ?? {} });
  }
  return { answer: { calls: resolved } };
}

const readBody = (req, limit = 64 << 20) =>
  new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    req.on('data', (chunk) => {
      size += chunk.length;
      if (size > limit) reject(new Error(`request body over ${limit} bytes`));
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });

/** Starts the mock on a free loopback port. Returns { url, serverEnv(copilotHome), state, close }. */
export async function startCopilotApiMock({ log = () => {} } = {}) {
  const state = { requests: [], errors: [], declined: [], queue: [], seq: 0, paths: [] };
  let url = '';
  const json = (res, status, data) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(data));
  };
  const fail = (res, status, message) => {
    state.errors.push(message);
    log(`[copilot-mock] error: ${message}`);
    json(res, status, { message });
  };

  const server = http.createServer(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://mock').pathname;
    let raw = '';
    try {
      raw = await readBody(req);
    } catch (error) {
      return fail(res, 413, `${req.method} ${path}: ${error.message}`);
    }
    state.paths.push(`${req.method} ${path}`);
    // The tests' controls.
    if (path === '/__mock/script' && req.method === 'POST') {
      const script = JSON.parse(raw || '{}');
      if (!Array.isArray(script.replies)) return fail(res, 400, 'POST /__mock/script takes {replies: [...]}');
      state.queue = [...script.replies];
      return json(res, 200, { seq: state.seq });
    }
    if (path === '/__mock/state' && req.method === 'GET')
      return json(res, 200, {
        requests: state.requests,
        errors: state.errors,
        declined: state.declined,
        pending: state.queue.length,
        paths: state.paths,
      });

    // What the runtime asks before any session: who the user is, and a Copilot token.
    if (path === '/copilot_internal/user' && req.method === 'GET')
      return json(res, 200, {
        login: 'skillsmith-test',
        copilot_plan: 'individual',
        access_type_sku: 'free_limited_copilot',
        chat_enabled: true,
        is_mcp_enabled: true,
        endpoints: { api: url, proxy: url, telemetry: url, 'origin-tracker': url },
      });
    if (path === '/copilot_internal/v2/token' && req.method === 'GET')
      return json(res, 200, {
        token: 'mock-copilot-token',
        expires_at: Math.floor(Date.now() / 1000) + 3600,
        refresh_in: 1800,
        sku: 'free_limited_copilot',
        individual: true,
        chat_enabled: true,
        endpoints: { api: url, proxy: url, telemetry: url },
      });
    if (path === '/models' && req.method === 'GET') return json(res, 200, { object: 'list', data: [modelEntry()] });
    if (path.startsWith('/models/') && req.method === 'GET') {
      if (path.endsWith('/policy')) return json(res, 200, { state: 'enabled', terms: '' });
      return json(res, 200, modelEntry());
    }
    if (path === '/responses' && req.method === 'POST') {
      let body;
      try {
        body = JSON.parse(raw);
      } catch {
        return fail(res, 400, 'POST /responses: the body is not JSON');
      }
      const seen = normaliseResponsesRequest(body);
      const n = ++state.seq;
      // A request that offers no tool is a side call of the runtime (a title): answered, kept apart.
      const main = seen.tools.length > 0;
      const record = { n, main, ...seen };
      state.requests.push(record);
      if (!main) return streamResponse(res, n, { text: 'Skillsmith harness test' });
      const reply = state.queue.shift();
      if (!reply) {
        state.errors.push(`request ${n}: no reply scripted (last user text: ${seen.user.at(-1)?.slice(0, 200) ?? ''})`);
        return streamResponse(res, n, { text: 'MOCK ERROR: no reply scripted' });
      }
      const { answer, error } = answerFor(reply, seen);
      record.reply = reply;
      if (error) {
        state.errors.push(`request ${n}: ${error}`);
        return streamResponse(res, n, { text: `MOCK ERROR: ${error}` });
      }
      log(`[copilot-mock] request ${n}: ${seen.tools.length} tools, answers ${JSON.stringify(answer).slice(0, 200)}`);
      return streamResponse(res, n, answer);
    }
    // Organisation policy: none.
    if (path === '/copilot_internal/managed_settings' && req.method === 'GET') return json(res, 200, {});
    // GitHub's remote MCP server, which the runtime asks for even with
    // chat.agentHost.githubMcpServer.enabled off: declined as an account without it would be.
    if (path.startsWith('/mcp/') && req.method === 'POST') {
      state.declined.push(`${req.method} ${path}`);
      return json(res, 404, { message: 'no GitHub MCP server in the mock' });
    }
    // The runtime's telemetry: accepted, not recorded as an error.
    if (path === '/telemetry' && req.method === 'POST') return json(res, 200, {});
    return fail(res, 404, `unexpected request ${req.method} ${path}`);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${server.address().port}`;
  return {
    url,
    state,
    /** The agent host's environment: every GitHub and Copilot endpoint on the mock, a private COPILOT_HOME. */
    serverEnv: (copilotHome) => ({
      COPILOT_DEBUG_GITHUB_API_URL: url,
      COPILOT_API_URL: url,
      VSCODE_AGENT_HOST_CAPI_URL_OVERRIDE: url,
      COPILOT_HOME: copilotHome,
    }),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}
