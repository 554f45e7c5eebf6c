// The Skills view of a workspace without skills (package.json viewsWelcome), as a newcomer
// meets it: opened by a click on its activity-bar icon, its text read from the page. It must
// send new skills where agents read them, and say that no agent reads skills/.
// Suite: empty (an empty folder, no user-level skills).
import * as assert from 'assert';
import { HostTest, clickInWorkbench, getExtensionApi, workbenchTexts } from '../helpers';

interface Api {
  whenIdle(): Promise<void>;
  readonly catalog: { readonly size: number };
}

export const tests: HostTest[] = [
  {
    name: 'the empty Skills view names the folders agents read first, and says no agent reads skills/',
    timeoutMs: 60_000,
    fn: async () => {
      const api = await getExtensionApi<Api>();
      await api.whenIdle();
      assert.strictEqual(api.catalog.size, 0, 'the workspace has no skill');
      await clickInWorkbench({ selector: '.part.activitybar .action-item .action-label[aria-label^="Skills"]' });
      const texts = await workbenchTexts({ selector: '.welcome-view-content', within: '.part.sidebar' });
      const text = texts.join('\n');
      const first = ['.agents/skills', '.github/skills', '.claude/skills', 'skills/'].map((folder) =>
        text.indexOf(folder),
      );
      assert.ok(
        first.every((at) => at >= 0),
        `every folder is named: ${JSON.stringify(text)}`,
      );
      assert.ok(
        first[0] < first[3] && first[1] < first[3] && first[2] < first[3],
        `the agents' folders come before skills/: ${JSON.stringify(text)}`,
      );
      assert.match(text, /no agent reads/i);
      // Its buttons are there to act on.
      const buttons = await workbenchTexts({
        selector: '.welcome-view-content .monaco-button',
        within: '.part.sidebar',
      });
      assert.ok(buttons.includes('New Skill…'), `buttons: ${JSON.stringify(buttons)}`);
    },
  },
];
