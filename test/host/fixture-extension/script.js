// Pure helpers of the fake model: flatten incoming messages to plain data (so tests
// can assert on them), and turn one scripted response entry into a plan.
'use strict';

const ROLES = { 1: 'user', 2: 'assistant', 3: 'system' };

function partText(part) {
  if (typeof part === 'string') return part;
  if (part && typeof part.value === 'string') return part.value;
  if (part && Array.isArray(part.content)) return part.content.map(partText).join('');
  if (part && part.mimeType && part.data) return `[data ${part.mimeType}]`;
  return JSON.stringify(part);
}

/** A message as plain data: role, text, tool calls and tool results. */
function flattenMessage(message) {
  const content = typeof message.content === 'string' ? [message.content] : Array.from(message.content ?? []);
  const flat = { role: ROLES[message.role] ?? String(message.role), text: '', toolCalls: [], toolResults: [] };
  const pieces = [];
  for (const part of content) {
    if (part && typeof part.callId === 'string' && typeof part.name === 'string') {
      flat.toolCalls.push({ callId: part.callId, name: part.name, input: part.input });
      pieces.push(`[tool call ${part.name} ${JSON.stringify(part.input)}]`);
    } else if (part && typeof part.callId === 'string' && Array.isArray(part.content)) {
      const text = part.content.map(partText).join('');
      flat.toolResults.push({ callId: part.callId, text });
      pieces.push(`[tool result ${part.callId}] ${text}`);
    } else {
      pieces.push(partText(part));
    }
  }
  flat.text = pieces.join('');
  return flat;
}

/** The request as the tests see it through skillsmithTest.getRequests. */
function flattenRequest(model, messages, options) {
  const flatMessages = Array.from(messages).map(flattenMessage);
  return {
    model: model.id,
    messages: flatMessages,
    text: flatMessages.map((m) => `${m.role}: ${m.text}`).join('\n'),
    tools: (options?.tools ?? []).map((t) => ({
      name: t.name,
      description: t.description,
      inputSchema: t.inputSchema,
    })),
    toolMode: options?.toolMode,
    modelOptions: options?.modelOptions ? JSON.parse(JSON.stringify(options.modelOptions)) : undefined,
    cancelled: false,
  };
}

function lastUser(request) {
  return [...request.messages].reverse().find((m) => m.role === 'user');
}

/** The user's own words: the last user message that carries no tool results. */
function lastPrompt(request) {
  return [...request.messages].reverse().find((m) => m.role === 'user' && m.toolResults.length === 0)?.text ?? '';
}

/**
 * A routing answer: the first rule whose `when` is in the prompt (case-insensitive), and
 * whose `unless` (if any) is nowhere in the request (the listing included), picks its skill (`pick`: a name, null for none, or a list used in turn, one per matching
 * request); no rule: `otherwise` (default null). A pick is a load-skill call, or the
 * skill's own tool in per-skill mode; none is a plain answer. A request without tools (a
 * plain question to the model) gets `noTools` as text.
 */
function planRoute(entry, request) {
  const tools = request.tools.map((t) => t.name);
  if (tools.length === 0) return { kind: 'parts', parts: [{ text: entry.noTools ?? '' }], delayMs: 0 };
  const prompt = lastPrompt(request);
  const everything = request.text.toLowerCase();
  const rule = entry.route.find(
    (r) =>
      prompt.toLowerCase().includes(String(r.when).toLowerCase()) &&
      !(r.unless && everything.includes(String(r.unless).toLowerCase())),
  );
  // A rule may fail the request instead (a rate limit, say): `error` is the message thrown;
  // with `errorTimes`, only the first that many matching requests fail, and later ones pick.
  if (rule && typeof rule.error === 'string') {
    rule.failed = (rule.failed ?? 0) + 1;
    if (rule.errorTimes === undefined || rule.failed <= rule.errorTimes) return { kind: 'error', message: rule.error };
  }
  let pick = rule ? rule.pick : (entry.otherwise ?? null);
  if (Array.isArray(pick)) {
    rule.seen = (rule.seen ?? 0) + 1;
    pick = pick[(rule.seen - 1) % pick.length];
  }
  if (pick === null || pick === undefined)
    return { kind: 'parts', parts: [{ text: 'No skill is needed for this.' }], delayMs: 0 };
  const own = tools.find((name) => name === `skill__${pick}`);
  const toolCall = own
    ? { name: own, input: { query: prompt } }
    : { name: 'skillsmith_loadSkill', input: { name: pick } };
  return { kind: 'parts', parts: [{ toolCall }], delayMs: entry.delayMs ?? 0 };
}

/**
 * Turns a response entry into {kind: 'parts', parts, delayMs} | {kind: 'hang'} |
 * {kind: 'error', message}. Parts are {text} or {toolCall: {name, input, callId}}.
 */
function planResponse(entry, request) {
  if (Array.isArray(entry)) return { kind: 'parts', parts: entry, delayMs: 0 };
  if (!entry || typeof entry !== 'object')
    return { kind: 'error', message: `fake model: bad script entry ${JSON.stringify(entry)}` };
  if (Array.isArray(entry.parts)) return { kind: 'parts', parts: entry.parts, delayMs: entry.delayMs ?? 0 };
  if (entry.hang) return { kind: 'hang' };
  if (Array.isArray(entry.route)) return planRoute(entry, request);
  if (typeof entry.error === 'string') return { kind: 'error', message: entry.error };
  if (entry.echo) return { kind: 'parts', parts: [{ text: `echo: ${lastUser(request)?.text ?? ''}` }], delayMs: 0 };
  if (entry.quoteToolResult) {
    const results = request.messages.at(-1)?.toolResults ?? [];
    const quoted = results.length ? results.map((r) => r.text).join('\n') : '(no tool result)';
    return { kind: 'parts', parts: [{ text: `${entry.prefix ?? ''}${quoted}` }], delayMs: 0 };
  }
  return { kind: 'error', message: `fake model: unknown script entry ${JSON.stringify(entry)}` };
}

module.exports = { flattenRequest, planResponse };
