// The routing lint (docs/routing.md, "Collisions"): problems of eval files (malformed
// entries, unknown skills) where they are written, and `description-overlap` on both
// skills of a pair that routing confuses, at each description. A pair is taken from
// measured routing only: the confusions of the last model run when there was one, else
// of the lexical router over the eval cases; skills without eval cases are measured by
// routing their own descriptions' sentences against the catalog (core/routing/collisions.ts).
import * as vscode from 'vscode';
import { toDiagnostic } from '../problemDiagnostic';
import { ROUTING_LINT_MAX_SKILLS } from '../../core/base/limits';
import { decodeUtf8 } from '../../core/base/text';
import {
  catalogOverlapFindings,
  heldOutRoutes,
  overlapMessage,
  type HeldOutRoutes,
  type OverlapFinding,
} from '../../core/routing/collisions';
import { descriptionRange } from '../../core/routing/descriptionField';
import { runEval } from '../../core/routing/evalRun';
import { summarize, type Confusion } from '../../core/routing/metrics';
import type { SkillsmithServices } from '../services';
import type { EvalFileIndex } from './evalFileIndex';
import { lexicalRouter, listedSkills } from './routers';

/** Skills measured between two pauses of the held-out routing (it runs on the extension host). */
const LINT_STEP_SKILLS = 10;

export class RoutingLint implements vscode.Disposable {
  private readonly collection = vscode.languages.createDiagnosticCollection('skillsmith-routing');
  private generation = 0;
  /** The held-out routes of the catalog's descriptions, for the catalog revision they were measured on. */
  private offline: { readonly revision: number; readonly routes: readonly HeldOutRoutes[] } | undefined;
  /** Confusions measured by the last model run, by the skills its cases expected. */
  private modelConfusions:
    { readonly skills: ReadonlySet<string>; readonly confusions: readonly Confusion[] } | undefined;

  constructor(
    private readonly services: SkillsmithServices,
    private readonly index: EvalFileIndex,
  ) {}

  /** Uses a model run's confusions for the skills its cases covered, from now on. */
  useModelRun(skills: ReadonlySet<string>, confusions: readonly Confusion[]): void {
    this.modelConfusions = { skills, confusions };
  }

  /** Recomputes every routing diagnostic. */
  async refresh(): Promise<void> {
    const generation = ++this.generation;
    const published = new Map<string, { uri: vscode.Uri; diagnostics: vscode.Diagnostic[] }>();
    const add = (uri: vscode.Uri, diagnostic: vscode.Diagnostic) => {
      const entry = published.get(uri.toString()) ?? { uri, diagnostics: [] };
      entry.diagnostics.push(diagnostic);
      published.set(uri.toString(), entry);
    };
    for (const file of this.index.all()) for (const problem of file.problems) add(file.uri, toDiagnostic(problem));
    for (const finding of await this.findings()) {
      const entry = this.services.catalog.get(finding.skill);
      if (!entry || entry.status !== 'offered') continue;
      const range = await this.descriptionRangeOf(entry.record.filePath);
      if (!range) continue;
      add(
        this.services.fs.toUri(entry.record.filePath),
        toDiagnostic({ code: 'description-overlap', severity: 'warning', message: overlapMessage(finding), range }),
      );
    }
    if (generation !== this.generation) return;
    this.collection.clear();
    for (const { uri, diagnostics } of published.values()) this.collection.set(uri, diagnostics);
  }

  /** The pairs to warn about, each skill once per other skill (the larger share wins). */
  private async findings(): Promise<OverlapFinding[]> {
    const skills = listedSkills(this.services);
    const cases = this.index.all().flatMap((f) => f.cases);
    const withEvals = new Set(cases.flatMap((c) => [...c.expected, ...(c.avoid ?? [])]));
    const lexical = summarize('lexical', await runEval(cases, lexicalRouter(this.services), { runs: 1 })).confusions;
    const model = this.modelConfusions;
    const measured = model ? [...model.confusions, ...lexical.filter((c) => !model.skills.has(c.expected))] : lexical;
    const routes = skills.length <= ROUTING_LINT_MAX_SKILLS ? await this.offlineRoutes(skills) : undefined;
    return catalogOverlapFindings(measured, withEvals, routes);
  }

  /** The descriptions' held-out routes, measured again only when the catalog changed, pausing every few skills. */
  private async offlineRoutes(skills: ReturnType<typeof listedSkills>): Promise<readonly HeldOutRoutes[]> {
    const revision = this.services.catalog.revision;
    if (this.offline?.revision === revision) return this.offline.routes;
    const routes: HeldOutRoutes[] = [];
    for (const step of heldOutRoutes(skills)) {
      routes.push(step);
      if (routes.length % LINT_STEP_SKILLS === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    this.offline = { revision, routes };
    return routes;
  }

  private async descriptionRangeOf(filePath: string) {
    const open = vscode.workspace.textDocuments.find(
      (d) => d.uri.toString() === this.services.fs.toUri(filePath).toString(),
    );
    try {
      const text = open ? open.getText() : decodeUtf8(await this.services.fs.readFile(filePath)).replace(/^\uFEFF/, '');
      return descriptionRange(text);
    } catch {
      return undefined;
    }
  }

  dispose(): void {
    this.generation++;
    this.collection.dispose();
  }
}
