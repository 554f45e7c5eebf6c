// Eval files checked against the catalog (docs/routing.md, "Eval files"): a name the catalog
// does not know gets a "did you mean", and a skill the model is not offered (errors, hidden,
// untrusted, shadowed) is flagged, because no router can pick it. A skill's eval set is checked
// for what makes its figures mean something: enough cases, requests it must not take, and
// among them near misses (requests that share its words but belong elsewhere), the ones that
// show whether a description says when not to pick it.
import { closestMatches, didYouMean } from '../base/suggest';
import type { Problem } from '../base/types';
import type { SkillCatalog } from '../catalog/catalog';
import { whyNotOffered } from '../catalog/offerStatusText';
import { parseEvalFile, type NameReference, type ParsedEvalFile, type RoutingCase } from './evalCases';
import { terms } from './terms';

export interface EvalNameContext {
  /** Every skill name of the catalog. */
  readonly names: readonly string[];
  /** Skills in the catalog that are not offered, with why (from the catalog's status). */
  readonly notOffered: ReadonlyMap<string, string>;
}

/** The names of a catalog, and why the ones that are not offered are not (shadowed copies have a winner). */
export function evalNameContext(catalog: SkillCatalog): EvalNameContext {
  const notOffered = new Map<string, string>();
  for (const name of catalog.names()) {
    const entry = catalog.get(name);
    const why = entry && whyNotOffered(entry);
    if (why !== undefined) notOffered.set(name, why);
  }
  return { names: catalog.names(), notOffered };
}

/** One warning per unknown or unroutable name, at the name's range. */
export function lintEvalNames(references: readonly NameReference[], context: EvalNameContext): Problem[] {
  const known = new Set(context.names);
  const problems: Problem[] = [];
  for (const reference of references) {
    const { name, range } = reference;
    if (!known.has(name)) {
      const hint = didYouMean(closestMatches(name, context.names)) ?? 'No skill of the catalog has a close name.';
      problems.push({
        code: 'eval-unknown-skill',
        severity: 'warning',
        message: `No skill named '${name}'. ${hint}`,
        range,
      });
      continue;
    }
    const why = context.notOffered.get(name);
    if (why !== undefined) {
      const message = `'${name}' is not offered to the model: ${why}. A router cannot pick it until it is.`;
      problems.push({ code: 'eval-unknown-skill', severity: 'warning', message, range });
    }
  }
  return problems;
}

/** Fewer cases than this, and a trigger eval set cannot show a gain (the description loop holds out 40 %). */
export const MIN_TRIGGER_EVAL_CASES = 10;

/** The range a whole-file problem is shown at: the file's first line with text. */
function firstLineRange(text: string): Problem['range'] {
  const lines = text.split('\n');
  const line = Math.max(
    0,
    lines.findIndex((l) => l.trim() !== ''),
  );
  return { start: { line, character: 0 }, end: { line, character: (lines[line] ?? '').replace(/\r$/, '').length } };
}

/**
 * The eval set of one skill (a trigger eval file): too few cases, no should-not-trigger case, or
 * none that is a near miss (shares a word of the skill's name or description). A catalog file
 * (`skill` undefined) is checked for a case that expects no skill.
 */
export function lintEvalSet(
  text: string,
  cases: readonly RoutingCase[],
  skill: { readonly name: string; readonly description?: string } | undefined,
): Problem[] {
  if (cases.length === 0) return [];
  const range = firstLineRange(text);
  const problems: Problem[] = [];
  if (!skill) {
    if (!cases.some((c) => c.expected.length === 0 && !c.avoid?.length)) {
      problems.push({
        code: 'eval-set-no-negatives',
        severity: 'warning',
        range,
        message:
          'No case here expects no skill ("expected": []): the abstention false-positive rate cannot be measured, and a skill that takes every off-topic request goes unseen.',
      });
    }
    return problems;
  }
  const negatives = cases.filter((c) => c.avoid?.includes(skill.name));
  if (cases.length < MIN_TRIGGER_EVAL_CASES) {
    problems.push({
      code: 'eval-set-too-small',
      severity: 'warning',
      range,
      message: `Only ${cases.length} case${cases.length === 1 ? '' : 's'} for '${skill.name}': with fewer than ${MIN_TRIGGER_EVAL_CASES}, a rate's 95 % interval spans most of 0–100 % and no description change can be shown to help. Aim for about 20, half of them should-not-trigger.`,
    });
  }
  if (negatives.length === 0) {
    problems.push({
      code: 'eval-set-no-negatives',
      severity: 'warning',
      range,
      message: `No case has "should_trigger": false: nothing checks that '${skill.name}' leaves other requests alone, so a description that claims everything scores 100 %.`,
    });
  } else if (skill.description !== undefined) {
    const own = new Set([...terms(skill.name.replace(/-/g, ' ')), ...terms(skill.description)]);
    if (!negatives.some((c) => terms(c.query).some((t) => own.has(t)))) {
      problems.push({
        code: 'eval-set-no-near-miss',
        severity: 'warning',
        range,
        message: `None of the should-not-trigger cases shares a word with '${skill.name}''s name or description, so none is a near miss: add requests that sound like this skill but belong elsewhere (they show whether the description says when not to pick it).`,
      });
    }
  }
  return problems;
}

/** One eval file read and linted against the catalog: its cases, and every problem (syntax, entries, names, the set). */
export function lintEvalFile(text: string, owner: string | undefined, catalog: SkillCatalog): ParsedEvalFile {
  const parsed = parseEvalFile(text, owner ? { skill: owner } : {});
  const entry = owner === undefined ? undefined : catalog.get(owner);
  const skill =
    owner === undefined
      ? undefined
      : { name: owner, ...(entry?.record.description !== undefined ? { description: entry.record.description } : {}) };
  const problems = [
    ...parsed.problems,
    ...lintEvalNames(parsed.names, evalNameContext(catalog)),
    ...lintEvalSet(text, parsed.cases, skill),
  ];
  return { ...parsed, problems };
}
