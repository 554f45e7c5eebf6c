// The stdio transport of `skillsmith mcp`: one JSON-RPC message a line, as the MCP stdio transport
// specifies. Unlike the SDK's own, it answers what it cannot use instead of dropping it: a line
// that is not JSON gets a Parse error (-32700, id null), and JSON that is not a valid message gets
// Invalid Request (-32600) with the message's id when it has one, so that a client is never left
// waiting for an answer. A line longer than the cap is dropped, with a Parse error.
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { JSONRPCMessageSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

/** How long answers may still go out after the client closed stdin. */
const CLOSE_GRACE_MS = 30_000;

/** The longest line read, in UTF-16 code units (about 64 MB of ASCII). */
const MAX_LINE = 64 * 1024 * 1024;

export class LineTransport implements Transport {
  onmessage?: (message: JSONRPCMessage) => void;
  onerror?: (error: Error) => void;
  onclose?: () => void;
  private pending = '';
  private overflowing = false;
  private closed = false;
  /** Requests received and not yet answered: a client that closes stdin still gets their answers. */
  private readonly unanswered = new Set<string | number>();
  private inputEnded = false;

  constructor(
    private readonly input: NodeJS.ReadableStream = process.stdin,
    private readonly output: NodeJS.WritableStream = process.stdout,
  ) {}

  private readonly onData = (chunk: string) => {
    let text = chunk;
    for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n')) {
      const line = this.pending + text.slice(0, at);
      text = text.slice(at + 1);
      this.pending = '';
      if (this.overflowing) {
        this.overflowing = false;
        this.reply(null, -32700, `Parse error: a message longer than ${MAX_LINE} characters was dropped.`);
        continue;
      }
      this.handleLine(line.endsWith('\r') ? line.slice(0, -1) : line);
    }
    if (this.overflowing) return;
    this.pending += text;
    if (this.pending.length > MAX_LINE) {
      this.pending = '';
      this.overflowing = true;
    }
  };

  private readonly onEnd = () => {
    this.inputEnded = true;
    if (this.unanswered.size === 0) this.closeInBackground();
    // A request that waits on the gone client (an elicitation) must not keep the server alive.
    else setTimeout(() => this.closeInBackground(), CLOSE_GRACE_MS).unref();
  };
  private readonly onError = (error: unknown) =>
    this.onerror?.(error instanceof Error ? error : new Error(String(error)));

  async start(): Promise<void> {
    this.input.setEncoding('utf8');
    this.input.on('data', this.onData);
    this.input.on('end', this.onEnd);
    this.input.on('error', this.onError);
  }

  private handleLine(line: string): void {
    if (line.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      this.reply(null, -32700, `Parse error: ${error instanceof Error ? error.message : String(error)}`);
      return;
    }
    const parsed = JSONRPCMessageSchema.safeParse(value);
    if (parsed.success) {
      const message = parsed.data as { id?: string | number; method?: string };
      if (message.id !== undefined && message.method !== undefined) this.unanswered.add(message.id);
      this.onmessage?.(parsed.data);
      return;
    }
    const object =
      value !== null && typeof value === 'object' && !Array.isArray(value)
        ? (value as Record<string, unknown>)
        : undefined;
    const id = object && (typeof object.id === 'string' || typeof object.id === 'number') ? object.id : null;
    // A malformed response (no method) from the client is not answered: nothing waits for that.
    if (object && !('method' in object) && ('result' in object || 'error' in object)) {
      this.onerror?.(new Error(`an invalid response from the client was dropped: ${line.slice(0, 200)}`));
      return;
    }
    this.reply(
      id,
      -32600,
      'Invalid Request: not a JSON-RPC 2.0 request or notification (jsonrpc "2.0", a method, params an object).',
    );
  }

  private reply(id: string | number | null, code: number, message: string): void {
    // write() only resolves (a gone client is not an error here), so nothing is lost unawaited.
    this.write({ jsonrpc: '2.0', id, error: { code, message } }).catch(this.onError);
  }

  /** Closes from an event handler: a failing onclose goes to onerror, as the SDK expects. */
  private closeInBackground(): void {
    this.close().catch(this.onError);
  }

  // Answers still go out after the client closed its end of stdin: what it asked before, it gets.
  private write(message: unknown): Promise<void> {
    return new Promise((resolve) => {
      if ((this.output as NodeJS.WritableStream & { writable?: boolean }).writable === false) return resolve();
      if (this.output.write(`${JSON.stringify(message)}\n`)) resolve();
      else this.output.once('drain', () => resolve());
    });
  }

  async send(message: JSONRPCMessage): Promise<void> {
    await this.write(message);
    const answered = message as { id?: string | number; method?: string };
    if (answered.id !== undefined && answered.method === undefined) {
      this.unanswered.delete(answered.id);
      // The client closed stdin: close once the last of its requests is answered.
      if (this.inputEnded && this.unanswered.size === 0) this.closeInBackground();
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.input.off('data', this.onData);
    this.input.off('end', this.onEnd);
    this.input.off('error', this.onError);
    this.onclose?.();
  }
}
