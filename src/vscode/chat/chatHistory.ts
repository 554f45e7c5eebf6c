// Earlier @skills turns, read back from `ChatContext.history` so that a follow-up
// question sees what was asked, what was answered, and the tool results of that turn
// (stored in its ChatResult.metadata; VS Code keeps only the rendered markdown).
import * as vscode from 'vscode';
import type { HistoryTurn } from '../../core/chat/conversation';
import { readChatMetadata } from '../../core/chat/chatCommands';

/** The prompt as the user typed it, slash command included. */
function promptOf(turn: vscode.ChatRequestTurn): string {
  return turn.command ? `/${turn.command} ${turn.prompt}`.trim() : turn.prompt;
}

/** The markdown the user saw in a response. */
function responseTextOf(turn: vscode.ChatResponseTurn): string {
  return turn.response
    .map((part) => (part instanceof vscode.ChatResponseMarkdownPart ? part.value.value : ''))
    .join('');
}

/** Pairs each request with its response (turns of other participants are not in the history). */
export function historyTurns(history: vscode.ChatContext['history'], participantId: string): HistoryTurn[] {
  const turns: HistoryTurn[] = [];
  let pending: vscode.ChatRequestTurn | undefined;
  for (const turn of history) {
    if (turn instanceof vscode.ChatRequestTurn) {
      pending = turn.participant === participantId ? turn : undefined;
      continue;
    }
    if (!(turn instanceof vscode.ChatResponseTurn) || turn.participant !== participantId || !pending) continue;
    const metadata = readChatMetadata(turn.result.metadata);
    turns.push({ prompt: promptOf(pending), rounds: metadata.rounds, responseText: responseTextOf(turn) });
    pending = undefined;
  }
  return turns;
}
