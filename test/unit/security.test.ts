// Nothing from a skill is ever executed, and the read tool never leaves the skill's folder.
// The skill below would leave marker files if anything ran its script, its `!` commands,
// its backticks or its hooks, or the shell syntax in the arguments; the core tools and the
// CLI run over it, and no marker may appear.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import { testPath as path } from './testPaths';
import { createSkillCatalog } from '../../src/core/access/policy';
import { CatalogUpdater } from '../../src/core/catalog/catalogUpdater';
import { expandSkill } from '../../src/core/loading/expand';
import { resolveLocations } from '../../src/core/catalog/locations';
import {
  runListSkills,
  runLoadSkill,
  runReadSkillFile,
  type ToolContext,
  type ToolResult,
} from '../../src/core/loading/tools';
import { validateSkillFile } from '../../src/core/lint/validateFile';
import { NodeFileSystem } from '../../src/node/nodeFileSystem';
import { builtCli, findRepoRoot, makeTempDir, NO_SYMLINKS, removeDir, trySymlink, writeFile } from './engineTestUtils';

const REPO = findRepoRoot();
const CLI = path.join(REPO, 'dist', 'cli.js');
const nodeFs = new NodeFileSystem();

let root: string;
let ws: string;
let markers: string;
let skillDir: string;
let context: ToolContext;
let args: string;
let symlinks = false;

function evilSkill(m: string): string {
  return [
    '---',
    'name: evil',
    'description: Looks harmless. Use when testing that nothing from a skill runs.',
    'allowed-tools: Bash(touch:*)',
    'shell: bash',
    'hooks:',
    `  PreToolUse: touch ${m}/hook`,
    '---',
    'Set up first:',
    '',
    `!\`touch ${m}/bang-backtick\``,
    '',
    `!touch ${m}/bang-line`,
    '',
    `State: \`$(touch ${m}/dollar-paren)\` and \`touch ${m}/backtick\` and $(touch ${m}/plain-dollar-paren).`,
    '',
    '```sh',
    `touch ${m}/fenced`,
    '```',
    '',
    'Then run `scripts/run.sh` as ${SKILL_DIR}/scripts/run.sh $ARGUMENTS, with $0 and $ARGUMENTS[1].',
    '',
  ].join('\n');
}

before(() => {
  builtCli(REPO);
  root = makeTempDir('skillsmith-security-');
  ws = path.join(root, 'ws');
  markers = path.join(root, 'markers');
  fs.mkdirSync(markers);
  skillDir = path.join(ws, 'skills', 'evil');
  writeFile(path.join(skillDir, 'SKILL.md'), evilSkill(markers));
  writeFile(path.join(skillDir, 'scripts', 'run.sh'), `#!/bin/sh\ntouch "\${MARKER_DIR:-${markers}}/run-sh"\n`);
  fs.chmodSync(path.join(skillDir, 'scripts', 'run.sh'), 0o755);
  // The same marker from a Node script, so that the control run works on every platform.
  writeFile(
    path.join(skillDir, 'scripts', 'run.mjs'),
    `import { writeFileSync } from 'node:fs';\nwriteFileSync(\`\${process.env.MARKER_DIR ?? ${JSON.stringify(markers)}}/run-mjs\`, '');\n`,
  );
  writeFile(path.join(skillDir, 'references', 'guide.md'), '# Guide\n');
  writeFile(path.join(root, 'outside', 'secret.txt'), 'top secret\n');
  symlinks = trySymlink(path.join(root, 'outside'), path.join(skillDir, 'references', 'outside-dir'), 'dir');
  args = `$(touch ${markers}/args-dollar) \`touch ${markers}/args-backtick\`; touch ${markers}/args-semicolon | touch ${markers}/args-pipe`;
});

after(() => removeDir(root));

function assertNoMarker(after: string): void {
  assert.deepEqual(fs.readdirSync(markers), [], `something ran a command from the skill (after ${after})`);
}

function text(result: ToolResult): string {
  assert.ok(result.ok, JSON.stringify(result));
  return result.text;
}

test('the core tools read, list, load and expand the skill without running anything in it', async () => {
  const catalog = createSkillCatalog();
  const locations = resolveLocations({ workspaceFolders: [ws], home: path.join(root, 'home'), configured: ['skills'] });
  await new CatalogUpdater(catalog, nodeFs, locations).scanAll();
  context = { catalog, fs: nodeFs, budget: 12000, requester: 'model' };
  assert.equal(catalog.get('evil')?.status, 'offered');

  assert.match(text(runListSkills(context, {})), /- evil: Looks harmless/);
  for (const requester of ['model', 'user-run', 'user-view'] as const) {
    const loaded = text(await runLoadSkill({ ...context, requester }, { name: 'evil', args }));
    // The commands come back as text, untouched; the arguments are substituted as text.
    assert.ok(loaded.includes(`!\`touch ${markers}/bang-backtick\``), loaded);
    assert.ok(loaded.includes(`$(touch ${markers}/plain-dollar-paren)`));
    assert.ok(loaded.includes(`${path.native(skillDir)}/scripts/run.sh $(touch ${markers}/args-dollar)`));
    assert.match(loaded, /- scripts\/run\.sh/);
  }
  assert.match(text(await runReadSkillFile(context, { name: 'evil', path: 'scripts/run.sh' })), /^#!\/bin\/sh\ntouch /);
  const expansion = expandSkill({
    skillDir,
    body: fs.readFileSync(path.join(skillDir, 'SKILL.md'), 'utf8'),
    args,
    bundledFiles: ['scripts/run.sh'],
  });
  assert.ok(expansion.includes(`touch ${markers}/fenced`));
  // The lint reads the folder (and the scripts) without running anything: only the two files
  // that SKILL.md never names are reported.
  const validated = await validateSkillFile(nodeFs, path.join(skillDir, 'SKILL.md'));
  assert.deepEqual(
    validated.problems.map((p) => [p.code, /references\/guide\.md|scripts\/run\.mjs/.exec(p.message)?.[0]]),
    [
      ['unreferenced-file', 'references/guide.md'],
      ['unreferenced-file', 'scripts/run.mjs'],
    ],
  );
  assertNoMarker('the core tools');
});

test('the CLI validates, lists and expands the skill without running anything in it', () => {
  const env = { ...process.env, HOME: path.join(root, 'home'), NO_COLOR: '1' };
  const run = (cliArgs: string[]) =>
    spawnSync(process.execPath, [CLI, ...cliArgs], { cwd: root, env, encoding: 'utf8' });
  const validate = run(['validate', ws, '--json']);
  assert.equal(validate.status, 0, validate.stderr);
  const list = run(['list', ws, '--json', '--no-user']);
  assert.equal(list.status, 0, list.stderr);
  assert.deepEqual(
    JSON.parse(list.stdout).skills.map((s: { name: string }) => s.name),
    ['evil'],
  );
  const expand = run(['expand', 'evil', args, '--root', ws, '--no-user']);
  assert.equal(expand.status, 0, expand.stderr);
  assert.ok(expand.stdout.includes(`!\`touch ${markers}/bang-backtick\``), expand.stdout);
  assert.ok(expand.stdout.includes(`$(touch ${markers}/args-dollar)`));
  assertNoMarker('the CLI');
});

test('the markers do work: running the scripts by hand leaves them (so the checks above can fail)', () => {
  const control = path.join(root, 'control');
  fs.mkdirSync(control);
  const env = { ...process.env, MARKER_DIR: control };
  execFileSync(process.execPath, [path.join(skillDir, 'scripts', 'run.mjs')], { env });
  // A shell script runs by itself on POSIX systems only.
  if (process.platform !== 'win32') execFileSync(path.join(skillDir, 'scripts', 'run.sh'), { env });
  assert.deepEqual(fs.readdirSync(control).sort(), process.platform === 'win32' ? ['run-mjs'] : ['run-mjs', 'run-sh']);
  assertNoMarker('the control run');
});

test('the read tool refuses every way out of the skill folder', async () => {
  assert.ok(context, 'the core test ran first');
  const refused = [
    '../x',
    '..%2fx',
    '..%2f..%2fx',
    '%2e%2e%2fx',
    '%2e%2e%5cx',
    '%2e%2e%5c%2e%2e%5cx',
    '%252e%252e%255cx',
    'references/../../x',
    'references/../../skills/evil/SKILL.md',
    'references%2f..%2f..%2fx',
    'references\\..\\..\\x',
    'scripts/..\\..\\x',
    '~/.ssh/id_rsa',
    '~root/.ssh/id_rsa',
    'C:\\x',
    'C:/x',
    'c:x',
    '\\\\server\\share\\x',
    '/etc/passwd',
    '%2fetc%2fpasswd',
    path.join(root, 'outside', 'secret.txt'),
  ];
  for (const requested of refused) {
    const result = await runReadSkillFile(context, { name: 'evil', path: requested });
    assert.equal(result.ok, false, `${JSON.stringify(requested)} was read: ${result.ok ? result.text : ''}`);
    if (result.ok) continue;
    assert.equal(
      result.error.type,
      'outside_skill',
      `${JSON.stringify(requested)}: ${result.error.type} ${result.error.message}`,
    );
    assert.doesNotMatch(JSON.stringify(result.error), /top secret/);
  }
  // NUL, raw or escaped, is never passed on as a path that could be cut short.
  for (const requested of ['references/guide.md\0.png', 'a\0b', 'references/guide.md%00.png', '%00']) {
    const result = await runReadSkillFile(context, { name: 'evil', path: requested });
    assert.equal(result.ok, false, `${JSON.stringify(requested)} was read`);
    if (!result.ok)
      assert.ok(
        ['invalid_input', 'not_found'].includes(result.error.type),
        `${JSON.stringify(requested)}: ${result.error.type}`,
      );
  }
  // A skill name is a name, not a path.
  for (const name of ['../outside', '..', 'evil/../evil', '/etc']) {
    const result = await runReadSkillFile(context, { name, path: 'secret.txt' });
    assert.equal(result.ok, false);
    if (!result.ok) assert.equal(result.error.type, 'not_found');
  }
  assert.equal(text(await runReadSkillFile(context, { name: 'evil', path: 'references/guide.md' })), '# Guide\n');
});

test('the read tool refuses a symlink that leads out of the skill folder', async (t) => {
  if (!symlinks) return t.skip(NO_SYMLINKS);
  for (const requested of [
    'references/outside-dir/secret.txt',
    'references/outside-dir/../outside-dir/secret.txt',
    'references/outside-dir',
  ]) {
    const result = await runReadSkillFile(context, { name: 'evil', path: requested });
    assert.equal(result.ok, false, `${JSON.stringify(requested)} was read: ${result.ok ? result.text : ''}`);
    if (result.ok) continue;
    assert.equal(
      result.error.type,
      'outside_skill',
      `${JSON.stringify(requested)}: ${result.error.type} ${result.error.message}`,
    );
    assert.doesNotMatch(JSON.stringify(result.error), /top secret/);
  }
});
