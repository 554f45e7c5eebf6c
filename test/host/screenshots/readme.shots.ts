// Screenshots for the README (run by scripts/host/screenshot.mjs, not by test:host).
// Each test puts the workbench in a state, then asks the runner to capture it.
import * as vscode from 'vscode';
import { HostTest, getExtensionApi, openWorkspaceFile, screenshot, sleep } from '../helpers';

export const tests: HostTest[] = [
  {
    name: 'a broken SKILL.md with its problems',
    timeoutMs: 60_000,
    fn: async () => {
      await getExtensionApi();
      await openWorkspaceFile('skills/broken-skill/SKILL.md');
      await vscode.commands.executeCommand('workbench.actions.view.problems');
      await sleep(1500); // diagnostics are debounced
      await screenshot('broken-skill');
    },
  },
];
