// Starting the features one by one, each on its own: a feature whose register call throws is
// logged and left out, and the others still start. VS Code shows nothing when an activation
// throws, and one broken feature would otherwise take every other one down with it.
import type * as vscode from 'vscode';
import type { ErrorLog } from './background';

export class FeatureStartup {
  private readonly failed: string[] = [];

  /** `failOnPurpose`: the feature a host test makes throw (only with the test hooks on). */
  constructor(
    private readonly log: ErrorLog,
    private readonly keep: (disposables: readonly vscode.Disposable[]) => void,
    private readonly failOnPurpose?: string,
  ) {}

  /** Starts a feature that returns its disposables, and keeps them; a throw leaves it out. */
  register(name: string, start: () => readonly vscode.Disposable[]): void {
    const disposables = this.start(name, start);
    if (disposables) this.keep(disposables);
  }

  /** Starts a feature and returns what it made (undefined when it threw), for features others use. */
  start<T>(name: string, start: () => T): T | undefined {
    try {
      if (name === this.failOnPurpose) throw new Error(`${name} was made to fail by the test hooks`);
      return start();
    } catch (error) {
      this.failed.push(name);
      this.log.error(
        `The ${name} feature failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
      return undefined;
    }
  }

  /** The features that failed to start, in order. */
  get failures(): readonly string[] {
    return this.failed;
  }

  /** The one message that names every feature that failed to start; undefined when all started. */
  failureMessage(): string | undefined {
    if (this.failed.length === 0) return undefined;
    const names = this.failed.join(', ');
    return `Skillsmith: ${this.failed.length === 1 ? 'a feature' : `${this.failed.length} features`} failed to start (${names}). The other features work; the Skillsmith output has the details.`;
  }
}
