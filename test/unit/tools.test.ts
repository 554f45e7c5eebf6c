// The tool contracts (docs/tools.md): list, load and read-file, with their structured errors.
import { pathKey } from '../../src/core/base/paths';
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { testPath as path } from './testPaths';
import { createSkillCatalog } from '../../src/core/access/policy';
import { CatalogUpdater } from '../../src/core/catalog/catalogUpdater';
import {
  formatToolError,
  runListSkills,
  runLoadSkill,
  runReadSkillFile,
  type ToolContext,
  type ToolResult,
} from '../../src/core/loading/tools';
import { NodeFileSystem } from '../../src/node/nodeFileSystem';
import {
  location,
  makeTempDir,
  NO_SYMLINKS,
  record,
  removeDir,
  skillText,
  trySymlink,
  writeFile,
  writeSkill,
} from './engineTestUtils';

const nodeFs = new NodeFileSystem();
let root: string;
let loc: string;
let outside: string;
let context: ToolContext;
let symlinks = false;

before(async () => {
  root = makeTempDir();
  loc = path.join(root, 'skills');
  outside = path.join(root, 'outside');
  writeFile(path.join(outside, 'secret.txt'), 'top secret\n');
  const review = path.join(loc, 'code-review');
  writeSkill(loc, 'code-review', 'Reviews code. Use when asked for a review.', {
    body: 'Review $ARGUMENTS carefully.\nSee references/guide.md.\n',
  });
  writeFile(path.join(review, 'references/guide.md'), '# Guide\nBe kind.\n');
  writeFile(path.join(review, 'scripts/run.sh'), '#!/bin/sh\necho hi\n');
  writeFile(path.join(review, 'assets/big.txt'), 'x'.repeat(256 * 1024 + 1));
  writeFile(path.join(review, 'assets/limit.txt'), 'y'.repeat(256 * 1024));
  writeFile(path.join(review, 'assets/image.bin'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01, 0x02]));
  symlinks =
    trySymlink(path.join(outside, 'secret.txt'), path.join(review, 'references/escape.md'), 'file') &&
    trySymlink(outside, path.join(review, 'references/outside-dir'), 'dir') &&
    trySymlink(path.join(review, 'references/guide.md'), path.join(review, 'inner-link.md'), 'file');
  writeFile(path.join(loc, 'broken/SKILL.md'), '---\nname: broken\n---\nNo description.\n');
  writeSkill(loc, 'manual-only', 'Runs only when the user asks.', {
    extra: 'disable-model-invocation: true\n',
    body: 'Manual steps for $ARGUMENTS.\n',
  });
  writeSkill(loc, 'deploy', 'Deploys the app. Use when asked to ship.');
  const catalog = createSkillCatalog();
  await new CatalogUpdater(catalog, nodeFs, [location(loc, 0)]).scanAll();
  context = { catalog, fs: nodeFs, budget: 12000, requester: 'model' };
});

after(() => removeDir(root));

function expectError(result: ToolResult, type: string): { type: string; message: string; suggestion?: string } {
  assert.equal(result.ok, false, `expected ${type}, got ${result.ok ? result.text.slice(0, 200) : ''}`);
  if (result.ok) throw new Error('unreachable');
  assert.equal(result.error.type, type, result.error.message);
  assert.ok(result.error.message.length > 0);
  return result.error;
}

function expectText(result: ToolResult): string {
  if (!result.ok) assert.fail(`expected success, got ${formatToolError(result.error)}`);
  return result.text;
}

// ---------------------------------------------------------------------------------------
// list

test('list: the listing with where the skills live', () => {
  const text = expectText(runListSkills(context, {}));
  assert.ok(
    text.startsWith(
      '- code-review: Reviews code. Use when asked for a review.\n- deploy: Deploys the app. Use when asked to ship.',
    ),
    text,
  );
  assert.doesNotMatch(text, /broken|manual-only/);
  assert.match(text, /Locations:\n- skills: code-review, deploy/);
  expectText(runListSkills(context));
  expectText(runListSkills(context, undefined));
});

test('list: unexpected input is invalid_input', () => {
  expectError(runListSkills(context, { name: 'x' }), 'invalid_input');
  expectError(runListSkills(context, 'x'), 'invalid_input');
  expectError(runListSkills(context, [1]), 'invalid_input');
});

test('list: a small budget names the dropped skills', () => {
  const text = expectText(runListSkills({ ...context, budget: 60 }, {}));
  assert.match(text, /1 more skill not listed/);
  assert.match(text, /deploy/);
});

test('list: an empty catalog says how to add skills', () => {
  const text = expectText(runListSkills({ ...context, catalog: createSkillCatalog() }, {}));
  assert.match(text, /No skills are available/);
});

// ---------------------------------------------------------------------------------------
// load

test('load: the expansion of docs/expansion.md', async () => {
  const text = expectText(await runLoadSkill(context, { name: 'code-review', args: 'src/app.ts' }));
  const dir = path.native(path.join(loc, 'code-review'));
  assert.ok(
    text.startsWith(`Base directory for this skill: ${dir}\n\nReview src/app.ts carefully.\nSee references/guide.md.`),
    text,
  );
  assert.doesNotMatch(text, /ARGUMENTS:/);
  for (const file of ['assets/big.txt', 'assets/image.bin', 'references/guide.md', 'scripts/run.sh']) {
    assert.ok(text.includes(`\n- ${file}`), `lists ${file}`);
  }
  assert.doesNotMatch(text, /- SKILL\.md/);
});

test('load: a symlink that stays inside the skill is listed; one that leads outside is not', async (t) => {
  if (!symlinks) return t.skip(NO_SYMLINKS);
  const text = expectText(await runLoadSkill(context, { name: 'code-review' }));
  assert.ok(text.includes('\n- inner-link.md'), text);
  // A symlink that points outside the skill would be refused, so it is not offered either.
  assert.doesNotMatch(text, /escape\.md|outside-dir/);
});

test('load: an unknown name is not_found with a suggestion', async () => {
  const error = expectError(await runLoadSkill(context, { name: 'code-reveiw' }), 'not_found');
  assert.equal(error.suggestion, "Did you mean 'code-review'?");
  assert.match(error.message, /code-reveiw/);
  const far = expectError(await runLoadSkill(context, { name: 'zzzzzzzzzzzz' }), 'not_found');
  assert.match(far.suggestion!, /listSkills/);
});

test('load: a missing name, wrong types and unexpected properties are invalid_input', async () => {
  const cases: unknown[] = [
    {},
    { name: '' },
    { name: '   ' },
    { name: 5 },
    { name: null },
    { name: ['code-review'] },
    { name: 'code-review', args: 5 },
    { name: 'code-review', args: { a: 1 } },
    { name: 'code-review', extra: true },
    { name: 'code-review', path: 'x' },
    null,
    undefined,
    'code-review',
    ['code-review'],
    42,
  ];
  for (const input of cases) {
    const error = expectError(await runLoadSkill(context, input), 'invalid_input');
    assert.ok(error.message.length > 10, JSON.stringify(input));
  }
  const unexpected = expectError(await runLoadSkill(context, { name: 'code-review', extra: 1 }), 'invalid_input');
  assert.match(unexpected.message, /'extra'/);
});

test('load: a skill with errors is invalid_skill, for the model and for a user run; a user may still look at it', async () => {
  const error = expectError(await runLoadSkill(context, { name: 'broken' }), 'invalid_skill');
  assert.match(error.message, /description-missing/);
  const explicit = expectError(
    await runLoadSkill({ ...context, requester: 'user-run' }, { name: 'broken' }),
    'invalid_skill',
  );
  assert.match(explicit.message, /description-missing/);
  const shown = await runLoadSkill({ ...context, requester: 'user-view' }, { name: 'broken' });
  assert.ok(shown.ok, JSON.stringify(shown));
  assert.deepEqual(
    shown.problems?.map((p) => p.code),
    ['description-missing'],
  );
  assert.match(shown.text, /No description\./);
});

test('load and read: a hidden skill does not exist for the model, but loads on an explicit user request', async () => {
  const error = expectError(await runLoadSkill(context, { name: 'manual-only' }), 'not_found');
  assert.equal(error.message, "No skill named 'manual-only'.");
  assert.doesNotMatch(JSON.stringify(error), /disable-model-invocation|Manual steps/);
  expectError(await runReadSkillFile(context, { name: 'manual-only', path: 'SKILL.md' }), 'not_found');
  const text = expectText(
    await runLoadSkill({ ...context, requester: 'user-run' }, { name: 'manual-only', args: 'prod' }),
  );
  assert.match(text, /Manual steps for prod\./);
  assert.match(
    expectText(
      await runReadSkillFile({ ...context, requester: 'user-run' }, { name: 'manual-only', path: 'SKILL.md' }),
    ),
    /Manual steps/,
  );
});

test('load and read: every workspace skill of an untrusted workspace is not_allowed, whatever else is wrong with it', async () => {
  const catalog = createSkillCatalog({ trustWorkspaceSkills: false });
  await new CatalogUpdater(catalog, nodeFs, [location(loc, 0)]).scanAll();
  for (const requester of ['model', 'user-run'] as const) {
    for (const name of ['deploy', 'manual-only', 'broken']) {
      const load = expectError(await runLoadSkill({ ...context, catalog, requester }, { name }), 'not_allowed');
      assert.match(load.message, /not trusted/);
      expectError(
        await runReadSkillFile({ ...context, catalog, requester }, { name, path: 'SKILL.md' }),
        'not_allowed',
      );
    }
  }
  // Looking without a model is allowed (the user sees what the workspace holds).
  assert.ok((await runLoadSkill({ ...context, catalog, requester: 'user-view' }, { name: 'deploy' })).ok);
});

test('load: the body is read fresh from disk', async () => {
  const dir = makeTempDir();
  try {
    const file = writeSkill(dir, 'fresh', 'Changes over time.', { body: 'Old body.\n' });
    const catalog = createSkillCatalog();
    await new CatalogUpdater(catalog, nodeFs, [location(dir, 0)]).scanAll();
    const fresh = { ...context, catalog };
    assert.match(expectText(await runLoadSkill(fresh, { name: 'fresh' })), /Old body\./);
    fs.writeFileSync(file, skillText('fresh', 'Changes over time.', 'New body.\n'));
    const text = expectText(await runLoadSkill(fresh, { name: 'fresh' }));
    assert.match(text, /New body\./);
    assert.doesNotMatch(text, /Old body/);
    // An edit that breaks the file is noticed at load time too.
    fs.writeFileSync(file, '---\nname: fresh\n---\nNo description any more.\n');
    expectError(await runLoadSkill(fresh, { name: 'fresh' }), 'invalid_skill');
    // And a file deleted behind the catalog's back is reported, not thrown.
    fs.rmSync(file);
    const gone = await runLoadSkill(fresh, { name: 'fresh' });
    assert.equal(gone.ok, false);
  } finally {
    removeDir(dir);
  }
});

test('load: names are matched after trimming', async () => {
  expectText(await runLoadSkill(context, { name: ' deploy ' }));
});

// ---------------------------------------------------------------------------------------
// read skill file

test('read: a bundled text file', async () => {
  assert.equal(
    expectText(await runReadSkillFile(context, { name: 'code-review', path: 'references/guide.md' })),
    '# Guide\nBe kind.\n',
  );
  assert.equal(
    expectText(await runReadSkillFile(context, { name: 'code-review', path: './references/guide.md' })),
    '# Guide\nBe kind.\n',
  );
  assert.equal(
    expectText(await runReadSkillFile(context, { name: 'code-review', path: 'references//guide.md' })),
    '# Guide\nBe kind.\n',
  );
  assert.match(
    expectText(await runReadSkillFile(context, { name: 'code-review', path: 'SKILL.md' })),
    /name: code-review/,
  );
  assert.equal(
    expectText(await runReadSkillFile(context, { name: 'code-review', path: 'assets/limit.txt' })).length,
    256 * 1024,
  );
});

test('read: paths that escape the skill are outside_skill', async () => {
  const escapes = [
    '../x',
    '../deploy/SKILL.md',
    'references/../../x',
    'references/../../deploy/SKILL.md',
    '/etc/passwd',
    path.join(outside, 'secret.txt'),
    '%2e%2e/x',
    '%2E%2E/deploy/SKILL.md',
    '%252e%252e/x',
    '..%2fx',
    '..\\x',
    'references\\..\\..\\x',
    'C:\\Windows\\win.ini',
    '~/.ssh/id_rsa',
  ];
  for (const requested of escapes) {
    const error = expectError(
      await runReadSkillFile(context, { name: 'code-review', path: requested }),
      'outside_skill',
    );
    assert.doesNotMatch(error.message, /top secret/);
  }
});

test('read: a symlink that stays inside is read; one that leads outside is outside_skill', async (t) => {
  if (!symlinks) return t.skip(NO_SYMLINKS);
  assert.equal(
    expectText(await runReadSkillFile(context, { name: 'code-review', path: 'inner-link.md' })),
    '# Guide\nBe kind.\n',
  );
  for (const requested of ['references/escape.md', 'references/outside-dir/secret.txt']) {
    const error = expectError(
      await runReadSkillFile(context, { name: 'code-review', path: requested }),
      'outside_skill',
    );
    assert.doesNotMatch(error.message, /top secret/);
  }
});

test('read: a missing file is not_found with a suggestion', async () => {
  const error = expectError(
    await runReadSkillFile(context, { name: 'code-review', path: 'references/guid.md' }),
    'not_found',
  );
  assert.equal(error.suggestion, "Did you mean 'references/guide.md'?");
  const none = expectError(
    await runReadSkillFile(context, { name: 'deploy', path: 'references/guide.md' }),
    'not_found',
  );
  assert.equal(none.suggestion, 'This skill bundles no files.');
});

test('read: a folder is invalid_input; so is the skill folder itself', async () => {
  expectError(await runReadSkillFile(context, { name: 'code-review', path: 'references' }), 'invalid_input');
  expectError(await runReadSkillFile(context, { name: 'code-review', path: 'references/' }), 'invalid_input');
  expectError(await runReadSkillFile(context, { name: 'code-review', path: '.' }), 'invalid_input');
});

test('read: a file over 256 KiB is too_large', async () => {
  const error = expectError(
    await runReadSkillFile(context, { name: 'code-review', path: 'assets/big.txt' }),
    'too_large',
  );
  assert.match(error.message, /262145/);
});

test('read: a binary file is invalid_input', async () => {
  const error = expectError(
    await runReadSkillFile(context, { name: 'code-review', path: 'assets/image.bin' }),
    'invalid_input',
  );
  assert.match(error.message, /binary/);
});

test('read: input checks and unknown skills', async () => {
  for (const input of [
    { name: 'code-review' },
    { path: 'x' },
    { name: 'code-review', path: 3 },
    { name: 'code-review', path: '' },
    { name: 'code-review', path: 'x', args: 'y' },
    null,
  ]) {
    expectError(await runReadSkillFile(context, input), 'invalid_input');
  }
  expectError(await runReadSkillFile(context, { name: 'code-review', path: 'a\0b' }), 'invalid_input');
  const error = expectError(
    await runReadSkillFile(context, { name: 'code-reveiw', path: 'references/guide.md' }),
    'not_found',
  );
  assert.equal(error.suggestion, "Did you mean 'code-review'?");
});

// ---------------------------------------------------------------------------------------
// error format

test('formatToolError gives the JSON shape of docs/tools.md', async () => {
  const result = await runLoadSkill(context, { name: 'code-reveiw' });
  assert.equal(result.ok, false);
  if (result.ok) return;
  const text = formatToolError(result.error);
  assert.deepEqual(JSON.parse(text), {
    error: { type: 'not_found', message: "No skill named 'code-reveiw'.", suggestion: "Did you mean 'code-review'?" },
  });
  assert.ok(text.startsWith('{"error":{"type":"not_found","message":'), text);
  assert.deepEqual(JSON.parse(formatToolError({ type: 'too_large', message: 'm' })), {
    error: { type: 'too_large', message: 'm' },
  });
});

test('list: in a multi-root workspace, same-named locations say which folder they are in', () => {
  const catalog = createSkillCatalog();
  const inA = { path: '/ws/app/skills', label: 'skills', scope: 'workspace' as const, rank: 0, root: '/ws/app' };
  const inB = { path: '/ws/lib/skills', label: 'skills', scope: 'workspace' as const, rank: 1, root: '/ws/lib' };
  const user = { path: '/home/me/.claude/skills', label: '~/.claude/skills', scope: 'user' as const, rank: 1_000_000 };
  catalog.replaceAll([record(inA, 'alpha'), record(inB, 'beta'), record(inB, 'gamma'), record(user, 'mine')]);
  const text = expectText(runListSkills({ ...context, catalog }, {}));
  assert.ok(
    text.endsWith('Locations:\n- skills (in app): alpha\n- skills (in lib): beta, gamma\n- ~/.claude/skills: mine'),
    text,
  );
});

test('coexistence: skills the calling host lists itself are left out of list and load, saying why; their files stay readable', async () => {
  const review = context.catalog.get('code-review')!;
  const byHost = {
    ...context,
    listedByHost: { files: new Set([pathKey(review.record.filePath)]), host: "VS Code's agent" },
  };
  const text = expectText(runListSkills(byHost, {}));
  assert.ok(text.startsWith('- deploy: Deploys the app.'), text);
  assert.doesNotMatch(text.split('\n\n')[0], /code-review/);
  assert.match(text, /\(1 skill left out: VS Code's agent lists it itself: code-review\.\)/);
  const load = expectError(await runLoadSkill(byHost, { name: 'code-review' }), 'not_found');
  assert.match(load.message, /is one of VS Code's agent's own skills/);
  assert.equal(
    expectText(await runReadSkillFile(byHost, { name: 'code-review', path: 'references/guide.md' })),
    '# Guide\nBe kind.\n',
  );
  expectText(await runLoadSkill(byHost, { name: 'deploy' }));
});

test('the tools a result sends the model to are named as the caller offers them (MCP, or both harnesses)', async () => {
  const named = { ...context, listTool: 'list_skills', readFileTool: 'read_skill_file' };
  const missing = expectError(await runLoadSkill(named, { name: 'zzz-nothing-like-it' }), 'not_found');
  assert.equal(missing.suggestion, 'Call list_skills to see the available skills.');
  const review = context.catalog.get('code-review')!;
  const byHost = { ...named, listedByHost: { files: new Set([pathKey(review.record.filePath)]), host: 'the host' } };
  const own = expectError(await runLoadSkill(byHost, { name: 'code-review' }), 'not_found');
  assert.match(own.suggestion ?? '', /its files can still be read with read_skill_file, and its actions run/);
  // The editor's default names.
  const plain = expectError(await runLoadSkill(context, { name: 'zzz-nothing-like-it' }), 'not_found');
  assert.equal(plain.suggestion, 'Call skillsmith_listSkills to see the available skills.');
});
