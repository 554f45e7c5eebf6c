// The catalog (docs/precedence-and-access.md, docs/format.md): precedence, duplicate-name, offer statuses, change events
// and the cached listing. Records are synthetic: no file system is involved.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createSkillCatalog } from '../../src/core/access/policy';
import { type CatalogChange, type SkillCatalog } from '../../src/core/catalog/catalog';
import { resolveLocations, type SkillLocation } from '../../src/core/catalog/locations';
import { errorProblem, record } from './engineTestUtils';
import { seededRandom } from '../seededRandom';
import { testPath as path } from './testPaths';

function locationsFor(workspaceFolders: string[], home = '/home/me'): Map<string, SkillLocation> {
  const byKey = new Map<string, SkillLocation>();
  for (const loc of resolveLocations({ workspaceFolders, home })) byKey.set(loc.path, loc);
  return byKey;
}

const LOCS = locationsFor(['/ws']);
const SKILLS = LOCS.get('/ws/skills')!;
const AGENTS = LOCS.get('/ws/.agents/skills')!;
const CLAUDE = LOCS.get('/ws/.claude/skills')!;
const USER_CLAUDE = LOCS.get('/home/me/.claude/skills')!;
const USER_AGENTS = LOCS.get('/home/me/.agents/skills')!;

function recordEvents(catalog: SkillCatalog): CatalogChange[] {
  const events: CatalogChange[] = [];
  catalog.onDidChange((change) => events.push(change));
  return events;
}

function codesOf(catalog: SkillCatalog, filePath: string): string[] {
  return catalog.entryForFile(filePath)!.problems.map((p) => p.code);
}

test('resolved locations: the configured order, workspace before user', () => {
  assert.deepEqual(
    resolveLocations({ workspaceFolders: ['/ws'], home: '/home/me' }).map((l) => [l.label, l.scope]),
    [
      ['skills', 'workspace'],
      ['.agents/skills', 'workspace'],
      ['.github/skills', 'workspace'],
      ['.claude/skills', 'workspace'],
      ['~/.agents/skills', 'user'],
      ['~/.claude/skills', 'user'],
      ['~/.copilot/skills', 'user'],
    ],
  );
  assert.deepEqual(
    resolveLocations({ workspaceFolders: ['/ws'], home: '/home/me', includeUser: false }).map((l) => l.scope),
    ['workspace', 'workspace', 'workspace', 'workspace'],
  );
});

test('a workspace skill beats a user skill of the same name, whatever the insertion order', () => {
  for (const order of [0, 1]) {
    const catalog = createSkillCatalog();
    const user = record(USER_AGENTS, 'code-review');
    const workspace = record(CLAUDE, 'code-review');
    for (const r of order === 0 ? [user, workspace] : [workspace, user]) catalog.upsert(r);
    assert.equal(catalog.get('code-review')!.record.filePath, workspace.filePath);
    assert.equal(catalog.entryForFile(workspace.filePath)!.status, 'offered');
    const loser = catalog.entryForFile(user.filePath)!;
    assert.equal(loser.status, 'shadowed');
    assert.equal(loser.shadowedBy!.filePath, workspace.filePath);
    const duplicate = loser.problems.find((p) => p.code === 'duplicate-name')!;
    assert.equal(duplicate.severity, 'warning');
    assert.ok(duplicate.message.includes(path.native(workspace.filePath)), duplicate.message);
    assert.match(duplicate.message, /workspace skills beat user-level ones/);
    assert.deepEqual(codesOf(catalog, workspace.filePath), [], 'the winner carries no duplicate-name');
  }
});

test('an earlier location beats a later one, and the message says which location comes first', () => {
  const catalog = createSkillCatalog();
  const late = record(CLAUDE, 'code-review');
  const early = record(SKILLS, 'code-review');
  catalog.upsert(late);
  catalog.upsert(early);
  assert.equal(catalog.get('code-review')!.record.filePath, early.filePath);
  const loser = catalog.entryForFile(late.filePath)!;
  assert.equal(loser.status, 'shadowed');
  const message = loser.problems.find((p) => p.code === 'duplicate-name')!.message;
  assert.ok(message.includes(path.native(early.filePath)), message);
  assert.match(message, /'skills' comes before '\.claude\/skills'/);
  assert.deepEqual(codesOf(catalog, early.filePath), []);
  // The loser's duplicate-name stands at its name value.
  const range = loser.problems.find((p) => p.code === 'duplicate-name')!.range;
  assert.deepEqual(range, late.nameRange);
});

test('between two user locations, the earlier configured one wins', () => {
  const catalog = createSkillCatalog();
  const claude = record(USER_CLAUDE, 'x');
  const agents = record(USER_AGENTS, 'x');
  catalog.upsert(claude);
  catalog.upsert(agents);
  assert.equal(catalog.get('x')!.record.filePath, agents.filePath);
  assert.match(
    catalog.entryForFile(claude.filePath)!.problems[0].message,
    /'~\/\.agents\/skills' comes before '~\/\.claude\/skills'/,
  );
});

test('multi-root: the configured order first, then the order of the workspace folders', () => {
  const locs = locationsFor(['/a', '/b']);
  const aSkills = locs.get('/a/skills')!;
  const bSkills = locs.get('/b/skills')!;
  const aAgents = locs.get('/a/.agents/skills')!;
  const catalog = createSkillCatalog();
  const inAAgents = record(aAgents, 'x');
  const inB = record(bSkills, 'x');
  const inA = record(aSkills, 'x');
  catalog.upsert(inAAgents);
  catalog.upsert(inB);
  assert.equal(catalog.get('x')!.record.filePath, inB.filePath, '/b/skills beats /a/.agents/skills');
  catalog.upsert(inA);
  assert.equal(catalog.get('x')!.record.filePath, inA.filePath, '/a/skills beats /b/skills');
  assert.deepEqual(
    catalog.entries().map((e) => [e.record.filePath, e.status]),
    [
      [inA.filePath, 'offered'],
      [inB.filePath, 'shadowed'],
      [inAAgents.filePath, 'shadowed'],
    ],
  );
  // Same label in two folders: the message must still say why the winner wins.
  const message = catalog.entryForFile(inB.filePath)!.problems.find((p) => p.code === 'duplicate-name')!.message;
  assert.ok(message.includes(path.native(inA.filePath)), message);
  assert.ok(
    message.includes(`'${path.native('/a')}'`) && message.includes(`'${path.native('/b')}'`),
    `names the two workspace folders: ${message}`,
  );
});

test('two skills of the same name in one location: the first path wins', () => {
  const catalog = createSkillCatalog();
  const b = record(SKILLS, 'x', { folderName: 'b', dir: '/ws/skills/b' });
  const a = record(SKILLS, 'x', { folderName: 'a', dir: '/ws/skills/a' });
  catalog.upsert(b);
  catalog.upsert(a);
  assert.equal(catalog.get('x')!.record.filePath, a.filePath);
  assert.match(catalog.entryForFile(b.filePath)!.problems[0].message, /first path in sort order/);
});

test('names clash after NFKC normalisation', () => {
  const catalog = createSkillCatalog();
  const fullwidth = record(CLAUDE, 'ｘ');
  const plain = record(SKILLS, 'x');
  catalog.upsert(fullwidth);
  catalog.upsert(plain);
  assert.equal(catalog.entryForFile(fullwidth.filePath)!.status, 'shadowed');
  assert.equal(catalog.get('ｘ')!.record.filePath, plain.filePath);
});

test('statuses: offered, errors, hidden, shadowed, untrusted', () => {
  const catalog = createSkillCatalog();
  const ok = record(SKILLS, 'ok');
  const broken = record(SKILLS, 'broken', { problems: [errorProblem()], hasErrors: true });
  const hidden = record(SKILLS, 'hidden', { hidden: true });
  const shadowed = record(CLAUDE, 'ok');
  const user = record(USER_CLAUDE, 'from-home');
  for (const r of [ok, broken, hidden, shadowed, user]) catalog.upsert(r);
  const statuses = () => Object.fromEntries(catalog.entries().map((e) => [e.record.filePath, e.status]));
  assert.deepEqual(statuses(), {
    [ok.filePath]: 'offered',
    [broken.filePath]: 'errors',
    [hidden.filePath]: 'hidden',
    [shadowed.filePath]: 'shadowed',
    [user.filePath]: 'offered',
  });
  assert.deepEqual(
    catalog.offered().map((e) => e.record.name),
    ['from-home', 'ok'],
  );
  assert.equal(catalog.listing(12000).text, '- from-home: Does from-home things.\n- ok: Does ok things.');
  // A skill with errors that also sets disable-model-invocation is reported for its errors.
  catalog.upsert(record(SKILLS, 'both', { hidden: true, problems: [errorProblem()], hasErrors: true }));
  assert.equal(catalog.get('both')!.status, 'errors');

  const events: CatalogChange[] = [];
  catalog.onDidChange((c) => events.push(c));
  catalog.setTrustWorkspaceSkills(false);
  assert.equal(catalog.entryForFile(ok.filePath)!.status, 'untrusted');
  assert.equal(catalog.entryForFile(broken.filePath)!.status, 'errors');
  assert.equal(catalog.entryForFile(hidden.filePath)!.status, 'hidden');
  assert.equal(catalog.entryForFile(user.filePath)!.status, 'offered');
  assert.deepEqual(
    catalog.offered().map((e) => e.record.name),
    ['from-home'],
  );
  assert.equal(catalog.listing(12000).text, '- from-home: Does from-home things.');
  assert.equal(events.length, 1);
  for (const file of [ok.filePath, broken.filePath, hidden.filePath, shadowed.filePath])
    assert.ok(events[0].files.includes(file), file);

  catalog.setTrustWorkspaceSkills(false);
  assert.equal(events.length, 1, 'no event when trust does not change');
  catalog.setTrustWorkspaceSkills(true);
  assert.equal(events.length, 2);
  assert.equal(catalog.entryForFile(ok.filePath)!.status, 'offered');
  assert.deepEqual(
    catalog.offered().map((e) => e.record.name),
    ['from-home', 'ok'],
  );
});

test('an untrusted catalog from the start offers only user skills', () => {
  const catalog = createSkillCatalog({ trustWorkspaceSkills: false });
  catalog.upsert(record(SKILLS, 'ws'));
  catalog.upsert(record(USER_CLAUDE, 'home'));
  assert.deepEqual(
    catalog.offered().map((e) => e.record.name),
    ['home'],
  );
  assert.equal(catalog.get('ws')!.status, 'untrusted');
});

test('change events name every affected file, including the other file of a duplicate pair', () => {
  const catalog = createSkillCatalog();
  const events = recordEvents(catalog);
  const first = record(CLAUDE, 'x');
  catalog.upsert(first);
  assert.deepEqual(events.at(-1)!.files, [first.filePath]);

  const winner = record(SKILLS, 'x');
  catalog.upsert(winner);
  assert.deepEqual(
    [...events.at(-1)!.files].sort(),
    [first.filePath, winner.filePath].sort(),
    'the loser gains duplicate-name',
  );

  catalog.upsert(record(SKILLS, 'unrelated'));
  assert.deepEqual(events.at(-1)!.files, ['/ws/skills/unrelated/SKILL.md'], 'other names are not touched');

  assert.equal(catalog.remove(winner.filePath), true);
  assert.deepEqual(
    [...events.at(-1)!.files].sort(),
    [first.filePath, winner.filePath].sort(),
    'the former loser loses duplicate-name',
  );
  assert.equal(catalog.entryForFile(first.filePath)!.status, 'offered');
  assert.deepEqual(codesOf(catalog, first.filePath), []);

  const count = events.length;
  assert.equal(catalog.remove('/nowhere/SKILL.md'), false);
  assert.equal(events.length, count, 'removing an unknown file changes nothing');
});

test('renaming a skill (same file, new name) touches the rivals of both names', () => {
  const catalog = createSkillCatalog();
  const events = recordEvents(catalog);
  const oldRival = record(CLAUDE, 'old');
  const newRival = record(USER_CLAUDE, 'new');
  const renamed = record(SKILLS, 'old', { folderName: 'skill', dir: '/ws/skills/skill' });
  for (const r of [oldRival, newRival, renamed]) catalog.upsert(r);
  assert.equal(catalog.entryForFile(oldRival.filePath)!.status, 'shadowed');
  catalog.upsert({ ...renamed, name: 'new', declaredName: 'new' });
  assert.deepEqual([...events.at(-1)!.files].sort(), [oldRival.filePath, newRival.filePath, renamed.filePath].sort());
  assert.equal(catalog.entryForFile(oldRival.filePath)!.status, 'offered');
  assert.equal(catalog.entryForFile(newRival.filePath)!.status, 'shadowed');
  assert.deepEqual(catalog.names().sort(), ['new', 'old']);
  assert.equal(catalog.size, 3);
});

test('removeUnder drops every record below a folder, with one event', () => {
  const catalog = createSkillCatalog();
  const a = record(SKILLS, 'a');
  const nested = record(SKILLS, 'inner', { folderName: 'inner', dir: '/ws/skills/a/inner' });
  const sibling = record(SKILLS, 'ab', { folderName: 'ab', dir: '/ws/skills/ab' });
  const rival = record(CLAUDE, 'inner');
  for (const r of [a, nested, sibling, rival]) catalog.upsert(r);
  const events = recordEvents(catalog);
  const removed = catalog.removeUnder('/ws/skills/a');
  assert.deepEqual(removed.sort(), [a.filePath, nested.filePath].sort());
  assert.equal(events.length, 1);
  assert.deepEqual([...events[0].files].sort(), [a.filePath, nested.filePath, rival.filePath].sort());
  assert.ok(catalog.entryForFile(sibling.filePath), "'/ws/skills/ab' is not below '/ws/skills/a'");
  assert.equal(catalog.entryForFile(rival.filePath)!.status, 'offered');
  assert.deepEqual(catalog.removeUnder('/ws/skills/a'), []);
  assert.equal(events.length, 1, 'nothing removed, no event');
});

test('replaceAll swaps the content with one event naming old and new files', () => {
  const catalog = createSkillCatalog();
  const old = record(SKILLS, 'old');
  const kept = record(SKILLS, 'kept');
  catalog.upsert(old);
  catalog.upsert(kept);
  const events = recordEvents(catalog);
  const fresh = record(CLAUDE, 'fresh');
  const loser = record(CLAUDE, 'kept');
  catalog.replaceAll([kept, fresh, loser, { ...fresh }]);
  assert.equal(events.length, 1);
  assert.deepEqual([...events[0].files].sort(), [old.filePath, kept.filePath, fresh.filePath, loser.filePath].sort());
  assert.equal(catalog.size, 3);
  assert.equal(catalog.entryForFile(old.filePath), undefined);
  assert.equal(catalog.entryForFile(loser.filePath)!.status, 'shadowed');
  assert.deepEqual(
    catalog.offered().map((e) => e.record.name),
    ['fresh', 'kept'],
  );
  assert.equal(catalog.listing(12000).text, '- fresh: Does fresh things.\n- kept: Does kept things.');
});

test('replaceAllInSlices: unchanged and readable until the swap, then what replaceAll gives, with one event', async () => {
  const old = record(SKILLS, 'old');
  const incoming = Array.from({ length: 300 }, (_, i) =>
    record(i % 3 === 0 ? CLAUDE : SKILLS, `s${i % 200}`, {
      folderName: `f${i}`,
      dir: `${i % 3 === 0 ? CLAUDE.path : SKILLS.path}/f${i}`,
    }),
  );
  const reference = createSkillCatalog();
  reference.upsert(old);
  reference.replaceAll(incoming);

  const catalog = createSkillCatalog();
  catalog.upsert(old);
  const events = recordEvents(catalog);
  // A slice of 0 ms pauses at every step: the build spans many turns of the event loop.
  const swapping = catalog.replaceAllInSlices(incoming, 0);
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(
    catalog.entries().map((e) => e.record.name),
    ['old'],
    'the old content until the swap',
  );
  assert.equal(events.length, 0);
  assert.equal(await swapping, true);
  assert.equal(events.length, 1, 'one change event');
  assert.deepEqual([...events[0].files].sort(), [old.filePath, ...incoming.map((r) => r.filePath)].sort());
  const view = (c: SkillCatalog) => c.entries().map((e) => `${e.record.filePath} ${e.status}`);
  assert.deepEqual(view(catalog), view(reference));
  assert.equal(catalog.listing(12000).text, reference.listing(12000).text);
});

test('replaceAllInSlices: trust revoked while the new content is built is applied to it', async () => {
  const catalog = createSkillCatalog();
  const swapping = catalog.replaceAllInSlices([record(SKILLS, 'ws'), record(USER_CLAUDE, 'mine')], 0);
  catalog.setTrustWorkspaceSkills(false);
  assert.equal(await swapping, true);
  assert.deepEqual(
    catalog.offered().map((e) => e.record.name),
    ['mine'],
  );
  assert.equal(catalog.get('ws')!.status, 'untrusted');
});

test('replaceAllInSlices: cancelled before the swap, the catalog keeps its content and no event fires', async () => {
  const catalog = createSkillCatalog();
  const old = record(SKILLS, 'old');
  catalog.upsert(old);
  const events = recordEvents(catalog);
  let cancelled = false;
  const swapping = catalog.replaceAllInSlices([record(SKILLS, 'new')], 0, () => cancelled);
  cancelled = true;
  assert.equal(await swapping, false);
  assert.deepEqual(
    catalog.entries().map((e) => e.record.name),
    ['old'],
  );
  assert.equal(events.length, 0);
});

test('the listing is cached until the catalog changes, then rebuilt', () => {
  const catalog = createSkillCatalog();
  catalog.upsert(record(SKILLS, 'b'));
  catalog.upsert(record(SKILLS, 'a'));
  const first = catalog.listing(12000);
  assert.equal(first.text, '- a: Does a things.\n- b: Does b things.');
  assert.equal(catalog.listing(12000), first, 'the same object while nothing changed');
  const revision = catalog.revision;

  const other = catalog.listing(10);
  assert.notEqual(other, first);
  assert.deepEqual(other.dropped, ['a', 'b']);

  catalog.upsert(record(SKILLS, 'c'));
  assert.ok(catalog.revision > revision);
  const rebuilt = catalog.listing(12000);
  assert.notEqual(rebuilt, first);
  assert.equal(rebuilt.text, '- a: Does a things.\n- b: Does b things.\n- c: Does c things.');
  assert.equal(catalog.listing(12000), rebuilt);

  catalog.setTrustWorkspaceSkills(false);
  assert.equal(catalog.listing(12000).text, '');
  catalog.setTrustWorkspaceSkills(true);
  const afterTrust = catalog.listing(12000);
  catalog.remove('/ws/skills/c/SKILL.md');
  assert.notEqual(catalog.listing(12000), afterTrust);
  assert.equal(catalog.listing(12000).text, '- a: Does a things.\n- b: Does b things.');
  const beforeRemoveUnder = catalog.listing(12000);
  catalog.removeUnder('/ws/skills/a');
  assert.notEqual(catalog.listing(12000), beforeRemoveUnder);
  assert.deepEqual(catalog.listing(12000).included, ['b']);
});

test('the offered order follows names, not insertion, across many changes', () => {
  const catalog = createSkillCatalog();
  const names = ['m', 'c', 'x', 'a', 'q', 'b', 'z', 'd'];
  for (const name of names) catalog.upsert(record(SKILLS, name));
  catalog.upsert(record(SKILLS, 'q', { hidden: true }));
  catalog.remove('/ws/skills/c/SKILL.md');
  catalog.upsert(record(SKILLS, 'c'));
  assert.deepEqual(
    catalog.offered().map((e) => e.record.name),
    ['a', 'b', 'c', 'd', 'm', 'x', 'z'],
  );
  assert.deepEqual(catalog.listing(12000).included, ['a', 'b', 'c', 'd', 'm', 'x', 'z']);
});

test('disposing a listener stops its events', () => {
  const catalog = createSkillCatalog();
  let count = 0;
  const subscription = catalog.onDidChange(() => count++);
  catalog.upsert(record(SKILLS, 'a'));
  subscription.dispose();
  catalog.upsert(record(SKILLS, 'b'));
  assert.equal(count, 1);
});

test('renaming one of many offered skills keeps the offered list sorted (and does not throw)', () => {
  const catalog = createSkillCatalog();
  const names = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'];
  for (const name of names) catalog.upsert(record(SKILLS, name));
  // The file of 'f' now declares 'e0': the key 'f' disappears while 'e0' is inserted.
  const renamed = record(SKILLS, 'e0', { folderName: 'f', dir: '/ws/skills/f' });
  catalog.upsert(renamed);
  assert.deepEqual(
    catalog.offered().map((e) => e.record.name),
    ['a', 'b', 'c', 'd', 'e', 'e0', 'g', 'h', 'i', 'j'],
  );
  assert.deepEqual(catalog.listing(12000).included, ['a', 'b', 'c', 'd', 'e', 'e0', 'g', 'h', 'i', 'j']);
  catalog.upsert(record(SKILLS, 'zz', { folderName: 'b', dir: '/ws/skills/b' }));
  assert.deepEqual(
    catalog.offered().map((e) => e.record.name),
    ['a', 'c', 'd', 'e', 'e0', 'g', 'h', 'i', 'j', 'zz'],
  );
});

test('property: after random upserts and removals, offered() equals a brute-force computation', () => {
  const locs = [SKILLS, AGENTS, CLAUDE, USER_CLAUDE, USER_AGENTS];
  const names = ['a', 'b', 'c', 'code-review', 'deploy', 'x', 'y', 'zeta'];
  for (const seed of [3, 17, 99]) {
    const random = seededRandom(seed);
    const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)];
    const catalog = createSkillCatalog();
    const live = new Map<string, ReturnType<typeof record>>();
    let trusted = true;
    for (let step = 0; step < 600; step++) {
      const roll = random();
      if (roll < 0.55) {
        const loc = pick(locs);
        const folder = `f${Math.floor(random() * 12)}`;
        const broken = random() < 0.15;
        const r = record(loc, pick(names), {
          folderName: folder,
          dir: `${loc.path}/${folder}`,
          hidden: random() < 0.15,
          problems: broken ? [errorProblem()] : [],
          hasErrors: broken,
        });
        catalog.upsert(r);
        live.set(r.filePath, r);
      } else if (roll < 0.85) {
        const files = [...live.keys()];
        if (files.length === 0) continue;
        const file = pick(files);
        catalog.remove(file);
        live.delete(file);
      } else if (roll < 0.93) {
        const loc = pick(locs);
        for (const file of catalog.removeUnder(loc.path)) live.delete(file);
      } else {
        trusted = !trusted;
        catalog.setTrustWorkspaceSkills(trusted);
      }
      const byName = new Map<string, ReturnType<typeof record>[]>();
      for (const r of live.values()) byName.set(r.name, [...(byName.get(r.name) ?? []), r]);
      const expected = [...byName.values()]
        .map(
          (rivals) =>
            rivals.sort(
              (p, q) =>
                Number(p.hasErrors) - Number(q.hasErrors) ||
                p.location.rank - q.location.rank ||
                (p.filePath < q.filePath ? -1 : 1),
            )[0],
        )
        .filter((w) => !w.hasErrors && !w.hidden && (trusted || w.location.scope !== 'workspace'))
        .map((w) => w.name)
        .sort();
      assert.deepEqual(
        catalog.offered().map((e) => e.record.name),
        expected,
        `seed ${seed}, step ${step}`,
      );
      assert.deepEqual(catalog.listing(12000).included, expected, `seed ${seed}, step ${step}`);
      assert.equal(catalog.size, live.size);
    }
  }
});
