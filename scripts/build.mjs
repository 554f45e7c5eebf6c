// Builds the extension and CLI bundles (default), or transpiles every TypeScript
// file one-to-one into out/ for node --test and the host tests (--tests).
import * as esbuild from 'esbuild';
import { readdirSync, statSync, rmSync, chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlibConstants } from 'node:zlib';
import { buildWithSharedChunks } from './sharedChunks.mjs';

const { version } = JSON.parse(readFileSync('package.json', 'utf8'));

/**
 * The digest of everything a build is made from (every file under src/, and the locked
 * dependencies): `validate --cache` keys its file by it (src/node/validateCacheFile.ts), so that a
 * rebuilt development copy never reuses an older lint's verdicts.
 */
function sourceDigest() {
  const hash = createHash('sha256');
  const files = (dir) =>
    readdirSync(dir, { withFileTypes: true })
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
      .flatMap((entry) => (entry.isDirectory() ? files(join(dir, entry.name)) : [join(dir, entry.name)]));
  for (const file of [...files('src'), 'package-lock.json'])
    hash.update(file.split('\\').join('/')).update('\0').update(readFileSync(file)).update('\0');
  return hash.digest('hex').slice(0, 32);
}

const define = {
  SKILLSMITH_VERSION: JSON.stringify(version),
  SKILLSMITH_BUILD_DIGEST: JSON.stringify(sourceDigest()),
};
// src/node/o200k.ts: the tokenizer is a bundle of its own beside the others (dist/o200k.js);
// the unbundled tests require its module, which reads the package's ranks itself.
const O200K_MODULE = './o200kBundle';
const args = new Set(process.argv.slice(2));
const production = args.has('--production');
// --outdir=DIR lets parallel runs transpile tests side by side (default: out).
const outdir = process.argv.find((a) => a.startsWith('--outdir='))?.slice('--outdir='.length) ?? 'out';

// zod (the MCP SDK's) re-exports its 48 locales as z.locales (about 240 KB). Nothing here or in the
// SDK reads them; zod's default, English, it imports by itself. So z.locales holds English only.
const ZOD_LOCALES = fileURLToPath(new URL('../node_modules/zod/v4/locales/', import.meta.url));
const zodEnglishOnly = {
  name: 'zod-english-only',
  setup(build) {
    build.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      /[\\/]node_modules[\\/]zod[\\/]v4[\\/](classic|core)[\\/]/.test(args.importer)
        ? { path: 'zod-locales', namespace: 'zod-english-only' }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'zod-english-only' }, () => ({
      contents: "export { default as en } from './en.js';",
      resolveDir: ZOD_LOCALES,
      loader: 'js',
    }));
  },
};

/**
 * The o200k ranks as src/node/o200kRanks.ts serializes them (that module, bundled and run here),
 * compressed with Brotli and then in base64: 1.2 MB in dist/o200k.js where the bare ranks in
 * base64 took 2.1 MB, half of the unpacked extension (scripts/check-vsix.mjs). Decompressing
 * them costs the first count about 10 ms.
 */
async function serializedO200kRanks() {
  const built = await esbuild.build({
    entryPoints: ['src/node/o200kRanks.ts'],
    bundle: true,
    write: false,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    logLevel: 'warning',
  });
  const module = { exports: {} };
  new Function('module', 'exports', 'require', built.outputFiles[0].text)(
    module,
    module.exports,
    createRequire(import.meta.url),
  );
  const ranks = module.exports.o200kRanksFromPackage();
  // Quality 5: within 2 % of quality 11's size, in 80 ms rather than 2.5 s on every build.
  return brotliCompressSync(ranks, {
    params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: ranks.length },
  }).toString('base64');
}

// test/data is data, never built: test/data/review-repos holds real skills' own scripts.
const NOT_BUILT = new Set([join('test', 'data')]);

function tsFilesUnder(dir) {
  const found = [];
  if (NOT_BUILT.has(dir)) return found;
  let entries;
  try {
    entries = readdirSync(dir);
  } catch {
    return found;
  }
  for (const entry of entries) {
    const full = join(dir, entry);
    if (statSync(full).isDirectory()) found.push(...tsFilesUnder(full));
    else if (entry.endsWith('.ts') && !entry.endsWith('.d.ts')) found.push(full);
  }
  return found;
}

if (args.has('--tests')) {
  rmSync(outdir, { recursive: true, force: true });
  await esbuild.build({
    entryPoints: ['src', 'test', 'bench'].flatMap(tsFilesUnder),
    outdir,
    outbase: '.',
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    define: {
      ...define,
      SKILLSMITH_O200K: JSON.stringify(O200K_MODULE),
      SKILLSMITH_LINT_WORKER: JSON.stringify('lintWorkerMain.js'),
    },
    sourcemap: 'inline',
    logLevel: 'warning',
  });
} else {
  const common = {
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    minify: production,
    sourcemap: production ? false : 'linked',
    // ./o200k.js: the tokenizer's own bundle, beside dist/cli.js (src/node/o200k.ts).
    external: ['vscode', './o200k.js'],
    // yaml's ES module build lets esbuild drop what we never call (about 16 KiB of the bundle);
    // its CommonJS build, which Node would pick, cannot be tree-shaken.
    // jsonc-parser's default (UMD) build requires its parts at run time, which a bundle cannot
    // follow; its ES module build bundles whole.
    alias: {
      yaml: fileURLToPath(new URL('../node_modules/yaml/browser/index.js', import.meta.url)),
      'jsonc-parser': fileURLToPath(new URL('../node_modules/jsonc-parser/lib/esm/main.js', import.meta.url)),
    },
    define: {
      ...define,
      SKILLSMITH_O200K: JSON.stringify('./o200k.js'),
      SKILLSMITH_LINT_WORKER: JSON.stringify('lintWorker.js'),
    },
    plugins: [zodEnglishOnly],
    logLevel: 'warning',
  };
  // Features too heavy for activation (src/lazy/*.ts): one bundle each, dist/lazy/NAME.js,
  // required on first use through src/vscode/lazy.ts, so the main bundle stays small.
  const lazy = tsFilesUnder('src/lazy');
  const bundles = [
    { ...common, entryPoints: ['src/extension.ts'], outfile: 'dist/extension.js' },
    // From dist/lazy/, the tokenizer's bundle is one folder up.
    ...(lazy.length > 0
      ? [
          {
            ...common,
            entryPoints: lazy,
            outdir: 'dist/lazy',
            define: { ...common.define, SKILLSMITH_O200K: JSON.stringify('../o200k.js') },
            external: [...common.external, '../o200k.js'],
          },
        ]
      : []),
    { ...common, entryPoints: ['src/cli.ts'], outfile: 'dist/cli.js', banner: { js: '#!/usr/bin/env node' } },
    // The counter and its vocabulary, serialized once here (src/node/o200kRanks.ts).
    {
      ...common,
      entryPoints: ['src/node/o200kBundle.ts'],
      outfile: 'dist/o200k.js',
      define: { ...common.define, SKILLSMITH_O200K_RANKS: JSON.stringify(await serializedO200kRanks()) },
    },
    // The threads of `skillsmith validate`'s lint (src/node/lintPool.ts).
    { ...common, entryPoints: ['src/node/lintWorkerMain.ts'], outfile: 'dist/lintWorker.js' },
    // `skillsmith mcp` and the MCP SDK: required by the CLI only for that command.
    { ...common, entryPoints: ['src/mcp/main.ts'], outfile: 'dist/mcp.js' },
  ];
  // What two bundles would both carry goes into dist/shared.js or dist/shared-lazy.js, once
  // (scripts/sharedChunks.mjs). The metafile is what scripts/check-vsix.mjs checks that on.
  const metafile = await buildWithSharedChunks(esbuild, bundles, common);
  writeFileSync('dist/meta.json', JSON.stringify(metafile));
  chmodSync('dist/cli.js', 0o755);
}
