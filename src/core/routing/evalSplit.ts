// The train / held-out split of a skill's eval cases (docs/routing.md, "Improving a
// description"). The description loop learns from the train cases and proves its gain on the
// held-out ones, so a held-out case must stay held out from one run to the next, even as
// cases are added: the split is written into the eval file (`"split": "train"` or `"test"`)
// the first time, and a case that has one keeps it. New cases are split by a seeded shuffle
// within each stratum (cases that expect the skill, cases that must not pick it), so that both
// halves hold both kinds, about 60 / 40.
import { parseTree, type Node } from 'jsonc-parser';
import { seededRandom } from '../base/seededRandom';
import type { RoutingCase } from './evalCases';

export type SplitName = 'train' | 'test';
export const SPLIT_NAMES: readonly SplitName[] = ['train', 'test'];

/** The share of each stratum held out. */
export const HELD_OUT_SHARE = 0.4;

export interface CaseSplit<T extends RoutingCase = RoutingCase> {
  readonly train: T[];
  readonly test: T[];
  /** The cases that had no split and got one now: to be written into their files. */
  readonly assigned: ReadonlyMap<T, SplitName>;
}

/** A 32-bit seed from text (FNV-1a), so that a skill's split is the same on every machine. */
export function seedOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** Whether a case is one the skill should take (a positive) or one it must leave (a negative). */
function stratumOf(c: RoutingCase, skill: string): 'positive' | 'negative' {
  return c.expected.includes(skill) || c.acceptable.includes(skill) ? 'positive' : 'negative';
}

/**
 * Splits `cases` (all about `skill`): a case with a `split` keeps it; the others are shuffled
 * with `seed`, stratum by stratum, and held out until each stratum holds about 40 % held-out
 * cases (at least one when it has two or more cases).
 */
export function splitCases<T extends RoutingCase>(cases: readonly T[], skill: string, seed: number): CaseSplit<T> {
  const next = seededRandom(seed);
  const train: T[] = [];
  const test: T[] = [];
  const assigned = new Map<T, SplitName>();
  for (const stratum of ['positive', 'negative'] as const) {
    const members = cases.filter((c) => stratumOf(c, skill) === stratum);
    const fixed = members.filter((c) => c.split !== undefined);
    const open = members.filter((c) => c.split === undefined);
    // Fisher–Yates with the seeded generator.
    for (let i = open.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [open[i], open[j]] = [open[j], open[i]];
    }
    const target = members.length >= 2 ? Math.max(1, Math.round(members.length * HELD_OUT_SHARE)) : 0;
    let heldOut = fixed.filter((c) => c.split === 'test').length;
    for (const c of open) {
      const split: SplitName = heldOut < target ? 'test' : 'train';
      if (split === 'test') heldOut++;
      assigned.set(c, split);
    }
    for (const c of members) ((assigned.get(c) ?? c.split) === 'test' ? test : train).push(c);
  }
  // Keep the file's order within each half.
  const order = new Map(cases.map((c, i) => [c, i]));
  train.sort((a, b) => order.get(a)! - order.get(b)!);
  test.sort((a, b) => order.get(a)! - order.get(b)!);
  return { train, test, assigned };
}

/**
 * The eval file's text with `"split"` added to the given entries (by their place in the file:
 * the array index, or the line of a JSON Lines entry). Only the new field is inserted, after the
 * entry's last field and in its layout (on the same line for a one-line entry, on a line of its
 * own, indented like its neighbours, otherwise); an invalid `"split"` has its value replaced.
 */
export function withSplitFields(
  text: string,
  splits: readonly { readonly index: number; readonly line: number; readonly split: SplitName }[],
): string {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const edits: { offset: number; length: number; content: string }[] = [];
  const add = (node: Node | undefined, base: number, split: SplitName) => {
    if (node?.type !== 'object' || !node.children?.length) return;
    const existing = node.children.find((p) => p.children?.[0]?.value === 'split')?.children?.[1];
    if (existing) {
      edits.push({ offset: base + existing.offset, length: existing.length, content: JSON.stringify(split) });
      return;
    }
    const last = node.children[node.children.length - 1];
    const end = base + last.offset + last.length;
    const objectText = text.slice(base + node.offset, base + node.offset + node.length);
    if (!objectText.includes('\n')) {
      edits.push({ offset: end, length: 0, content: `, "split": ${JSON.stringify(split)}` });
      return;
    }
    const lineStart = text.lastIndexOf('\n', base + last.offset - 1) + 1;
    const indent = /^[ \t]*/.exec(text.slice(lineStart))![0];
    edits.push({ offset: end, length: 0, content: `,${eol}${indent}"split": ${JSON.stringify(split)}` });
  };
  if (text.trimStart().startsWith('[')) {
    const root = parseTree(text, [], { allowTrailingComma: true, disallowComments: false });
    for (const { index, split } of splits) add(root?.children?.[index], 0, split);
  } else {
    const starts = [0];
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
    for (const { line, split } of splits) {
      const from = starts[line];
      if (from === undefined) continue;
      const to = line + 1 < starts.length ? starts[line + 1] : text.length;
      add(parseTree(text.slice(from, to).replace(/\r?\n$/, '')), from, split);
    }
  }
  edits.sort((a, b) => b.offset - a.offset);
  let result = text;
  for (const edit of edits)
    result = result.slice(0, edit.offset) + edit.content + result.slice(edit.offset + edit.length);
  return result;
}
