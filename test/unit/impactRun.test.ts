// An impact run (src/core/impact/impactRun.ts, impactTrial.ts, impactSummary.ts): the arms of a
// pair start together, errors are retried with backoff and never scored as fails, an arm that is
// not proven is never scored, a cancelled run leaves its unstarted trials unscored, and a scripted
// skill effect (p1 with the skill, p0 without, errors injected) is measured as that lift.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createCancellationSource } from '../../src/core/base/cancellation';
import { parseImpactEvals, type ImpactEval } from '../../src/core/impact/impactEvals';
import { runImpact, type TrialRunner } from '../../src/core/impact/impactRun';
import { compareImpact, impactGateFailures, summarizeImpact } from '../../src/core/impact/impactSummary';
import type { Arm, ArmEvidence, TrialReport } from '../../src/core/impact/impactTrial';
import { outcomeOf } from '../../src/core/impact/impactTrial';
import { seededRandom } from '../seededRandom';

const TIMEOUT = { timeout: 60_000 };

function evals(count: number): ImpactEval[] {
  const parsed = parseImpactEvals(
    JSON.stringify({
      evals: Array.from({ length: count }, (_, i) => ({
        id: i + 1,
        prompt: `task ${i + 1}`,
        checks: [{ output: 'OK' }],
      })),
    }),
  );
  assert.deepEqual(parsed.problems, []);
  return [...parsed.evals];
}

const proven = (arm: Arm): ArmEvidence => ({ listed: arm === 'with', loaded: arm === 'with', source: 'test' });

function ran(arm: Arm, passed: boolean, evidence: ArmEvidence = proven(arm)): TrialReport {
  return {
    kind: 'ran',
    answer: passed ? 'OK' : 'no',
    evidence,
    checks: [{ text: 'output matches OK', passed }],
    expectations: [],
    usage: { inputTokens: 10, outputTokens: 2 },
    ms: 5,
    transcript: '',
  };
}

const noWait = async () => undefined;

test('the two arms of a pair start one after the other, eval by eval, trial by trial', TIMEOUT, async () => {
  const order: string[] = [];
  const runner: TrialRunner = {
    run: async (e, arm, trial) => {
      order.push(`${e.id}.${trial}.${arm}`);
      return ran(arm, true);
    },
  };
  await runImpact(evals(2), runner, { trials: 2, concurrency: 1, sleep: noWait });
  assert.deepEqual(order, [
    '1.0.with',
    '1.0.without',
    '1.1.with',
    '1.1.without',
    '2.0.with',
    '2.0.without',
    '2.1.with',
    '2.1.without',
  ]);
});

test(
  'an error is retried after a doubling backoff (a retry-after when longer), then stands as an error',
  TIMEOUT,
  async () => {
    const waits: number[] = [];
    let calls = 0;
    const runner: TrialRunner = {
      run: async () => {
        calls++;
        return calls === 2
          ? { kind: 'error', error: { kind: 'rate-limit', message: '429', retryAfterMs: 9000 }, ms: 1 }
          : { kind: 'error', error: { kind: 'crash', message: 'boom' }, ms: 1 };
      },
    };
    const [record] = await runImpact(evals(1), runner, {
      trials: 1,
      concurrency: 1,
      maxAttempts: 4,
      backoffMs: 1000,
      sleep: async (ms) => void waits.push(ms),
    }).then((r) => r.filter((x) => x.arm === 'with'));
    assert.deepEqual(waits.slice(0, 3), [1000, 9000, 4000]);
    assert.equal(record.attempts, 4);
    assert.equal(record.outcome, 'error');
    assert.deepEqual(
      record.retried.map((e) => e.kind),
      ['crash', 'rate-limit', 'crash'],
    );
  },
);

test('a setup error is not retried: the same folder would fail the same way', TIMEOUT, async () => {
  let calls = 0;
  const runner: TrialRunner = {
    run: async () => {
      calls++;
      return { kind: 'error', error: { kind: 'setup', message: 'no input file' }, ms: 1 };
    },
  };
  const records = await runImpact(evals(1), runner, { trials: 1, concurrency: 1, sleep: noWait });
  assert.equal(calls, 2, 'one attempt per arm');
  assert.ok(records.every((r) => r.outcome === 'error' && r.attempts === 1));
});

test('an arm is scored only when proven: with needs the skill listed, without needs it absent', TIMEOUT, () => {
  assert.equal(outcomeOf('with', ran('with', true)), 'pass');
  assert.equal(outcomeOf('without', ran('without', false)), 'fail');
  assert.equal(outcomeOf('with', ran('with', true, { listed: false, loaded: false, source: 't' })), 'unproven');
  assert.equal(outcomeOf('without', ran('without', true, { listed: true, loaded: false, source: 't' })), 'unproven');
  assert.equal(outcomeOf('with', ran('with', true, { listed: undefined, loaded: undefined, source: 't' })), 'unproven');
  // Every check and expectation must pass.
  const mixed: TrialReport = {
    ...ran('with', true),
    expectations: [{ text: 'X', passed: false, evidence: 'not found' }],
  } as TrialReport;
  assert.equal(outcomeOf('with', mixed), 'fail');
});

test('a cancelled run stops starting trials; the ones never started are errors with no attempt', TIMEOUT, async () => {
  const source = createCancellationSource();
  let calls = 0;
  const runner: TrialRunner = {
    run: async (_e, arm) => {
      if (++calls === 3) source.cancel();
      return ran(arm, true);
    },
  };
  const records = await runImpact(evals(1), runner, { trials: 5, concurrency: 1, token: source.token, sleep: noWait });
  assert.equal(records.length, 10);
  assert.equal(records.filter((r) => r.attempts > 0).length, 3);
  const summary = summarizeImpact('s', 'test', 5, evals(1), records);
  assert.equal(summary.notRun, 7);
  assert.equal(summary.overall.impact.paired, 1, 'only the first pair ran in both arms');
});

test(
  'a scripted effect is measured: p1 0.8 with the skill, 0.3 without, 20 % of first attempts fail',
  TIMEOUT,
  async () => {
    const random = seededRandom(39);
    const trials = 40;
    const cases = evals(3);
    // Each eval's outcomes fixed up front: exactly p·n passes per arm, in a shuffled order.
    const planned = new Map<string, boolean>();
    for (const e of cases)
      for (const [arm, p] of [
        ['with', 0.8],
        ['without', 0.3],
      ] as const) {
        const outcomes = Array.from({ length: trials }, (_, i) => i < p * trials);
        for (let i = outcomes.length - 1; i > 0; i--) {
          const j = Math.floor(random() * (i + 1));
          [outcomes[i], outcomes[j]] = [outcomes[j], outcomes[i]];
        }
        outcomes.forEach((o, i) => planned.set(`${e.id}/${arm}/${i}`, o));
      }
    const failedOnce = new Set<string>();
    let injected = 0;
    const runner: TrialRunner = {
      run: async (e, arm, trial) => {
        const key = `${e.id}/${arm}/${trial}`;
        if (!failedOnce.has(key) && random() < 0.2) {
          failedOnce.add(key);
          injected++;
          return { kind: 'error', error: { kind: 'crash', message: 'injected' }, ms: 1 };
        }
        return ran(arm, planned.get(key)!);
      },
    };
    const records = await runImpact(cases, runner, { trials, concurrency: 4, sleep: noWait });
    const summary = summarizeImpact('csv-report', 'test', trials, cases, records);
    const o = summary.overall;
    assert.ok(injected > 10, `${injected} errors injected`);
    assert.equal(o.arms.with.errors + o.arms.without.errors, 0, 'every injected error was retried');
    assert.equal(
      records.reduce((n, r) => n + r.retried.length, 0),
      injected,
    );
    assert.equal(o.arms.with.rate, 0.8);
    assert.equal(o.arms.without.rate, 0.3);
    assert.equal(o.impact.difference, 0.5);
    assert.ok(o.impact.interval![0] > 0 && o.impact.interval![0] < 0.5 && o.impact.interval![1] > 0.5);
    assert.equal(o.impact.verdict, 'better');
    assert.deepEqual(impactGateFailures(summary, 0.4), []);
    assert.deepEqual(impactGateFailures(summary, 0.6), ['the lift +0.50 is below --min-lift +0.60']);
    assert.equal(o.arms.with.inputTokens, 10 * trials * cases.length);
  },
);

test(
  'with one attempt, injected errors are errors: counted apart, their pairs left out, no fail added',
  TIMEOUT,
  async () => {
    const cases = evals(1);
    const runner: TrialRunner = {
      run: async (_e, arm, trial) =>
        trial % 4 === 0 && arm === 'without'
          ? { kind: 'error', error: { kind: 'timeout', message: 'slow' }, ms: 1 }
          : ran(arm, arm === 'with'),
    };
    const records = await runImpact(cases, runner, { trials: 8, concurrency: 2, maxAttempts: 1, sleep: noWait });
    const summary = summarizeImpact('s', 'test', 8, cases, records);
    const w = summary.overall.arms.without;
    assert.deepEqual([w.passes, w.fails, w.errors], [0, 6, 2]);
    assert.deepEqual(w.errorKinds, { timeout: 2 });
    assert.equal(summary.overall.impact.paired, 6);
    assert.deepEqual(summary.evals[0].errorMessages, ['timeout: slow']);
  },
);

test('the skill made things worse: named, and the gate fails', TIMEOUT, async () => {
  const cases = evals(2);
  const runner: TrialRunner = {
    run: async (e, arm) => ran(arm, e.id === '1' ? arm === 'without' : true),
  };
  const records = await runImpact(cases, runner, { trials: 10, concurrency: 3, sleep: noWait });
  const summary = summarizeImpact('s', 'test', 10, cases, records);
  assert.deepEqual(summary.worse, ['1']);
  assert.ok(impactGateFailures(summary, undefined).includes('eval 1: the skill made the work significantly worse'));
});

test(
  'nothing scored fails the gate; a baseline is regressed only when the whole interval lies below it',
  TIMEOUT,
  async () => {
    const cases = evals(1);
    const runner: TrialRunner = {
      run: async (_e, arm) => ran(arm, true, { listed: false, loaded: false, source: 't' }),
    };
    const records = await runImpact(cases, runner, { trials: 3, concurrency: 1, sleep: noWait });
    const summary = summarizeImpact('s', 'test', 3, cases, records);
    assert.equal(summary.overall.arms.with.unproven, 3);
    assert.match(impactGateFailures(summary, undefined)[0], /no pair of trials was scored/);
    assert.deepEqual(summary.evals[0].unproven, ['the host did not list the skill (t)']);
    assert.equal(
      compareImpact('b.json', { difference: 0.5 }, { difference: 0.1, interval: [-0.1, 0.3] }).regressed,
      true,
    );
    const same = compareImpact('b.json', { difference: 0.5 }, { difference: 0.3, interval: [0.05, 0.55] });
    assert.deepEqual([same.regressed, same.change], [false, -0.2]);
  },
);
