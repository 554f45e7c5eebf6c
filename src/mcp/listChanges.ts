// When `skillsmith mcp` tells the client that a list changed (docs/mcp.md): only when what the
// list holds differs from what it held at the last announcement, and for every change that
// matters. A rescan that finds what was there (the one after the watches start, or a burst of
// editor saves) announces nothing, so hosts do not re-list for nothing; a change to a skill's
// actions.json or the files it bundles does, because the action tools and the resources follow it.

/** What each list holds, as comparable text. */
export interface ListSignatures {
  readonly tools: string;
  readonly prompts: string;
  readonly resources: string;
}

export interface ListChangeSenders {
  readonly tools: () => Promise<void>;
  readonly prompts: () => Promise<void>;
  readonly resources: () => Promise<void>;
}

/**
 * Announces the lists whose signature changed since the last check. `baseline` resolves with what
 * the client first sees; each call of the returned function compares, announces and resolves
 * when the notifications are sent. Calls run one after another.
 */
export function listChangeAnnouncer(
  compute: () => Promise<ListSignatures>,
  send: ListChangeSenders,
  baseline: Promise<unknown> = Promise.resolve(),
): () => Promise<void> {
  let last: Promise<ListSignatures> = baseline.then(compute);
  return () => {
    const previous = last;
    const next = previous.then(async (before) => {
      const now = await compute();
      const sends: Promise<void>[] = [];
      for (const list of ['tools', 'prompts', 'resources'] as const) {
        if (now[list] !== before[list]) sends.push(send[list]().catch(() => undefined));
      }
      await Promise.all(sends);
      return now;
    });
    // A failed comparison keeps the previous baseline.
    last = next.catch(() => previous);
    return next.then(
      () => undefined,
      () => undefined,
    );
  };
}
