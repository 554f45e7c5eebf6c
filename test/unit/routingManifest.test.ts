// The manifest declares what the routing feature registers (docs/routing.md): its commands
// (the hidden one kept out of the palette), `/eval` in @skills, and its settings; the main
// bundle reaches the feature only through the lazy bundle.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ROUTING_COMMANDS } from '../../src/vscode/ids';
import { findRepoRoot } from './engineTestUtils';

const root = findRepoRoot();
const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));

test('every routing command is declared, and the chat-only one is hidden from the palette', () => {
  const declared = new Set(manifest.contributes.commands.map((c: { command: string }) => c.command));
  for (const id of Object.values(ROUTING_COMMANDS)) assert.ok(declared.has(id), id);
  const hidden = manifest.contributes.menus.commandPalette.find(
    (m: { command: string }) => m.command === ROUTING_COMMANDS.evalInChat,
  );
  assert.equal(hidden?.when, 'false');
});

test('@skills declares /eval, and the routing settings have bounds', () => {
  const participant = manifest.contributes.chatParticipants.find((p: { id: string }) => p.id === 'skillsmith.skills');
  assert.ok(participant.commands.some((c: { name: string }) => c.name === 'eval'));
  const properties = manifest.contributes.configuration.properties;
  assert.deepEqual(properties['skillsmith.routing.models'].default, []);
  assert.equal(properties['skillsmith.routing.runs'].default, 3);
  assert.equal(properties['skillsmith.routing.runs'].minimum, 1);
});

test('activation code reaches the routing feature only through the lazy bundle', () => {
  const register = fs.readFileSync(path.join(root, 'src', 'vscode', 'routing', 'registerRouting.ts'), 'utf8');
  const imports = [...register.matchAll(/^import (type )?.* from '([^']+)';$/gm)].map((m) => [m[1] === 'type ', m[2]]);
  for (const [typeOnly, from] of imports) {
    if (from === '../../lazy/routing') assert.equal(typeOnly, true, 'the lazy bundle is imported for its types only');
    else
      assert.ok(
        ['vscode', '../ids', '../lazy', '../services'].includes(from as string),
        `registerRouting imports ${from}`,
      );
  }
  assert.ok(fs.existsSync(path.join(root, 'src', 'lazy', 'routing.ts')));
});
