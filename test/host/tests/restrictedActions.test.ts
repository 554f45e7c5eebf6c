// Restricted Mode refuses to run a workspace skill's action (docs/actions.md, "Safety"): by
// hand, through the run-action tool, and from chat's /run alike, and nothing starts. Runs
// before restrictedMode.test.ts, which grants trust at its end.
import * as assert from 'assert';
import * as fs from 'fs';
import * as vscode from 'vscode';
import { HostTest, getExtensionApi } from '../helpers';
import { diskPath } from './uiSupport';

const MARKER = 'skills/good-skill/ran-in-restricted-mode.txt';

export const tests: HostTest[] = [
  {
    name: 'Restricted Mode: running an action by hand is refused, saying the workspace is not trusted',
    fn: async () => {
      await (await getExtensionApi<{ whenIdle(): Promise<void> }>()).whenIdle();
      assert.strictEqual(vscode.workspace.isTrusted, false);
      const result = await vscode.commands.executeCommand<{
        status: string;
        error?: { type: string; message: string };
      }>('skillsmith.runAction', { skill: 'good-skill', form: false, quiet: true });
      assert.strictEqual(result?.status, 'error');
      assert.strictEqual(result?.error?.type, 'not_allowed');
      assert.match(result.error.message, /not trusted/);
      assert.strictEqual(fs.existsSync(diskPath(MARKER)), false, 'the action did not run');
    },
  },
  {
    name: 'Restricted Mode: the run-action tool refuses too, and nothing runs',
    fn: async () => {
      const called = await Promise.resolve(
        vscode.lm.invokeTool('skillsmith_runAction', { input: { name: 'good-skill' }, toolInvocationToken: undefined }),
      ).then(
        (result) =>
          result.content.map((part) => (part instanceof vscode.LanguageModelTextPart ? part.value : '')).join(''),
        (error: unknown) => `rejected: ${String(error)}`,
      );
      assert.ok(/"type":"not_allowed"/.test(called) && /not trusted/.test(called), called);
      assert.strictEqual(fs.existsSync(diskPath(MARKER)), false, 'the action did not run');
    },
  },
];
