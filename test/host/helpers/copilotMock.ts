// The scripted loopback model behind VS Code's Copilot harness (scripts/host/copilotApiMock.mjs),
// driven from the extension host over its control port: script the replies, read back what the
// harness's runtime sent. Its errors (an unexpected path, a tool call the request could not make,
// a request with no reply scripted) fail the waiting test at once instead of at its timeout.

/** One scripted reply to a main-agent request. `name` is a tool's exact name or a '/regex/'. */
export type MockReply =
  | { text: string }
  | { call: { name: string; args?: unknown } }
  | { calls: { name: string; args?: unknown }[] }
  | { quoteToolResults: true; prefix?: string };

/** A request the runtime sent to the model, as the mock normalised it. */
export interface MockRequest {
  readonly n: number;
  /** It offered tools: a turn of the main agent (not a side call such as a title). */
  readonly main: boolean;
  readonly model: string;
  readonly tools: readonly string[];
  /** The instructions and every system or developer message, joined. */
  readonly system: string;
  readonly user: readonly string[];
  readonly toolCalls: readonly { callId: string; name: string; args: string }[];
  readonly toolResults: readonly { callId: string; text: string }[];
  /** The request's `<available_skills>` block, where in the body it was, and its entries. */
  readonly listing: MockListing | null;
  readonly reply?: MockReply;
}

/** A `<available_skills>` block, parsed as the Copilot CLI oracle parses it (scripts/hosts/copilot.mjs). */
export interface MockListing {
  readonly where: string;
  readonly block: string;
  /** Name -> the description as shown, for the entries shown in full or shortened. */
  readonly full: Readonly<Record<string, string>>;
  /** The names on the "Additional skills available" line. */
  readonly nameOnly: readonly string[];
  /** How many more that line says it leaves unnamed ("... and N more"). */
  readonly unnamed: number;
}

export interface MockState {
  readonly requests: readonly MockRequest[];
  readonly errors: readonly string[];
  /** Requests the mock answered as an account without the feature would (GitHub's MCP server). */
  readonly declined: readonly string[];
  readonly pending: number;
  readonly paths: readonly string[];
}

function mockUrl(): string {
  const url = process.env.SKILLSMITH_COPILOT_MOCK;
  if (!url)
    throw new Error('SKILLSMITH_COPILOT_MOCK is not set: the suite needs copilotMock: true (test/host/suites.mjs)');
  return url;
}

/** Replaces the queue of replies; returns the number of the last request seen so far. */
export async function scriptMock(replies: MockReply[]): Promise<number> {
  const response = await fetch(`${mockUrl()}/__mock/script`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ replies }),
  });
  if (!response.ok) throw new Error(`the mock refused the script: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { seq: number }).seq;
}

export async function mockState(): Promise<MockState> {
  const response = await fetch(`${mockUrl()}/__mock/state`);
  return (await response.json()) as MockState;
}

/** Throws when the mock recorded an error: called on every poll of a wait on the harness. */
export async function assertMockHealthy(): Promise<MockState> {
  const state = await mockState();
  if (state.errors.length > 0) throw new MockFailure(`the Copilot mock failed: ${state.errors.join('; ')}`);
  return state;
}

/** An error of the mock: stops a wait at once. */
export class MockFailure extends Error {}

/**
 * Polls until `predicate(state)` is truthy, checking the mock's errors on every poll: a mock
 * error ends the wait at once with that error, not at the timeout.
 */
export async function waitForMock<T>(
  predicate: (state: MockState) => T | undefined | false | Promise<T | undefined | false>,
  { timeout, message, interval = 1_000 }: { timeout: number; message: string; interval?: number },
): Promise<T> {
  const deadline = Date.now() + timeout;
  let last: MockState | undefined;
  for (;;) {
    last = await assertMockHealthy();
    const value = await predicate(last);
    if (value) return value;
    if (Date.now() >= deadline)
      throw new Error(
        `timed out after ${timeout} ms waiting for ${message}; the mock saw ${last.requests.length} model requests, paths: ${[...new Set(last.paths)].join(', ').slice(0, 600)}`,
      );
    await new Promise((resolve) => setTimeout(resolve, interval));
  }
}

/** The main-agent requests after request number `since`. */
export const mainRequestsAfter = (state: MockState, since: number): MockRequest[] =>
  state.requests.filter((r) => r.main && r.n > since);
