// `list_changed` from `skillsmith mcp` (docs/mcp.md, src/mcp/listChanges.ts) through the SDK's
// own Client over the in-memory transport: nothing when nothing that a list holds changed (the
// rescan after start), and the right lists for each change that matters: a skill, its
// actions.json, a bundled file, an edited body (its digest in skills/list). A ping after each check orders the messages: a notification sent
// before the check ended arrives before the ping's answer, so no test waits on a clock.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import {
  PromptListChangedNotificationSchema,
  ResourceListChangedNotificationSchema,
  ToolListChangedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { createSkillCatalog } from '../../src/core/access/policy';
import { normalizePath } from '../../src/core/base/paths';
import { CatalogUpdater } from '../../src/core/catalog/catalogUpdater';
import { resolveLocations } from '../../src/core/catalog/locations';
import { createSkillsServer } from '../../src/mcp/skillsServer';
import { makeExecutor, nodeAction, nodeFs, writeActionSkill } from './actionTestUtils';
import { makeTempDir, removeDir, writeFile, writeSkill } from './engineTestUtils';

const TIMEOUT = { timeout: 30_000 };
let ws: string;

before(() => {
  ws = makeTempDir('skillsmith-mcp-changed-');
  writeActionSkill(ws, 'recorder', [nodeAction('note', 'scripts/note.js')], { 'scripts/note.js': '' });
});
after(() => removeDir(ws));

test('list_changed only for the lists a change on disk touches', TIMEOUT, async () => {
  const catalog = createSkillCatalog();
  const locations = resolveLocations({
    workspaceFolders: [normalizePath(ws)],
    home: normalizePath(path.join(ws, 'no-home')),
    configured: ['skills'],
  });
  const updater = new CatalogUpdater(catalog, nodeFs, locations);
  const ready = updater.scanAll();
  const { executor } = makeExecutor(catalog, ws);
  const { server, notifyChanged, invalidate } = createSkillsServer({
    catalog,
    fs: nodeFs,
    executor,
    actions: 'ask',
    version: '0',
    budget: 8000,
    log: () => undefined,
    ready,
  });
  const client = new Client({ name: 'test', version: '0' });
  const seen: string[] = [];
  client.setNotificationHandler(ToolListChangedNotificationSchema, () => void seen.push('tools'));
  client.setNotificationHandler(PromptListChangedNotificationSchema, () => void seen.push('prompts'));
  client.setNotificationHandler(ResourceListChangedNotificationSchema, () => void seen.push('resources'));
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  await client.connect(clientSide);
  /** What the client is told after `change`: the lists, sorted. */
  const after = async (change: () => Promise<unknown> | void): Promise<string[]> => {
    seen.length = 0;
    await change();
    invalidate();
    await notifyChanged();
    await client.ping();
    return [...seen].sort();
  };
  const skillDir = path.join(ws, 'skills', 'recorder');
  try {
    await ready;
    assert.deepEqual(await after(() => undefined), [], 'nothing changed, nothing announced');
    assert.deepEqual(
      await after(() => updater.pathChanged(normalizePath(path.join(ws, 'skills')))),
      [],
      'a rescan that finds the same skills announces nothing',
    );
    assert.deepEqual(
      await after(() =>
        writeFile(
          path.join(skillDir, 'actions.json'),
          JSON.stringify({ actions: [nodeAction('note', 'scripts/note.js'), nodeAction('tally', 'scripts/note.js')] }),
        ),
      ),
      ['resources', 'tools'],
      'a new action in actions.json: its tool, and the digest of actions.json',
    );
    assert.deepEqual(
      await after(() => writeFile(path.join(skillDir, 'references', 'guide.md'), '# Guide\n')),
      ['resources'],
      'a new bundled file: its resource',
    );
    assert.deepEqual(
      await after(() => writeFile(path.join(skillDir, 'references', 'guide.md'), '# Guide\n\nLonger now.\n')),
      ['resources'],
      'an edited bundled file: its digest in skills/list',
    );
    assert.deepEqual(
      await after(async () => {
        writeFile(path.join(skillDir, 'SKILL.md'), `${readFileSync(path.join(skillDir, 'SKILL.md'), 'utf8')}\nMore.\n`);
        await updater.pathChanged(normalizePath(path.join(skillDir, 'SKILL.md')));
      }),
      ['resources'],
      'an edited body: the digest of SKILL.md, and no tool or prompt',
    );
    assert.deepEqual(
      await after(async () => {
        writeSkill(path.join(ws, 'skills'), 'review', 'Reviews a change. Use when asked to review.');
        await updater.pathChanged(normalizePath(path.join(ws, 'skills', 'review', 'SKILL.md')));
      }),
      ['prompts', 'resources'],
      'a new skill without actions: its prompt and its files',
    );
  } finally {
    await client.close();
    await server.close();
    updater.stop();
  }
});
