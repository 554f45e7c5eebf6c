// The description loop (core/chat/descriptionLoop.ts) with a scripted proposer and the
// lexical ranker as the router, so that every score can be worked out by hand; the
// collisions, the eval file names and the description edit.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ChatModel } from '../../src/core/chat/agentLoop';
import { improveDescription, improvementPrompt, parseProposals, splitHeldOut } from '../../src/core/chat/descriptionLoop';
import { offlineConfusions, overlapFindings, overlapMessage } from '../../src/core/routing/collisions';
import { descriptionEdit, descriptionRange } from '../../src/core/routing/descriptionField';
import { evalFileKind, triggerEvalFolder } from '../../src/core/routing/evalFiles';
import type { RoutingCase } from '../../src/core/routing/evalCases';
import { NEVER_CANCELLED } from '../../src/core/base/cancellation';
import { lexicalCaseRouter } from '../../src/core/routing/evalRun';
import { LEXICAL_DEFAULTS } from '../../src/core/routing/lexicalRanker';

const ZERO = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
const c = (query: string, expected: string[], index: number): RoutingCase => ({ query, expected, acceptable: [], range: ZERO, index });

test('every second case is held out', () => {
  assert.deepEqual(splitHeldOut([1, 2, 3, 4, 5]), { train: [1, 3, 5], heldOut: [2, 4] });
});

test('proposals are read from a JSON array, or from list lines; bad ones are dropped', () => {
  assert.deepEqual(parseProposals('Here:\n["Does A. Use when B.", "Does A <b>", "same"]', 'same'), ['Does A. Use when B.']);
  assert.deepEqual(parseProposals('1. First one.\n- "Second one."\nnot a list line', 'x'), ['First one.', 'Second one.']);
  assert.deepEqual(parseProposals('["' + 'x'.repeat(1025) + '"]', 'y'), []);
});

test('the prompt names the skill, its neighbours and the requests it misroutes', () => {
  const prompt = improvementPrompt({ name: 'a', description: 'Does A.' }, [{ name: 'b', description: 'Does B.' }], [{ query: 'do a thing', picked: 'b', wanted: 'a' }], 2);
  assert.match(prompt, /Current description of 'a':\nDoes A\./);
  assert.match(prompt, /- b: Does B\./);
  assert.match(prompt, /- "do a thing": should go to a, went to b/);
  assert.match(prompt, /Write 2 different descriptions/);
});

test('the loop proposes the description that wins on the held-out cases, measured against the catalog', async () => {
  const skills = [
    { name: 'report', description: 'Builds reports.' },
    { name: 'charts', description: 'Draws charts and plots of numbers.' },
  ];
  // Held out (2nd and 4th): "quarterly revenue summary", "invoice totals summary".
  const cases = [
    c('monthly sales summary', ['report'], 0),
    c('quarterly revenue summary', ['report'], 1),
    c('plot the sales numbers', ['charts'], 2),
    c('invoice totals summary', ['report'], 3),
  ];
  const prompts: string[] = [];
  const model: ChatModel = {
    name: 'proposer',
    async *sendRequest(messages) {
      prompts.push((messages[0].parts[0] as { value: string }).value);
      yield { kind: 'text', value: JSON.stringify(['Draws pictures.', 'Writes a summary of revenue, sales or invoice totals as a report.']) };
    },
  };
  const result = await improveDescription({ model, skill: 'report', skills, cases, routerFor: (variant) => lexicalCaseRouter(variant), runs: 1, token: NEVER_CANCELLED });
  assert.ok(result.ok);
  if (!result.ok) return;
  assert.equal(result.heldOut, 2);
  // "Builds reports." shares no word with either held-out query: none is routed to it.
  assert.equal(result.current.top1, 0);
  assert.deepEqual(result.proposals.map((p) => [p.description, p.top1]), [
    ['Draws pictures.', 0],
    ['Writes a summary of revenue, sales or invoice totals as a report.', 1],
  ]);
  assert.equal(result.best?.description, 'Writes a summary of revenue, sales or invoice totals as a report.');
  // The training case it misses is in the prompt; the held-out ones never are.
  assert.match(prompts[0], /"monthly sales summary": should go to report, went to no skill/);
  assert.doesNotMatch(prompts[0], /quarterly|invoice/);
});

test('the loop needs two cases and a listed skill', async () => {
  const model: ChatModel = { name: 'm', async *sendRequest() {} };
  const base = { model, skills: [{ name: 'a', description: 'x' }], routerFor: lexicalCaseRouter, runs: 1, token: NEVER_CANCELLED };
  assert.deepEqual(await improveDescription({ ...base, skill: 'a', cases: [c('q', ['a'], 0)] }), {
    ok: false,
    reason: "'a' needs at least 2 eval cases: some to learn from, and some held out to check the result.",
  });
  assert.equal((await improveDescription({ ...base, skill: 'zz', cases: [] })).ok, false);
});

test('offline confusions route each held-out sentence; findings go on both skills', () => {
  const catalog = [
    // Its second sentence is about invoices, which is all that 'billing' says.
    { name: 'report', description: 'Builds quarterly reports of sales. Sends invoices and payment reminders to customers.' },
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
  assert.deepEqual(findings.map((f) => [f.skill, f.other, f.direction]), [['report', 'billing', 'loses'], ['billing', 'report', 'takes']]);
  assert.match(overlapMessage(findings[0]), /^Routing confuses this skill with 'billing': 'billing' took 50 % of this skill's requests/);
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
