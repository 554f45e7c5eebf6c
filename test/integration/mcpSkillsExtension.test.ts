// `skillsmith mcp` against every server MUST of the finalized MCP Skills extension (SEP-2640,
// modelcontextprotocol/ext-skills, specification/stable/skills.mdx), one test per MUST, through
// the SDK's own Client over stdio against the built CLI; the checklist is docs/mcp.md, "SEP-2640,
// MUST by MUST". The last test hands the same server to the MCP Inspector's CLI, whose
// `skills/list --verify` walks every page and reads every file against its digest and size.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { SKILLS_PAGE_SIZE } from '../../src/mcp/skillsServer';
import { builtCli, findRepoRoot, makeTempDir, removeDir, writeFile, writeSkill } from '../unit/engineTestUtils';

const REPO = findRepoRoot();
const EXTENSION = 'io.modelcontextprotocol/skills';
/** Enough skills that one page cannot hold them all. */
const BULK = SKILLS_PAGE_SIZE + 3;
let cli: string;
let ws: string;
let skillsDir: string;

const RICH_SKILL =
  '\ufeff---\r\nname: rich\r\ndescription: >-\r\n  Folded   text\r\n  here. Use when probing.\r\nlicense: MIT\r\n' +
  'metadata:\r\n  version: 2.1\r\n  flag: true\r\n  tags: [a, b]\r\nallowed-tools: Bash Read\r\nx-owner: docs-team\r\n---\r\nBody\r\n';

before(() => {
  cli = builtCli(REPO);
  ws = makeTempDir('skillsmith-sep2640-');
  skillsDir = path.join(ws, 'skills');
  writeSkill(skillsDir, 'review', 'Reviews a change for defects. Use when asked to review code.', {
    body: 'See [the checklist](references/checklist.md).\n',
  });
  writeFile(path.join(skillsDir, 'review', 'references', 'checklist.md'), '# Checklist\n\n- Tests fail first.\n');
  // A byte order mark, CRLF line ends, a folded description and fields beyond name and description.
  writeFile(path.join(skillsDir, 'rich', 'SKILL.md'), RICH_SKILL);
  // Above the model tools' 256 KiB read limit; a binary file; a file that is not UTF-8.
  writeFile(path.join(skillsDir, 'rich', 'assets', 'big.txt'), 'a'.repeat(300_000));
  fs.writeFileSync(path.join(skillsDir, 'rich', 'assets', 'img.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2]));
  fs.writeFileSync(path.join(skillsDir, 'rich', 'assets', 'latin1.txt'), Buffer.from('caf\xe9 latin1\n', 'latin1'));
  // A folder no listing walks: not a file of the skill, so not served either.
  writeFile(path.join(skillsDir, 'rich', 'node_modules', 'x', 'i.js'), 'module.exports = 1;\n');
  // The skill file spelt in lower case (the catalog offers it).
  writeFile(
    path.join(skillsDir, 'lower', 'skill.md'),
    '---\nname: lower\ndescription: A lower-case skill file. Use when probing.\n---\nBody\n',
  );
  // A description that YAML reads as a number: not the string the Agent Skills spec requires.
  writeFile(path.join(skillsDir, 'numdesc', 'SKILL.md'), '---\nname: numdesc\ndescription: 12345\n---\nBody\n');
  for (let i = 0; i < BULK; i++) writeSkill(skillsDir, `bulk-${String(i).padStart(3, '0')}`);
});

after(() => removeDir(ws));

async function connect(): Promise<Client> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [cli, 'mcp', '--root', ws, '--no-user'],
    stderr: 'ignore',
  });
  const client = new Client({ name: 'sep2640-test', version: '0' });
  await client.connect(transport);
  return client;
}

async function withClient(run: (client: Client) => Promise<void>): Promise<void> {
  const client = await connect();
  try {
    await run(client);
  } finally {
    await client.close();
  }
}

const Resource = z.object({ uri: z.string(), digest: z.string(), size: z.number() }).strict();
const Entry = z
  .object({ uri: z.string(), frontmatter: z.record(z.string(), z.unknown()), resources: z.array(Resource) })
  .strict();
type Entry = z.infer<typeof Entry>;
const ListResult = z.object({
  resultType: z.literal('complete'),
  skills: z.array(Entry),
  nextCursor: z.string().optional(),
  ttlMs: z.number(),
  cacheScope: z.string(),
});
const GetResult = z
  .object({ resultType: z.literal('complete'), skill: Entry, ttlMs: z.number(), cacheScope: z.string() })
  .strict();
const AnyResult = z.object({}).passthrough();

const list = (client: Client, cursor?: string) =>
  client.request({ method: 'skills/list', params: cursor === undefined ? {} : { cursor } }, ListResult);
const get = (client: Client, uri: string) => client.request({ method: 'skills/get', params: { uri } }, GetResult);

/** Every entry of every page, and the pages' sizes. */
async function walk(client: Client): Promise<{ entries: Entry[]; pages: number[] }> {
  const entries: Entry[] = [];
  const pages: number[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  do {
    const page = await list(client, cursor);
    entries.push(...page.skills);
    pages.push(page.skills.length);
    cursor = page.nextCursor;
    if (cursor !== undefined) {
      assert.ok(!seen.has(cursor), `cursor ${cursor} repeated`);
      seen.add(cursor);
    }
    assert.ok(pages.length <= BULK + 10, 'the pages end');
  } while (cursor !== undefined);
  return { entries, pages };
}

async function errorOf(promise: Promise<unknown>): Promise<{ code: number; message: string }> {
  try {
    await promise;
  } catch (error) {
    return error as { code: number; message: string };
  }
  assert.fail('expected an error');
}

const sha = (bytes: Uint8Array) => `sha256:${createHash('sha256').update(bytes).digest('hex')}`;

/** The skill folder on disk of a `skill://<name>/...` URI, and the file's path in it. */
function onDisk(uri: string): string {
  const match = /^skill:\/\/([^/]+)\/(.+)$/.exec(uri)!;
  const dir = path.join(skillsDir, match[1]);
  const rel = match[2].split('/').map(decodeURIComponent).join('/');
  // The skill file is whatever spelling of SKILL.md the folder holds.
  if (rel === 'SKILL.md')
    return path.join(
      dir,
      fs.readdirSync(dir).find((f) => f.toLowerCase() === 'skill.md')!,
    );
  return path.join(dir, rel);
}

/** The frontmatter of a SKILL.md on disk, parsed as YAML by a parser the server does not use. */
function frontmatterOnDisk(file: string): unknown {
  const text = fs.readFileSync(file, 'utf8').replace(/^\ufeff/, '');
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n/.exec(text)!;
  return parseYaml(match[1]);
}

test(
  'Capability Negotiation: the extension is declared with the resources capability, and without directoryRead',
  { timeout: 60_000 },
  () =>
    withClient(async (client) => {
      const capabilities = client.getServerCapabilities() as { extensions?: Record<string, unknown> } & Record<
        string,
        unknown
      >;
      assert.ok(capabilities.resources, 'MUST also declare the resources capability');
      assert.deepEqual(capabilities.extensions?.[EXTENSION], {}, 'declared, with no optional feature');
    }),
);

test(
  'Capability Negotiation: a server that declares the extension MUST implement skills/list and skills/get',
  { timeout: 60_000 },
  () =>
    withClient(async (client) => {
      const listed = await client.request({ method: 'skills/list', params: {} }, AnyResult);
      assert.ok(Array.isArray(listed.skills));
      const got = await client.request({ method: 'skills/get', params: { uri: 'skill://review/SKILL.md' } }, AnyResult);
      assert.ok(got.skill);
    }),
);

test(
  'directoryRead (not declared): resources/directory/read is an unknown method, and no directory resource is served',
  { timeout: 60_000 },
  () =>
    withClient(async (client) => {
      const unknown = await errorOf(
        client.request({ method: 'resources/directory/read', params: { uri: 'skill://review' } }, AnyResult),
      );
      assert.equal(unknown.code, -32601, 'the base protocol answer for an unknown method');
      const { resources } = await client.listResources();
      assert.ok(!resources.some((r) => r.mimeType === 'inode/directory'), 'no inode/directory in resources/list');
      for (const uri of ['skill://review', 'skill://review/references']) {
        const error = await errorOf(client.readResource({ uri }));
        assert.ok(error.code === -32002 || error.code === -32602, `${uri}: ${error.code}`);
      }
    }),
);

test(
  'Listing Skills: skills/list is paginated (cursor, nextCursor): no page holds everything, and every skill appears exactly once',
  { timeout: 120_000 },
  () =>
    withClient(async (client) => {
      const { entries, pages } = await walk(client);
      assert.ok(pages.length >= 2, `pages: ${pages.join(', ')}`);
      for (const size of pages) assert.ok(size <= SKILLS_PAGE_SIZE, `a page of ${size}`);
      const uris = entries.map((e) => e.uri);
      assert.equal(new Set(uris).size, uris.length, 'no skill twice');
      for (let i = 0; i < BULK; i++) {
        const uri = `skill://bulk-${String(i).padStart(3, '0')}/SKILL.md`;
        assert.equal(uris.filter((u) => u === uri).length, 1, uri);
      }
      for (const uri of ['skill://review/SKILL.md', 'skill://rich/SKILL.md', 'skill://lower/SKILL.md'])
        assert.ok(uris.includes(uri), uri);
      // An entry is atomic: a skill's resources are never split across pages.
      for (const entry of entries)
        assert.ok(
          entry.resources.some((r) => r.uri === entry.uri),
          entry.uri,
        );
    }),
);

test(
  'Listing Skills (pagination, base protocol): an invalid cursor is -32602 Invalid params',
  { timeout: 60_000 },
  () =>
    withClient(async (client) => {
      for (const cursor of ['bogus', '', 'eyJhZnRlciI6M30'])
        assert.equal((await errorOf(list(client, cursor))).code, -32602, JSON.stringify(cursor));
    }),
);

test(
  'Frontmatter: MUST be identical in content to the SKILL.md frontmatter (verbatim, nothing overridden); name and description are strings',
  { timeout: 120_000 },
  () =>
    withClient(async (client) => {
      const { entries } = await walk(client);
      const rich = entries.find((e) => e.uri === 'skill://rich/SKILL.md')!;
      assert.deepEqual(rich.frontmatter, {
        name: 'rich',
        description: 'Folded   text here. Use when probing.',
        license: 'MIT',
        metadata: { version: 2.1, flag: true, tags: ['a', 'b'] },
        'allowed-tools': 'Bash Read',
        'x-owner': 'docs-team',
      });
      for (const entry of entries) {
        assert.deepEqual(entry.frontmatter, frontmatterOnDisk(onDisk(entry.uri)), entry.uri);
        assert.equal(typeof entry.frontmatter.name, 'string', entry.uri);
        assert.equal(typeof entry.frontmatter.description, 'string', entry.uri);
      }
      // `description: 12345` is a number: the entry cannot be verbatim and conform at once, so the
      // skill is not served as a skill of the extension (it stays a tool's skill).
      assert.ok(!entries.some((e) => e.uri === 'skill://numdesc/SKILL.md'));
      assert.equal((await errorOf(get(client, 'skill://numdesc/SKILL.md'))).code, -32602);
    }),
);

test(
  "Resource Mapping / Frontmatter: the URI's final skill-path segment MUST equal frontmatter.name; each resource uri is the SKILL.md or a file within the skill",
  { timeout: 120_000 },
  () =>
    withClient(async (client) => {
      for (const entry of (await walk(client)).entries) {
        const match = /^skill:\/\/(.+)\/SKILL\.md$/.exec(entry.uri);
        assert.ok(match, entry.uri);
        assert.equal(match[1].split('/').pop(), entry.frontmatter.name, entry.uri);
        const root = entry.uri.slice(0, -'SKILL.md'.length);
        for (const r of entry.resources) assert.ok(r.uri.startsWith(root), r.uri);
      }
    }),
);

test(
  'Resources: the array MUST be complete: every file of the skill exactly once, SKILL.md included; nothing else is served under the skill',
  { timeout: 120_000 },
  () =>
    withClient(async (client) => {
      const { entries } = await walk(client);
      const files = (uri: string) =>
        entries
          .find((e) => e.uri === uri)!
          .resources.map((r) => r.uri)
          .sort();
      assert.deepEqual(files('skill://rich/SKILL.md'), [
        'skill://rich/SKILL.md',
        'skill://rich/assets/big.txt',
        'skill://rich/assets/img.png',
        'skill://rich/assets/latin1.txt',
      ]);
      assert.deepEqual(files('skill://review/SKILL.md'), [
        'skill://review/SKILL.md',
        'skill://review/references/checklist.md',
      ]);
      assert.deepEqual(files('skill://lower/SKILL.md'), ['skill://lower/SKILL.md']);
      for (const entry of entries) {
        const uris = entry.resources.map((r) => r.uri);
        assert.equal(new Set(uris).size, uris.length, `${entry.uri}: each file once`);
      }
      // What the manifest leaves out is not a file of the skill: resources/read does not serve it.
      const unlisted = await errorOf(client.readResource({ uri: 'skill://rich/node_modules/x/i.js' }));
      assert.ok(unlisted.code === -32002 || unlisted.code === -32602, String(unlisted.code));
      // resources/list names the same files as the manifests.
      const listed = new Set((await client.listResources()).resources.map((r) => r.uri));
      for (const entry of entries) for (const r of entry.resources) assert.ok(listed.has(r.uri), r.uri);
    }),
);

test(
  'Resources / Integrity: each entry carries the sha256:{64 hex} digest and byte size of the raw file, and resources/read returns exactly those bytes',
  { timeout: 120_000 },
  () =>
    withClient(async (client) => {
      for (const entry of (await walk(client)).entries) {
        for (const r of entry.resources) {
          assert.match(r.digest, /^sha256:[0-9a-f]{64}$/, r.uri);
          const disk = fs.readFileSync(onDisk(r.uri));
          assert.equal(r.digest, sha(disk), `${r.uri}: the digest of the bytes on disk`);
          assert.equal(r.size, disk.length, `${r.uri}: the size on disk`);
          const read = await client.readResource({ uri: r.uri });
          assert.equal(read.contents.length, 1, r.uri);
          const content = read.contents[0] as { uri: string; text?: string; blob?: string };
          assert.equal(content.uri, r.uri);
          const bytes =
            content.text !== undefined ? Buffer.from(content.text, 'utf8') : Buffer.from(content.blob ?? '', 'base64');
          assert.equal(bytes.length, r.size, `${r.uri}: the size of what resources/read returns`);
          assert.equal(sha(bytes), r.digest, `${r.uri}: the digest of what resources/read returns`);
        }
      }
    }),
);

test(
  'ttlMs and cacheScope are REQUIRED on both ListSkillsResult and GetSkillResult; skills/get carries no cursor',
  { timeout: 60_000 },
  () =>
    withClient(async (client) => {
      const raw = [
        await client.request({ method: 'skills/list', params: {} }, AnyResult),
        await client.request({ method: 'skills/get', params: { uri: 'skill://review/SKILL.md' } }, AnyResult),
      ];
      for (const result of raw) {
        assert.equal(result.resultType, 'complete');
        assert.ok(Number.isInteger(result.ttlMs) && (result.ttlMs as number) >= 0, `ttlMs ${String(result.ttlMs)}`);
        assert.ok(result.cacheScope === 'public' || result.cacheScope === 'private', String(result.cacheScope));
      }
      assert.ok(!('nextCursor' in raw[1]), 'GetSkillResult carries no pagination cursor');
    }),
);

test(
  'Getting a Skill: skills/get answers for every skill listed, on any page, with the same entry; anything but a served SKILL.md URI is -32602',
  { timeout: 120_000 },
  () =>
    withClient(async (client) => {
      for (const entry of (await walk(client)).entries) assert.deepEqual((await get(client, entry.uri)).skill, entry);
      for (const uri of [
        'skill://nope/SKILL.md',
        'skill://review/references/checklist.md',
        'skill://review',
        'skill://review/',
        'https://example.com/review/SKILL.md',
      ])
        assert.equal((await errorOf(get(client, uri))).code, -32602, uri);
    }),
);

test(
  'Error Handling: resources/read of a skill file the server does not serve is the base Resources error of the negotiated revision (2025-11-25: -32002)',
  { timeout: 60_000 },
  () =>
    withClient(async (client) => {
      // The SDK speaks revisions up to 2025-11-25, whose base spec names -32002 (2026-07-28: -32602).
      const version = (client as unknown as { _negotiatedProtocolVersion?: string })._negotiatedProtocolVersion;
      if (version !== undefined) assert.ok(version < '2026-07-28', version);
      for (const uri of ['skill://review/nope.md', 'skill://nope/SKILL.md'])
        assert.equal((await errorOf(client.readResource({ uri }))).code, -32002, uri);
    }),
);

test(
  "the MCP Inspector's CLI: skills/list --verify walks every page and verifies every file's digest and size through resources/read",
  { timeout: 180_000 },
  () => {
    const launcher = path.join(
      REPO,
      'node_modules',
      '@modelcontextprotocol',
      'inspector',
      'clients',
      'launcher',
      'build',
      'index.js',
    );
    const run = spawnSync(
      process.execPath,
      [
        launcher,
        '--cli',
        process.execPath,
        cli,
        'mcp',
        '--root',
        ws,
        '--no-user',
        '--method',
        'skills/list',
        '--verify',
      ],
      { encoding: 'utf8', timeout: 150_000 },
    );
    const reports = run.stdout
      .split('\n')
      .filter((line) => line.startsWith('{"uri"'))
      .map((line) => JSON.parse(line) as { uri: string; ok: boolean });
    assert.equal(
      run.status,
      0,
      `${run.stderr}\n${reports
        .filter((r) => !r.ok)
        .map((r) => JSON.stringify(r))
        .join('\n')}`,
    );
    assert.equal(reports.length, BULK + 3, 'every skill, from every page');
    assert.ok(reports.every((r) => r.ok));
  },
);
