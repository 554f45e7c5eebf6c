// A scripted OpenAI-compatible chat-completions server on loopback, for the client and the
// CLI's `--router openai`: each request is answered by the test's handler, and recorded.
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeAnswer =
  { status?: number; body: unknown; headers?: Record<string, string>; delayMs?: number } | 'hang';

export interface FakeServer {
  readonly baseUrl: string;
  readonly requests: Record<string, any>[];
  readonly headers: http.IncomingHttpHeaders[];
  /** The most requests that were ever waiting for their answer at once. */
  readonly maxInFlight: number;
  close(): Promise<void>;
}

/** Starts the server; `answer` sees each parsed request body. */
export async function startFakeOpenAi(
  answer: (body: Record<string, any>, index: number) => FakeAnswer,
): Promise<FakeServer> {
  const requests: Record<string, any>[] = [];
  const headers: http.IncomingHttpHeaders[] = [];
  const hanging = new Set<http.ServerResponse>();
  let inFlight = 0;
  let maxInFlight = 0;
  const server = http.createServer((req, res) => {
    let text = '';
    req.on('data', (chunk) => (text += chunk));
    req.on('end', () => {
      const body = JSON.parse(text || '{}') as Record<string, any>;
      requests.push(body);
      headers.push(req.headers);
      const reply = answer(body, requests.length - 1);
      if (reply === 'hang') {
        hanging.add(res);
        return;
      }
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      const send = () => {
        inFlight--;
        res.writeHead(reply.status ?? 200, { 'content-type': 'application/json', ...(reply.headers ?? {}) });
        res.end(typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body));
      };
      if (reply.delayMs) setTimeout(send, reply.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    headers,
    get maxInFlight() {
      return maxInFlight;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}

/** A chat-completions answer with tool calls and/or text. */
export function completion(
  message: { content?: string | null; tool_calls?: { name: string; arguments: object | string; id?: string }[] },
  usage = { prompt_tokens: 100, completion_tokens: 7 },
) {
  return {
    body: {
      id: 'chatcmpl-test',
      object: 'chat.completion',
      choices: [
        {
          index: 0,
          finish_reason: message.tool_calls?.length ? 'tool_calls' : 'stop',
          message: {
            role: 'assistant',
            content: message.content ?? null,
            ...(message.tool_calls
              ? {
                  tool_calls: message.tool_calls.map((c, i) => ({
                    id: c.id ?? `call_${i}`,
                    type: 'function',
                    function: {
                      name: c.name,
                      arguments: typeof c.arguments === 'string' ? c.arguments : JSON.stringify(c.arguments),
                    },
                  })),
                }
              : {}),
          },
        },
      ],
      usage,
    },
  };
}
