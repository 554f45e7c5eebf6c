// A skill folder linked into another agents' folder (`.claude/skills/x` → `.agents/skills/x`, the
// way repositories publish one skill to several agents) is one skill (core/catalog/linkedCopies.ts):
// no duplicate-name between its copies, one row in `skillsmith hosts`, and each host judged through
// the copy it reads (core/hosts/linkedVerdicts.ts).
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { spawnSync } from 'node:child_process';
import { joinPath, normalizePath } from '../../src/core/base/paths';
import { createSkillCatalog } from '../../src/core/access/policy';
import { discoverSkillFiles } from '../../src/core/catalog/discovery';
import { whyNotOffered } from '../../src/core/catalog/offerStatusText';
import { HostVerdictCache } from '../../src/core/hosts/verdictCache';
import { hostCompatFindings } from '../../src/core/hosts/hostCompat';
import { NodeFileSystem } from '../../src/node/nodeFileSystem';
import {
  NO_SYMLINKS,
  builtCli,
  location,
  makeTempDir,
  record,
  removeDir,
  trySymlink,
  writeSkill,
} from './engineTestUtils';

const ROOT = normalizePath(process.platform === 'win32' ? 'C:/ws' : '/ws');
const agents = location(joinPath(ROOT, '.agents/skills'), 0);
const claude = location(joinPath(ROOT, '.claude/skills'), 1);
const real = record(agents, 'review');
// The copy in .claude/skills is a link to the real folder.
const linked = record(claude, 'review', { realDir: real.dir });
const rival = record(claude, 'review'); // a folder of its own, with the same name

const tmp = makeTempDir('skillsmith-linked-');
after(() => removeDir(tmp));

/** A workspace with .agents/skills/review and a relative link to it in .claude/skills; undefined where links cannot be made. */
function linkedWorkspace(name: string): string | undefined {
  const ws = path.join(tmp, name);
  writeSkill(path.join(ws, '.agents', 'skills'), 'review');
  fs.mkdirSync(path.join(ws, '.claude', 'skills'), { recursive: true });
  const made = trySymlink(
    path.join('..', '..', '.agents', 'skills', 'review'),
    path.join(ws, '.claude', 'skills', 'review'),
    'dir',
  );
  return made ? ws : undefined;
}

test('a linked copy is not a rival: no duplicate-name, and it says what it is', { timeout: 10_000 }, () => {
  const catalog = createSkillCatalog();
  catalog.replaceAll([real, linked]);
  const entry = catalog.entryForFile(linked.filePath)!;
  assert.equal(entry.status, 'shadowed');
  assert.deepEqual(
    entry.problems.map((p) => p.code),
    [],
  );
  assert.match(whyNotOffered(entry)!, /^the same folder as .*\.agents[\\/]skills[\\/]review, through a symbolic link/);
  assert.deepEqual(catalog.copiesOf(real), [linked]);
  assert.deepEqual(catalog.copiesOf(linked), [real]);
  assert.equal(catalog.offered().length, 1);
});

test('a folder of its own with the same name is still a rival', { timeout: 10_000 }, () => {
  const catalog = createSkillCatalog();
  catalog.replaceAll([real, rival]);
  const entry = catalog.entryForFile(rival.filePath)!;
  assert.deepEqual(
    entry.problems.map((p) => p.code),
    ['duplicate-name'],
  );
  assert.deepEqual(catalog.copiesOf(real), []);
});

test(
  'each host is judged through the copy it reads: both copies load everywhere, no host-compat finding',
  {
    timeout: 10_000,
  },
  () => {
    const catalog = createSkillCatalog();
    catalog.replaceAll([real, linked]);
    const verdicts = new HostVerdictCache(catalog).verdicts(['vscode', 'claude-code', 'codex'], {
      projectRoots: [ROOT],
      home: undefined,
    });
    for (const copy of [real, linked]) {
      const byHost = verdicts.of(copy)!;
      assert.deepEqual(
        [...byHost].map(([host, v]) => `${host}:${v.loads}:${v.listing?.form}`),
        ['vscode:true:full', 'claude-code:true:full', 'codex:true:full'],
        copy.filePath,
      );
      assert.deepEqual(hostCompatFindings(copy, byHost), []);
    }
    // Without the link, Claude Code does not read .agents/skills: the real folder alone misses it.
    const alone = createSkillCatalog();
    alone.replaceAll([real]);
    const own = new HostVerdictCache(alone).verdicts(['claude-code'], { projectRoots: [ROOT], home: undefined });
    assert.equal(own.of(real)!.get('claude-code')!.found, false);
  },
);

test(
  'discovery gives the real folder of a skill reached through a link, and only then',
  { timeout: 10_000 },
  async (t) => {
    const ws = linkedWorkspace('discovery');
    if (!ws) return t.skip(NO_SYMLINKS);
    const nodeFs = new NodeFileSystem();
    const [viaLink] = await discoverSkillFiles(nodeFs, normalizePath(path.join(ws, '.claude', 'skills')));
    assert.equal(viaLink.realDir, normalizePath(path.join(ws, '.agents', 'skills', 'review')));
    const [direct] = await discoverSkillFiles(nodeFs, normalizePath(path.join(ws, '.agents', 'skills')));
    assert.equal(direct.realDir, undefined);
  },
);

test(
  'skillsmith hosts: one row for the folder and its link, loaded by every default host',
  { timeout: 60_000 },
  (t) => {
    const ws = linkedWorkspace('cli');
    if (!ws) return t.skip(NO_SYMLINKS);
    const run = spawnSync(process.execPath, [builtCli(), 'hosts', ws, '--json', '--no-user'], { encoding: 'utf8' });
    assert.equal(run.status, 0, run.stderr);
    const report = JSON.parse(run.stdout) as {
      skills: { path: string; copies?: string[]; hosts: Record<string, { loads: boolean; listing: string | null }> }[];
    };
    assert.equal(report.skills.length, 1);
    const [skill] = report.skills;
    assert.deepEqual(
      skill.copies?.map((p) => path.relative(ws, p)),
      [path.join('.claude', 'skills', 'review', 'SKILL.md')],
    );
    assert.deepEqual(
      Object.entries(skill.hosts).map(([host, v]) => `${host}:${v.loads}:${v.listing}`),
      ['vscode:true:full', 'claude-code:true:full', 'codex:true:full'],
    );
    const text = spawnSync(process.execPath, [builtCli(), 'hosts', ws, '--no-user'], { encoding: 'utf8' }).stdout;
    assert.match(
      text,
      /review is also at .*\.claude[\\/]skills[\\/]review, a symbolic link to .*: one skill, judged once\./,
    );
  },
);
