// `candidates` limits the catalog for a case (SPEC §9): the lexical router routes such a case
// exactly as if those skills were the whole catalog. A BFCL-style set of our own (one catalog,
// each case naming its few candidates) against the same cases, each with its own catalog.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { RoutingCase } from '../../src/core/routing/evalCases';
import { lexicalCaseRouter } from '../../src/core/routing/evalRun';
import { LexicalRanker } from '../../src/core/routing/lexicalRanker';
import type { RoutableSkill } from '../../src/core/routing/skillDocument';
import { NEVER_CANCELLED } from '../../src/core/base/cancellation';

const skill = (name: string, description: string): RoutableSkill => ({ name, description });

// Three small "APIs", as a function-calling benchmark gives them, plus the rest of a big catalog.
const GROUPS: Record<string, RoutableSkill[]> = {
  orders: [
    skill('orders.create_order', 'Creates a purchase order for a customer with the given items.'),
    skill('orders.cancel_order', 'Cancels an open purchase order by its id.'),
    skill('orders.track_shipment', 'Returns where the parcel of an order is now.'),
  ],
  calendar: [
    skill('calendar.add_event', 'Adds an event to the calendar at a date and time.'),
    skill('calendar.move_event', 'Moves a calendar event to another date.'),
    skill('calendar.list_events', 'Lists the events of one day.'),
  ],
  git: [
    skill('git.rename_branch', 'Renames a git branch, locally and on the remote.'),
    skill('git.delete_branch', 'Deletes a git branch that is merged.'),
    skill('git.open_pull_request', 'Opens a pull request from a branch.'),
  ],
};
const OTHERS = Array.from({ length: 30 }, (_, i) =>
  skill(
    `misc.tool_${i}`,
    `Handles ${['invoices', 'weather', 'images', 'payroll', 'tickets', 'backups'][i % 6]} of kind ${i} for the team, with order and date options.`,
  ),
);
const CATALOG = [...Object.values(GROUPS).flat(), ...OTHERS];

const at = (query: string, group: string): RoutingCase => ({
  query,
  expected: [],
  acceptable: [],
  candidates: GROUPS[group].map((s) => s.name),
  range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
  index: 0,
});

const CASES = [
  at('cancel my order 4711', 'orders'),
  at('where is my parcel right now', 'orders'),
  at('put a dentist appointment on friday at 10', 'calendar'),
  at('push the meeting to next tuesday', 'calendar'),
  at('rename branch feature-x to feature-y', 'git'),
  at('open a PR from my branch', 'git'),
  at('what should I cook tonight', 'orders'),
  at('order', 'calendar'),
];

test('a case with candidates routes exactly as if its candidates were the catalog', async () => {
  const whole = lexicalCaseRouter(CATALOG);
  for (const c of CASES) {
    const alone = lexicalCaseRouter(GROUPS[Object.keys(GROUPS).find((g) => GROUPS[g][0].name === c.candidates![0])!]);
    const { candidates: _dropped, ...withoutCandidates } = c;
    const expected = await alone.route(withoutCandidates, NEVER_CANCELLED);
    assert.deepEqual(await whole.route(c, NEVER_CANCELLED), expected, c.query);
  }
});

test("the set tells the two apart: ranking within the candidates by the whole catalog's statistics gives other answers", () => {
  const ranker = new LexicalRanker(CATALOG);
  const differ = CASES.filter((c) => {
    const group = GROUPS[Object.keys(GROUPS).find((g) => GROUPS[g][0].name === c.candidates![0])!];
    const old = ranker.rank(c.query, c.candidates);
    const own = new LexicalRanker(group).rank(c.query);
    return JSON.stringify([old.pick, old.results]) !== JSON.stringify([own.pick, own.results]);
  });
  assert.ok(differ.length > 0, 'at least one case differs, so the first test can fail');
});
