// The executor asks whether names may be Unicode at each run, not once when it is made: the
// editor keeps one executor for the window, and the setting can change meanwhile.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { NEVER_CANCELLED } from '../../src/core/base/cancellation';
import { normalizePath } from '../../src/core/base/paths';
import { createSkillCatalog } from '../../src/core/access/policy';
import { CatalogUpdater } from '../../src/core/catalog/catalogUpdater';
import { resolveLocations } from '../../src/core/catalog/locations';
import { NodeFileSystem } from '../../src/node/nodeFileSystem';
import { makeExecutor, nodeAction, writeActionSkill } from './actionTestUtils';
import { makeTempDir, removeDir } from './engineTestUtils';

let ws: string;
before(() => {
  ws = makeTempDir('unicode-names-');
  writeActionSkill(ws, 'café-notes', [nodeAction('say', 'scripts/say.js', { default: true })], {
    'scripts/say.js': 'process.stdout.write(JSON.stringify({ said: "bonjour" }));',
  });
});
after(() => removeDir(ws));

test('a run follows the unicodeNames answer of its own moment', { timeout: 60_000 }, async () => {
  const catalog = createSkillCatalog({ trustWorkspaceSkills: true });
  const locations = resolveLocations({
    workspaceFolders: [normalizePath(ws)],
    home: normalizePath(path.join(ws, 'no-home')),
    configured: ['skills'],
  });
  await new CatalogUpdater(catalog, new NodeFileSystem(), locations, { unicodeNames: true }).scanAll();
  assert.ok(catalog.get('café-notes'), 'the catalog holds the skill when Unicode names are allowed');
  let unicodeNames = false;
  const { executor } = makeExecutor(catalog, ws, { unicodeNames: () => unicodeNames });
  const refused = await executor.run({ skill: 'café-notes', action: 'say', asker: 'user' }, NEVER_CANCELLED);
  assert.equal(refused.status, 'error');
  assert.equal(refused.error?.type, 'invalid_skill', 'a Unicode name is not valid while the setting is off');
  unicodeNames = true;
  const ran = await executor.run({ skill: 'café-notes', action: 'say', asker: 'user' }, NEVER_CANCELLED);
  assert.equal(ran.status, 'success', JSON.stringify(ran.error));
  assert.deepEqual(ran.data, { said: 'bonjour' });
});
