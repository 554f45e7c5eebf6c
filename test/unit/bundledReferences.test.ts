// What counts as referenced in a skill's folder (docs/rules.md, "Security"): a helper that a
// referenced script imports, a file it names in a string, the project file beside it, what is
// in a folder SKILL.md names, and a host's metadata file with what it names. Beside each, the
// same file with nothing pointing at it is still reported.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { lintBundledFiles } from '../../src/core/review/bundledFiles';
import { normalizePath } from '../../src/core/base/paths';
import { NodeFileSystem } from '../../src/node/nodeFileSystem';
import { makeTempDir, removeDir, writeFile } from './engineTestUtils';

let tmp: string;
before(() => {
  tmp = makeTempDir('skillsmith-bundled-refs-');
});
after(() => tmp && removeDir(tmp));

/** The quality findings of a skill folder holding `files`, as "code subject" lines. */
async function findings(name: string, skillMd: string, files: Record<string, string>): Promise<string[]> {
  const dir = path.join(tmp, name);
  writeFile(path.join(dir, 'SKILL.md'), skillMd);
  for (const [file, text] of Object.entries(files)) writeFile(path.join(dir, file), text);
  const lint = await lintBundledFiles(new NodeFileSystem(), normalizePath(dir), skillMd);
  return lint.skillProblems
    .map((p) => `${p.code} ${/^Nothing references (\S+?):|^(\S+) is reached/.exec(p.message)?.slice(1).join('') ?? ''}`)
    .sort();
}

test('a helper imported by a referenced script is referenced, transitively', { timeout: 30_000 }, async () => {
  assert.deepEqual(
    await findings('py', 'Run `scripts/main.py`.\n', {
      'scripts/main.py': 'from pkg import run\nimport helper\n',
      'scripts/helper.py': 'from .deep import x\n',
      'scripts/deep.py': 'x = 1\n',
      'scripts/pkg/__init__.py': 'from .core import run\n',
      'scripts/pkg/core.py': 'def run(): pass\n',
      'scripts/orphan.py': 'print(1)\n',
    }),
    ['unreferenced-file scripts/orphan.py'],
  );
  assert.deepEqual(
    await findings('js', 'Run `scripts/cli.mjs`.\n', {
      'scripts/cli.mjs': "import { a } from './lib/util.mjs';\nconst b = require('./other');\n",
      'scripts/lib/util.mjs': 'export const a = 1;\n',
      'scripts/other.js': 'module.exports = 2;\n',
      'scripts/unused.js': 'module.exports = 3;\n',
    }),
    ['unreferenced-file scripts/unused.js'],
  );
});

test(
  'a file a referenced script names in a string, and its project file, are referenced',
  { timeout: 30_000 },
  async () => {
    assert.deepEqual(
      await findings('named', 'Run `scripts/make.py`.\n', {
        'scripts/make.py': 'TEMPLATE = DIR / "comments.xml"\nsubprocess.run([sys.executable, "make_ai.py"])\n',
        'scripts/templates/comments.xml': '<x/>\n',
        'scripts/make_ai.py': 'print(1)\n',
        'scripts/pyproject.toml': '[project]\nname = "x"\n',
        'other/pyproject.toml': '[project]\nname = "y"\n',
        // The name in a comment or a word is not a string the script uses.
        'scripts/notes.txt': 'x\n',
      }),
      ['unreferenced-file other/pyproject.toml', 'unreferenced-file scripts/notes.txt'],
    );
  },
);

test('a folder SKILL.md names refers to what is in it; a path inside it does not', { timeout: 30_000 }, async () => {
  assert.deepEqual(
    await findings('folders', 'Cards are under `cards/cups/`. See the `assets/` directory. Run scripts/a.py.\n', {
      'cards/cups/one.md': 'x\n',
      'cards/swords/two.md': 'x\n',
      'assets/logo.svg': '<svg/>\n',
      'scripts/a.py': 'print(1)\n',
      'scripts/b.py': 'print(2)\n',
    }),
    ['unreferenced-file cards/swords/two.md', 'unreferenced-file scripts/b.py'],
  );
});

test("a host's metadata file is the folder's own, and what it names is referenced", { timeout: 30_000 }, async () => {
  assert.deepEqual(
    await findings('meta', 'Does it.\n', {
      'agents/openai.yaml': 'interface:\n  icon_small: "./assets/mark.svg"\n',
      'assets/mark.svg': '<svg/>\n',
      'assets/other.svg': '<svg/>\n',
      'agents/other.yaml': 'x: 1\n',
    }),
    ['unreferenced-file agents/other.yaml', 'unreferenced-file assets/other.svg'],
  );
});
