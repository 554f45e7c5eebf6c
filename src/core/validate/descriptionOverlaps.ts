// `description-overlap` over the validated skills (docs/routing.md, "Collisions"), on the editor's
// basis (core/routing/collisions.ts): the lexical router over each skill's trigger evals, and the
// descriptions' own sentences routed against the others for skills without evals. The skills are
// those that would be offered: no errors, not hidden, one copy of each name. The pass needs only
// the outcomes, and reads SKILL.md again only for a skill it warns about (the description's range).
import { ROUTING_LINT_MAX_SKILLS } from '../base/limits';
import type { FileSystem } from '../base/fileSystem';
import { decodeUtf8 } from '../base/text';
import type { Problem } from '../base/types';
import { catalogOverlapFindings, heldOutRoutes, overlapMessage } from '../routing/collisions';
import { descriptionRange } from '../routing/descriptionField';
import { parseEvalFile, type RoutingCase } from '../routing/evalCases';
import { lexicalCaseRouter, runEval } from '../routing/evalRun';
import { summarize } from '../routing/metrics';
import type { ValidationOutcome } from './validateFiles';

/** A skill the overlap pass routes: what decides its findings. */
export interface RoutedSkill {
  readonly name: string;
  readonly filePath: string;
  readonly description: string;
  readonly triggerEvals?: string;
}

/** The skills that would be offered, by name, first copy kept: the pass's whole input besides SKILL.md's text. */
export function routedSkills(outcomes: readonly ValidationOutcome[]): RoutedSkill[] {
  const byName = new Map<string, RoutedSkill>();
  for (const outcome of outcomes) {
    if (!outcome.ok || outcome.analysis.hidden || outcome.problems.some((p) => p.severity === 'error')) continue;
    const name = outcome.analysis.name?.trim();
    const description = outcome.analysis.description?.trim();
    if (!name || !description || byName.has(name)) continue;
    byName.set(name, {
      name,
      filePath: outcome.filePath,
      description,
      ...(outcome.triggerEvals !== undefined ? { triggerEvals: outcome.triggerEvals } : {}),
    });
  }
  return [...byName.values()];
}

/** The description-overlap problems, by SKILL.md path. */
export async function descriptionOverlaps(
  fs: FileSystem,
  routed: readonly RoutedSkill[],
): Promise<Map<string, Problem[]>> {
  const problems = new Map<string, Problem[]>();
  if (routed.length < 2) return problems;
  const skills = routed.map(({ name, description }) => ({ name, description }));
  const cases: RoutingCase[] = routed.flatMap((skill) =>
    skill.triggerEvals === undefined ? [] : parseEvalFile(skill.triggerEvals, { skill: skill.name }).cases,
  );
  const withEvals = new Set(cases.flatMap((c) => [...c.expected, ...(c.avoid ?? [])]));
  const confusions =
    cases.length > 0
      ? summarize('lexical', await runEval(cases, lexicalCaseRouter(skills), { runs: 1 })).confusions
      : [];
  const routes = skills.length <= ROUTING_LINT_MAX_SKILLS ? [...heldOutRoutes(skills)] : undefined;
  const byName = new Map(routed.map((skill) => [skill.name, skill]));
  for (const finding of catalogOverlapFindings(confusions, withEvals, routes)) {
    const skill = byName.get(finding.skill);
    if (!skill) continue;
    const text = await fs.readFile(skill.filePath).catch(() => undefined);
    const range = text && descriptionRange(decodeUtf8(text).replace(/^\uFEFF/, ''));
    if (!range) continue;
    const list = problems.get(skill.filePath) ?? [];
    list.push({ code: 'description-overlap', severity: 'warning', message: overlapMessage(finding), range });
    problems.set(skill.filePath, list);
  }
  return problems;
}
