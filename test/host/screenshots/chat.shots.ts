// Screenshot of a real @skills turn in the chat view, in examples/ (run by
// scripts/host/screenshot.mjs, not by test:host): the user asks about the migration open in the
// editor, the scripted model loads sql-migration-review with it and answers as the skill asks.
// Everything on screen is the product's own UI; only the model's words are scripted.
import * as vscode from 'vscode';
import { HostTest, getExtensionApi, openWorkspaceFile, screenshot, setFakeScript } from '../helpers';
import { newChatSession, sendChat } from '../helpers/chat';

const MIGRATION = 'migrations/0042_order_status.sql';

const ANSWER = [
  'Following **sql-migration-review**, this migration is **not safe to deploy as written**:',
  '',
  '1. **Locks:** add the foreign key `NOT VALID`, and the index `CONCURRENTLY`.',
  '2. **Data loss:** `DROP COLUMN legacy_state` has no copy first.',
  '3. **Rollback:** there is no down migration.',
].join('\n');

export const tests: HostTest[] = [
  {
    name: 'the chat view answering @skills',
    timeoutMs: 90_000,
    fn: async () => {
      await (await getExtensionApi<{ whenIdle(): Promise<void> }>()).whenIdle();
      await openWorkspaceFile(MIGRATION);
      await newChatSession();
      await setFakeScript({
        responses: [
          [{ toolCall: { name: 'skillsmith_loadSkill', input: { name: 'sql-migration-review', args: MIGRATION } } }],
          { parts: [{ text: ANSWER }] },
        ],
      });
      await sendChat(`@skills is ${MIGRATION} safe to deploy?`);
      await vscode.commands.executeCommand('workbench.action.chat.open');
      await screenshot('chat-skills-answer', { settleMs: 1500 });
    },
  },
];
