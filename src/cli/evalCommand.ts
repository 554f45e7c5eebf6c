// `skillsmith eval FILE... [--root R] [--skill NAME] [--router lexical|openai] [--runs N]
// [--min-top1 X] [--json] [--no-user]` (docs/routing.md): runs routing eval files against
// the catalog with the lexical ranker or an OpenAI-compatible model, and prints the summary.
// Exit codes: 0; 1 when --min-top1 is not met; 2 on bad usage (thrown as UsageError).
import type { FileSystem } from '../core/base/fileSystem';
import { DEFAULT_LISTING_BUDGET } from '../core/base/limits';
import { resolvePath, toNativePath } from '../core/base/paths';
import type { SkillCatalog } from '../core/catalog/catalog';
import { hostListingNotes } from '../core/hosts/hostListingText';
import { DEFAULT_CONTEXT_TOKENS, DEFAULT_HOSTS } from '../core/hosts/profiles';
import type { CatalogVerdicts } from '../core/hosts/verdictCache';
import { hostVerdicts } from '../core/hosts/verdicts';
import { modelCaseRouter } from '../core/chat/modelCaseRouter';
import { runListSkills, runReadSkillFile, formatToolError } from '../core/loading/tools';
import { LIST_SKILLS_TOOL, READ_SKILL_FILE_TOOL } from '../core/loading/toolDefinitions';
import type { RoutingCase } from '../core/routing/evalCases';
import { lexicalCaseRouter, runEval, type CaseRouter } from '../core/routing/evalRun';
import { summarize, type EvalSummary } from '../core/routing/metrics';
import { summaryMarkdown } from '../core/routing/report';
import { OpenAiChatModel, openAiOptionsFromEnv } from '../node/openaiChatModel';
import { UsageError } from './args';
import { writeErr } from './output';
import { listedSkills, loadEvalFile } from './routingCatalog';

export interface EvalCommandOptions {
  readonly files: readonly string[];
  readonly cwd: string;
  readonly skill?: string;
  readonly router: string;
  readonly runs?: number;
  readonly env: NodeJS.ProcessEnv;
}

/** Reads every file (problems to stderr), then runs the cases; resolves with the summary. */
export async function evalFiles(fs: FileSystem, catalog: SkillCatalog, options: EvalCommandOptions): Promise<EvalSummary> {
  if (options.router !== 'lexical' && options.router !== 'openai') throw new UsageError(`--router is lexical or openai, not '${options.router}'`);
  if (options.files.length === 0) throw new UsageError('eval needs at least one FILE of routing cases');
  const cases: RoutingCase[] = [];
  for (const file of options.files) {
    const path = resolvePath(options.cwd, file);
    let loaded;
    try {
      loaded = await loadEvalFile(fs, catalog, path, options.skill);
    } catch (error) {
      throw new UsageError(`cannot read '${file}': ${error instanceof Error ? error.message : String(error)}`);
    }
    for (const p of loaded.problems) {
      writeErr(`${toNativePath(path)}:${p.range.start.line + 1}:${p.range.start.character + 1}: ${p.severity}: ${p.message} [${p.code}]`);
    }
    cases.push(...loaded.cases);
  }
  if (cases.length === 0) throw new UsageError('the files hold no valid case to run');
  const router = options.router === 'openai' ? openAiRouter(fs, catalog, options.env) : lexicalCaseRouter(listedSkills(catalog));
  const outcomes = await runEval(cases, router, { runs: options.runs ?? router.defaultRuns });
  return summarize(router.name, outcomes);
}

/** The model named by SKILLSMITH_OPENAI_*, given exactly the @skills prompt and tools. */
function openAiRouter(fs: FileSystem, catalog: SkillCatalog, env: NodeJS.ProcessEnv): CaseRouter {
  const options = openAiOptionsFromEnv(env);
  if ('missing' in options) throw new UsageError(`--router openai needs ${options.missing.join(' and ')} (and ${'SKILLSMITH_OPENAI_API_KEY'} when the server wants a key)`);
  const context = { catalog, fs, budget: DEFAULT_LISTING_BUDGET, requester: 'model' as const };
  return modelCaseRouter({
    model: new OpenAiChatModel(options),
    skills: listedSkills(catalog),
    budget: DEFAULT_LISTING_BUDGET,
    mode: 'tools',
    invokeTool: async (call) => {
      const result =
        call.name === LIST_SKILLS_TOOL.name ? runListSkills(context, call.input)
        : call.name === READ_SKILL_FILE_TOOL.name ? await runReadSkillFile(context, call.input)
        : undefined;
      if (!result) return formatToolError({ type: 'not_found', message: `No tool named '${call.name}'.` });
      return result.ok ? result.text : formatToolError(result.error);
    },
  });
}

/** The `--json` shape of docs/routing.md. */
export function evalJson(summary: EvalSummary): string {
  return JSON.stringify(summary);
}

/** The readable summary (Markdown, which reads as plain text too), with what the default agents' listings do to failing skills. */
export function evalText(summary: EvalSummary, catalog?: SkillCatalog, root?: string): string {
  if (!catalog || root === undefined) return summaryMarkdown(summary);
  const records = catalog.records();
  const context = { projectRoots: [root], home: undefined, contextTokens: DEFAULT_CONTEXT_TOKENS };
  const byHost = new Map(DEFAULT_HOSTS.map((host) => [host, hostVerdicts(host, records, context)]));
  const verdicts: CatalogVerdicts = {
    hosts: DEFAULT_HOSTS,
    context,
    of: (record) => new Map(DEFAULT_HOSTS.map((host) => [host, byHost.get(host)!.get(record)!])),
    changedSince: () => undefined,
  };
  return summaryMarkdown(summary, undefined, hostListingNotes(records, verdicts));
}
