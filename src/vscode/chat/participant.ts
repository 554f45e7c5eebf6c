// The @skills chat participant: registered at activation, while the code that answers a
// request (the slash commands, the tool-calling loop, drafting) is a lazily loaded bundle
// (src/lazy/chat.ts), required on the first request, so activation never pays for it.
import * as vscode from 'vscode';
import { escapeInlineMarkdown, followupsFor, readChatMetadata } from '../../core/chat/chatCommands';
import type * as ChatBundle from '../../lazy/chat';
import { PARTICIPANT_ID } from '../ids';
import { lazyModule } from '../lazy';
import type { SkillsmithServices } from '../services';
import { markWalkthroughStepDone } from '../walkthrough';

/** Registers @skills; returns its disposables. */
export function registerSkillsParticipant(services: SkillsmithServices): vscode.Disposable[] {
  const chat = lazyModule<typeof ChatBundle>('chat');
  const participant = vscode.chat.createChatParticipant(PARTICIPANT_ID, async (request, context, stream, token) => {
    try {
      const result = await chat().handleRequest(services, request, context, stream, token);
      markWalkthroughStepDone(services.log, 'chatAnswered');
      return result;
    } catch (error) {
      // Only a bundle that cannot be loaded gets here: the handler ends every failure itself.
      services.log.error('@skills could not start', error);
      stream.markdown(
        `**@skills failed:** ${escapeInlineMarkdown(error instanceof Error ? error.message : String(error))}`,
      );
      return { metadata: { command: request.command, rounds: [], skillsUsed: [], status: 'error' } };
    }
  });
  participant.iconPath = vscode.Uri.joinPath(services.extensionUri, 'media', 'icon.png');
  participant.followupProvider = {
    provideFollowups: (result) => followupsFor(readChatMetadata(result.metadata)),
  };
  return [participant];
}
