// One copy of every module in the package. The bundles (extension, lazy features, CLI, MCP) are
// CommonJS, and esbuild splits code only in ES modules, so the build shares by hand: a module that
// two bundles would carry goes into a shared chunk instead, and each bundle gets a one-line stub
// that requires it from there at run time:
//   dist/shared.js       what the main bundle (dist/extension.js) shares with the others; loaded at
//                        activation, which needs all of it anyway
//   dist/shared-lazy.js  what only the other bundles share (lazy features, CLI, MCP); never loaded
//                        at activation
// A chunk is a table of its modules, each run on first use, so a bundle that needs one module of a
// chunk runs only that module (and what it imports). scripts/check-vsix.mjs fails when an input
// file is still in two outputs (duplicatedModules).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, posix, resolve } from 'node:path';

export const SHARED_CHUNK = 'dist/shared.js';
export const SHARED_LAZY_CHUNK = 'dist/shared-lazy.js';
const MAIN_BUNDLE = 'dist/extension.js';

// The namespace of the stubs (named so in the metafile), and the prefix of their require.
const STUB = 'skillsmith-stub';
const CHUNK = 'skillsmith-chunk:';
const REGISTRY = 'skillsmith-registry';

/** Input files that esbuild put into two outputs or more, with those outputs (from a metafile). */
export function duplicatedModules(metafile) {
  const outputsOf = new Map();
  for (const [output, { inputs }] of Object.entries(metafile.outputs)) {
    for (const [input, { bytesInOutput }] of Object.entries(inputs)) {
      // A module every byte of which was shaken out is not in the output; a stub is one line.
      if (bytesInOutput === 0 || input.startsWith(`${STUB}:`)) continue;
      outputsOf.set(input, [...(outputsOf.get(input) ?? []), output]);
    }
  }
  return [...outputsOf]
    .filter(([, outputs]) => outputs.length > 1)
    .map(([input, outputs]) => ({ input, outputs: outputs.sort() }));
}

/** The chunk a module bundled into `outputs` goes to: the main bundle's if that needs it. */
export function chunkFor(outputs) {
  return outputs.includes(MAIN_BUNDLE) || outputs.includes(SHARED_CHUNK) ? SHARED_CHUNK : SHARED_LAZY_CHUNK;
}

/** A specifier that reaches `chunk` (a path under the repository) from a file in the folder `fromDir`. */
function specifierTo(chunk, fromDir) {
  const path = posix.relative(fromDir, chunk);
  return path.startsWith('.') ? path : `./${path}`;
}

/**
 * The esbuild plugin of one build: a module that `assignment` (input path → chunk) places in a chunk
 * other than `ownChunk` is loaded as a stub that requires it from that chunk, found from `outDir`
 * (the folder of the build's outputs) at run time.
 */
export function sharePlugin({ assignment, ownChunk, outDir, cwd = process.cwd() }) {
  const byPath = new Map([...assignment].map(([input, chunk]) => [resolve(cwd, input), { input, chunk }]));
  const again = Symbol('resolved by the plugin');
  return {
    name: 'skillsmith-shared-chunks',
    setup(build) {
      build.onResolve({ filter: /.*/ }, async (args) => {
        if (args.path.startsWith(CHUNK)) {
          return { path: specifierTo(args.path.slice(CHUNK.length), outDir), external: true };
        }
        if (args.pluginData === again || args.kind === 'entry-point' || byPath.size === 0) return undefined;
        const { path, errors } = await build.resolve(args.path, {
          kind: args.kind,
          importer: args.importer,
          namespace: args.namespace,
          resolveDir: args.resolveDir,
          pluginData: again,
        });
        const shared = errors.length === 0 ? byPath.get(path) : undefined;
        if (!shared || shared.chunk === ownChunk) return undefined;
        return { path: shared.input, namespace: STUB, pluginData: shared };
      });
      build.onLoad({ filter: /.*/, namespace: STUB }, ({ pluginData: { input, chunk } }) => ({
        contents: `module.exports = require(${JSON.stringify(CHUNK + chunk)})[${JSON.stringify(input)}];`,
        loader: 'js',
        resolveDir: cwd,
      }));
    },
  };
}

/**
 * The entry point of `chunk`, as esbuild options: a table from input path to a getter that runs the
 * module on first use. Add it to a build that also has sharePlugin({ownChunk: chunk}).
 */
export function chunkEntry(assignment, chunk, cwd = process.cwd()) {
  const inputs = [...assignment].filter(([, c]) => c === chunk).map(([input]) => input);
  const table = inputs.map(
    (input) => `  ${JSON.stringify(input)}: () => require(${JSON.stringify(resolve(cwd, input))}),`,
  );
  const contents = [
    'const modules = {',
    ...table,
    '};',
    'const loaded = {};',
    'for (const key of Object.keys(modules)) {',
    '  Object.defineProperty(exports, key, { enumerable: true, get: () => (loaded[key] ??= modules[key]()) });',
    '}',
  ].join('\n');
  return {
    entryPoints: [`${REGISTRY}:${chunk}`],
    outfile: chunk,
    plugins: [
      {
        name: 'skillsmith-chunk-entry',
        setup(build) {
          build.onResolve({ filter: new RegExp(`^${REGISTRY}:`) }, (args) => ({
            path: args.path,
            namespace: REGISTRY,
          }));
          build.onLoad({ filter: /.*/, namespace: REGISTRY }, () => ({ contents, loader: 'js', resolveDir: cwd }));
        },
      },
    ],
  };
}

/** The repository-relative folder of a build's outputs (its outdir, or its outfile's folder). */
export function outDirOf(options) {
  return options.outdir ?? posix.dirname(options.outfile);
}

/**
 * Builds `bundles` (esbuild options, each with outfile or outdir) so that no module is in two
 * outputs: a plain build first, then the modules found in two outputs go to a chunk (chunkFor) and
 * the build is redone with the stubs, until none is (a module a chunk carries whole may import one
 * that tree shaking had left out before). Writes the outputs; returns the merged metafile.
 */
export async function buildWithSharedChunks(esbuild, bundles, chunkOptions) {
  const cwd = chunkOptions.absWorkingDir ?? process.cwd();
  const assignment = new Map();
  for (let round = 0; round < 5; round++) {
    const chunks = [...new Set(assignment.values())].sort();
    const builds = [
      ...bundles.map((options) => ({
        ...options,
        plugins: [
          ...(options.plugins ?? []),
          sharePlugin({ assignment, ownChunk: undefined, outDir: outDirOf(options), cwd }),
        ],
      })),
      ...chunks.map((chunk) => {
        const entry = chunkEntry(assignment, chunk, cwd);
        return {
          ...chunkOptions,
          ...entry,
          plugins: [
            ...(chunkOptions.plugins ?? []),
            ...entry.plugins,
            sharePlugin({ assignment, ownChunk: chunk, outDir: posix.dirname(chunk), cwd }),
          ],
        };
      }),
    ];
    const results = await Promise.all(
      builds.map((options) => esbuild.build({ ...options, write: false, metafile: true })),
    );
    const metafile = { inputs: {}, outputs: {} };
    for (const result of results) {
      Object.assign(metafile.inputs, result.metafile.inputs);
      Object.assign(metafile.outputs, result.metafile.outputs);
    }
    const duplicated = duplicatedModules(metafile);
    if (duplicated.length === 0) {
      for (const file of results.flatMap((result) => result.outputFiles)) {
        mkdirSync(dirname(file.path), { recursive: true });
        writeFileSync(file.path, file.contents);
      }
      return metafile;
    }
    for (const { input, outputs } of duplicated) {
      if (assignment.has(input)) throw new Error(`${input} is in a shared chunk and still in ${outputs.join(', ')}`);
      assignment.set(input, chunkFor(outputs));
    }
  }
  throw new Error('the shared chunks did not settle in 5 builds');
}
