// README screenshots of an action run in chat, on the examples/ workspace (run by
// scripts/host/screenshot.mjs, not by test:host): the scripted model asks to run file-stats'
// stat-directory, VS Code's confirmation shows the command line and the input, and once
// allowed, the model answers from the result. The answer's figures are counted here, from the
// same folder, so the picture shows what the action really returns.
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import { HostTest, clickInWorkbench, getExtensionApi, getFakeRequests, openWorkspaceFile, screenshot, setFakeScript, waitFor, workbenchTexts, workspaceFolder } from '../helpers';
import { newChatSession, sendChat } from '../helpers/chat';

function countFiles(dir: string): { files: number; bytes: number; markdown: number } {
  const total = { files: 0, bytes: 0, markdown: 0 };
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory() && entry.name !== '.git' && entry.name !== 'node_modules') {
      const inner = countFiles(full);
      total.files += inner.files;
      total.bytes += inner.bytes;
      total.markdown += inner.markdown;
    } else if (entry.isFile()) {
      total.files++;
      total.bytes += fs.statSync(full).size;
      if (entry.name.endsWith('.md')) total.markdown++;
    }
  }
  return total;
}

export const tests: HostTest[] = [
  {
    name: 'an action run in chat: the confirmation, then the answer',
    timeoutMs: 120_000,
    fn: async () => {
      await (await getExtensionApi<{ whenIdle(): Promise<void> }>()).whenIdle();
      await openWorkspaceFile('skills/file-stats/actions.json');
      await newChatSession();
      const { files, bytes, markdown } = countFiles(path.join(workspaceFolder().uri.fsPath, 'skills'));
      const answer = `**file-stats** measured \`skills/\`: **${files} files**, ${(bytes / 1024).toFixed(1)} KiB in all. ${markdown} of them are Markdown (\`.md\`): the skills' instructions and references.`;
      await setFakeScript({
        responses: [
          [{ toolCall: { name: 'skillsmith_runAction', input: { name: 'file-stats', action: 'stat-directory', input: { directory: 'skills', top: 3 } } } }],
          { parts: [{ text: answer }] },
        ],
      });
      await sendChat('@skills how big is the skills folder, and what fills it?');
      const dock = '.interactive-input-part:has-text("Run file-stats")';
      await workbenchTexts({ selector: dock, timeoutMs: 20_000 });
      await screenshot('action-confirm-chat', { settleMs: 1500 });
      await clickInWorkbench({ role: 'button', name: 'Allow', within: dock });
      await waitFor(async () => (await getFakeRequests()).length === 2, { timeout: 20_000, message: 'the model to receive the result' });
      await vscode.commands.executeCommand('workbench.action.chat.open');
      await screenshot('action-run-chat', { settleMs: 2500 });
    },
  },
];
