// Nothing of a skill with actions runs before an explicit run (docs/actions.md, "Safety"): its
// action would leave a marker, and scanning, listing, loading, expanding, linting and validating
// it (in the core and through the CLI) must leave none. A control run by hand does leave one,
// so the check can fail.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { lintActionsText } from '../../src/core/actions/lintActions';
import { runListSkills, runLoadSkill } from '../../src/core/loading/tools';
import { validateSkillFile } from '../../src/core/lint/validateFile';
import { nodeAction, nodeFs, scanCatalog, writeActionSkill } from './actionTestUtils';
import { builtCli, findRepoRoot, makeTempDir, removeDir } from './engineTestUtils';

let ws: string;
let markers: string;
let cli: string;

before(() => {
  cli = builtCli(findRepoRoot());
  ws = makeTempDir('skillsmith-no-exec-actions-');
  markers = path.join(ws, 'markers');
  fs.mkdirSync(markers);
  const touch = (name: string) => `require('fs').writeFileSync(${JSON.stringify(path.join(markers, name))}, 'ran');`;
  writeActionSkill(
    ws,
    'armed',
    [
      nodeAction('arm', 'scripts/arm.js', {
        default: true,
        input: { type: 'object', properties: { x: { type: 'string', default: 'y' } } },
      }),
      nodeAction('program-path', 'x', { run: ['scripts/arm.js'] }),
    ],
    { 'scripts/arm.js': touch('arm') },
  );
});

after(() => removeDir(ws));

const noMarker = (after: string) =>
  assert.deepEqual(fs.readdirSync(markers), [], `something ran an action (after ${after})`);

test('scanning, listing, loading and linting a skill with actions runs none of them', async () => {
  const catalog = await scanCatalog(ws);
  const context = { catalog, fs: nodeFs, budget: 12000, requester: 'model' as const };
  assert.match((runListSkills(context) as { text: string }).text, /- armed:/);
  for (const requester of ['model', 'user-run', 'user-view'] as const) {
    const loaded = await runLoadSkill({ ...context, requester }, { name: 'armed', args: '$(touch x)' });
    assert.ok(loaded.ok && loaded.text.includes('Actions of this skill'), JSON.stringify(loaded));
  }
  const dir = path.join(ws, 'skills', 'armed');
  assert.deepEqual(
    await lintActionsText(fs.readFileSync(path.join(dir, 'actions.json'), 'utf8'), {
      fileExists: async (p) => fs.existsSync(path.join(dir, p)),
    }),
    [],
  );
  assert.deepEqual((await validateSkillFile(nodeFs, path.join(dir, 'SKILL.md'))).problems, []);
  noMarker('the core');
});

test('the CLI validates, lists and expands it without running an action; `run` is the only way in', () => {
  const env = { ...process.env, HOME: path.join(ws, 'home') };
  for (const args of [
    ['validate', ws],
    ['list', ws, '--json', '--no-user'],
    ['expand', 'armed', '--root', ws, '--no-user'],
  ]) {
    const result = spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', env });
    assert.equal(result.status, 0, `${args.join(' ')}: ${result.stderr}`);
  }
  noMarker('the CLI');
  const run = spawnSync(process.execPath, [cli, 'run', 'armed', '--root', ws, '--no-user'], { encoding: 'utf8', env });
  assert.equal(run.status, 0, run.stderr);
  assert.deepEqual(fs.readdirSync(markers), ['arm'], 'the control run leaves the marker');
});
