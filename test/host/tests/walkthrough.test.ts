// The "Get started with Skillsmith" walkthrough: contributed by the manifest as the
// extension host sees it, and opened by the workbench's own command, on its first page
// and on a given step. The extension API cannot see inside the Welcome editor (its tab
// is labelled "Welcome" whichever walkthrough it shows), so what the page renders is
// checked by eye: scripts/host/screenshot.mjs --suite=release-screenshots.
import * as assert from 'assert';
import * as vscode from 'vscode';
import { EXTENSION_ID, HostTest, getExtension, waitFor } from '../helpers';

const WALKTHROUGH = `${EXTENSION_ID}#getStarted`;
const TITLE = 'Get started with Skillsmith';

interface Walkthrough {
  id: string;
  title: string;
  steps: { id: string; media: { markdown?: string } }[];
}

function activeTabLabel(): string {
  return vscode.window.tabGroups.activeTabGroup.activeTab?.label ?? '';
}

export const tests: HostTest[] = [
  {
    name: 'the extension contributes the getStarted walkthrough, with a markdown page per step',
    fn: async () => {
      const walkthroughs = getExtension().packageJSON.contributes?.walkthroughs as Walkthrough[] | undefined;
      const walkthrough = walkthroughs?.find((w) => w.id === 'getStarted');
      assert.ok(walkthrough, 'contributes.walkthroughs has getStarted');
      assert.strictEqual(walkthrough.title, TITLE);
      assert.deepStrictEqual(
        walkthrough.steps.map((s) => s.id),
        ['createSkill', 'lintSkill', 'showListing', 'useInChat', 'checkInCi'],
      );
      for (const step of walkthrough.steps) {
        assert.ok(step.media.markdown, `${step.id} has a markdown page`);
        await vscode.workspace.fs.stat(vscode.Uri.joinPath(getExtension().extensionUri, step.media.markdown));
      }
    },
  },
  {
    name: 'workbench.action.openWalkthrough opens it, on its first page and on a step',
    timeoutMs: 30_000,
    fn: async () => {
      try {
        await vscode.commands.executeCommand('workbench.action.closeAllEditors');
        await vscode.commands.executeCommand('workbench.action.openWalkthrough', WALKTHROUGH, false);
        await waitFor(() => activeTabLabel() === 'Welcome', { message: `the Welcome editor (active tab: ${activeTabLabel()})` });
        await vscode.commands.executeCommand('workbench.action.closeAllEditors');
        // A step is named by its own id; the command prefixes the walkthrough's.
        await vscode.commands.executeCommand('workbench.action.openWalkthrough', { category: WALKTHROUGH, step: 'showListing' }, false);
        await waitFor(() => activeTabLabel() === 'Welcome', { message: `the Welcome editor on a step (active tab: ${activeTabLabel()})` });
      } finally {
        await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      }
    },
  },
];
