// The Test Explorer tree of routing evals (docs/routing.md, "In the Test Explorer"): one
// item per eval file (labelled with its skill for trigger evals), one child per case at
// its range. Items are rebuilt for the files that changed; ids are stable (file Uri and
// case index), so that results stay on the cases a small edit did not move.
import * as vscode from 'vscode';
import { shorten } from '../../core/base/text';
import type { RoutingCase } from '../../core/routing/evalCases';
import type { EvalFile, EvalFileIndex } from './evalFileIndex';

const CASE_LABEL_LENGTH = 80;

/** What a case item stands for. */
export interface CaseRef {
  readonly file: EvalFile;
  readonly case: RoutingCase;
}

export function fileItemId(uri: vscode.Uri): string {
  return `file:${uri.toString()}`;
}

export function caseItemId(uri: vscode.Uri, index: number): string {
  return `case:${uri.toString()}#${index}`;
}

/** What a case expects, in a few words (the item's description). */
export function expectationText(c: RoutingCase): string {
  if (c.avoid?.length) return `not ${c.avoid.join(' or ')}`;
  if (c.expected.length === 0) return 'no skill';
  const also = c.acceptable.length > 0 ? ` (or ${c.acceptable.join(', ')})` : '';
  return `→ ${c.expected.join(' or ')}${also}`;
}

/** Keeps the controller's items equal to the index's files and cases. */
export class RoutingTestTree {
  private readonly refs = new Map<string, CaseRef>();

  constructor(
    private readonly controller: vscode.TestController,
    private readonly index: EvalFileIndex,
  ) {}

  /** The case behind a case item. */
  caseOf(item: vscode.TestItem): CaseRef | undefined {
    return this.refs.get(item.id);
  }

  /** Updates the items of `uris` (all files when omitted). */
  update(uris?: readonly vscode.Uri[]): void {
    const targets = uris ?? this.index.all().map((f) => f.uri);
    if (!uris) {
      // A full update also drops items whose files are gone.
      const keep = new Set(targets.map((uri) => fileItemId(uri)));
      this.controller.items.forEach((item) => {
        if (!keep.has(item.id)) this.remove(item);
      });
    }
    for (const uri of targets) {
      const file = this.index.get(uri);
      const existing = this.controller.items.get(fileItemId(uri));
      if (!file) {
        if (existing) this.remove(existing);
        continue;
      }
      // A file without valid cases is still shown, with its error, so that its problems are found.
      this.controller.items.add(this.fileItem(file));
    }
  }

  private remove(item: vscode.TestItem): void {
    item.children.forEach((child) => this.refs.delete(child.id));
    this.controller.items.delete(item.id);
  }

  private fileItem(file: EvalFile): vscode.TestItem {
    const relative = vscode.workspace.asRelativePath(file.uri);
    const label = file.kind === 'trigger' ? `${file.skill ?? relative} (trigger evals)` : relative;
    const previous = this.controller.items.get(fileItemId(file.uri));
    previous?.children.forEach((child) => this.refs.delete(child.id));
    const item = this.controller.createTestItem(fileItemId(file.uri), label, file.uri);
    if (file.kind === 'trigger') item.description = relative;
    const errors = file.problems.filter((p) => p.severity === 'error').length;
    item.error =
      errors > 0 ? `${errors} malformed ${errors === 1 ? 'entry' : 'entries'}: see the Problems panel` : undefined;
    item.children.replace(
      file.cases.map((c) => {
        const child = this.controller.createTestItem(
          caseItemId(file.uri, c.index),
          shorten(c.query, CASE_LABEL_LENGTH),
          file.uri,
        );
        child.range = new vscode.Range(
          c.range.start.line,
          c.range.start.character,
          c.range.end.line,
          c.range.end.character,
        );
        child.description = expectationText(c);
        this.refs.set(child.id, { file, case: c });
        return child;
      }),
    );
    return item;
  }

  /** The case items a run request covers, in tree order. */
  casesOf(request: vscode.TestRunRequest): vscode.TestItem[] {
    const excluded = new Set((request.exclude ?? []).map((i) => i.id));
    const roots = request.include ?? [...iterate(this.controller.items)];
    const cases: vscode.TestItem[] = [];
    for (const root of roots) {
      if (excluded.has(root.id)) continue;
      if (this.refs.has(root.id)) cases.push(root);
      else root.children.forEach((child) => !excluded.has(child.id) && this.refs.has(child.id) && cases.push(child));
    }
    return cases;
  }

  /** The tree as plain data (for the host tests). */
  snapshot(): { id: string; label: string; children: { id: string; label: string; description?: string }[] }[] {
    return [...iterate(this.controller.items)].map((item) => ({
      id: item.id,
      label: item.label,
      children: [...iterate(item.children)].map((c) => ({
        id: c.id,
        label: c.label,
        ...(c.description ? { description: c.description } : {}),
      })),
    }));
  }
}

function iterate(collection: vscode.TestItemCollection): vscode.TestItem[] {
  const items: vscode.TestItem[] = [];
  collection.forEach((item) => items.push(item));
  return items;
}
