// The host judge judges again after a change by replacing what changed (core/hosts/verdicts.ts,
// HostJudge). Whatever the edits, its verdicts must equal those of a judge that starts over on the
// same records: a differential test over seeded random edits, at the edges of every host's budget.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { basenamePath, dirnamePath, joinPath, normalizePath } from '../../src/core/base/paths';
import { recordFromAnalysis, type SkillRecord } from '../../src/core/catalog/skillRecord';
import type { SkillLocation } from '../../src/core/catalog/locations';
import { analyzeSkillText } from '../../src/core/lint/analyze';
import { createSkillCatalog } from '../../src/core/access/policy';
import { HOST_IDS } from '../../src/core/hosts/profiles';
import { HostVerdictCache } from '../../src/core/hosts/verdictCache';
import { hostListingNotes } from '../../src/core/hosts/hostListingText';
import { summarize } from '../../src/core/routing/metrics';
import { summaryMarkdown } from '../../src/core/routing/report';
import { HostJudge, hostVerdicts } from '../../src/core/hosts/verdicts';
import { seededRandom } from '../seededRandom';

const ROOT = normalizePath(process.platform === 'win32' ? 'C:/ws' : '/ws');
const FOLDERS = ['.agents/skills', '.claude/skills', '.github/skills', 'skills'];

function record(folder: string, name: string, text: string): SkillRecord {
  const file = joinPath(ROOT, folder, name, 'SKILL.md');
  const location: SkillLocation = {
    path: joinPath(ROOT, folder),
    label: folder,
    scope: 'workspace',
    rank: FOLDERS.indexOf(folder),
    root: ROOT,
  };
  return recordFromAnalysis(
    file,
    location,
    analyzeSkillText(text, { folderName: basenamePath(dirnamePath(file)), scope: 'catalog' }),
  );
}

function randomText(random: () => number, name: string): string {
  const length = Math.floor(random() * 400);
  const description = 'word '.repeat(length / 5).trim();
  const roll = random();
  if (roll < 0.05) return `---\nname: ${name}\n---\nBody only.\n`;
  if (roll < 0.08) return `---\nname: ${name}\ndescription: bad: colon ${description}\n---\n`;
  if (roll < 0.1)
    return `---\nname: ${name}\ndescription: ${description || 'x'}\ndisable-model-invocation: true\n---\n`;
  if (roll < 0.12) return `---\nname: other-${name}\ndescription: ${description || 'x'}\n---\n`;
  if (roll < 0.14) return `---\nname: shared\ndescription: ${description || 'x'}\n---\n`;
  return `---\nname: ${name}\ndescription: ${description || 'x'}\n---\n`;
}

test('after random edits, the judge that replaces what changed agrees with one that starts over', () => {
  const random = seededRandom(2026);
  const records: SkillRecord[] = [];
  for (let i = 0; i < 120; i++) {
    const folder = FOLDERS[i % FOLDERS.length];
    const name = `s${String(i).padStart(3, '0')}`;
    records.push(record(folder, name, randomText(random, name)));
  }
  const forms = new Set<string>();
  // Windows that put each host in full (1M) or past it (10k) with 160 skills; at 60k Codex shortens round robin.
  for (const contextTokens of [1_000_000, 60_000, 10_000]) {
    for (const host of HOST_IDS) {
      const context = { projectRoots: [ROOT], home: undefined, contextTokens };
      const judge = new HostJudge(host, context);
      const current = [...records];
      judge.judge(current);
      for (let step = 0; step < 8; step++) {
        // One to three files rewritten in place.
        const count = 1 + Math.floor(random() * 3);
        const added: SkillRecord[] = [];
        const places = new Set<number>();
        while (places.size < count) places.add(Math.floor(random() * current.length));
        for (const at of places) {
          const old = current[at];
          current[at] = record(old.location.label, old.folderName, randomText(random, old.folderName));
          added.push(current[at]);
        }
        const { verdicts, changed } = judge.judge(current, step % 2 === 0 ? added : undefined);
        const fresh = hostVerdicts(host, current, context);
        for (const r of current) {
          assert.deepEqual(verdicts.get(r), fresh.get(r), `${host} at ${contextTokens}, step ${step}: ${r.filePath}`);
          forms.add(`${host}:${fresh.get(r)!.listing?.form}`);
        }
        assert.equal(verdicts.size, current.length);
        for (const r of added) if (changed) assert.ok(changed.has(r), 'a replaced record is reported as changed');
      }
    }
  }
  // The edits reached every listing outcome of the budgets.
  for (const form of [
    'codex:full',
    'codex:shortened',
    'codex:name-only',
    'codex:dropped',
    'copilot-cli:full',
    'copilot-cli:name-only',
    'claude-code:full',
    'claude-code:name-only',
    'vscode:name-only',
  ])
    assert.ok(forms.has(form), form);
});

test('adding or removing a skill makes the judge start over (and still agree)', () => {
  const make = (n: number) =>
    Array.from({ length: n }, (_, i) =>
      record('.agents/skills', `a${i}`, `---\nname: a${i}\ndescription: Does a${i}. Use when testing.\n---\n`),
    );
  const context = { projectRoots: [ROOT], home: undefined, contextTokens: 200_000 };
  const judge = new HostJudge('codex', context);
  const all = make(5);
  judge.judge(all);
  const fewer = all.slice(0, 4);
  const result = judge.judge(fewer);
  assert.equal(result.changed, undefined);
  assert.deepEqual([...result.verdicts.keys()].sort(), [...hostVerdicts('codex', fewer, context).keys()].sort());
});

test('the cache tells a consumer what changed since the answer it last used, across answers it did not see', () => {
  const catalog = createSkillCatalog();
  const skill = (name: string, description: string) =>
    record('.agents/skills', name, `---\nname: ${name}\ndescription: ${description}\n---\n`);
  catalog.replaceAll(['a', 'b', 'c'].map((name) => skill(name, `Does ${name}. Use when testing.`)));
  const cache = new HostVerdictCache(catalog);
  const context = { projectRoots: [ROOT], home: undefined, contextTokens: 200_000 };
  const first = cache.verdicts(['codex', 'vscode'], context);
  assert.equal(first.changedSince(undefined), undefined, 'nothing to compare with: everything');
  const b = skill('b', 'Does b, again. Use when testing.');
  catalog.upsert(b);
  const second = cache.verdicts(['codex', 'vscode'], context);
  assert.deepEqual([...second.changedSince(first)!], [b]);
  // Another consumer took the second answer; this one still learns about b, and about c.
  const c = skill('c', 'Does c, again. Use when testing.');
  catalog.upsert(c);
  const third = cache.verdicts(['codex', 'vscode'], context);
  assert.deepEqual(new Set(third.changedSince(first)), new Set([b, c]));
  assert.deepEqual([...third.changedSince(second)!], [c]);
  // A skill removed: the judges start over, and the answer says everything may have changed.
  catalog.remove(c.filePath);
  assert.equal(cache.verdicts(['codex', 'vscode'], context).changedSince(third), undefined);
  // Another question's answer is no baseline.
  assert.equal(cache.verdicts(['codex'], context).changedSince(third), undefined);
});

const routingCase = (query: string, skill: string, index: number) => ({
  query,
  expected: [skill],
  acceptable: [],
  range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
  index,
});

test('the routing report says which agents cut a failing skill from their listing, and only for failing skills', () => {
  // 101 skills of 141 characters in .agents/skills: VS Code's agent lists 100 in full (15,000 characters), the last by name.
  const records = Array.from({ length: 101 }, (_, i) => {
    const name = `s${String(i).padStart(3, '0')}`;
    return record('.agents/skills', name, `---\nname: ${name}\ndescription: ${'x'.repeat(141)}\n---\n`);
  });
  const catalog = createSkillCatalog();
  catalog.replaceAll(records);
  const verdicts = new HostVerdictCache(catalog).verdicts(['vscode'], {
    projectRoots: [ROOT],
    home: undefined,
    contextTokens: 200_000,
  });
  const notes = hostListingNotes(records, verdicts);
  assert.deepEqual(notes('s000'), []);
  assert.equal(notes('s100').length, 1);
  assert.match(
    notes('s100')[0],
    /^VS Code's agent lists only its name: VS Code's agent's listing budget \(15000 characters\) is spent before this skill \(number 101\)/,
  );
  const summary = summarize('lexical', [
    { case: routingCase('do the hundredth thing', 's100', 0), picks: ['s001'] },
    { case: routingCase('do the first thing', 's000', 1), picks: ['s003'] },
  ]);
  const text = summaryMarkdown(summary, undefined, notes);
  assert.match(text, /\*\*Cut by an agent's own listing\*\*/);
  assert.match(text, /- `s100`: VS Code's agent lists only its name/);
  assert.doesNotMatch(text, /- `s000`:/);
  assert.doesNotMatch(summaryMarkdown(summary), /Cut by an agent/);
});

test("the cache, led by the catalog's change events, agrees with judging from the start after each of many edits", () => {
  const random = seededRandom(77);
  const catalog = createSkillCatalog();
  const initial = Array.from({ length: 80 }, (_, i) => record(FOLDERS[i % 3], `c${i}`, randomText(random, `c${i}`)));
  catalog.replaceAll(initial);
  const cache = new HostVerdictCache(catalog);
  const hosts = ['vscode', 'codex', 'claude-code', 'copilot-cli'] as const;
  const context = { projectRoots: [ROOT], home: undefined, contextTokens: 20_000 };
  cache.verdicts(hosts, context);
  for (let step = 0; step < 12; step++) {
    const old = catalog.records()[Math.floor(random() * 80)];
    catalog.upsert(record(old.location.label, old.folderName, randomText(random, old.folderName)));
    const answer = cache.verdicts(hosts, context);
    const records = catalog.records();
    for (const host of hosts) {
      const fresh = hostVerdicts(host, records, context);
      for (const r of records)
        assert.deepEqual(answer.of(r)?.get(host), fresh.get(r), `${host}, step ${step}: ${r.filePath}`);
    }
  }
});
