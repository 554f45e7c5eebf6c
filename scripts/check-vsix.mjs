// Lists the entries of the packaged .vsix and fails on anything outside the allowed set,
// or when something the extension needs at run time is missing. `npm run package` runs
// it after `vsce package`, so a stray file (a source map, a test fixture, a screenshot
// nobody shows) never ships. It also fails when a module is bundled twice (the metafile the build
// writes, dist/meta.json, names each output's input files) or when the unpacked size passes
// MAX_UNPACKED_BYTES, and prints the largest parts. Usage: node scripts/check-vsix.mjs [skillsmith.vsix]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { inflateRawSync } from 'node:zlib';
import { dirname, join, posix, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { duplicatedModules } from './sharedChunks.mjs';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The most the installed extension may take on disk (the .vsix unpacked): issue 38's goal. */
export const MAX_UNPACKED_BYTES = 3.5 * 1024 * 1024;

// vsce's own files, then the extension's. README, CHANGELOG and LICENSE are renamed by
// vsce (readme.md, changelog.md, LICENSE.txt).
const ALLOWED = [
  /^\[Content_Types\]\.xml$/,
  /^extension\.vsixmanifest$/,
  /^extension\/package\.json$/,
  /^extension\/readme\.md$/i,
  /^extension\/changelog\.md$/i,
  /^extension\/license(\.txt|\.md)?$/i,
  /^extension\/dist\/(extension|cli|mcp|o200k|lintWorker|shared|shared-lazy)\.js$/,
  /^extension\/dist\/lazy\/[a-zA-Z]+\.js$/,
  /^extension\/skills-templates\/[^/]+\/.+$/,
  /^extension\/chat-skills\/skillsmith\/SKILL\.md$/,
  /^extension\/schemas\/actions\.schema\.json$/,
  /^extension\/media\/icon\.png$/,
  /^extension\/media\/walkthrough\/[^/]+\.md$/,
  /^extension\/media\/screenshots\/[^/]+\.png$/,
];

const REQUIRED = [
  'extension/package.json',
  'extension/dist/extension.js',
  'extension/dist/cli.js',
  'extension/dist/mcp.js',
  'extension/dist/o200k.js',
  'extension/dist/lintWorker.js',
  'extension/dist/shared.js',
  'extension/schemas/actions.schema.json',
  'extension/chat-skills/skillsmith/SKILL.md',
  'extension/media/icon.png',
  'extension/readme.md',
  'extension/changelog.md',
  'extension/LICENSE.txt',
];

/** The entries of a zip archive (name and uncompressed size), read from its central directory. */
export function listZipEntries(buffer) {
  const EOCD = 0x06054b50;
  const CENTRAL = 0x02014b50;
  let end = -1;
  // The end record is 22 bytes plus a comment of up to 65535 bytes.
  for (let i = buffer.length - 22; i >= Math.max(0, buffer.length - 22 - 0xffff); i--) {
    if (buffer.readUInt32LE(i) === EOCD) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new Error('not a zip archive (no end of central directory record)');
  const count = buffer.readUInt16LE(end + 10);
  let offset = buffer.readUInt32LE(end + 16);
  const entries = [];
  for (let n = 0; n < count; n++) {
    if (buffer.readUInt32LE(offset) !== CENTRAL) throw new Error(`corrupt central directory at entry ${n}`);
    const method = buffer.readUInt16LE(offset + 10);
    const packedSize = buffer.readUInt32LE(offset + 20);
    const size = buffer.readUInt32LE(offset + 24);
    const nameLength = buffer.readUInt16LE(offset + 28);
    const extraLength = buffer.readUInt16LE(offset + 30);
    const commentLength = buffer.readUInt16LE(offset + 32);
    const name = buffer.toString('utf8', offset + 46, offset + 46 + nameLength);
    const localHeader = buffer.readUInt32LE(offset + 42);
    if (!name.endsWith('/')) entries.push({ name, size, method, packedSize, localHeader });
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** The bytes of one entry of a zip archive (stored or deflated), as `unzip -p` gives them. */
export function readZipEntry(buffer, entry) {
  const LOCAL = 0x04034b50;
  if (buffer.readUInt32LE(entry.localHeader) !== LOCAL) throw new Error(`corrupt local header for ${entry.name}`);
  const start =
    entry.localHeader + 30 + buffer.readUInt16LE(entry.localHeader + 26) + buffer.readUInt16LE(entry.localHeader + 28);
  const packed = buffer.subarray(start, start + entry.packedSize);
  if (entry.method === 0) return packed;
  if (entry.method === 8) return inflateRawSync(packed);
  throw new Error(`${entry.name}: unsupported compression method ${entry.method}`);
}

/**
 * What the README's CI snippet does: take dist/ out of the .vsix and run `validate` with its cli.js
 * on examples/ (which holds a broken skill, so exit 1 and a JSON report are expected). The CLI needs
 * its siblings: the shared chunks, and the tokenizer (body-too-many-tokens loads it).
 */
export function checkBundledCli(buffer, entries) {
  if (!entries.some((e) => e.name === 'extension/dist/cli.js')) return ['the .vsix has no extension/dist/cli.js'];
  if (!entries.some((e) => e.name === 'extension/dist/o200k.js')) return ['the .vsix has no extension/dist/o200k.js'];
  const dir = mkdtempSync(join(tmpdir(), 'skillsmith-vsix-cli-'));
  try {
    for (const entry of entries.filter((e) => e.name.startsWith('extension/dist/'))) {
      const file = join(dir, ...entry.name.slice('extension/'.length).split('/'));
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, readZipEntry(buffer, entry));
    }
    const cli = join(dir, 'dist', 'cli.js');
    const run = spawnSync(process.execPath, [cli, 'validate', '--json', join(REPO_ROOT, 'examples')], {
      encoding: 'utf8',
    });
    let report;
    try {
      report = JSON.parse(run.stdout);
    } catch {
      return [`the CLI taken from the .vsix printed no JSON (exit ${run.status}): ${run.stderr.slice(0, 300)}`];
    }
    if (run.status !== 1 || !(report.files?.length > 0) || !(report.errors > 0)) {
      return [
        `the CLI taken from the .vsix gave exit ${run.status} and ${report.files?.length} files, ${report.errors} errors on examples/`,
      ];
    }
    if (/o200k/.test(run.stderr)) return [`the CLI taken from the .vsix did not load its tokenizer: ${run.stderr}`];
    return checkBundledMcp(cli);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * What VS Code's MCP client does with the packaged files: `cli.js mcp` (which loads mcp.js beside
 * it) answers initialize and tools/list on stdio, with nothing but JSON-RPC on stdout.
 */
function checkBundledMcp(cli) {
  if (!existsSync(join(dirname(cli), 'mcp.js'))) return ['the .vsix has no extension/dist/mcp.js'];
  const input =
    [
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'check-vsix', version: '0' } },
      },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} },
    ]
      .map((m) => JSON.stringify(m))
      .join('\n') + '\n';
  const run = spawnSync(process.execPath, [cli, 'mcp', '--root', join(REPO_ROOT, 'examples'), '--no-user'], {
    input,
    encoding: 'utf8',
    timeout: 60_000,
  });
  let messages;
  try {
    messages = run.stdout
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line));
  } catch {
    return [
      `the MCP server taken from the .vsix wrote something that is not JSON-RPC on stdout: ${run.stdout.slice(0, 300)}`,
    ];
  }
  const tools = messages.find((m) => m.id === 2)?.result?.tools?.map((t) => t.name) ?? [];
  return tools.includes('load_skill')
    ? []
    : [`the MCP server taken from the .vsix did not list its tools (exit ${run.status}): ${run.stderr.slice(0, 300)}`];
}

/** The walkthrough files package.json points at, and the relative images those pages show. */
export function walkthroughFiles(manifest, readText = (rel) => readFileSync(join(REPO_ROOT, rel), 'utf8')) {
  const files = new Set();
  for (const walkthrough of manifest.contributes?.walkthroughs ?? []) {
    for (const step of walkthrough.steps ?? []) {
      const media = step.media ?? {};
      for (const key of ['image', 'svg', 'markdown']) {
        const value = media[key];
        const paths =
          typeof value === 'string' ? [value] : value && typeof value === 'object' ? Object.values(value) : [];
        for (const path of paths) files.add(posix.normalize(path));
      }
      if (typeof media.markdown === 'string') {
        for (const match of readText(media.markdown).matchAll(/!\[[^\]]*\]\(([^)\s]+)/g)) {
          if (!/^[a-z]+:/i.test(match[1]))
            files.add(posix.normalize(posix.join(posix.dirname(media.markdown), match[1])));
        }
      }
    }
  }
  return [...files];
}

/**
 * Problems with the bundles of a .vsix, by the build's metafile (dist/meta.json): a module bundled
 * into two outputs, or a bundle in the .vsix that is not the one the metafile describes.
 */
export function checkBundles(entries, metafile) {
  const problems = duplicatedModules(metafile).map(
    ({ input, outputs }) => `bundled twice: ${input} is in ${outputs.join(' and ')}`,
  );
  const sizes = new Map(entries.map((e) => [e.name, e.size]));
  const outputs = Object.entries(metafile.outputs).filter(([output]) => output.endsWith('.js'));
  for (const [output, { bytes }] of outputs) {
    const size = sizes.get(`extension/${output}`);
    if (size === undefined) problems.push(`missing from the .vsix: extension/${output} (the build wrote it)`);
    else if (size !== bytes) problems.push(`extension/${output} has ${size} bytes, the build wrote ${bytes}: stale`);
  }
  for (const { name } of entries) {
    if (/^extension\/dist\/.+\.js$/.test(name) && !metafile.outputs[name.slice('extension/'.length)])
      problems.push(`${name} is not in the build's metafile: a stale file`);
  }
  return problems;
}

/** Problems with the unpacked size of a .vsix: over MAX_UNPACKED_BYTES. */
export function checkUnpackedSize(entries, max = MAX_UNPACKED_BYTES) {
  const total = entries.reduce((sum, e) => sum + e.size, 0);
  return total > max ? [`the .vsix unpacks to ${total} bytes, over the ${max} allowed`] : [];
}

/** The package or source folder an input file of a bundle belongs to: node_modules/yaml, src/core/lint. */
function partOf(input) {
  const parts = input.split('/');
  if (parts[0] !== 'node_modules')
    return parts.length <= 2 ? input : parts.slice(0, Math.min(3, parts.length - 1)).join('/');
  return parts.slice(0, parts[1].startsWith('@') ? 3 : 2).join('/');
}

/** The largest parts of a .vsix: its biggest files, and the biggest packages and folders in its bundles. */
export function largestParts(entries, metafile, count = 8) {
  const files = [...entries].sort((a, b) => b.size - a.size).slice(0, count);
  const bytes = new Map();
  for (const { inputs } of Object.values(metafile?.outputs ?? {})) {
    for (const [input, { bytesInOutput }] of Object.entries(inputs)) {
      const part = partOf(input);
      bytes.set(part, (bytes.get(part) ?? 0) + bytesInOutput);
    }
  }
  const parts = [...bytes].sort((a, b) => b[1] - a[1]).slice(0, count);
  return { files: files.map((e) => [e.name, e.size]), parts };
}

/**
 * Problems with the pictures of the packaged README: each one an https URL (the screenshots are
 * linked from the repository, not packed) or a file in the .vsix, and as many as `expected`.
 */
export function checkReadmeImages(readme, names, expected) {
  const present = new Set(names);
  const images = [...readme.matchAll(/!\[[^\]]*\]\(([^)\s]+)/g)].map((match) => match[1]);
  const problems = images
    .filter((src) => !/^https:\/\//.test(src) && !present.has(`extension/${posix.normalize(src)}`))
    .map((src) => `the packaged README shows ${src}, which is neither an https URL nor in the .vsix`);
  if (images.length !== expected)
    problems.push(`the packaged README shows ${images.length} pictures, README.md ${expected}`);
  return problems;
}

/** Problems with a .vsix's entry names: anything not allowed, anything required that is missing. */
export function checkVsixEntries(names, manifest) {
  const problems = [];
  for (const name of names) {
    if (!ALLOWED.some((pattern) => pattern.test(name))) problems.push(`not allowed in the .vsix: ${name}`);
  }
  const present = new Set(names);
  const required = [...REQUIRED, ...(manifest ? walkthroughFiles(manifest).map((rel) => `extension/${rel}`) : [])];
  for (const name of required) {
    if (!present.has(name)) problems.push(`missing from the .vsix: ${name}`);
  }
  return problems;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const file = resolve(process.argv[2] ?? join(REPO_ROOT, 'skillsmith.vsix'));
  let buffer, entries;
  try {
    buffer = readFileSync(file);
    entries = listZipEntries(buffer);
  } catch (error) {
    console.error(`check-vsix: cannot read ${file}: ${error.message}`);
    process.exit(2);
  }
  const manifest = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8'));
  const metafilePath = join(REPO_ROOT, 'dist', 'meta.json');
  const metafile = existsSync(metafilePath) ? JSON.parse(readFileSync(metafilePath, 'utf8')) : undefined;
  const total = entries.reduce((sum, e) => sum + e.size, 0);
  for (const entry of entries) console.log(`${String(entry.size).padStart(9)}  ${entry.name}`);
  console.log(`${String(total).padStart(9)}  ${entries.length} files (uncompressed); ${buffer.length} bytes packed`);
  const { files, parts } = largestParts(entries, metafile);
  console.log(
    `\nunpacked: ${(total / 1024 / 1024).toFixed(2)} MiB of ${MAX_UNPACKED_BYTES / 1024 / 1024} MiB allowed; packed: ${(buffer.length / 1024 / 1024).toFixed(2)} MiB`,
  );
  console.log('largest files:');
  for (const [name, size] of files) console.log(`${String(size).padStart(9)}  ${name}`);
  console.log('largest parts of the bundles (bytes in the output, from dist/meta.json):');
  for (const [part, size] of parts) console.log(`${String(size).padStart(9)}  ${part}`);
  const readme = entries.find((e) => /^extension\/readme\.md$/i.test(e.name));
  const problems = [
    ...checkVsixEntries(
      entries.map((e) => e.name),
      manifest,
    ),
    ...checkUnpackedSize(entries),
    ...(readme
      ? checkReadmeImages(
          readZipEntry(buffer, readme).toString('utf8'),
          entries.map((e) => e.name),
          [...readFileSync(join(REPO_ROOT, 'README.md'), 'utf8').matchAll(/!\[[^\]]*\]\(/g)].length,
        )
      : []),
    ...(metafile ? checkBundles(entries, metafile) : ['no dist/meta.json: build with node scripts/build.mjs']),
    ...checkBundledCli(buffer, entries),
  ];
  if (problems.length > 0) {
    for (const problem of problems) console.error(`✖ ${problem}`);
    process.exit(1);
  }
  console.log(
    `✔ the .vsix holds only the allowed files, each module once, in under ${MAX_UNPACKED_BYTES / 1024 / 1024} MiB; its CLI validates examples/ on its own, and its MCP server lists its tools`,
  );
}
