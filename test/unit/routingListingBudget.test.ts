// A case routes among what the model would see (docs/routing.md, "candidates"): the listing of
// its candidates, cut at the budget, not the whole catalog's listing cut first and then
// filtered. A team catalog of many one-line descriptions is longer than the listing's budget;
// a case among three of its skills sees all three.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { NEVER_CANCELLED } from '../../src/core/base/cancellation';
import { DEFAULT_LISTING_BUDGET } from '../../src/core/base/limits';
import { buildListing } from '../../src/core/catalog/listing';
import type { RoutingCase } from '../../src/core/routing/evalCases';
import { lexicalCaseRouter, seenSkills } from '../../src/core/routing/evalRun';
import type { RoutableSkill } from '../../src/core/routing/skillDocument';

const TIMEOUT = { timeout: 60_000 };

const skill = (name: string, description: string): RoutableSkill => ({ name, description });

// 400 short skills that sort before the three of the cases and fill the listing on their own.
const FILLER = Array.from({ length: 400 }, (_, i) =>
  skill(
    `aa-report-${String(i).padStart(3, '0')}`,
    `Builds the quarterly report number ${i} for the finance department of the company.`,
  ),
);
const THREE = [
  skill('weather-forecast', 'Gets the weather forecast for a city.'),
  skill('currency-convert', 'Converts an amount of money between two currencies.'),
  skill('calendar-add-event', 'Adds an event to the calendar.'),
];
// In a scrambled order: the listing's order is by name, whatever the catalog's.
const CATALOG = [...THREE, ...FILLER].reverse();
const CANDIDATES = THREE.map((s) => s.name);

const routingCase = (query: string, expected: string[], candidates?: string[]): RoutingCase => ({
  query,
  expected,
  acceptable: [],
  ...(candidates ? { candidates } : {}),
  range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
  index: 0,
});

void test('the catalog is longer than the budget, and its listing leaves the three out', TIMEOUT, () => {
  const sorted = [...CATALOG].sort((a, b) => (a.name < b.name ? -1 : 1));
  const listing = buildListing(sorted, DEFAULT_LISTING_BUDGET);
  assert.ok(listing.dropped.length > 100);
  for (const name of CANDIDATES) assert.ok(listing.dropped.includes(name), name);
});

void test('a case with candidates sees the listing of its candidates', TIMEOUT, () => {
  assert.deepEqual(
    seenSkills(CATALOG, CANDIDATES, DEFAULT_LISTING_BUDGET).map((s) => s.name),
    ['calendar-add-event', 'currency-convert', 'weather-forecast'],
  );
  // A case's own listing is cut at the budget too: 2 lines of 40 characters do not fit in 60.
  assert.deepEqual(
    seenSkills(CATALOG, CANDIDATES, 60).map((s) => s.name),
    ['calendar-add-event'],
  );
  // Without a budget, every skill is seen.
  assert.equal(seenSkills(CATALOG, undefined, undefined).length, 403);
});

void test('among few short candidates, a request that names what one does is routed to it', TIMEOUT, async () => {
  const router = lexicalCaseRouter(CATALOG, DEFAULT_LISTING_BUDGET);
  const picks = [];
  for (const query of [
    'will I need an umbrella, what is the weather forecast for Lisbon on Tuesday',
    'convert 250 euros into another currency for my trip',
    'add an event for the dentist to my calendar on Friday',
  ])
    picks.push((await router.route(routingCase(query, [], CANDIDATES), NEVER_CANCELLED)).pick);
  assert.deepEqual(picks, ['weather-forecast', 'currency-convert', 'calendar-add-event']);
});

void test('among the same candidates, a request foreign to all three still abstains', TIMEOUT, async () => {
  const router = lexicalCaseRouter(CATALOG, DEFAULT_LISTING_BUDGET);
  for (const query of ['what is the capital of France', 'write a sonnet about the sea and the moon'])
    assert.equal((await router.route(routingCase(query, [], CANDIDATES), NEVER_CANCELLED)).pick, null, query);
});

void test(
  'without candidates, the whole catalog is listed under the budget: an unlisted skill is not picked',
  TIMEOUT,
  async () => {
    const router = lexicalCaseRouter(CATALOG, DEFAULT_LISTING_BUDGET);
    const outcome = await router.route(
      routingCase('what is the weather forecast for Lisbon', ['weather-forecast']),
      NEVER_CANCELLED,
    );
    assert.notEqual(outcome.pick, 'weather-forecast');
    assert.ok(!outcome.ranking?.includes('weather-forecast'));
    // With no budget, the same case finds it.
    const unlimited = await lexicalCaseRouter(CATALOG).route(
      routingCase('what is the weather forecast for Lisbon', ['weather-forecast']),
      NEVER_CANCELLED,
    );
    assert.equal(unlimited.pick, 'weather-forecast');
  },
);
