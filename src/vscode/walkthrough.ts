// The "Get started" walkthrough's progress, and its CI step's command. A step is ticked when it
// is done, not when its button is clicked: VS Code ticks a step on one of its completionEvents
// (package.json). The steps whose command may be cancelled (New Skill), or whose view VS Code
// opens before the user asks anything (the Chat view), tick on a context key, set once done.
import * as vscode from 'vscode';
import { type ErrorLog, inBackground } from './background';
import { COMMANDS, SKILL_FILE_SELECTOR, WALKTHROUGH_DONE } from './ids';

/** A step of the walkthrough that ticks on a context key. */
export type WalkthroughStep = keyof typeof WALKTHROUGH_DONE;

/** Ticks `step` (VS Code keeps a ticked step ticked across sessions). */
export function markWalkthroughStepDone(log: ErrorLog, step: WalkthroughStep): void {
  inBackground(
    log,
    'the command setContext',
    vscode.commands.executeCommand('setContext', WALKTHROUGH_DONE[step], true),
  );
}

/** The page of the CI step, whose workflow the command copies (the README shows the same one). */
const CI_PAGE = ['media', 'walkthrough', 'ci.md'] as const;

/** The first ```yaml block of a Markdown page. */
export function firstYamlBlock(markdown: string): string | undefined {
  return /^```yaml\r?\n([\s\S]*?)^```/m.exec(markdown)?.[1];
}

/** "See it linted" ticks once a skill file is open in an editor, where its problems show; and Copy the CI Job. */
export function registerWalkthrough(log: ErrorLog, extensionUri: vscode.Uri): vscode.Disposable[] {
  const check = (editor: vscode.TextEditor | undefined) => {
    if (editor && vscode.languages.match(SKILL_FILE_SELECTOR, editor.document) > 0)
      markWalkthroughStepDone(log, 'skillLinted');
  };
  check(vscode.window.activeTextEditor);
  return [
    vscode.window.onDidChangeActiveTextEditor(check),
    vscode.commands.registerCommand(COMMANDS.copyCiJob, async () => {
      const page = new TextDecoder().decode(
        await vscode.workspace.fs.readFile(vscode.Uri.joinPath(extensionUri, ...CI_PAGE)),
      );
      const job = firstYamlBlock(page);
      if (!job) throw new Error(`${CI_PAGE.join('/')} holds no workflow`);
      await vscode.env.clipboard.writeText(job);
      const saved =
        'Copied a GitHub Actions workflow that validates your skills. Save it as .github/workflows/skills.yml, and commit your .vsix as tools/skillsmith.vsix.';
      inBackground(log, 'an information message', vscode.window.showInformationMessage(saved));
    }),
  ];
}
