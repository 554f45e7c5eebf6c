// Approvals for agents in the editor (docs/actions.md, "Approvals"), through the Command Palette
// and the dialog on the page: Approve Action for Agents… shows what `skillsmith approve` shows and
// stores the approval where the CLI reads it; Show Action Approvals says when the action changed;
// Revoke Action Approval… removes it. Each result is read back with the packaged CLI
// (`approve --list --json`), not with the extension's own code.
import * as assert from 'assert';
import { execFileSync, spawnSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import {
  HostTest,
  clickInWorkbench,
  getExtension,
  pressInWorkbench,
  typeInWorkbench,
  waitFor,
  workbenchTexts,
} from '../helpers';
import { diskPath, idleApi } from './uiSupport';

interface ListedApproval {
  skill: string;
  action: string;
  unchanged: boolean;
}

const cli = () => path.join(getExtension().extensionPath, 'dist', 'cli.js');
const workspaceRoot = () => diskPath('');

/** The approvals as the CLI lists them, in this extension host's environment (the sandbox's HOME). */
function listedApprovals(): ListedApproval[] {
  const out = execFileSync(process.execPath, [cli(), 'approve', '--list', '--json'], {
    cwd: workspaceRoot(),
    encoding: 'utf8',
  });
  return (JSON.parse(out) as { approvals: ListedApproval[] }).approvals;
}

/** What `skillsmith approve` shows before its question (no terminal: it shows it, then approves nothing). */
function cliQuestion(skill: string, action: string): string {
  const run = spawnSync(process.execPath, [cli(), 'approve', skill, action, '--no-user'], {
    cwd: workspaceRoot(),
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  assert.match(run.stderr, /nothing was approved/, run.stderr);
  return run.stdout;
}

const quickInput = async () => (await workbenchTexts({ selector: '.quick-input-widget', timeoutMs: 5_000 })).join('\n');

async function runFromPalette(title: string): Promise<void> {
  await pressInWorkbench('F1');
  await typeInWorkbench(`Skills: ${title}`);
  await waitFor(async () => (await quickInput()).includes(`Skills: ${title}`), { message: `${title} in the palette` });
  await pressInWorkbench('Enter');
}

export const tests: HostTest[] = [
  {
    name: 'Command Palette: Approve Action for Agents… shows what skillsmith approve shows beside, and Approve (arrow, Enter) stores what the CLI then lists',
    timeoutMs: 60_000,
    fn: async () => {
      await idleApi();
      assert.deepStrictEqual(listedApprovals(), [], 'no approval before');
      const question = cliQuestion('echo-action', 'echo');
      assert.match(question, /Files: /);
      await runFromPalette('Approve Action for Agents');
      await waitFor(async () => /echo-action › echo/.test(await quickInput()), { message: 'the pick of actions' });
      await typeInWorkbench('echo-action › echo');
      await pressInWorkbench('Enter');
      // What is approved, in the read-only preview beside: the CLI's question, verbatim.
      const preview = await waitFor(
        () =>
          vscode.workspace.textDocuments.find(
            (d) => d.uri.scheme === 'skillsmith-result' && d.uri.path.includes('Approve echo-action › echo'),
          ),
        { message: 'the approval preview' },
      );
      assert.ok(
        preview.getText().includes(question.trimEnd()),
        `the preview holds the CLI's question:\n${preview.getText()}`,
      );
      assert.strictEqual(preview.isDirty, false);
      // The choice: Cancel first (focused), so that Enter alone approves nothing; Approve is chosen with the arrow.
      await waitFor(async () => /Cancel[\s\S]*Approve/.test(await quickInput()), {
        message: 'the choice, Cancel first',
      });
      await pressInWorkbench('ArrowDown');
      await pressInWorkbench('Enter');
      await waitFor(() => listedApprovals().length === 1, { timeout: 10_000, message: 'the approval in the file' });
      assert.deepStrictEqual(
        listedApprovals().map(({ skill, action, unchanged }) => ({ skill, action, unchanged })),
        [{ skill: 'echo-action', action: 'echo', unchanged: true }],
      );
    },
  },
  {
    name: 'Command Palette: Show Action Approvals says unchanged, and changed once the script it runs is edited',
    timeoutMs: 60_000,
    fn: async () => {
      await runFromPalette('Show Action Approvals');
      await waitFor(async () => /echo-action › echo[\s\S]*unchanged/.test(await quickInput()), {
        message: 'the approval, unchanged',
      });
      await pressInWorkbench('Escape');
      const script = path.join(workspaceRoot(), 'skills', 'echo-action', 'scripts', 'echo.mjs');
      const before = fs.readFileSync(script, 'utf8');
      fs.writeFileSync(script, `${before}\n// an edit after the approval\n`);
      try {
        await runFromPalette('Show Action Approvals');
        await waitFor(
          async () => /echo-action › echo[\s\S]*changed: refused until approved again/.test(await quickInput()),
          {
            message: 'the approval, changed',
          },
        );
        await pressInWorkbench('Escape');
        assert.strictEqual(listedApprovals()[0]?.unchanged, false, 'the CLI sees the change too');
      } finally {
        fs.writeFileSync(script, before);
      }
      assert.strictEqual(listedApprovals()[0]?.unchanged, true, 'unchanged again once restored');
    },
  },
  {
    name: "Command Palette: Revoke Action Approval…, with a click on the approval's checkbox and on OK, leaves none for the CLI",
    timeoutMs: 60_000,
    fn: async () => {
      await runFromPalette('Revoke Action Approval');
      await waitFor(async () => /echo-action › echo/.test(await quickInput()), { message: 'the approvals to revoke' });
      const row = '.quick-input-list .monaco-list-row:has-text("echo-action › echo")';
      await clickInWorkbench({ selector: `${row} .quick-input-list-checkbox, ${row} .monaco-custom-toggle` });
      await clickInWorkbench({ selector: '.quick-input-widget .monaco-button:has-text("OK")' });
      await waitFor(() => listedApprovals().length === 0, { timeout: 10_000, message: 'the approval revoked' });
    },
  },
];
