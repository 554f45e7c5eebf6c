// The thread that counts o200k tokens for `skillsmith validate` (tokenCountWorker.ts): the
// tokenizer loads and counts here while the lint goes on beside it.
import { parentPort } from 'node:worker_threads';
import { countO200kTokensUpTo } from './o200k';

export interface CountRequest {
  readonly id: number;
  readonly text: string;
  readonly limit: number;
}

export type CountReply =
  { readonly id: number; readonly count: number } | { readonly id: number; readonly error: string };

parentPort?.on('message', ({ id, text, limit }: CountRequest) => {
  let reply: CountReply;
  try {
    reply = { id, count: countO200kTokensUpTo(text, limit) };
  } catch (error) {
    reply = { id, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort?.postMessage(reply);
});
