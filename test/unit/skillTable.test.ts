// The `/list` answer: one row per skill with why it is (not) offered, the budget and the dropped.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createSkillCatalog } from '../../src/core/access/policy';
import { type SkillCatalog } from '../../src/core/catalog/catalog';
import { buildSkillTable, offerText } from '../../src/core/chat/skillTable';
import type { Problem } from '../../src/core/base/types';
import { location, record } from './engineTestUtils';

const WS = location('/ws/skills', 0);
const USER = location('/home/u/.claude/skills', 10, 'user', '~/.claude/skills');
const ERROR: Problem = {
  code: 'description-missing',
  severity: 'error',
  message: 'x',
  range: { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } },
};

function catalog(): SkillCatalog {
  const c = createSkillCatalog();
  c.replaceAll([
    record(WS, 'code-review', { description: 'Reviews | code.' }),
    record(WS, 'broken', { hasErrors: true, problems: [ERROR] }),
    record(WS, 'secret', { hidden: true }),
    record(USER, 'code-review'),
    record(WS, 'zeta', { description: 'z'.repeat(300) }),
  ]);
  return c;
}

test('each row says whether the skill is offered, or why not', () => {
  const c = catalog();
  const listing = c.listing(12000);
  const status = Object.fromEntries(
    c.entries().map((e) => [`${e.record.name}@${e.record.location.label}`, offerText(e, listing)]),
  );
  assert.deepEqual(status, {
    'broken@skills': 'no: 1 error (description-missing)',
    'code-review@skills': 'yes',
    'code-review@~/.claude/skills': 'no: shadowed by /ws/skills/code-review/SKILL.md',
    'secret@skills': 'no: hidden (disable-model-invocation: true): only a user can run it',
    'zeta@skills': 'yes',
  });
});

test('the table escapes pipes, shortens descriptions and links names', () => {
  const c = catalog();
  const text = buildSkillTable(c.entries(), c.listing(12000), {
    link: (e) => `file://${e.record.filePath}`,
    maxDescription: 40,
  });
  const lines = text.split('\n');
  assert.equal(lines[0], '| Skill | Description | Location | Offered to the model |');
  assert.ok(
    lines.includes('| [code-review](file:///ws/skills/code-review/SKILL.md) | Reviews \\| code. | skills | yes |'),
    text,
  );
  assert.match(text, /\| z{39}… \|/);
  assert.match(text, /Listing: 2 skills in \d+ of 12000 characters/);
  assert.doesNotMatch(text, /Dropped/);
});

test('skills dropped by the budget are marked and named', () => {
  const c = catalog();
  const listing = c.listing(60);
  assert.deepEqual(listing.dropped, ['zeta']);
  const text = buildSkillTable(c.entries(), listing);
  assert.match(text, /\| zeta \| .* \| skills \| no: over the listing budget \(still loadable by name\) \|/);
  assert.match(text, /Dropped by the budget \(1\), still loadable by name: `zeta`\./);
});

test('an empty catalog says where skills go', () => {
  assert.match(buildSkillTable([], createSkillCatalog().listing(100)), /No skills found/);
});
