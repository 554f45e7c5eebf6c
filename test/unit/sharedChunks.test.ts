// scripts/sharedChunks.mjs: a module that two bundles use is built once, into a shared chunk, and
// each bundle requires it from there at run time (one instance, one copy); the build of dist/
// bundles no module twice.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BuildOptions } from 'esbuild';
import { builtCli, findRepoRoot } from './engineTestUtils';

const root = findRepoRoot();

interface Metafile {
  inputs: Record<string, unknown>;
  outputs: Record<string, { bytes?: number; inputs: Record<string, { bytesInOutput: number }> }>;
}

interface SharedChunks {
  SHARED_CHUNK: string;
  SHARED_LAZY_CHUNK: string;
  duplicatedModules: (metafile: Metafile) => { input: string; outputs: string[] }[];
  chunkFor: (outputs: string[]) => string;
  buildWithSharedChunks: (esbuild: unknown, bundles: object[], chunkOptions: object) => Promise<Metafile>;
}

function sharedChunks(): Promise<SharedChunks> {
  // A variable specifier keeps this a runtime import of the .mjs (no types needed).
  const url = pathToFileURL(path.join(root, 'scripts', 'sharedChunks.mjs')).href;
  return import(url) as Promise<SharedChunks>;
}

/**
 * Why esbuild cannot build on this platform, or undefined. Its native binary is installed per
 * platform: the Windows run under Wine (scripts/windows/) shares the Linux node_modules, so only
 * that run skips; a real Windows checkout installs its own binary and builds.
 */
async function esbuildUnusableHere(esbuild: typeof import('esbuild')): Promise<string | undefined> {
  try {
    await esbuild.transform('');
    return undefined;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (!/installed esbuild for another platform/.test(message)) throw error;
    return `esbuild's native binary in node_modules is for another platform (${process.platform} here)`;
  }
}

const inputs = (...names: string[]) => Object.fromEntries(names.map((name) => [name, { bytesInOutput: 10 }]));

void test('duplicatedModules names an input file bundled into two outputs, and only that', async () => {
  const { duplicatedModules } = await sharedChunks();
  const metafile: Metafile = {
    inputs: {},
    outputs: {
      'dist/a.js': {
        inputs: {
          ...inputs('src/a.ts', 'src/both.ts', 'skillsmith-stub:src/x.ts'),
          'src/shaken.ts': { bytesInOutput: 0 },
        },
      },
      'dist/b.js': { inputs: { ...inputs('src/b.ts', 'src/both.ts', 'skillsmith-stub:src/x.ts', 'src/shaken.ts') } },
    },
  };
  assert.deepEqual(duplicatedModules(metafile), [{ input: 'src/both.ts', outputs: ['dist/a.js', 'dist/b.js'] }]);
});

void test('a module the main bundle uses goes to the chunk activation loads; the rest to the lazy one', async () => {
  const { chunkFor, SHARED_CHUNK, SHARED_LAZY_CHUNK } = await sharedChunks();
  assert.equal(chunkFor(['dist/extension.js', 'dist/cli.js']), SHARED_CHUNK);
  assert.equal(chunkFor(['dist/shared.js', 'dist/lazy/lint.js']), SHARED_CHUNK);
  assert.equal(chunkFor(['dist/lazy/lint.js', 'dist/cli.js']), SHARED_LAZY_CHUNK);
});

void test(
  'bundles built with shared chunks hold each module once, and share its one instance',
  { timeout: 60_000 },
  async (t) => {
    const { buildWithSharedChunks, duplicatedModules } = await sharedChunks();
    const esbuild = await import('esbuild');
    const unusable = await esbuildUnusableHere(esbuild);
    if (unusable) return t.skip(unusable);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'skillsmith-chunks-'));
    try {
      const write = (rel: string, text: string) => {
        fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
        fs.writeFileSync(path.join(dir, rel), text);
      };
      // state.ts: used by all three bundles; tally.ts: by the lazy one and the CLI only.
      write('src/state.ts', 'let count = 0;\nexport function bump(): number {\n  return ++count;\n}\n');
      write('src/tally.ts', "import { bump } from './state';\nexport const tally = (): number => bump() * 10;\n");
      write('src/extension.ts', "import { bump } from './state';\nexport const fromMain = bump;\n");
      write(
        'src/lazy/feature.ts',
        "import { bump } from '../state';\nimport { tally } from '../tally';\nexport const fromLazy = (): number => bump() + tally();\n",
      );
      write('src/cli.ts', "import { tally } from './tally';\nexport const fromCli = tally;\n");
      const common: BuildOptions = {
        bundle: true,
        format: 'cjs',
        platform: 'node',
        target: 'node20',
        absWorkingDir: dir,
        logLevel: 'silent',
      };
      const bundles: BuildOptions[] = [
        { ...common, entryPoints: ['src/extension.ts'], outfile: 'dist/extension.js' },
        { ...common, entryPoints: ['src/lazy/feature.ts'], outdir: 'dist/lazy' },
        { ...common, entryPoints: ['src/cli.ts'], outfile: 'dist/cli.js' },
      ];
      const metafile = await buildWithSharedChunks(esbuild, bundles, common);
      assert.deepEqual(duplicatedModules(metafile), []);
      const holders = (input: string) =>
        Object.entries(metafile.outputs)
          .filter(([, output]) => (output.inputs[input]?.bytesInOutput ?? 0) > 0)
          .map(([name]) => name);
      assert.deepEqual(holders('src/state.ts'), ['dist/shared.js']);
      assert.deepEqual(holders('src/tally.ts'), ['dist/shared-lazy.js']);

      // A plain build of the same bundles would carry state.ts three times.
      const plain = await Promise.all(bundles.map((b) => esbuild.build({ ...b, write: false, metafile: true })));
      const copies = plain.filter((r) => Object.keys(r.metafile.inputs).includes('src/state.ts')).length;
      assert.equal(copies, 3);

      // One instance: the three bundles count on the same counter.
      /* eslint-disable @typescript-eslint/no-require-imports */
      const main = require(path.join(dir, 'dist/extension.js')) as { fromMain(): number };
      const lazy = require(path.join(dir, 'dist/lazy/feature.js')) as { fromLazy(): number };
      const cli = require(path.join(dir, 'dist/cli.js')) as { fromCli(): number };
      /* eslint-enable @typescript-eslint/no-require-imports */
      assert.equal(main.fromMain(), 1);
      assert.equal(lazy.fromLazy(), 2 + 30);
      assert.equal(cli.fromCli(), 40);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  },
);

void test('the build of dist/ bundles no module twice', { timeout: 120_000 }, async () => {
  const { duplicatedModules } = await sharedChunks();
  builtCli(root);
  const metafile = JSON.parse(fs.readFileSync(path.join(root, 'dist', 'meta.json'), 'utf8')) as Metafile;
  assert.ok(Object.keys(metafile.outputs).includes('dist/extension.js'), 'the metafile describes dist/');
  assert.deepEqual(duplicatedModules(metafile), []);
});
