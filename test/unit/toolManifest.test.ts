// package.json declares the language-model tools that src/core/loading/tools.ts implements: the
// two must never drift (name, modelDescription, inputSchema), or VS Code would validate
// calls against one schema while the core checks another.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { RUN_ACTION_TOOL } from '../../src/core/actions/actionTools';
import { LIST_SKILLS_TOOL, LOAD_SKILL_TOOL, READ_SKILL_FILE_TOOL } from '../../src/core/loading/toolDefinitions';
import { TOOL_REFERENCE_NAMES } from '../../src/vscode/tools/toolNames';
import { findRepoRoot } from './engineTestUtils';

interface ManifestTool {
  name: string;
  modelDescription: string;
  inputSchema: unknown;
  when?: string;
  toolReferenceName?: string;
}

function manifestTools(): ManifestTool[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(findRepoRoot(), 'package.json'), 'utf8'));
  return manifest.contributes.languageModelTools as ManifestTool[];
}

const CORE_TOOLS = [LIST_SKILLS_TOOL, LOAD_SKILL_TOOL, READ_SKILL_FILE_TOOL, RUN_ACTION_TOOL];

test('package.json declares exactly the core tools, in the same order', () => {
  assert.deepEqual(
    manifestTools().map((t) => t.name),
    CORE_TOOLS.map((t) => t.name),
  );
});

for (const tool of CORE_TOOLS) {
  test(`${tool.name}: modelDescription and inputSchema equal the core definition`, () => {
    const declared = manifestTools().find((t) => t.name === tool.name);
    assert.ok(declared, `${tool.name} is not in package.json`);
    assert.equal(declared.modelDescription, tool.description);
    assert.deepEqual(declared.inputSchema, tool.inputSchema);
  });
}

test('every tool is enabled only while skills exist (the run-action tool also only while actions are on), and rejects unknown properties', () => {
  for (const tool of manifestTools()) {
    const expected =
      tool.name === RUN_ACTION_TOOL.name
        ? 'skillsmith.hasSkills && config.skillsmith.actions.enabled'
        : 'skillsmith.hasSkills';
    assert.equal(tool.when, expected, tool.name);
    assert.equal((tool.inputSchema as { additionalProperties?: unknown }).additionalProperties, false, tool.name);
  }
});

// Not `skill`: VS Code's Copilot harness offers its client tools to the runtime by these names, and
// the runtime refuses a whole turn whose client tool takes the name of its own `skill` tool
// (copilotHarnessTurn.test.ts).
test('the tools are referenced as #skillList, #skillLoad, #skillFile and #skillAction', () => {
  assert.equal(manifestTools().find((t) => t.name === LIST_SKILLS_TOOL.name)?.toolReferenceName, 'skillList');
  assert.equal(manifestTools().find((t) => t.name === LOAD_SKILL_TOOL.name)?.toolReferenceName, 'skillLoad');
  assert.equal(manifestTools().find((t) => t.name === READ_SKILL_FILE_TOOL.name)?.toolReferenceName, 'skillFile');
  assert.equal(manifestTools().find((t) => t.name === RUN_ACTION_TOOL.name)?.toolReferenceName, 'skillAction');
});

// VS Code's chat completion lists tools beside participants: a tool named as the participant
// showed `@skills` twice (the host suite `mcp` reads that completion).
test("no tool is referenced by the chat participant's name", () => {
  const manifest = JSON.parse(fs.readFileSync(path.join(findRepoRoot(), 'package.json'), 'utf8')) as {
    contributes: { chatParticipants: { name: string }[] };
  };
  const participants = manifest.contributes.chatParticipants.map((p) => p.name);
  assert.deepEqual(participants, ['skills']);
  for (const tool of manifestTools()) assert.ok(!participants.includes(tool.toolReferenceName ?? ''), tool.name);
});

test('actions.json is checked by the shipped JSON Schema in skill folders, and the setting is restricted in untrusted workspaces', () => {
  const manifest = JSON.parse(fs.readFileSync(path.join(findRepoRoot(), 'package.json'), 'utf8'));
  assert.deepEqual(manifest.contributes.jsonValidation, [
    { fileMatch: ['**/skills/**/actions.json'], url: './schemas/actions.schema.json' },
  ]);
  assert.ok(fs.existsSync(path.join(findRepoRoot(), 'schemas', 'actions.schema.json')));
  assert.equal(manifest.contributes.configuration.properties['skillsmith.actions.enabled'].default, true);
  assert.ok(manifest.capabilities.untrustedWorkspaces.restrictedConfigurations.includes('skillsmith.actions.enabled'));
});

test("the names the tools' texts give for the Copilot harness are the manifest's reference names", () => {
  for (const tool of manifestTools()) assert.equal(TOOL_REFERENCE_NAMES[tool.name], tool.toolReferenceName, tool.name);
  assert.equal(Object.keys(TOOL_REFERENCE_NAMES).length, manifestTools().length);
});
