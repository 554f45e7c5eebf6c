// The one way the glue lets go of what it holds: a store that disposes its items once, in the
// reverse order of their adding, and goes on past one that throws.
import type * as vscode from 'vscode';

export class DisposableStore implements vscode.Disposable {
  private readonly items: vscode.Disposable[] = [];
  private disposed = false;

  /** Keeps `item` until the store is disposed; added after that, it is disposed at once. */
  add<T extends vscode.Disposable>(item: T): T {
    if (this.disposed) item.dispose();
    else this.items.push(item);
    return item;
  }

  /** Keeps each of `items`, as add does. */
  addAll(...items: vscode.Disposable[]): void {
    for (const item of items) this.add(item);
  }

  /** Disposes every item once, last added first; the first failure is thrown after all ran. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    const failures: unknown[] = [];
    for (const item of this.items.splice(0).reverse()) {
      try {
        item.dispose();
      } catch (error) {
        failures.push(error);
      }
    }
    if (failures.length === 1) throw failures[0];
    if (failures.length > 1) throw new AggregateError(failures, `${failures.length} disposals failed`);
  }
}
