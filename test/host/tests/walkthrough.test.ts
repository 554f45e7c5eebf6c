// The "Get started with Skillsmith" walkthrough: contributed by the manifest as the
// extension host sees it, and opened by the workbench's own command, on its first page
// and on a given step. The Welcome editor's tab is labelled "Welcome" whichever
// walkthrough it shows, so what the page renders (its title, its own step titles, the
// step that is open) is read from the page by the runner's browser.
import * as assert from 'assert';
import * as vscode from 'vscode';
import { EXTENSION_ID, HostTest, getExtension, waitFor, workbenchTexts } from '../helpers';

const WALKTHROUGH = `${EXTENSION_ID}#getStarted`;
const TITLE = 'Get started with Skillsmith';
/** The steps, as written for the user (package.json contributes.walkthroughs). */
const STEPS: readonly (readonly [id: string, title: string])[] = [
  ['createSkill', 'Create a skill'],
  ['lintSkill', 'See it linted'],
  ['showListing', 'Check what the model sees'],
  ['useInChat', 'Use it in chat'],
  ['checkInCi', 'Check skills in CI'],
];

interface Walkthrough {
  id: string;
  title: string;
  steps: { id: string; title: string; media: { markdown?: string } }[];
}

/** What the Welcome editor shows: the walkthrough's title, and the titles of its steps. */
async function renderedWalkthrough(): Promise<{ title: string[]; steps: string[] }> {
  // The open walkthrough's heading (the list of walkthroughs names it too, in an h3).
  const title = await workbenchTexts({ selector: `h2[x-category-title-for="${WALKTHROUGH}"]`, timeoutMs: 15_000 });
  const steps = await workbenchTexts({ selector: 'button.getting-started-step [x-step-title-for]' });
  return { title, steps };
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
        walkthrough.steps.map((s) => [s.id, s.title]),
        STEPS,
      );
      for (const step of walkthrough.steps) {
        assert.ok(step.media.markdown, `${step.id} has a markdown page`);
        await vscode.workspace.fs.stat(vscode.Uri.joinPath(getExtension().extensionUri, step.media.markdown));
      }
    },
  },
  {
    name: 'workbench.action.openWalkthrough shows its title and its own steps, and opens a given step',
    timeoutMs: 60_000,
    fn: async () => {
      try {
        await vscode.commands.executeCommand('workbench.action.closeAllEditors');
        await vscode.commands.executeCommand('workbench.action.openWalkthrough', WALKTHROUGH, false);
        await waitFor(() => activeTabLabel() === 'Welcome', {
          message: `the Welcome editor (active tab: ${activeTabLabel()})`,
        });
        assert.deepStrictEqual(await renderedWalkthrough(), { title: [TITLE], steps: STEPS.map(([, title]) => title) });
        await vscode.commands.executeCommand('workbench.action.closeAllEditors');
        // A step is named by its own id; the command prefixes the walkthrough's.
        await vscode.commands.executeCommand(
          'workbench.action.openWalkthrough',
          { category: WALKTHROUGH, step: 'showListing' },
          false,
        );
        await waitFor(() => activeTabLabel() === 'Welcome', {
          message: `the Welcome editor on a step (active tab: ${activeTabLabel()})`,
        });
        assert.deepStrictEqual(await renderedWalkthrough(), { title: [TITLE], steps: STEPS.map(([, title]) => title) });
        const open = await workbenchTexts({ selector: 'button.getting-started-step.expanded [x-step-title-for]' });
        assert.deepStrictEqual(open, ['Check what the model sees']);
      } finally {
        await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      }
    },
  },
];
