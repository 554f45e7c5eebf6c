// No valid skill of the wide corpus is hidden by a broken copy (docs/precedence-and-access.md:
// a skill without errors beats one with errors). Each repository is opened as the extension
// would open it: one workspace folder whose skillsmith.locations lists every folder the
// repository keeps skill folders in, in path order. The catalog is built by the same
// CatalogUpdater scan as in the editor, and its listing must offer every name that has a copy
// without errors that is not hidden. The expected names come from the hand-checked table of
// real errors (corpusWideExpected.ts), not from the catalog.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { createSkillCatalog } from '../../src/core/access/policy';
import type { SkillCatalog } from '../../src/core/catalog/catalog';
import { CatalogUpdater } from '../../src/core/catalog/catalogUpdater';
import { resolveLocations } from '../../src/core/catalog/locations';
import { analyzeSkillText } from '../../src/core/lint/analyze';
import { normalizePath } from '../../src/core/base/paths';
import { NodeFileSystem } from '../../src/node/nodeFileSystem';
import { corpusForTests, skillFilesBelow } from './corpusLocation';
import { WIDE_EXPECTED_ERRORS } from './corpusWideExpected';

const { dir: CORPUS, skip: SKIP } = corpusForTests('corpus-wide');
const nodeFs = new NodeFileSystem();
/** Folders discovery never enters below a location: a skill's own resources. */
const RESOURCE_FOLDERS = new Set(['scripts', 'references', 'assets']);

interface RepositorySkill {
  /** Relative to the corpus, with forward slashes (the key of WIDE_EXPECTED_ERRORS). */
  readonly path: string;
  readonly filePath: string;
  /** The folder that holds the skill folder, relative to the repository. */
  readonly container: string;
}

interface Repository {
  readonly dir: string;
  /** Skill files a workspace scan can find: not the repository root's own SKILL.md, nor one inside a resource folder. */
  readonly skills: readonly RepositorySkill[];
}

function repositories(): Repository[] {
  const byRepo = new Map<string, RepositorySkill[]>();
  for (const filePath of skillFilesBelow(CORPUS)) {
    const parts = path.relative(CORPUS, filePath).split(path.sep);
    const [repo, ...inRepo] = parts;
    const containerParts = inRepo.slice(0, -2);
    if (inRepo.length < 2 || containerParts.some((part) => RESOURCE_FOLDERS.has(part))) continue;
    const list = byRepo.get(repo) ?? [];
    list.push({ path: parts.join('/'), filePath, container: containerParts.join('/') || '.' });
    byRepo.set(repo, list);
  }
  return [...byRepo].map(([repo, skills]) => ({ dir: path.join(CORPUS, repo), skills }));
}

/** The catalog of one repository opened as a workspace folder, as the extension scans it. */
async function catalogOf(repository: Repository): Promise<SkillCatalog> {
  const containers = [...new Set(repository.skills.map((s) => s.container))].sort();
  const locations = resolveLocations({
    workspaceFolders: [repository.dir],
    configured: containers,
    includeUser: false,
  });
  const catalog = createSkillCatalog({ trustWorkspaceSkills: true });
  await new CatalogUpdater(catalog, nodeFs, locations).scanAll();
  return catalog;
}

/** What a file stands for in a listing: its name (the folder's when it declares none) and whether it may be offered. */
function standingOf(skill: RepositorySkill): { name: string; offerable: boolean } {
  const analysis = analyzeSkillText(readFileSync(skill.filePath, 'utf8'), {
    folderName: path.basename(path.dirname(skill.filePath)),
    fileName: path.basename(skill.filePath),
  });
  const name = analysis.name?.trim() || path.basename(path.dirname(skill.filePath));
  return { name, offerable: !(skill.path in WIDE_EXPECTED_ERRORS) && !analysis.hidden };
}

const repos = SKIP ? [] : repositories();
const catalogs = SKIP
  ? Promise.resolve([])
  : Promise.all(repos.map(async (repo) => ({ repo, catalog: await catalogOf(repo) })));

test(
  'wide corpus: each repository is scanned whole, and every name with a valid copy is in its listing',
  { skip: SKIP },
  async () => {
    let files = 0;
    let names = 0;
    for (const { repo, catalog } of await catalogs) {
      for (const skill of repo.skills)
        assert.ok(catalog.entryForFile(normalizePath(skill.filePath)), `${skill.path} was scanned`);
      assert.equal(catalog.size, repo.skills.length, repo.dir);
      files += repo.skills.length;

      const expected = new Set<string>();
      for (const skill of repo.skills) {
        const { name, offerable } = standingOf(skill);
        if (offerable) expected.add(name.normalize('NFKC'));
      }
      const listing = catalog.listing(Number.MAX_SAFE_INTEGER);
      assert.deepEqual([...listing.included].map((n) => n.normalize('NFKC')).sort(), [...expected].sort(), repo.dir);
      names += expected.size;
    }
    // A repository's own root SKILL.md and the 6 files inside a references/ folder are not skills a scan finds.
    assert.equal(files, 554 - 1 - 6);
    assert.ok(names > 400, `${names} names offered`);
  },
);

test('wide corpus: the valid skill beats its broken copy, which is reported as shadowed', { skip: SKIP }, async () => {
  const all = await catalogs;
  const catalogFor = (repo: string) => all.find((c) => path.basename(c.repo.dir) === repo)!.catalog;
  const cases: [repo: string, name: string, valid: string, broken: string][] = [
    // UiPath's skill-flavors overlays (no frontmatter) sort before skills/ in path order.
    ...['uipath-api-workflow', 'uipath-feedback', 'uipath-human-in-the-loop'].map(
      (name): [string, string, string, string] => [
        'UiPath__skills',
        name,
        `skills/${name}`,
        `skill-flavors/studioweb/${name}`,
      ],
    ),
    // Its preview/ copy is valid too, and preview/ comes first: the better valid copy wins.
    [
      'UiPath__skills',
      'uipath-maestro-flow',
      'preview/uipath-maestro-flow',
      'skill-flavors/studioweb/uipath-maestro-flow',
    ],
    // A translation whose frontmatter broke, in docs/ja-JP/skills, which sorts before skills/.
    [
      'affaan-m__everything-claude-code',
      'django-verification',
      'skills/django-verification',
      'docs/ja-JP/skills/django-verification',
    ],
  ];
  for (const [repo, name, valid, broken] of cases) {
    const catalog = catalogFor(repo);
    const root = path.join(CORPUS, repo);
    const winner = catalog.get(name);
    assert.equal(winner?.record.filePath, normalizePath(path.join(root, valid, 'SKILL.md')), name);
    assert.equal(winner?.status, 'offered', name);
    assert.ok(catalog.listing(Number.MAX_SAFE_INTEGER).included.includes(name), name);
    const loser = catalog.entryForFile(normalizePath(path.join(root, broken, 'SKILL.md')));
    assert.equal(loser?.status, 'shadowed', broken);
    const duplicate = loser?.problems.find((p) => p.code === 'duplicate-name');
    assert.match(duplicate?.message ?? '', /a skill without errors beats one with errors/, broken);
  }
});
