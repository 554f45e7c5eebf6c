// Screenshot of a real @skills turn in the chat view, answered by the scripted fake model
// (run by scripts/host/screenshot.mjs, not by test:host): the model loads code-review,
// then answers following it.
import * as vscode from 'vscode';
import { HostTest, getExtensionApi, openWorkspaceFile, screenshot, setFakeScript } from '../helpers';
import { newChatSession, sendChat } from '../helpers/chat';

const ANSWER = [
  'Following the **code-review** skill, here is what I found in `src/math.ts`:',
  '',
  '1. **Logic:** `average([])` divides by zero and returns `NaN`; return `0` or throw for an empty list.',
  '2. **Edge cases:** `parseRatio("3/0")` is not rejected.',
  '3. **Naming:** `tmp2` says nothing; call it `runningTotal`.',
].join('\n');

export const tests: HostTest[] = [
  {
    name: 'the chat view answering @skills',
    timeoutMs: 90_000,
    fn: async () => {
      await (await getExtensionApi<{ whenIdle(): Promise<void> }>()).whenIdle();
      await openWorkspaceFile('skills/code-review/SKILL.md');
      await newChatSession();
      await setFakeScript({
        responses: [
          [{ toolCall: { name: 'skillsmith_loadSkill', input: { name: 'code-review', args: 'src/math.ts' } } }],
          { parts: [{ text: ANSWER }] },
        ],
      });
      await sendChat('@skills review src/math.ts');
      await vscode.commands.executeCommand('workbench.action.chat.open');
      await screenshot('chat-skills-answer', { settleMs: 1500 });
    },
  },
];
