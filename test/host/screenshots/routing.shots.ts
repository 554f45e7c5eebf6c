// README screenshots of routing evals (run by scripts/host/screenshot.mjs): the Test
// Explorer after a run with the scripted fake model, and the confusion report.
import * as vscode from 'vscode';
import { HostTest, getExtensionApi, openWorkspaceFile, screenshot, setFakeScript, sleep } from '../helpers';
import { routingReady, runAllRoutingTests } from '../helpers/routing';
import { ROUTES } from '../tests/routing.test';

export const tests: HostTest[] = [
  {
    name: 'the Test Explorer with a routing run',
    timeoutMs: 90_000,
    fn: async () => {
      await (await getExtensionApi<{ whenIdle(): Promise<void> }>()).whenIdle();
      await routingReady();
      await setFakeScript({ fallback: ROUTES });
      await openWorkspaceFile('skills/sql-review/evals/trigger-evals.json');
      await runAllRoutingTests();
      await vscode.commands.executeCommand('workbench.action.closeAuxiliaryBar');
      await vscode.commands.executeCommand('workbench.view.testing.focus');
      // The failure's message, peeked at its case in the editor.
      await openWorkspaceFile('skills/sql-review/evals/trigger-evals.json');
      await vscode.commands.executeCommand('testing.goToNextMessage').then(undefined, () => undefined);
      await sleep(1000);
      await screenshot('routing-test-explorer', { settleMs: 1500 });
    },
  },
  {
    name: 'the routing report with the confusion',
    timeoutMs: 60_000,
    fn: async () => {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await vscode.commands.executeCommand('workbench.action.closePanel');
      await vscode.commands.executeCommand('workbench.action.closeAuxiliaryBar');
      await vscode.commands.executeCommand('skillsmith.showRoutingReport');
      await sleep(1500);
      await screenshot('routing-report', { settleMs: 1500 });
    },
  },
];
