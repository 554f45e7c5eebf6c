// The Testing view appears only where there is something to test: VS Code shows its icon in
// the activity bar for any registered test controller, so the routing feature creates its
// controller only while the workspace has eval files (docs/routing.md). Read from the page:
// the activity bar's icons, by their aria-label. Fixture: ui/, which has no eval file.
import * as assert from 'assert';
import { HostTest, deleteWorkspaceFile, waitFor, workbenchAttributes, writeWorkspaceFile } from '../helpers';
import { idleApi } from './uiSupport';

const EVAL_FILE = 'evals/alpha.routing.json';

/** The labels of the activity bar's icons, as the page shows them now. */
async function activityBarLabels(): Promise<string[]> {
  return workbenchAttributes({ selector: '.part.activitybar .action-item .action-label', attribute: 'aria-label' });
}

async function testingIconShown(): Promise<boolean> {
  return (await activityBarLabels()).some((label) => /^Testing\b/.test(label));
}

export const tests: HostTest[] = [
  {
    name: 'a workspace without eval files shows no Testing view icon; an eval file brings it, deleting it takes it away',
    timeoutMs: 60_000,
    fn: async () => {
      await idleApi();
      // The activity bar is drawn, with our Skills icon: the page can be read.
      await waitFor(async () => (await activityBarLabels()).some((label) => /^Skills\b/.test(label)), {
        timeout: 20_000,
        message: 'the Skills icon in the activity bar',
      });
      assert.strictEqual(await testingIconShown(), false, `icons: ${JSON.stringify(await activityBarLabels())}`);
      try {
        await writeWorkspaceFile(EVAL_FILE, JSON.stringify([{ query: 'say alpha', expected: ['alpha'] }]));
        await waitFor(testingIconShown, {
          timeout: 20_000,
          message: 'the Testing icon once an eval file exists',
        });
      } finally {
        await deleteWorkspaceFile(EVAL_FILE).catch(() => undefined);
      }
      await waitFor(async () => !(await testingIconShown()), {
        timeout: 20_000,
        message: 'no Testing icon once the eval file is gone',
      });
    },
  },
];
