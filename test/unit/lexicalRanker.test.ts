// The lexical router (docs/routing.md, "The lexical ranker"): terms, what it ranks first and
// why, abstention, exclusions ("Not for …"), and that it is deterministic.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LexicalRanker } from '../../src/core/routing/lexicalRanker';
import { splitDescription } from '../../src/core/routing/skillDocument';
import { porterStem } from '../../src/core/routing/stemmer';
import { terms } from '../../src/core/routing/terms';

const CATALOG = [
  {
    name: 'file-stats',
    description:
      'Counts the files under a folder by size and type. Use when the user asks how big a folder is. Not for remote or web content.',
  },
  {
    name: 'weather',
    description:
      'Looks up the weather forecast for a city. Use when the user asks about rain, temperature or the forecast.',
  },
  {
    name: 'code-review',
    description: "Reviews a file against the team's conventions. Use when the user asks for a code review.",
  },
  { name: 'meeting-minutes', description: 'Writes meeting minutes from notes: decisions, owners and action items.' },
];

test('the Porter stemmer reduces inflections to one stem', () => {
  const cases: [string, string][] = [
    ['caresses', 'caress'],
    ['ponies', 'poni'],
    ['cats', 'cat'],
    ['feed', 'feed'],
    ['agreed', 'agre'],
    ['plastered', 'plaster'],
    ['motoring', 'motor'],
    ['hopping', 'hop'],
    ['filing', 'file'],
    ['happy', 'happi'],
    ['relational', 'relat'],
    ['conditional', 'condit'],
    ['generalization', 'gener'],
    ['testing', 'test'],
    ['tests', 'test'],
  ];
  for (const [word, stem] of cases) assert.equal(porterStem(word), stem, word);
});

test('terms split identifiers, drop stop words and keep technical names whole', () => {
  assert.deepEqual(terms('getWeather for the GitOps.rename_branch'), [
    'get',
    'weather',
    'git',
    'op',
    'renam',
    'branch',
  ]);
  assert.deepEqual(terms('Write C# for .NET, not C++'), ['write', 'csharp', 'dotnet', 'cpp']);
  assert.deepEqual(terms('dotnet-xunit tests'), ['dotnet', 'xunit', 'test']);
});

test('the words of asking are stop words: they say nothing about what a request is for', () => {
  assert.deepEqual(terms('I need help using xUnit, I want tests like these'), ['x', 'unit', 'test']);
});

test('Chinese and Japanese runs become overlapping character pairs; a lone character stays', () => {
  assert.deepEqual(terms('查询天气预报'), ['查询', '询天', '天气', '气预', '预报']);
  assert.deepEqual(terms('getWeather 東京の天気 中'), ['get', 'weather', '東京', '京の', 'の天', '天気', '中']);
  // A character outside the Basic Multilingual Plane is one character, not two halves.
  assert.deepEqual(terms('\u{20000}\u{20001}'), ['\u{20000}\u{20001}']);
});

test('a description is split into what it is for and what it is not for', () => {
  assert.deepEqual(splitDescription('Counts files. Not for remote or web content.'), {
    positive: 'Counts files. ',
    negative: 'Not for remote or web content.',
  });
  assert.deepEqual(splitDescription('Formats SQL; does not run queries'), {
    positive: 'Formats SQL; ',
    negative: 'does not run queries',
  });
  assert.deepEqual(splitDescription('Targets .NET 8 apps.'), { positive: 'Targets .NET 8 apps.', negative: '' });
});

test('the skill whose description matches the request ranks first', () => {
  const ranker = new LexicalRanker(CATALOG);
  assert.equal(ranker.rank('how big is my downloads folder, which files are largest').pick, 'file-stats');
  assert.equal(ranker.rank('will it rain in Paris tomorrow? need the forecast').pick, 'weather');
  assert.equal(ranker.rank('please review this file for our conventions').pick, 'code-review');
  assert.equal(ranker.rank('turn these notes into meeting minutes with action items').pick, 'meeting-minutes');
});

test('a request for words a skill says it is not for counts against it', () => {
  const ranker = new LexicalRanker(CATALOG);
  const ranking = ranker.rank('count the web content files');
  const stats = ranking.results.find((r) => r.name === 'file-stats');
  // "count" and "files" match file-stats, "web" and "content" are excluded: without the
  // "Not for" clause the same skill scores higher.
  const without = new LexicalRanker([
    {
      ...CATALOG[0],
      description: 'Counts the files under a folder by size and type. Use when the user asks how big a folder is.',
    },
    ...CATALOG.slice(1),
  ]);
  const plain = without.rank('count the web content files').results.find((r) => r.name === 'file-stats');
  assert.ok(
    stats === undefined || (plain !== undefined && stats.score < plain.score),
    `${stats?.score} < ${plain?.score}`,
  );
});

test('nothing is picked when nothing matches, and only the candidates given are ranked', () => {
  const ranker = new LexicalRanker(CATALOG);
  const none = ranker.rank('nothing matches xyzzy');
  assert.deepEqual(none.results, []);
  assert.equal(none.pick, null);
  const limited = ranker.rank('review this file', ['weather', 'file-stats', 'unknown-name']);
  assert.ok(limited.results.every((r) => r.name === 'weather' || r.name === 'file-stats'));
});

// Three skills that share "sql" and "queri": 3 terms in one skill each, 9 (skill, term) pairs,
// so a request from this catalog's domain has a new word with chance (3 + 1) / (9 + 1) = 0.4.
const SQL = [
  { name: 'sql-format', description: 'Formats SQL queries.' },
  { name: 'sql-lint', description: 'Lints SQL queries.' },
  { name: 'sql-explain', description: 'Explains SQL queries.' },
];

test('a request mostly of words no skill knows is foreign: the router abstains even when a word matches', () => {
  // format, python, django, templat, jinja, macro: 5 of 6 unknown; P(X ≥ 5 | 6, 0.4) = 0.04096 < 0.05.
  const ranking = new LexicalRanker(SQL).rank('format the python django templates and jinja macros');
  assert.deepEqual(
    ranking.results.map((r) => r.name),
    ['sql-format'],
  );
  assert.equal(ranking.pick, null);
  assert.equal(ranking.inDomainChance, 0.041);
  assert.equal(ranking.abstention, 'foreign');
});

test('details a description leaves out do not count against a long request', () => {
  // lint, sql, queri, bill, team, slow, on, releas: 5 of 8 unknown; P(X ≥ 5 | 8, 0.4) = 0.1737.
  const ranking = new LexicalRanker(SQL).rank(
    'lint these sql queries for our billing team, the slow ones too, before the release',
  );
  assert.equal(ranking.pick, 'sql-lint');
  assert.equal(ranking.inDomainChance, 0.1737);
  // Quoted text, addresses and numbers are values: left out of the count, 1 of 3 unknown (tabl).
  const values = new LexicalRanker(SQL).rank(
    'lint the sql in "Q3 revenue by region final v2.sql" from https://example.com/reports/q3 for table 42',
  );
  assert.equal(values.pick, 'sql-lint');
  // P(X ≥ 1 | 3, 0.4) = 1 − 0.6³ = 0.784.
  assert.equal(values.inDomainChance, 0.784);
});

test('the router abstains when the best skill shares only words that every skill has', () => {
  const ranking = new LexicalRanker(SQL).rank('sql queries please');
  assert.equal(ranking.results.length, 3);
  assert.equal(ranking.pick, null);
  assert.equal(ranking.inDomainChance, 1);
  // In a catalog of one skill, any shared word singles it out, and nothing is foreign to it:
  // all of its terms are new, (3 + 1) / (3 + 1) = 1.
  const alone = new LexicalRanker([SQL[0]]);
  assert.equal(alone.rank('sql queries please').pick, 'sql-format');
  assert.equal(alone.rank('format the python django templates and jinja macros').pick, 'sql-format');
});

test('ranking is deterministic: same input, same output, ties in name order, catalog order irrelevant', () => {
  const twins = [
    { name: 'beta', description: 'Formats tables.' },
    { name: 'alpha', description: 'Formats tables.' },
  ];
  const first = new LexicalRanker(twins).rank('format tables');
  assert.deepEqual(
    first.results.map((r) => r.name),
    ['alpha', 'beta'],
  );
  assert.equal(first.results[0].score, first.results[1].score);
  const reversed = new LexicalRanker([...CATALOG].reverse());
  const forward = new LexicalRanker(CATALOG);
  for (const query of ['count files in a folder', 'meeting notes', 'forecast', 'review code']) {
    assert.deepEqual(reversed.rank(query), forward.rank(query));
    assert.deepEqual(forward.rank(query), forward.rank(query));
  }
});
