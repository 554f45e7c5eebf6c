// The extension manifest and packaging are release-ready: a 128×128 PNG icon, the
// marketplace fields, Restricted Mode declared, every command titled and categorised,
// entry points in dist/, a .vscodeignore that starts by excluding everything, a
// walkthrough whose files exist and ship, and scripts/check-vsix.mjs rejecting anything
// outside the allowed set.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { findRepoRoot } from './engineTestUtils';

const root = findRepoRoot();

interface Manifest {
  name: string;
  publisher?: string;
  license?: string;
  icon?: string;
  main?: string;
  bin?: Record<string, string>;
  repository?: { type?: string; url?: string };
  capabilities?: { untrustedWorkspaces?: { supported?: unknown; description?: string } };
  contributes: {
    commands: { command: string; title?: string; category?: string }[];
    views?: Record<string, { id: string }[]>;
    walkthroughs?: {
      id: string;
      title: string;
      steps: {
        id: string;
        title: string;
        description: string;
        media: Record<string, unknown>;
        completionEvents?: string[];
      }[];
    }[];
  };
}

interface ZipEntry {
  name: string;
  size: number;
}

interface CheckVsix {
  MAX_UNPACKED_BYTES: number;
  checkBundles: (entries: ZipEntry[], metafile: object) => string[];
  checkUnpackedSize: (entries: ZipEntry[]) => string[];
  checkReadmeImages: (readme: string, names: string[], expected: number) => string[];
  listZipEntries: (buffer: Buffer) => ZipEntry[];
  readZipEntry: (buffer: Buffer, entry: ZipEntry) => Buffer;
  checkVsixEntries: (names: readonly string[], manifest?: Manifest) => string[];
  walkthroughFiles: (manifest: Manifest) => string[];
}

function manifest(): Manifest {
  return JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as Manifest;
}

function checkVsix(): Promise<CheckVsix> {
  // A variable specifier keeps this a runtime import of the .mjs (no types needed).
  const url = pathToFileURL(path.join(root, 'scripts', 'check-vsix.mjs')).href;
  return import(url) as Promise<CheckVsix>;
}

/** Width and height from a PNG's IHDR chunk; throws when the bytes are not a PNG. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  assert.ok(bytes.subarray(0, 8).equals(signature), 'PNG signature');
  assert.equal(bytes.toString('latin1', 12, 16), 'IHDR', 'the first chunk is IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** The command ids a manifest makes available: its commands and each view's `.focus`. */
function knownCommands(m: Manifest): Set<string> {
  const views = Object.values(m.contributes.views ?? {})
    .flat()
    .map((v) => `${v.id}.focus`);
  return new Set([...m.contributes.commands.map((c) => c.command), ...views]);
}

test('the icon is a 128×128 PNG', () => {
  const m = manifest();
  assert.ok(m.icon, 'package.json has an icon');
  const file = path.join(root, m.icon);
  assert.ok(fs.existsSync(file), `${m.icon} exists`);
  assert.deepEqual(pngSize(fs.readFileSync(file)), { width: 128, height: 128 });
});

test('publisher, repository and license are set, and the LICENSE file exists', () => {
  const m = manifest();
  assert.match(m.publisher ?? '', /^[a-z0-9][a-z0-9-]*$/i);
  assert.match(m.repository?.url ?? '', /^https:\/\/github\.com\/[^/]+\/[^/]+?(\.git)?$/);
  assert.ok(m.license, 'license');
  assert.ok(fs.existsSync(path.join(root, 'LICENSE')), 'LICENSE');
});

test('Restricted Mode support is declared with a description', () => {
  const untrusted = manifest().capabilities?.untrustedWorkspaces;
  assert.ok(untrusted, 'capabilities.untrustedWorkspaces');
  assert.ok(untrusted.supported === true || untrusted.supported === false || untrusted.supported === 'limited');
  if (untrusted.supported === 'limited') assert.ok(untrusted.description, 'a limited support says what is limited');
});

test('every command has a title and a category', () => {
  for (const command of manifest().contributes.commands) {
    assert.ok(command.title?.trim(), `${command.command} has a title`);
    assert.ok(command.category?.trim(), `${command.command} has a category`);
  }
});

test('main and every bin entry are bundles under dist/', () => {
  const m = manifest();
  const entries = [m.main, ...Object.values(m.bin ?? {})];
  assert.ok(entries.length >= 2 && entries.every(Boolean), 'main and bin are set');
  for (const entry of entries)
    assert.match(path.posix.normalize(entry!), /^dist\/[^/]+\.js$/, `${entry} is under dist/`);
});

test('.vscodeignore starts by excluding everything, then lets back in only existing paths', () => {
  const lines = fs
    .readFileSync(path.join(root, '.vscodeignore'), 'utf8')
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#'));
  assert.equal(lines[0], '**', 'the first pattern is **');
  for (const line of lines.slice(1)) {
    assert.ok(line.startsWith('!'), `every later pattern re-includes something: ${line}`);
    const literal = line.slice(1).replace(/\/\*\*$/, '');
    if (!/[*?[]/.test(literal)) assert.ok(fs.existsSync(path.join(root, literal)), `${literal} exists`);
  }
});

test('the walkthrough: every step has media that exists, and its buttons and events name real commands', async () => {
  const m = manifest();
  const walkthrough = m.contributes.walkthroughs?.find((w) => w.id === 'getStarted');
  assert.ok(walkthrough, 'the getStarted walkthrough');
  assert.ok(walkthrough.steps.length >= 4, 'several steps');
  const commands = knownCommands(m);
  for (const step of walkthrough.steps) {
    assert.ok(step.title && step.description, `${step.id} has a title and a description`);
    assert.ok(
      Object.keys(step.media).some((k) => ['image', 'svg', 'markdown'].includes(k)),
      `${step.id} has media`,
    );
    for (const match of step.description.matchAll(/\(command:(skillsmith\.[\w.]+)/g)) {
      assert.ok(commands.has(match[1]), `${step.id}: the button runs ${match[1]}, which exists`);
    }
    for (const event of step.completionEvents ?? []) {
      const command = /^onCommand:(skillsmith\..+)$/.exec(event)?.[1];
      if (command) assert.ok(commands.has(command), `${step.id}: ${event} names a real command`);
      const view = /^onView:(.+)$/.exec(event)?.[1];
      if (view) assert.ok(commands.has(`${view}.focus`), `${step.id}: ${event} names a real view`);
    }
  }
  const { walkthroughFiles } = await checkVsix();
  for (const file of walkthroughFiles(m)) assert.ok(fs.existsSync(path.join(root, file)), `${file} exists`);
});

void test('the README shows its screenshots from the repository on GitHub, and each exists here', () => {
  const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
  // The .vsix does not pack them (only the walkthrough's): the Marketplace page loads them from there.
  const repository = (manifest().repository?.url ?? '').replace(/\.git$/, '');
  const images = [...readme.matchAll(/!\[[^\]]*\]\(([^)\s]+)\)/g)].map((match) => match[1]);
  assert.ok(images.length > 0, 'the README shows pictures');
  for (const image of images) {
    const prefix = `${repository}/raw/HEAD/`;
    assert.ok(image.startsWith(prefix), `${image} is under ${prefix}`);
    assert.ok(fs.existsSync(path.join(root, image.slice(prefix.length))), `${image} exists in the repository`);
  }
});

test('check-vsix accepts the shipped layout and rejects anything else', async () => {
  const { checkVsixEntries, walkthroughFiles } = await checkVsix();
  const m = manifest();
  const good = [
    '[Content_Types].xml',
    'extension.vsixmanifest',
    'extension/package.json',
    'extension/readme.md',
    'extension/changelog.md',
    'extension/LICENSE.txt',
    'extension/dist/extension.js',
    'extension/dist/cli.js',
    'extension/dist/mcp.js',
    'extension/dist/o200k.js',
    'extension/dist/lintWorker.js',
    'extension/dist/shared.js',
    'extension/dist/shared-lazy.js',
    'extension/schemas/actions.schema.json',
    'extension/media/icon.png',
    'extension/chat-skills/skillsmith/SKILL.md',
    'extension/skills-templates/minimal/SKILL.md',
    'extension/skills-templates/minimal/template.json',
    ...walkthroughFiles(m).map((f) => `extension/${f}`),
  ];
  assert.deepEqual(checkVsixEntries(good, m), []);
  for (const stray of [
    'extension/dist/extension.js.map',
    'extension/src/extension.ts',
    'extension/out/test/unit/cli.test.js',
    'extension/node_modules/yaml/package.json',
    'extension/examples/skills/commit-message/SKILL.md',
    'extension/test/host/fixtures/ui/skills/alpha/SKILL.md',
    'extension/tsconfig.json',
    'extension/skillsmith.vsix',
  ]) {
    assert.deepEqual(checkVsixEntries([...good, stray], m), [`not allowed in the .vsix: ${stray}`]);
  }
  assert.deepEqual(
    checkVsixEntries(
      good.filter((name) => name !== 'extension/media/icon.png'),
      m,
    ),
    ['missing from the .vsix: extension/media/icon.png'],
  );
});

test('check-vsix reads a zip central directory and its entries', async () => {
  const { listZipEntries, readZipEntry } = await checkVsix();
  // A stored (uncompressed) zip with one file "a/b.txt" holding "hi", built by hand.
  const name = Buffer.from('a/b.txt');
  const data = Buffer.from('hi');
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(data.length, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(data.length, 24);
  central.writeUInt16LE(name.length, 28);
  const centralOffset = local.length + name.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(centralOffset, 16);
  const zip = Buffer.concat([local, name, data, central, name, end]);
  const entries = listZipEntries(zip);
  assert.deepEqual(
    entries.map((e) => [e.name, e.size]),
    [['a/b.txt', 2]],
  );
  assert.equal(readZipEntry(zip, entries[0]).toString('utf8'), 'hi');
  assert.throws(() => listZipEntries(Buffer.from('not a zip at all, just some text here')), /not a zip/);
});

void test('check-vsix fails on a module bundled twice, a stale bundle, and a package over 4 MiB', async () => {
  const { checkBundles, checkUnpackedSize, MAX_UNPACKED_BYTES } = await checkVsix();
  const output = (bytes: number, ...inputs: string[]) => ({
    bytes,
    inputs: Object.fromEntries(inputs.map((input) => [input, { bytesInOutput: 5 }])),
  });
  const metafile = {
    outputs: {
      'dist/extension.js': output(100, 'src/extension.ts'),
      'dist/cli.js': output(200, 'src/cli.ts'),
      'dist/extension.js.map': output(50),
    },
  };
  const entries = [
    { name: 'extension/dist/extension.js', size: 100 },
    { name: 'extension/dist/cli.js', size: 200 },
  ];
  assert.deepEqual(checkBundles(entries, metafile), []);
  const twice = {
    outputs: { ...metafile.outputs, 'dist/cli.js': output(200, 'src/cli.ts', 'node_modules/yaml/index.js') },
  };
  twice.outputs['dist/extension.js'] = output(100, 'src/extension.ts', 'node_modules/yaml/index.js');
  assert.deepEqual(checkBundles(entries, twice), [
    'bundled twice: node_modules/yaml/index.js is in dist/cli.js and dist/extension.js',
  ]);
  assert.deepEqual(checkBundles([entries[0], { name: 'extension/dist/cli.js', size: 199 }], metafile), [
    'extension/dist/cli.js has 199 bytes, the build wrote 200: stale',
  ]);
  assert.deepEqual(checkBundles([...entries, { name: 'extension/dist/lazy/old.js', size: 1 }], metafile), [
    "extension/dist/lazy/old.js is not in the build's metafile: a stale file",
  ]);
  assert.equal(MAX_UNPACKED_BYTES, 3.5 * 1024 * 1024);
  assert.deepEqual(checkUnpackedSize([{ name: 'a', size: MAX_UNPACKED_BYTES }]), []);
  assert.equal(
    checkUnpackedSize([
      { name: 'a', size: MAX_UNPACKED_BYTES },
      { name: 'b', size: 1 },
    ]).length,
    1,
  );
});

void test("check-vsix fails when the packaged README's pictures are neither https nor packed", async () => {
  const { checkReadmeImages } = await checkVsix();
  const names = ['extension/readme.md', 'extension/media/walkthrough/a.png'];
  assert.deepEqual(checkReadmeImages('![a](https://example.com/a.png) ![b](media/walkthrough/a.png)', names, 2), []);
  assert.deepEqual(checkReadmeImages('![a](media/screenshots/a.png)', names, 1), [
    'the packaged README shows media/screenshots/a.png, which is neither an https URL nor in the .vsix',
  ]);
  assert.deepEqual(checkReadmeImages('no pictures', names, 3), ['the packaged README shows 0 pictures, README.md 3']);
});
