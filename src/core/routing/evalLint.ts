// Skill names in eval files, checked against the catalog (docs/routing.md, "Eval files"):
// a name the catalog does not know gets a "did you mean", and a skill the model is not
// offered (errors, hidden, untrusted, shadowed) is flagged, because no router can pick it.
import { closestMatches, didYouMean } from '../base/suggest';
import type { Problem } from '../base/types';
import type { SkillCatalog } from '../catalog/catalog';
import { whyNotOffered } from '../catalog/offerStatusText';
import type { NameReference } from './evalCases';

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
      problems.push({ code: 'eval-unknown-skill', severity: 'warning', message: `No skill named '${name}'. ${hint}`, range });
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
