// What an agent CLI's own machine-readable output says about one headless run (docs/impact.md,
// "Hosts"): the final answer, whether the host found the skill, whether the model opened it, what
// the run used, and whether it failed. Observed with the pinned hosts (scripts/hosts/provision.mjs):
//   Claude Code `-p --output-format stream-json --verbose`: a system/init event names the skills
//     it loaded (`skills`), a `Skill` tool_use opens one, the result event has the answer, usage,
//     cost, `is_error` with `api_error_status`, and `permission_denials`;
//   Codex `exec --json`: `item.completed` items (agent_message, command_execution), `turn.completed`
//     usage, `turn.failed` and `error` events; its listing comes from `codex debug prompt-input`;
//   Copilot CLI `-p --output-format json`: `session.skills_loaded` names the skills it loaded,
//     `assistant.message` the answer and tool requests, `session.error` a failure, `result` the exit.
import { rawSegments } from '../base/paths';
import type { TrialError, TrialUsage } from './impactTrial';

export type AgentHost = 'claude-code' | 'codex' | 'copilot-cli';
export const AGENT_HOSTS: readonly AgentHost[] = ['claude-code', 'codex', 'copilot-cli'];
/** The program each host's npm package installs. */
export const AGENT_PROGRAMS: Readonly<Record<AgentHost, string>> = {
  'claude-code': 'claude',
  codex: 'codex',
  'copilot-cli': 'copilot',
};

export interface HostRun {
  readonly answer: string;
  /** The skill names the host loaded in this run; undefined when its output does not say (Codex). */
  readonly skillsFound: readonly string[] | undefined;
  /** The model opened the skill `skill` (a Skill tool call, or a read of its SKILL.md); undefined when it cannot be told. */
  readonly loaded: boolean | undefined;
  readonly usage: TrialUsage;
  readonly error?: TrialError;
}

/** Parses a run's stdout (JSON lines) for `skill`; `exitCode` is the process's. */
export function parseHostRun(host: AgentHost, stdout: string, exitCode: number | null, skill: string): HostRun {
  const events = jsonLines(stdout);
  const run =
    host === 'claude-code'
      ? claudeRun(events, skill)
      : host === 'codex'
        ? codexRun(events, skill)
        : copilotRun(events, skill);
  if (!run.error && exitCode !== 0)
    return { ...run, error: { kind: 'crash', message: `the host exited with ${exitCode ?? 'a signal'}` } };
  return run;
}

function claudeRun(events: readonly Json[], skill: string): HostRun {
  let skillsFound: string[] | undefined;
  let loaded = false;
  let result: Json | undefined;
  for (const e of events) {
    if (e.type === 'system' && e.subtype === 'init' && Array.isArray(e.skills))
      skillsFound = e.skills.filter((s): s is string => typeof s === 'string');
    if (e.type === 'assistant')
      for (const c of list(field(e.message, 'content')))
        if (c.type === 'tool_use' && opensSkill(c.name, object(c.input), skill)) loaded = true;
    if (e.type === 'result') result = e;
  }
  if (!result) return { answer: '', skillsFound, loaded, usage: {}, error: noResult('Claude Code') };
  const u = object(result.usage) ?? {};
  const usage: TrialUsage = {
    inputTokens: sum(u.input_tokens, u.cache_creation_input_tokens, u.cache_read_input_tokens),
    outputTokens: num(u.output_tokens),
    costUsd: num(result.total_cost_usd),
  };
  const answer = typeof result.result === 'string' ? result.result : '';
  if (result.is_error === true || result.subtype !== 'success') {
    const message =
      answer || `${text(result.subtype) ?? 'error'} (${text(result.terminal_reason) ?? 'no reason given'})`;
    return { answer, skillsFound, loaded, usage, error: apiError(num(result.api_error_status), message) };
  }
  const denials = list(result.permission_denials);
  if (denials.length > 0) {
    const tools = [...new Set(denials.map((d) => text(d.tool_name) ?? 'a tool'))].join(', ');
    return {
      answer,
      skillsFound,
      loaded,
      usage,
      error: { kind: 'permission', message: `Claude Code refused ${tools} under -p (no one to ask)` },
    };
  }
  return { answer, skillsFound, loaded, usage };
}

function codexRun(events: readonly Json[], skill: string): HostRun {
  let answer = '';
  let loaded = false;
  let usage: TrialUsage = {};
  let error: TrialError | undefined;
  for (const e of events) {
    const item = object(e.item);
    if (e.type === 'item.completed' && item?.type === 'agent_message' && typeof item.text === 'string')
      answer = item.text;
    if (item?.type === 'command_execution' && typeof item.command === 'string' && readsSkillFile(item.command, skill))
      loaded = true;
    const u = object(e.usage);
    if (e.type === 'turn.completed' && u)
      usage = { inputTokens: num(u.input_tokens), outputTokens: sum(u.output_tokens, u.reasoning_output_tokens) };
    if (e.type === 'turn.failed' || e.type === 'error') {
      const message = text(field(e.error, 'message')) ?? text(e.message) ?? 'the turn failed';
      error ??= apiError(/rate.?limit|429/i.test(message) ? 429 : undefined, message);
    }
  }
  return { answer, skillsFound: undefined, loaded, usage, ...(error ? { error } : {}) };
}

function copilotRun(events: readonly Json[], skill: string): HostRun {
  let skillsFound: string[] | undefined;
  let answer = '';
  let loaded = false;
  let error: TrialError | undefined;
  let exit: number | undefined;
  for (const e of events) {
    const data = object(e.data) ?? {};
    if (e.type === 'session.skills_loaded' && Array.isArray(data.skills))
      skillsFound = list(data.skills)
        .filter((s) => s.enabled !== false)
        .flatMap((s) => (typeof s.name === 'string' ? [s.name] : []));
    if (e.type === 'assistant.message') {
      if (typeof data.content === 'string' && data.content !== '') answer = data.content;
      for (const t of list(data.toolRequests))
        if (opensSkill(t.name, parseArguments(t.arguments), skill)) loaded = true;
    }
    if (e.type === 'session.error')
      error ??= apiError(num(data.statusCode), text(data.message) ?? text(data.errorType) ?? 'session error');
    if (e.type === 'result') exit = num(e.exitCode);
  }
  if (!error && exit === undefined) error = noResult('Copilot CLI');
  return { answer, skillsFound, loaded, usage: {}, ...(error ? { error } : {}) };
}

/** The skill names in a `codex debug prompt-input` <skills_instructions> text ("- name: description (file: …)"). */
export function codexListedSkills(text: string): string[] {
  const names: string[] = [];
  let available = false;
  for (const line of text.split('\n')) {
    if (line.startsWith('### Available skills')) available = true;
    else if (line.startsWith('### ')) available = false;
    else if (available && line.startsWith('- ')) {
      const match = /^- (.*?): ?.*?\(file: .+\)$/s.exec(line);
      if (match) names.push(match[1].trim());
    }
  }
  return names;
}

/** The <skills_instructions> text in `codex debug prompt-input`'s JSON output; '' when it has none. */
export function codexPromptListing(stdout: string): string {
  let items: unknown;
  try {
    items = JSON.parse(stdout);
  } catch {
    return '';
  }
  for (const item of list(items))
    for (const c of list(item.content))
      if (typeof c.text === 'string' && c.text.includes('<skills_instructions>')) return c.text;
  return '';
}

/** A call of the host's skill tool for `skill`, or a read of its SKILL.md. */
function opensSkill(tool: unknown, input: Json | undefined, skill: string): boolean {
  if (typeof tool !== 'string') return false;
  if (/^skill$/i.test(tool)) return input?.skill === skill || input?.name === skill || input?.command === skill;
  const file = input?.file_path ?? input?.path ?? input?.command;
  return typeof file === 'string' && readsSkillFile(file, skill);
}

/** The text (a path, or a command line holding one) names `<skill>/SKILL.md`, with either separator. */
function readsSkillFile(text: string, skill: string): boolean {
  const segments = rawSegments(text);
  return segments.some(
    (segment, i) =>
      /^SKILL\.md\b/.test(segment) && i > 0 && (segments[i - 1] === skill || segments[i - 1].endsWith(` ${skill}`)),
  );
}

function apiError(status: number | undefined, message: string): TrialError {
  if (status === 429 || /rate.?limit/i.test(message)) return { kind: 'rate-limit', message: message.slice(0, 500) };
  return { kind: 'crash', message: message.slice(0, 500) };
}

function noResult(host: string): TrialError {
  return { kind: 'crash', message: `${host} ended without its result event` };
}

/** An event or a part of one: every field is read as unknown and checked where it is used. */
type Json = Readonly<Record<string, unknown>>;

function object(value: unknown): Json | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : undefined;
}

function field(value: unknown, name: string): unknown {
  return object(value)?.[name];
}

/** The objects of a list (anything else in it left out); none when it is not a list. */
function list(value: unknown): Json[] {
  if (!Array.isArray(value)) return [];
  const out: Json[] = [];
  for (const v of value as unknown[]) {
    const o = object(v);
    if (o) out.push(o);
  }
  return out;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function jsonLines(source: string): Json[] {
  const out: Json[] = [];
  for (const line of source.split('\n')) {
    const trimmed = line.trim();
    if (!trimmed.startsWith('{')) continue;
    try {
      const event = object(JSON.parse(trimmed));
      if (event) out.push(event);
    } catch {
      /* a line that is not an event */
    }
  }
  return out;
}

function parseArguments(value: unknown): Json | undefined {
  if (typeof value !== 'string') return object(value);
  try {
    return object(JSON.parse(value));
  } catch {
    return undefined;
  }
}

function num(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

function sum(...values: unknown[]): number | undefined {
  const numbers = values.map(num).filter((v): v is number => v !== undefined);
  return numbers.length === 0 ? undefined : numbers.reduce((a, b) => a + b, 0);
}
