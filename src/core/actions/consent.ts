// Consent bound to what runs (docs/actions.md, "Confirm"). A model's run is prepared twice:
// once when VS Code asks what to show in its confirmation, once when it invokes the tool after
// the user answered. The ledger connects the two: a run starts only when its preparation was
// shown with exactly the same facts (folder, action, command line, input, timeout, secrets),
// the confirmation is consumed by that one run, a preparation that failed withdraws whatever
// was pending for the same request, and a confirmation never answered is forgotten after a
// few minutes.
import { ACTION_CONFIRMATION_TTL_MS } from '../base/limits';
import type { PreparedRun } from './executor';

/** Everything a confirmation shows of a run, as one comparable text. */
export function shownFacts(run: PreparedRun): string {
  return JSON.stringify({
    skill: run.entry.record.name,
    folder: run.entry.record.dir,
    action: run.action.name,
    commandLine: run.commandLine,
    input: run.input,
    timeoutSeconds: run.timeoutSeconds,
    secrets: run.action.secrets,
  });
}

/** How many confirmations are kept at most (shown, never answered). */
const MAX_PENDING = 100;

export class ConsentLedger {
  /** By the request as the model gave it: the facts shown for it, and when. */
  private readonly pending = new Map<string, { readonly facts: string; readonly at: number }>();

  constructor(
    private readonly now: () => number = Date.now,
    private readonly ttlMs = ACTION_CONFIRMATION_TTL_MS,
  ) {}

  /**
   * A preparation for `request` ran: what was pending for it is withdrawn, and the run it will
   * show (none when the preparation failed and nothing is shown) is recorded.
   */
  prepared(request: string, shown: PreparedRun | undefined): void {
    this.pending.delete(request);
    this.forgetExpired();
    if (!shown) return;
    this.pending.set(request, { facts: shownFacts(shown), at: this.now() });
    while (this.pending.size > MAX_PENDING) this.pending.delete(this.pending.keys().next().value!);
  }

  /** True, once, when `run` was shown for `request` with the same facts and not too long ago. */
  take(request: string, run: PreparedRun): boolean {
    const entry = this.pending.get(request);
    this.pending.delete(request);
    return entry !== undefined && this.now() - entry.at <= this.ttlMs && entry.facts === shownFacts(run);
  }

  /** How many confirmations are waiting for an answer. */
  get size(): number {
    this.forgetExpired();
    return this.pending.size;
  }

  private forgetExpired(): void {
    const now = this.now();
    for (const [request, entry] of this.pending) if (now - entry.at > this.ttlMs) this.pending.delete(request);
  }
}
