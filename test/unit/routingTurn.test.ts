// A routing eval turn with a model (core/chat/routingTurn.ts): exactly the @skills prompt
// and tools, and the first skill call as the pick, whichever form it takes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ChatModel } from '../../src/core/chat/agentLoop';
import type { CancellationToken, ChatMessage, ResponsePart } from '../../src/core/chat/conversation';
import { buildSystemPrompt } from '../../src/core/chat/prompt';
import { pickOfCall, runRoutingTurn } from '../../src/core/chat/routingTurn';
import { modelCaseRouter } from '../../src/core/chat/modelCaseRouter';
import { buildListing } from '../../src/core/catalog/listing';
import type { ToolDefinition } from '../../src/core/loading/toolDefinitions';
import { runEval } from '../../src/core/routing/evalRun';
import { summarize } from '../../src/core/routing/metrics';

const NEVER: CancellationToken = { isCancellationRequested: false, onCancellationRequested: () => ({ dispose() {} }) };
const SKILLS = [
  { name: 'db-migrate', description: 'Writes database migrations.' },
  { name: 'sql-review', description: 'Reviews SQL queries.' },
];
const LISTING = buildListing(SKILLS);
const DESCRIPTIONS = new Map(SKILLS.map((s) => [s.name, s.description]));

/** A model that answers each request from a script and records what it was sent. */
function scripted(
  answers: ResponsePart[][],
): ChatModel & { seen: { messages: readonly ChatMessage[]; tools: readonly ToolDefinition[] }[] } {
  const seen: { messages: readonly ChatMessage[]; tools: readonly ToolDefinition[] }[] = [];
  return {
    name: 'scripted',
    seen,
    async *sendRequest(messages, tools) {
      seen.push({ messages, tools });
      for (const part of answers[seen.length - 1] ?? [{ kind: 'text', value: 'done' }]) yield part;
    },
  };
}

const call = (name: string, input: object): ResponsePart => ({ kind: 'toolCall', callId: `id-${name}`, name, input });

test('the load tool picks, and the turn stops without loading anything', async () => {
  const model = scripted([[call('skillsmith_loadSkill', { name: 'sql-review' })]]);
  const invoked: string[] = [];
  const result = await runRoutingTurn({
    model,
    query: 'check my query',
    listing: LISTING,
    descriptions: DESCRIPTIONS,
    mode: 'tools',
    invokeTool: async (c) => (invoked.push(c.name), ''),
    token: NEVER,
  });
  assert.deepEqual(result, { pick: 'sql-review', requests: 1, status: 'picked' });
  assert.deepEqual(invoked, []);
  // exactly the @skills prompt and its three tools
  assert.equal(model.seen[0].messages[0].role, 'system');
  assert.deepEqual(model.seen[0].messages[0].parts, [
    { kind: 'text', value: buildSystemPrompt({ listing: LISTING.text, droppedCount: 0, mode: 'tools' }) },
  ]);
  assert.deepEqual(model.seen[0].messages[1].parts, [{ kind: 'text', value: 'check my query' }]);
  assert.deepEqual(
    model.seen[0].tools.map((t) => t.name),
    ['skillsmith_listSkills', 'skillsmith_loadSkill', 'skillsmith_readSkillFile'],
  );
});

test('per-skill mode: the skill__<name> tool picks', async () => {
  const model = scripted([[call('skill__db-migrate', { query: 'add a column' })]]);
  const result = await runRoutingTurn({
    model,
    query: 'add a column',
    listing: LISTING,
    descriptions: DESCRIPTIONS,
    mode: 'perSkill',
    invokeTool: async () => '',
    token: NEVER,
  });
  assert.equal(result.pick, 'db-migrate');
  assert.deepEqual(
    model.seen[0].tools.map((t) => t.name),
    ['skill__db-migrate', 'skill__sql-review', 'skillsmith_readSkillFile'],
  );
});

test('reading SKILL.md picks; reading another file runs for real and the turn goes on', async () => {
  assert.equal(
    pickOfCall(
      { callId: 'x', name: 'skillsmith_readSkillFile', input: { name: 'sql-review', path: './SKILL.md' } },
      'tools',
      ['sql-review'],
    ),
    'sql-review',
  );
  assert.equal(
    pickOfCall(
      { callId: 'x', name: 'skillsmith_readSkillFile', input: { name: 'sql-review', path: 'references/a.md' } },
      'tools',
      ['sql-review'],
    ),
    undefined,
  );
  assert.equal(
    pickOfCall({ callId: 'x', name: 'skillsmith_loadSkill', input: { name: 'nope' } }, 'tools', ['sql-review']),
    undefined,
  );
  const model = scripted([
    [call('skillsmith_readSkillFile', { name: 'sql-review', path: 'references/a.md' })],
    [call('skillsmith_loadSkill', { name: 'db-migrate' })],
  ]);
  const invoked: string[] = [];
  const result = await runRoutingTurn({
    model,
    query: 'q',
    listing: LISTING,
    descriptions: DESCRIPTIONS,
    mode: 'tools',
    invokeTool: async (c) => (invoked.push(c.name), 'file text'),
    token: NEVER,
  });
  assert.deepEqual(result, { pick: 'db-migrate', requests: 2, status: 'picked' });
  assert.deepEqual(invoked, ['skillsmith_readSkillFile']);
});

test('an answer without a skill call picks none; a failing model is an error with no pick', async () => {
  const none = await runRoutingTurn({
    model: scripted([[{ kind: 'text', value: 'Just an answer.' }]]),
    query: 'hi',
    listing: LISTING,
    descriptions: DESCRIPTIONS,
    mode: 'tools',
    invokeTool: async () => '',
    token: NEVER,
  });
  assert.deepEqual(none, { pick: null, requests: 1, status: 'none' });
  const failing: ChatModel = {
    name: 'broken',
    // eslint-disable-next-line require-yield
    async *sendRequest() {
      throw new Error('quota exceeded');
    },
  };
  const error = await runRoutingTurn({
    model: failing,
    query: 'hi',
    listing: LISTING,
    descriptions: DESCRIPTIONS,
    mode: 'tools',
    invokeTool: async () => '',
    token: NEVER,
  });
  assert.equal(error.status, 'error');
  assert.equal(error.pick, null);
  assert.match(error.error!.message, /quota exceeded/);
});

test('a model router runs each case N times, lists only the candidates, and feeds the metrics', async () => {
  let request = 0;
  const seenListings: string[] = [];
  const model: ChatModel = {
    name: 'alternating',
    async *sendRequest(messages) {
      seenListings.push((messages[0].parts[0] as { value: string }).value.split('Available skills:\n')[1] ?? '');
      // sql-review's cases: db-migrate, sql-review, sql-review (2 of 3 right)
      yield call('skillsmith_loadSkill', { name: request++ % 3 === 0 ? 'db-migrate' : 'sql-review' });
    },
  };
  const router = modelCaseRouter({ model, skills: SKILLS, budget: 12000, mode: 'tools', invokeTool: async () => '' });
  assert.equal(router.defaultRuns, 3);
  const zero = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
  const cases = [
    {
      query: 'review this SQL',
      expected: ['sql-review'],
      acceptable: [],
      candidates: ['sql-review', 'db-migrate'],
      range: zero,
      index: 0,
    },
  ];
  const outcomes = await runEval(cases, router, { runs: 3 });
  assert.deepEqual(outcomes[0].picks, ['db-migrate', 'sql-review', 'sql-review']);
  const summary = summarize(router.name, outcomes);
  assert.equal(summary.top1, 1);
  assert.deepEqual(summary.confusions, [{ expected: 'sql-review', picked: 'db-migrate', share: 0.3333 }]);
  assert.equal(seenListings[0], '- db-migrate: Writes database migrations.\n- sql-review: Reviews SQL queries.');
});

test("cancelling the caller's token reaches a model that subscribes with a this argument", async () => {
  const listeners: (() => void)[] = [];
  let cancelled = false;
  const outer: CancellationToken = {
    get isCancellationRequested() {
      return cancelled;
    },
    onCancellationRequested: (listener) => (listeners.push(listener), { dispose() {} }),
  };
  const fire = () => listeners.forEach((listener) => listener());
  // Like VS Code's CancellationTokenSource(parent): `parent.onCancellationRequested(this.cancel, this)`.
  const source = {
    stopped: false,
    cancel(this: { stopped: boolean }) {
      this.stopped = true;
    },
  };
  const model: ChatModel = {
    name: 'hanging',
    async *sendRequest(_messages, _tools, token) {
      // eslint-disable-next-line @typescript-eslint/unbound-method -- passed unbound with its `this`, as VS Code does
      (token.onCancellationRequested as (l: () => void, t: unknown) => unknown)(source.cancel, source);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      yield { kind: 'text', value: 'too late' };
    },
  };
  const pending = runRoutingTurn({
    model,
    query: 'q',
    listing: LISTING,
    descriptions: DESCRIPTIONS,
    mode: 'tools',
    invokeTool: async () => '',
    token: outer,
  });
  setTimeout(() => ((cancelled = true), fire()), 20);
  const result = await pending;
  assert.equal(result.status, 'cancelled');
  assert.equal(source.stopped, true);
});
