// The description loop (core/chat/descriptionLoop.ts) with a scripted proposer and the
// lexical ranker as the router, so that every score can be worked out by hand; the
// collisions, the eval file names and the description edit.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ChatModel } from '../../src/core/chat/agentLoop';
import { improveDescription, improvementPrompt, parseProposals } from '../../src/core/chat/descriptionLoop';
import { offlineConfusions, overlapFindings, overlapMessage } from '../../src/core/routing/collisions';
import { descriptionEdit, descriptionRange } from '../../src/core/routing/descriptionField';
import { evalFileKind, triggerEvalFolder } from '../../src/core/routing/evalFiles';
import type { RoutingCase } from '../../src/core/routing/evalCases';
import { createCancellationSource, NEVER_CANCELLED } from '../../src/core/base/cancellation';
import { lexicalCaseRouter } from '../../src/core/routing/evalRun';
import { LEXICAL_DEFAULTS } from '../../src/core/routing/lexicalRanker';

const ZERO = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
const c = (query: string, expected: string[], index: number): RoutingCase => ({
  query,
  expected,
  acceptable: [],
  range: ZERO,
  index,
});

test('proposals are read from a JSON array, or from list lines; bad ones are dropped', () => {
  assert.deepEqual(parseProposals('Here:\n["Does A. Use when B.", "Does A <b>", "same"]', 'same'), [
    'Does A. Use when B.',
  ]);
  assert.deepEqual(parseProposals('1. First one.\n- "Second one."\nnot a list line', 'x'), [
    'First one.',
    'Second one.',
  ]);
  assert.deepEqual(parseProposals('["' + 'x'.repeat(1025) + '"]', 'y'), []);
});

test('the prompt names the skill, its neighbours and the requests it misroutes', () => {
  const prompt = improvementPrompt(
    { name: 'a', description: 'Does A.' },
    [{ name: 'b', description: 'Does B.' }],
    [{ query: 'do a thing', picked: 'b', wanted: 'a' }],
    2,
  );
  assert.match(prompt, /Current description of 'a':\nDoes A\./);
  assert.match(prompt, /- b: Does B\./);
  assert.match(prompt, /- "do a thing": should go to a, went to b/);
  assert.match(prompt, /Write 2 different descriptions/);
});

/** Sixteen requests for a summary, none of which "Builds reports." shares a word with. */
const SUMMARIES = [
  'monthly sales summary',
  'quarterly revenue summary',
  'invoice totals summary',
  'weekly revenue summary',
  'annual sales summary',
  'summary of expenses',
  'budget summary for finance',
  'revenue summary by region',
  'sales summary per store',
  'summary of invoices',
  'expense summary for the team',
  'summary of budget totals',
  'revenue and sales summary',
  'invoice summary for march',
  'summary of store expenses',
  'finance summary of revenue',
];
const PLOTS = [
  'plot the sales numbers',
  'draw a chart of revenue numbers',
  'plot invoice numbers',
  'chart the budget numbers',
  'plot expense numbers over time',
  'a chart of store numbers',
];
const SKILLS = [
  { name: 'report', description: 'Builds reports.' },
  { name: 'charts', description: 'Draws charts and plots of numbers.' },
];
const GOOD = 'Writes a summary of revenue, sales, invoices, expenses, budget or finance totals as a report.';

/** A proposer that answers round by round, and keeps every prompt it was sent. */
function scriptedProposer(rounds: string[][]): { model: ChatModel; prompts: string[] } {
  const prompts: string[] = [];
  return {
    prompts,
    model: {
      name: 'proposer',
      async *sendRequest(messages) {
        prompts.push((messages[0].parts[0] as { value: string }).value);
        yield { kind: 'text', value: JSON.stringify(rounds[Math.min(prompts.length, rounds.length) - 1]) };
      },
    },
  };
}

const reportCases = () => [
  ...SUMMARIES.map((q, i) => c(q, ['report'], i)),
  c('plot the sales numbers', ['charts'], 16),
  c('chart the budget numbers', ['charts'], 17),
];
const chartCases = () => PLOTS.map((q, i) => c(q, ['charts'], 100 + i));

test('over rounds, the model sees the training scores of what was tried, never a held-out case; the winner is confirmed on fresh, unseen runs', async () => {
  const cases = reportCases();
  const { model, prompts } = scriptedProposer([['Draws pictures.'], [GOOD, 'Draws pictures.']]);
  const result = await improveDescription({
    model,
    skill: 'report',
    skills: SKILLS,
    cases,
    otherCases: chartCases(),
    routerFor: (variant) => lexicalCaseRouter(variant),
    runs: 1,
    rounds: 3,
    token: NEVER_CANCELLED,
  });
  assert.ok(result.ok);
  if (!result.ok) return;
  // 16 positives → 6 held out (40 %, rounded), 2 negatives → 1
  assert.equal(result.heldOut, 7);
  assert.equal(result.train, 11);
  const heldOutQueries = result.split.test.map((t) => t.query);
  for (const prompt of prompts)
    for (const query of heldOutQueries) assert.ok(!prompt.includes(query), `held-out "${query}" reached the model`);
  // Round 2 shows round 1's proposal with its training score; the repeated proposal is not measured twice.
  assert.match(prompts[1], /Descriptions tried so far[^\n]*:\n- 9 %: Builds reports\.\n- 9 %: Draws pictures\./);
  assert.deepEqual(
    result.proposals.map((p) => [p.round, p.description, p.heldOut]),
    [
      [1, 'Draws pictures.', 0.1429],
      [2, GOOD, 1],
    ],
  );
  // GOOD is right on every case seen and unseen: the loop stops after round 2.
  assert.equal(prompts.length, 2);
  assert.equal(result.winner?.description, GOOD);
  // Confirmation: the 7 held-out cases and the 6 chart cases, less the held-out chart request that
  // is one of them (the same case is run once): 12. The current description misses the 6 held-out
  // summaries, GOOD gets them and loses nothing: 6 against 0, p = 2 × 2⁻⁶ = 0.0313.
  assert.equal(result.confirmation?.cases, 12);
  assert.deepEqual(
    [result.confirmation?.test.onlyA, result.confirmation?.test.onlyB, result.confirmation?.test.p],
    [0, 6, 0.0313],
  );
  assert.equal(result.best?.description, GOOD);
});

test("a description that takes other skills' requests wins on its own held-out cases, and loses at the confirmation", async () => {
  const greedy =
    'Writes a summary, plot or chart of sales, revenue, invoice, budget, expense or store numbers and totals as a report.';
  const { model } = scriptedProposer([[greedy]]);
  const result = await improveDescription({
    model,
    skill: 'report',
    skills: SKILLS,
    cases: reportCases(),
    otherCases: chartCases(),
    routerFor: (variant) => lexicalCaseRouter(variant),
    runs: 1,
    rounds: 1,
    token: NEVER_CANCELLED,
  });
  assert.ok(result.ok);
  if (!result.ok) return;
  assert.equal(result.winner?.description, greedy);
  // it takes chart requests that the current description left to 'charts'
  assert.ok((result.confirmation?.test.onlyA ?? 0) >= 3, JSON.stringify(result.confirmation));
  assert.equal(result.confirmation?.test.better, null);
  assert.equal(result.best, undefined);
});

test('a gain on too few unseen cases is not significant, and nothing is proposed', async () => {
  // 6 positives → 2 held out, 2 negatives → 1: even two gains out of two cannot reach p < 0.05.
  const cases = [
    ...SUMMARIES.slice(0, 6).map((q, i) => c(q, ['report'], i)),
    c('plot the sales numbers', ['charts'], 6),
    c('chart the budget numbers', ['charts'], 7),
  ];
  const { model } = scriptedProposer([[GOOD]]);
  const result = await improveDescription({
    model,
    skill: 'report',
    skills: SKILLS,
    cases,
    routerFor: (variant) => lexicalCaseRouter(variant),
    runs: 1,
    rounds: 1,
    token: NEVER_CANCELLED,
  });
  assert.ok(result.ok);
  if (!result.ok) return;
  assert.equal(result.winner?.description, GOOD);
  assert.deepEqual([result.confirmation?.test.onlyB, result.confirmation?.test.p], [2, 0.5]);
  assert.equal(result.best, undefined);
});

test('a cancelled loop proposes nothing', async () => {
  const source = createCancellationSource();
  const model: ChatModel = {
    name: 'proposer',
    async *sendRequest() {
      source.cancel();
      yield { kind: 'text', value: JSON.stringify([GOOD]) };
    },
  };
  const result = await improveDescription({
    model,
    skill: 'report',
    skills: SKILLS,
    cases: reportCases(),
    routerFor: (variant) => lexicalCaseRouter(variant),
    runs: 1,
    token: source.token,
  });
  assert.deepEqual(result, { ok: false, reason: 'Cancelled: nothing is proposed.', cancelled: true });
});

test('the loop needs two cases and a listed skill', async () => {
  const model: ChatModel = { name: 'm', async *sendRequest() {} };
  const base = {
    model,
    skills: [{ name: 'a', description: 'x' }],
    routerFor: lexicalCaseRouter,
    runs: 1,
    token: NEVER_CANCELLED,
  };
  assert.deepEqual(await improveDescription({ ...base, skill: 'a', cases: [c('q', ['a'], 0)] }), {
    ok: false,
    reason: "'a' needs at least 2 eval cases: some to learn from, and some held out to check the result.",
  });
  assert.equal((await improveDescription({ ...base, skill: 'zz', cases: [] })).ok, false);
});

test('offline confusions route each held-out sentence; findings go on both skills', () => {
  const catalog = [
    // Its second sentence is about invoices, which is all that 'billing' says.
    {
      name: 'report',
      description: 'Builds quarterly reports of sales. Sends invoices and payment reminders to customers.',
    },
    { name: 'billing', description: 'Sends invoices and payment reminders to customers. Tracks unpaid bills.' },
    { name: 'weather', description: 'Looks up the forecast. Tells whether it will rain.' },
  ];
  // report's invoice sentence goes to billing (1 of its 2), and billing's goes to report (1 of 2);
  // billing's "Tracks unpaid bills." matches nothing else; weather is confused with nothing.
  assert.deepEqual(offlineConfusions(catalog), [
    { expected: 'billing', picked: 'report', share: 0.5 },
    { expected: 'report', picked: 'billing', share: 0.5 },
  ]);
  // Both shares must reach the threshold.
  assert.deepEqual(offlineConfusions(catalog, LEXICAL_DEFAULTS, 0.6), []);
  const findings = overlapFindings([{ expected: 'report', picked: 'billing', share: 0.5 }], 'descriptions');
  assert.deepEqual(
    findings.map((f) => [f.skill, f.other, f.direction]),
    [
      ['report', 'billing', 'loses'],
      ['billing', 'report', 'takes'],
    ],
  );
  assert.match(
    overlapMessage(findings[0]),
    /^Routing confuses this skill with 'billing': 'billing' took 50 % of this skill's requests/,
  );
  assert.deepEqual(overlapFindings([{ expected: 'a', picked: 'b', share: 0.2 }], 'evals'), []);
});

test('eval files are told by name; the description edit keeps YAML valid', () => {
  assert.equal(evalFileKind('/w/skills/pdf/evals/trigger-evals.json'), 'trigger');
  assert.equal(triggerEvalFolder('/w/skills/pdf/evals/trigger-evals.json'), '/w/skills/pdf');
  assert.equal(evalFileKind('/w/evals/all.routing.jsonl'), 'catalog');
  assert.equal(evalFileKind('/w/evals/trigger-evals.json.bak'), undefined);
  assert.equal(evalFileKind('/w/trigger-evals.json'), undefined);
  const text = '---\nname: a\ndescription: Old text.\nlicense: MIT\n---\nBody\n';
  assert.deepEqual(descriptionRange(text), { start: { line: 2, character: 13 }, end: { line: 2, character: 22 } });
  assert.deepEqual(descriptionEdit(text, 'Use when: asked.')?.newText, '"Use when: asked."');
  assert.deepEqual(descriptionEdit(text, 'Plain words.')?.newText, 'Plain words.');
  assert.equal(descriptionRange('no frontmatter'), undefined);
});
