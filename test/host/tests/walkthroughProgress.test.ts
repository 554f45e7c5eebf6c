// The walkthrough ticks a step once it is done, and not before: opening the Chat view, or a New
// Skill that is cancelled, ticks nothing. The ticks are read from the Welcome page (the step's
// checked icon); the steps are done by their commands, called with executeCommand, and a file
// is opened with the API. A fresh profile per suite: VS Code keeps a tick for good.
// Fixture: vscode-checks/ (two skills in .claude/skills).
import * as assert from 'assert';
import * as vscode from 'vscode';
import {
  EXTENSION_ID,
  HostTest,
  getExtension,
  openWorkspaceFile,
  pressInWorkbench,
  waitFor,
  workbenchAttributes,
  workbenchTexts,
} from '../helpers';

const WALKTHROUGH = `${EXTENSION_ID}#getStarted`;

const TITLES: Record<string, string> = {
  createSkill: 'Create a skill',
  lintSkill: 'See it linted',
  showListing: 'Check what the model sees',
  useInChat: 'Use it in chat',
  checkInCi: 'Check skills in CI',
};

/** The titles of the steps the Welcome page shows as done (each step's checkbox, `.complete` once done). */
async function tickedSteps(): Promise<string[]> {
  await workbenchTexts({ selector: `h2[x-category-title-for="${WALKTHROUGH}"]`, timeoutMs: 15_000 });
  const ids = await workbenchAttributes({
    selector: '.codicon.complete[data-done-step-id]',
    attribute: 'data-done-step-id',
  });
  const ours = Object.keys(TITLES).filter((step) => ids.some((id) => id === step || id.endsWith(`#${step}`)));
  return ours.map((step) => TITLES[step]);
}

async function openWalkthrough(): Promise<void> {
  // One Welcome page on screen: a hidden one left in another tab would answer first.
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  await vscode.commands.executeCommand('workbench.action.openWalkthrough', WALKTHROUGH, false);
}

/** Waits until the page ticks exactly `expected` (the order of the steps). */
async function waitForTicks(expected: string[]): Promise<void> {
  let last: string[] = [];
  let debug = '';
  await waitFor(
    async () => {
      last = await tickedSteps();
      const ids = await workbenchAttributes({ selector: '[data-done-step-id]', attribute: 'data-done-step-id' });
      const classes = await workbenchAttributes({ selector: '[data-done-step-id]', attribute: 'class' });
      debug = ids.map((id, n) => `${id}=${classes[n]}`).join('; ');
      return JSON.stringify(last) === JSON.stringify(expected) ? true : undefined;
    },
    {
      timeout: 15_000,
      message: `the ticked steps ${JSON.stringify(expected)} (now: ${JSON.stringify(last)}; page: ${debug})`,
    },
  );
}

export const tests: HostTest[] = [
  {
    name: 'walkthrough steps tick once done, not when their view opens or their command is cancelled (commands by executeCommand)',
    timeoutMs: 120_000,
    fn: async () => {
      await openWalkthrough();
      await waitForTicks([]);

      // The Chat view opened, nothing asked: "Use it in chat" is not done.
      await vscode.commands.executeCommand('workbench.action.chat.open');
      // New Skill, cancelled with Escape at its first question: "Create a skill" is not done.
      const cancelled = vscode.commands.executeCommand<vscode.Uri | undefined>('skillsmith.newSkill');
      await workbenchTexts({ selector: '.quick-input-widget .monaco-list-row', timeoutMs: 15_000 });
      await pressInWorkbench('Escape');
      assert.strictEqual(await cancelled, undefined);
      await openWalkthrough();
      await waitForTicks([]);

      // New Skill that writes a skill: done.
      const created = await vscode.commands.executeCommand<vscode.Uri | undefined>('skillsmith.newSkill', {
        template: 'minimal',
        name: 'walk-through',
        description: 'Made by the walkthrough test. Use when testing the walkthrough.',
        location: '.claude/skills',
      });
      assert.ok(created, 'New Skill created the skill');
      // New Skill opens the new SKILL.md, where its problems show: "See it linted" is done too.
      await openWalkthrough();
      await waitForTicks(['Create a skill', 'See it linted']);
      // The page re-opened after Show Listing (or Copy the CI Job) listed no step at all in this
      // host (1.139); the onCommand ticks are VS Code's own, checked in the manifest by a unit test.
    },
  },
  {
    name: "Copy the CI Job (the command, by executeCommand) copies the README's workflow",
    timeoutMs: 60_000,
    fn: async () => {
      await openWorkspaceFile('.claude/skills/code-review/SKILL.md');
      await vscode.commands.executeCommand('skillsmith.copyCiJob');
      const readme = new TextDecoder().decode(
        await vscode.workspace.fs.readFile(vscode.Uri.joinPath(getExtension().extensionUri, 'README.md')),
      );
      const workflow = /\*\*GitHub Actions\.\*\*[\s\S]*?```yaml\n([\s\S]*?)```/.exec(readme)?.[1];
      assert.ok(workflow, "the README's GitHub Actions workflow");
      assert.strictEqual(await vscode.env.clipboard.readText(), workflow);
    },
  },
];
