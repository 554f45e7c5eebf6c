// Rate limits and concurrency in routing runs (core/chat/rateLimits.ts, core/routing/evalRun.ts):
// editor models' rate-limit errors are read and retried after the wait they ask for, one gate
// holds every request of a run, quotas are not retried, and cases run in parallel up to the
// limit with their outcomes in the cases' order.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createCancellationSource, NEVER_CANCELLED } from '../../src/core/base/cancellation';
import type { ChatModel } from '../../src/core/chat/agentLoop';
import { rateLimitOf, RequestGate, retryingModel, withRequestOptions } from '../../src/core/chat/rateLimits';
import type { RoutingCase } from '../../src/core/routing/evalCases';
import { runEval, type CaseRouter } from '../../src/core/routing/evalRun';

const ZERO = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
const c = (query: string, index: number): RoutingCase => ({
  query,
  expected: ['a'],
  acceptable: [],
  range: ZERO,
  index,
});

test('rate-limit messages of editor models are read, with the wait they ask for', () => {
  assert.deepEqual(
    rateLimitOf(
      new Error("Sorry, you have exhausted this model's rate limit. Please wait 78 seconds before trying again"),
    ),
    { retryAfterMs: 78_000 },
  );
  assert.deepEqual(rateLimitOf(new Error('rate limited (429): try again in 20 s')), { retryAfterMs: 20_000 });
  assert.deepEqual(rateLimitOf(new Error('Please wait 1 minutes before trying again, rate limit')), {
    retryAfterMs: 60_000,
  });
  assert.deepEqual(rateLimitOf({ message: 'Reason: Rate limit exceeded', code: 'ChatRateLimited' }), {});
  assert.deepEqual(rateLimitOf(new Error('429 Too Many Requests. Please retry in 15.5s.')), { retryAfterMs: 15_500 });
  // not rate limits: a quota, a refusal
  assert.equal(
    rateLimitOf(Object.assign(new Error('The request was blocked (quota or policy).'), { code: 'Blocked' })),
    undefined,
  );
  assert.equal(rateLimitOf(new Error('Permission to use the model was not granted.')), undefined);
});

test('the gate holds every request until the latest opening', async () => {
  let now = 1000;
  const gate = new RequestGate(() => now);
  gate.holdFor(50);
  gate.holdFor(10); // an earlier opening does not shorten the hold
  let passed = false;
  const waiting = gate.ready().then(() => (passed = true));
  await new Promise((resolve) => setTimeout(resolve, 20));
  assert.equal(passed, false);
  now = 1050;
  await waiting;
  assert.equal(passed, true);
  assert.equal(gate.waits, 2);
  // cancelled while held: rejects
  gate.holdFor(10_000);
  const source = createCancellationSource();
  const cancelled = gate.ready(source.token);
  source.cancel();
  await assert.rejects(cancelled, /cancelled/);
});

test('a rate-limited request is asked again after the wait; a quota fails at once; options reach the model', async () => {
  const calls: { temperature?: number }[] = [];
  let failures = 2;
  const flaky: ChatModel = {
    name: 'flaky',
    async *sendRequest(_messages, _tools, _token, options) {
      calls.push({ ...options });
      if (failures-- > 0) throw new Error('rate limit: try again in 5 ms');
      yield { kind: 'text', value: 'ok' };
    },
  };
  const gate = new RequestGate();
  const model = retryingModel(withRequestOptions(flaky, { temperature: 0.7 }), gate, { firstDelayMs: 1 });
  const parts = [];
  for await (const part of model.sendRequest([], [], NEVER_CANCELLED)) parts.push(part);
  assert.deepEqual(parts, [{ kind: 'text', value: 'ok' }]);
  assert.equal(calls.length, 3);
  assert.deepEqual(calls[0], { temperature: 0.7 });
  assert.equal(gate.waits, 2);

  let quotaCalls = 0;
  const quota: ChatModel = {
    // eslint-disable-next-line require-yield -- a model that fails before its first chunk
    async *sendRequest() {
      quotaCalls++;
      throw Object.assign(new Error('You have used your monthly quota.'), { code: 'Blocked' });
    },
  };
  await assert.rejects(async () => {
    for await (const _ of retryingModel(quota, new RequestGate(), { firstDelayMs: 1 }).sendRequest(
      [],
      [],
      NEVER_CANCELLED,
    ))
      void _;
  }, /monthly quota/);
  assert.equal(quotaCalls, 1);

  // a rate limit that never lifts fails after the retries
  let limited = 0;
  const always: ChatModel = {
    // eslint-disable-next-line require-yield -- a model that fails before its first chunk
    async *sendRequest() {
      limited++;
      throw new Error('429 rate limited');
    },
  };
  await assert.rejects(async () => {
    for await (const _ of retryingModel(always, new RequestGate(), { firstDelayMs: 1, retries: 2 }).sendRequest(
      [],
      [],
      NEVER_CANCELLED,
    ))
      void _;
  }, /429/);
  assert.equal(limited, 3);
});

test("cases run in parallel up to the limit, and come back in the cases' order", async () => {
  let inFlight = 0;
  let most = 0;
  const router: CaseRouter = {
    name: 'slow',
    defaultRuns: 1,
    route: async (kase) => {
      inFlight++;
      most = Math.max(most, inFlight);
      // later cases finish first
      await new Promise((resolve) => setTimeout(resolve, 30 - kase.index * 3));
      inFlight--;
      return { pick: 'a' };
    },
  };
  const cases = Array.from({ length: 8 }, (_, i) => c(`q${i}`, i));
  const finished: number[] = [];
  const outcomes = await runEval(cases, router, { runs: 2, concurrency: 3, onCase: (i) => finished.push(i) });
  assert.equal(most, 3);
  assert.deepEqual(
    outcomes.map((o) => o.case.query),
    cases.map((k) => k.query),
  );
  assert.ok(outcomes.every((o) => o.picks.length === 2));
  assert.notDeepEqual(finished, [0, 1, 2, 3, 4, 5, 6, 7]);

  // cancelled: no new case starts, and a case cut short is left out
  const source = createCancellationSource();
  let started = 0;
  const cancelling: CaseRouter = {
    name: 'c',
    defaultRuns: 1,
    route: async () => {
      if (++started === 3) source.cancel();
      return { pick: 'a' };
    },
  };
  const partial = await runEval(cases, cancelling, { runs: 1, concurrency: 2, token: source.token });
  assert.ok(partial.length < cases.length);
  assert.ok(started <= 4);
});
