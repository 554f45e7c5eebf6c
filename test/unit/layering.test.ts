// The folders are the architecture (docs/architecture.md): dependencies point one way, and this test
// keeps them so. base ← lint ← catalog ← access ← loading/actions/routing ← chat inside the
// core; core ← node/vscode/cli outside it; VS Code features never import each other; and
// paths are handled by core/base/paths alone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { findRepoRoot } from './engineTestUtils';

const SRC = path.join(findRepoRoot(), 'src');

/** The core's layers, lowest first; a file may import its own layer or a lower one. */
const CORE_LAYERS: Record<string, number> = {
  base: 0,
  lint: 1,
  catalog: 2,
  access: 3,
  hosts: 3,
  loading: 4,
  actions: 4,
  routing: 4,
  install: 4,
  chat: 5,
};

interface Import {
  readonly file: string;
  readonly line: number;
  /** The imported module, relative to src/ without extension, or the bare specifier. */
  readonly target: string;
}

function tsFiles(dir: string): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...tsFiles(full));
    else if (entry.name.endsWith('.ts')) found.push(full);
  }
  return found;
}

/** Every import, export-from and require of a file. */
function importsOf(file: string): Import[] {
  const text = fs.readFileSync(file, 'utf8');
  const found: Import[] = [];
  const pattern =
    /(?:^|\s)(?:import|export)\s[^'";]*?from\s+['"]([^'"]+)['"]|(?:^|\s)import\s+['"]([^'"]+)['"]|require\(\s*['"]([^'"]+)['"]\s*\)|import\(\s*['"]([^'"]+)['"]\s*\)/gm;
  for (const match of text.matchAll(pattern)) {
    const specifier = match[1] ?? match[2] ?? match[3] ?? match[4];
    const line = text.slice(0, match.index).split('\n').length;
    const target = specifier.startsWith('.')
      ? path
          .relative(SRC, path.resolve(path.dirname(file), specifier))
          .split(path.sep)
          .join('/')
      : specifier;
    found.push({ file: path.relative(SRC, file).split(path.sep).join('/'), line, target });
  }
  return found;
}

const ALL = tsFiles(SRC).flatMap(importsOf);
const where = (i: Import) => `${i.file}:${i.line} imports ${i.target}`;

test('the import scanner sees every form of import', () => {
  const sample = path.join(findRepoRoot(), 'out', 'layering-sample.ts');
  fs.mkdirSync(path.dirname(sample), { recursive: true });
  fs.writeFileSync(
    sample,
    "import a from './a';\nimport type { B } from '../b';\nexport { c } from './c';\nimport './d';\nconst e = require('./e');\nconst f = await import('./f');\n",
  );
  try {
    assert.equal(importsOf(sample).length, 6);
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

test('node/ and cli/ build on the core, never on the VS Code glue', () => {
  const offenders = ALL.filter(
    (i) =>
      (i.file.startsWith('node/') || i.file.startsWith('cli')) &&
      (i.target === 'vscode' || i.target.startsWith('vscode/')),
  );
  assert.deepEqual(offenders.map(where), []);
});

test('VS Code features import their own folder, the shared root files and the core, never another feature', () => {
  const offenders: string[] = [];
  for (const i of ALL.filter((i) => /^vscode\/[^/]+\//.test(i.file))) {
    const feature = i.file.split('/')[1];
    const target = /^vscode\/([^/]+)\//.exec(i.target);
    if (target && target[1] !== feature) offenders.push(where(i));
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
