// The folders are the architecture (docs/architecture.md): dependencies point one way, and this test
// keeps them so. base ← lint/review ← catalog ← access ← loading/actions/routing ← chat inside the
// core; core ← node/vscode/cli outside it; VS Code features never import each other, and the
// shared files at the root of src/vscode/ import none of them (a feature's lazy bundle,
// src/lazy/NAME.ts, counts as that feature); and paths are handled by core/base/paths alone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { findRepoRoot } from './engineTestUtils';
import { importsOf, tsFiles, type Import } from './sourceImports';

const SRC = path.join(findRepoRoot(), 'src');

/** The core's layers, lowest first; a file may import its own layer or a lower one. */
const CORE_LAYERS: Record<string, number> = {
  base: 0,
  lint: 1,
  review: 1,
  catalog: 2,
  access: 3,
  hosts: 3,
  loading: 4,
  actions: 4,
  routing: 4,
  install: 4,
  chat: 5,
  validate: 5,
  impact: 5,
};

const ALL = tsFiles(SRC).flatMap((file) => importsOf(file, SRC));
const where = (i: Import) => `${i.file}:${i.line} imports ${i.target}`;

test('the import scanner sees every form of import', () => {
  const sample = path.join(findRepoRoot(), 'out', 'layering-sample.ts');
  fs.mkdirSync(path.dirname(sample), { recursive: true });
  fs.writeFileSync(
    sample,
    "import a from './a';\nimport type { B } from '../b';\nexport { c } from './c';\nimport './d';\nconst e = require('./e');\nconst f = await import('./f');\n",
  );
  try {
    assert.equal(importsOf(sample, SRC).length, 6);
  } finally {
    fs.rmSync(sample);
  }
  assert.ok(ALL.length > 100, `found only ${ALL.length} imports under src/`);
});

test('inside the core, each layer imports only its own layer or lower ones', () => {
  const offenders: string[] = [];
  const layerOf = (module: string) => {
    const match = /^core\/([^/]+)\//.exec(module);
    return match ? CORE_LAYERS[match[1]] : undefined;
  };
  for (const file of tsFiles(path.join(SRC, 'core'))) {
    const folder = path.relative(path.join(SRC, 'core'), file).split(path.sep)[0];
    assert.ok(
      folder in CORE_LAYERS,
      `src/core/${folder} is not a layer of docs/architecture.md (${Object.keys(CORE_LAYERS).join(', ')})`,
    );
  }
  for (const i of ALL.filter((i) => i.file.startsWith('core/'))) {
    if (!i.target.startsWith('core/')) {
      if (i.target === 'vscode' || /^(vscode\/|node\/|cli\/|cli$|extension$)/.test(i.target)) offenders.push(where(i));
      continue;
    }
    const from = layerOf(i.file);
    const to = layerOf(i.target);
    if (from === undefined || to === undefined || to > from) offenders.push(where(i));
  }
  assert.deepEqual(offenders, []);
});

// The lint and the review are one layer in two rooms (src/core/review/README.md): the lint
// reaches the review through its entry point alone, and the review uses the lint's reading of
// SKILL.md (its parse, code spans and rule kit), never the lint's rules or its composition.
const REVIEW_USES_OF_LINT = new Set(['core/lint/frontmatter', 'core/lint/ruleSupport', 'core/lint/markdownCode']);

test('the rest of src/ enters the review through core/review/index.ts alone', () => {
  const inward = ALL.filter((i) => i.target.startsWith('core/review/') && !i.file.startsWith('core/review/'));
  assert.ok(inward.length >= 5, `found only ${inward.length} imports of the review`);
  assert.deepEqual(inward.filter((i) => i.target !== 'core/review/index').map(where), []);
});

test("the review uses only the lint's reading of SKILL.md", () => {
  const outward = ALL.filter((i) => i.file.startsWith('core/review/') && i.target.startsWith('core/lint/'));
  assert.ok(outward.length >= 3, `found only ${outward.length} imports of the lint by the review`);
  assert.deepEqual(outward.filter((i) => !REVIEW_USES_OF_LINT.has(i.target)).map(where), []);
});

test('node/ and cli/ build on the core, never on the VS Code glue', () => {
  const offenders = ALL.filter(
    (i) =>
      (i.file.startsWith('node/') || i.file.startsWith('cli')) &&
      (i.target === 'vscode' || i.target.startsWith('vscode/')),
  );
  assert.deepEqual(offenders.map(where), []);
});

/**
 * Which part of the VS Code glue a module belongs to: a feature (the folder under src/vscode/, or
 * src/lazy/NAME.ts, the lazily loaded bundle of feature NAME), 'root' for the shared glue at the
 * root of src/vscode/ (api, ids, services, settings, ...), or undefined outside the glue.
 */
function glueOwner(module: string): string | undefined {
  const feature = /^(?:vscode\/([^/]+)\/|lazy\/([^/]+)$)/.exec(module.replace(/\.ts$/, ''));
  if (feature) return `feature ${feature[1] ?? feature[2]}`;
  return /^vscode\/[^/]+$/.test(module) ? 'root' : undefined;
}

test('every lazy bundle is the bundle of a VS Code feature', () => {
  const features = fs
    .readdirSync(path.join(SRC, 'vscode'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  const bundles = fs.readdirSync(path.join(SRC, 'lazy')).map((name) => name.replace(/\.ts$/, ''));
  assert.deepEqual(
    bundles.filter((name) => !features.includes(name)),
    [],
    'src/lazy/NAME.ts belongs to src/vscode/NAME/',
  );
});

test('VS Code features import their own folder, the shared root files and the core, never another feature', () => {
  const glue = ALL.filter((i) => i.file.startsWith('vscode/') || i.file.startsWith('lazy/'));
  const rootFiles = new Set(glue.filter((i) => glueOwner(i.file) === 'root').map((i) => i.file));
  assert.ok(rootFiles.size >= 10, `found the imports of only ${rootFiles.size} root files of src/vscode/`);
  const offenders: string[] = [];
  for (const i of glue) {
    const from = glueOwner(i.file);
    const to = glueOwner(i.target);
    if (to === undefined || to === 'root' || to === from) continue;
    // A root file is shared by every feature, so it must not lean on any one of them.
    offenders.push(`${where(i)} (${from} reaches into ${to})`);
  }
  assert.deepEqual(offenders, []);
});

test('paths are joined and compared only in core/base/paths.ts', () => {
  const offenders = ALL.filter((i) => i.target === 'path' || i.target === 'node:path').map(where);
  for (const file of tsFiles(SRC)) {
    const relative = path.relative(SRC, file).split(path.sep).join('/');
    if (relative === 'core/base/paths.ts') continue;
    const text = fs.readFileSync(file, 'utf8');
    if (/path\.(posix|win32)\.|\.replace\(\/\\\\\\\\\/g/.test(text))
      offenders.push(`${relative}: handles path separators itself`);
  }
  assert.deepEqual(offenders, []);
});
