// Our three language-model tools, invoked through VS Code exactly as Copilot's agent
// mode would (`vscode.lm.invokeTool`, no chat request): results, and the structured errors
// of docs/tools.md, including the traversal guard.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import { HostTest, getExtensionApi, workspaceFolder } from '../helpers';

interface ToolErrorJson {
  error: { type: string; message: string; suggestion?: string };
}

async function ready(): Promise<void> {
  await (await getExtensionApi<{ whenIdle(): Promise<void> }>()).whenIdle();
}

/** Invokes one of our tools and returns the text of its result. */
async function invoke(name: string, input: object): Promise<string> {
  await ready();
  const result = await vscode.lm.invokeTool(name, { input, toolInvocationToken: undefined });
  return result.content
    .map((part) => (part as { value?: unknown }).value)
    .filter((v): v is string => typeof v === 'string')
    .join('');
}

/** The structured error of a tool result; fails when the result is not one. */
function toolError(text: string): ToolErrorJson['error'] {
  let parsed: ToolErrorJson;
  try {
    parsed = JSON.parse(text) as ToolErrorJson;
  } catch {
    throw new Error(`expected a structured error, got: ${text.slice(0, 300)}`);
  }
  assert.ok(parsed.error && typeof parsed.error.type === 'string', text);
  return parsed.error;
}

const root = () => workspaceFolder().uri.fsPath;

export const tests: HostTest[] = [
  {
    name: 'the three tools are registered with VS Code',
    fn: async () => {
      await ready();
      const names = vscode.lm.tools.map((t) => t.name);
      for (const name of ['skillsmith_listSkills', 'skillsmith_loadSkill', 'skillsmith_readSkillFile'])
        assert.ok(names.includes(name), names.join());
      const load = vscode.lm.tools.find((t) => t.name === 'skillsmith_loadSkill')!;
      assert.deepStrictEqual((load.inputSchema as { required?: string[] }).required, ['name']);
    },
  },
  {
    name: 'list skills returns the listing with the locations',
    fn: async () => {
      const text = await invoke('skillsmith_listSkills', {});
      assert.match(text, /^- code-review: Reviews a file against the team's conventions\./m);
      assert.match(text, /^- guide-skill: /m);
      assert.doesNotMatch(text, /secret-skill|^- broken/m);
      assert.match(text, /Locations:\n- skills: code-review, guide-skill/);
    },
  },
  {
    name: 'load skill returns the expansion, with the arguments, read from disk',
    fn: async () => {
      const text = await invoke('skillsmith_loadSkill', { name: 'code-review', args: 'src/app.ts' });
      assert.match(text, /^Base directory for this skill: .*\/skills\/code-review\n/);
      assert.match(text, /CR-MARKER-ORIGINAL-7f3a/);
      assert.match(text, /Focus on: src\/app\.ts/);
      const guide = await invoke('skillsmith_loadSkill', { name: 'guide-skill' });
      assert.match(guide, /- references\/guide\.md/);
    },
  },
  {
    name: 'load skill: an unknown name is not_found with "Did you mean"',
    fn: async () => {
      const error = toolError(await invoke('skillsmith_loadSkill', { name: 'code-reveiw' }));
      assert.strictEqual(error.type, 'not_found');
      assert.match(error.suggestion ?? '', /Did you mean 'code-review'\?/);
    },
  },
  {
    name: 'load skill: a skill with errors is invalid_skill',
    fn: async () => {
      const error = toolError(await invoke('skillsmith_loadSkill', { name: 'broken' }));
      assert.strictEqual(error.type, 'invalid_skill');
      assert.match(error.message, /description-missing/);
    },
  },
  {
    name: 'load skill: a hidden skill is not_found to the model, as if absent',
    fn: async () => {
      const error = toolError(await invoke('skillsmith_loadSkill', { name: 'secret-skill' }));
      assert.strictEqual(error.type, 'not_found');
      assert.strictEqual(error.message, "No skill named 'secret-skill'.");
      const read = toolError(await invoke('skillsmith_readSkillFile', { name: 'secret-skill', path: 'SKILL.md' }));
      assert.strictEqual(read.type, 'not_found');
      assert.doesNotMatch(JSON.stringify(read), /disable-model-invocation|HIDDEN-MARKER/);
    },
  },
  {
    name: 'read skill file returns a bundled file',
    fn: async () => {
      const text = await invoke('skillsmith_readSkillFile', { name: 'guide-skill', path: 'references/guide.md' });
      assert.match(text, /GUIDE-MARKER-51/);
    },
  },
  {
    name: 'read skill file: ../ and absolute paths are outside_skill',
    fn: async () => {
      for (const requested of ['../secret.txt', '../../secret.txt', path.join(root(), 'secret.txt')]) {
        const text = await invoke('skillsmith_readSkillFile', { name: 'guide-skill', path: requested });
        assert.doesNotMatch(text, /TOP-SECRET/, requested);
        assert.strictEqual(toolError(text).type, 'outside_skill', requested);
      }
    },
  },
  {
    name: 'read skill file: a symlink pointing outside the skill is outside_skill',
    fn: async () => {
      const link = path.join(root(), 'skills', 'guide-skill', 'references', 'leak.md');
      fs.symlinkSync(path.join(root(), 'secret.txt'), link);
      try {
        const text = await invoke('skillsmith_readSkillFile', { name: 'guide-skill', path: 'references/leak.md' });
        assert.doesNotMatch(text, /TOP-SECRET/);
        assert.strictEqual(toolError(text).type, 'outside_skill');
      } finally {
        fs.unlinkSync(link);
      }
    },
  },
  {
    name: 'read skill file: an unknown file is not_found with the files of the skill',
    fn: async () => {
      const error = toolError(
        await invoke('skillsmith_readSkillFile', { name: 'guide-skill', path: 'references/guid.md' }),
      );
      assert.strictEqual(error.type, 'not_found');
      assert.match(error.suggestion ?? '', /references\/guide\.md/);
    },
  },
];
