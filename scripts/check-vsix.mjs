// Lists the entries of the packaged .vsix and fails on anything outside the allowed set,
// or when something the extension needs at run time is missing. `npm run package` runs
// it after `vsce package`, so a stray file (a source map, a test fixture, a screenshot
// nobody shows) never ships. Usage: node scripts/check-vsix.mjs [skillsmith.vsix]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { inflateRawSync } from 'node:zlib';
import { dirname, join, posix, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

// vsce's own files, then the extension's. README, CHANGELOG and LICENSE are renamed by
// vsce (readme.md, changelog.md, LICENSE.txt).
const ALLOWED = [
  /^\[Content_Types\]\.xml$/,
  /^extension\.vsixmanifest$/,
  /^extension\/package\.json$/,
  /^extension\/readme\.md$/i,
  /^extension\/changelog\.md$/i,
  /^extension\/license(\.txt|\.md)?$/i,
  /^extension\/dist\/(extension|cli|mcp|o200k)\.js$/,
  /^extension\/dist\/lazy\/[a-zA-Z]+\.js$/,
  /^extension\/skills-templates\/[^/]+\/.+$/,
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
  'extension/schemas/actions.schema.json',
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
 * What the README's CI snippet does: take dist/cli.js out of the .vsix and run `validate` with it
 * on examples/ (which holds a broken skill, so exit 1 and a JSON report are expected).
 */
export function checkBundledCli(buffer, entries) {
  const entry = entries.find((e) => e.name === 'extension/dist/cli.js');
  if (!entry) return ['the .vsix has no extension/dist/cli.js'];
  const dir = mkdtempSync(join(tmpdir(), 'skillsmith-vsix-cli-'));
  try {
    const cli = join(dir, 'skillsmith.js');
    writeFileSync(cli, readZipEntry(buffer, entry));
    // The tokenizer's bundle goes beside the CLI, as in dist/ (body-too-many-tokens loads it).
    const tokenizer = entries.find((e) => e.name === 'extension/dist/o200k.js');
    if (!tokenizer) return ['the .vsix has no extension/dist/o200k.js'];
    writeFileSync(join(dir, 'o200k.js'), readZipEntry(buffer, tokenizer));
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
    return checkBundledMcp(buffer, entries, dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * What VS Code's MCP client does with the packaged files: `cli.js mcp` (which loads mcp.js beside
 * it) answers initialize and tools/list on stdio, with nothing but JSON-RPC on stdout.
 */
function checkBundledMcp(buffer, entries, dir) {
  const entry = entries.find((e) => e.name === 'extension/dist/mcp.js');
  if (!entry) return ['the .vsix has no extension/dist/mcp.js'];
  writeFileSync(join(dir, 'mcp.js'), readZipEntry(buffer, entry));
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
  const run = spawnSync(
    process.execPath,
    [join(dir, 'skillsmith.js'), 'mcp', '--root', join(REPO_ROOT, 'examples'), '--no-user'],
    { input, encoding: 'utf8', timeout: 60_000 },
  );
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
  let entries;
  try {
    entries = listZipEntries(readFileSync(file));
  } catch (error) {
    console.error(`check-vsix: cannot read ${file}: ${error.message}`);
    process.exit(2);
  }
  const manifest = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8'));
  const total = entries.reduce((sum, e) => sum + e.size, 0);
  for (const entry of entries) console.log(`${String(entry.size).padStart(9)}  ${entry.name}`);
  console.log(
    `${String(total).padStart(9)}  ${entries.length} files (uncompressed); ${readFileSync(file).length} bytes packed`,
  );
  const buffer = readFileSync(file);
  const problems = [
    ...checkVsixEntries(
      entries.map((e) => e.name),
      manifest,
    ),
    ...checkBundledCli(buffer, entries),
  ];
  if (problems.length > 0) {
    for (const problem of problems) console.error(`✖ ${problem}`);
    process.exit(1);
  }
  console.log(
    '✔ the .vsix holds only the allowed files, its CLI validates examples/ on its own, and its MCP server lists its tools',
  );
}
