// Driving the real chat view from a host test: send a prompt to a participant with the
// fake model selected, wait for the response, and read the transcript back (through
// the workbench's own Export Chat command, which writes the session as JSON).
import * as os from 'os';
import * as path from 'path';
import * as vscode from 'vscode';
import { FAKE_MODEL_ID, FAKE_VENDOR, selectFakeModel } from './fakeModel';

/** What `workbench.action.chat.open` resolves with when `blockOnResponse` is set: the ChatResult. */
export interface ChatOpenResult {
  metadata?: Record<string, unknown>;
  errorDetails?: { message: string };
  [key: string]: unknown;
}

/** Sends `query` (e.g. `@skills /list`) in the chat view with the fake model and waits for the answer. */
export async function sendChat(query: string): Promise<ChatOpenResult | undefined> {
  await selectFakeModel();
  return vscode.commands.executeCommand<ChatOpenResult | undefined>('workbench.action.chat.open', {
    query,
    modelSelector: { vendor: FAKE_VENDOR, id: FAKE_MODEL_ID },
    blockOnResponse: true,
  });
}

/** Starts a new, empty chat session (earlier turns are no longer history). */
export async function newChatSession(): Promise<void> {
  await vscode.commands.executeCommand('workbench.action.chat.newChat');
}

/** One request of the exported session: the prompt text and the response parts. */
export interface ExportedRequest {
  message: { text: string };
  response?: unknown[];
  result?: { metadata?: Record<string, unknown> };
}

/** The current chat session, as Export Chat writes it. */
export async function exportChat(): Promise<ExportedRequest[]> {
  const file = vscode.Uri.file(
    path.join(os.tmpdir(), `chat-export-${Date.now()}-${Math.random().toString(36).slice(2)}.json`),
  );
  await vscode.commands.executeCommand('workbench.action.chat.export', file);
  const data = JSON.parse(Buffer.from(await vscode.workspace.fs.readFile(file)).toString('utf8')) as {
    requests: ExportedRequest[];
  };
  return data.requests;
}

/** The markdown text of a response's parts (other parts left out). */
export function responseMarkdown(request: ExportedRequest): string {
  return (request.response ?? [])
    .map((part) => {
      if (part && typeof part === 'object' && 'value' in part && typeof part.value === 'string') {
        return (part as { value: string }).value;
      }
      return '';
    })
    .join('');
}

/** The markdown of the last response in the chat view. */
export async function lastResponseMarkdown(): Promise<string> {
  const requests = await exportChat();
  const last = requests.at(-1);
  return last ? responseMarkdown(last) : '';
}
