// The `skillsmith` command line: validate, list, expand and run over the same core as the
// extension (docs/cli.md). Exit codes: 0 success, 1 problems found or skill unusable, 2 usage.
// This file holds the usage and the dispatch; each command's handler lives in
// src/cli/<name>Command.ts beside the helpers it prints with.
import { UsageError } from './cli/args';
import { writeErr, writeOut } from './cli/output';

declare const SKILLSMITH_VERSION: string;

const USAGE = `Usage:
  skillsmith validate [PATH...] [--json | --format text|json|sarif] [--unicode-names] [--threads N]
                      [--cache] [--cache-location FILE]
  skillsmith list [ROOT] [--json] [--budget N] [--no-user] [--unicode-names]
  skillsmith expand NAME [ARGS] [--root ROOT] [--unicode-names]
  skillsmith run NAME [ACTION] [--input JSON|@FILE] [--root ROOT] [--json] [--timeout S]
  skillsmith route QUERY [--root R] [--top K] [--json] [--no-user]
  skillsmith eval FILE... [--root R] [--skill NAME] [--router lexical|openai] [--runs N] [--temperature T]
                  [--concurrency N] [--baseline FILE] [--min-top1 X] [--json] [--no-user]
  skillsmith eval --impact [SKILL] [--skill NAME] [--host claude-code|codex|copilot-cli] [--trials N]
                  [--concurrency N] [--host-bin PATH] [--host-arg ARG]... [--timeout S] [--attempts N]
                  [--baseline FILE] [--min-lift X] [--report FILE] [--allow-commands] [--keep] [--json]
  skillsmith hosts [ROOT] [--host H]... [--require H]... [--context-tokens N] [--json] [--no-user]
  skillsmith approve SKILL [ACTION] [--root ROOT] [--yes] [--no-user]
  skillsmith approve --list [--json] | --revoke SKILL [ACTION]
  skillsmith mcp [--root ROOT]... [--no-user] [--actions ask|approved|allow|off]
  skillsmith add SOURCE [--skill NAME]... [--to LOCATION] [--ref REF] [--yes] [--accept-security-warnings] [--json]
  skillsmith verify [ROOT] [--json]
  skillsmith update [NAME] [--root ROOT] [--ref REF] [--yes] [--accept-security-warnings] [--allow-outside-source]

validate  checks SKILL.md files: PATH is a SKILL.md, a skill folder, or any folder (default: .);
          --threads N lints on N threads (default: the machine's cores, up to 4);
          --cache reuses the last run's results for skills whose files did not change
list      shows the catalog and the listing the model sees, with ROOT as the workspace folder
expand    prints what loading the skill NAME returns, with ARGS substituted
run       runs an action of the skill NAME (its default action when ACTION is omitted);
          the secrets it declares are read from this environment
route     ranks the listed skills for a request with the offline lexical router
eval      runs routing eval files (catalog-level JSON/JSONL, or evals/trigger-evals.json)
          --router openai uses SKILLSMITH_OPENAI_BASE_URL, _API_KEY and _MODEL; it prints
          the estimated cost first and the tokens used after; --baseline FILE compares
          with an earlier --json output (McNemar)
          --impact runs the skill's evals/evals.json with the skill and without it in a
          real agent CLI, headless, each trial in a fresh temporary folder, and prints each
          arm's pass rate and the lift with their intervals (errors are never fails)
hosts     says, per skill, whether each agent host (vscode, claude-code, codex, copilot-cli,
          vscode-copilot) finds it, loads it and lists it to its model, and why not
add       reviews the skills of SOURCE (a Git URL, owner/repo, or a local folder): their
          lint and security findings, actions and agents; adds the ones you confirm to
          LOCATION (default .agents/skills) and records them in skills-lock.json
verify    reports every added skill whose files differ from skills-lock.json, checks
          the skills npx skills and gh skill installed by their own records, and says
          where two records disagree
update    shows what changed upstream in added skills, and applies it when confirmed
approve   approves an action ahead of time for agents that cannot ask: shows what runs,
          records its declaration and the sha256 of every file of its skill in your own
          approvals file (SKILLSMITH_APPROVALS, else your config folder); --list shows each
          approval and whether it still matches, --revoke removes them
mcp       serves the catalog and its actions to any agent over MCP (stdio): tools, prompts,
          skill:// resources, skills/list and skills/get; --actions ask (default) confirms
          each run with the client, approved runs what you approved (unchanged) and asks
          for the rest, allow runs without asking, off refuses

Exit codes: 0 success, 1 errors found (validate), unknown/invalid skill (expand), a run
that did not succeed (run), top-1 below --min-top1, a case without a valid run or a
run significantly worse than --baseline (eval), nothing scored, a lift below
--min-lift or a skill that made things significantly worse (eval --impact), a skill that does not load or is
dropped in a --require host (hosts), nothing added or a source that cannot be read
(add), a skill that differs from its lock entry (verify), an update that failed
(update), nothing approved or nothing to revoke (approve), 2 bad usage.
`;

/** `skillsmith mcp`: its own bundle (dist/mcp.js), loaded only for this command, so the SDK never loads for the others. */
async function mcp(argv: readonly string[]): Promise<number> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- dist/mcp.js, loaded only for this command
  const { runMcp } = require(`${__dirname}/mcp.js`) as typeof import('./mcp/main');
  return runMcp(argv);
}

type Command = (argv: readonly string[]) => Promise<number>;

// Each command's module is loaded when it runs, so that one command never waits for the
// others' code to load (most of `--version` went there, and a warm `validate --cache`).
const COMMANDS: Record<string, () => Promise<Command>> = {
  validate: async () => (await import('./cli/validateCommand')).validate,
  approve: async () => (await import('./cli/approveCommand')).approve,
  list: async () => (await import('./cli/listCommand')).list,
  expand: async () => (await import('./cli/expandCommand')).expand,
  run: async () => (await import('./cli/runCommand')).run,
  route: async () => (await import('./cli/routeCommand')).route,
  eval: async () => async (argv) =>
    argv.includes('--impact')
      ? (await import('./cli/impactCommand')).impact(argv)
      : (await import('./cli/evalCommand')).evaluate(argv),
  hosts: async () => (await import('./cli/hostsCommand')).hosts,
  mcp: async () => mcp,
  add: async () => (await import('./cli/installCommands')).add,
  verify: async () => (await import('./cli/verifyCommand')).verify,
  update: async () => (await import('./cli/installCommands')).update,
};

/** Runs the CLI and returns its exit code; never throws. */
export async function main(argv: readonly string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
    await writeOut(USAGE);
    return command === undefined ? 2 : 0;
  }
  if (command === '--version' || command === '-v') {
    await writeOut(`${SKILLSMITH_VERSION}\n`);
    return 0;
  }
  const load = Object.prototype.hasOwnProperty.call(COMMANDS, command) ? COMMANDS[command] : undefined;
  if (!load) {
    writeErr(`skillsmith: unknown command '${command}'\n\n${USAGE}`);
    return 2;
  }
  try {
    return await (
      await load()
    )(rest);
  } catch (error) {
    if (error instanceof UsageError) {
      writeErr(`skillsmith ${command}: ${error.message}\nRun 'skillsmith --help' for usage.`);
      return 2;
    }
    writeErr(
      `skillsmith ${command}: unexpected failure: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    return 2;
  }
}

if (require.main === module) {
  // A reader that goes away (`skillsmith list | head`) is not an error worth a stack trace.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    process.exit(process.exitCode ?? 0);
  });
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      // main() answers every expected failure itself; this is a defect, shown with its stack.
      process.stderr.write(
        `skillsmith: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
      );
      process.exitCode = 2;
    },
  );
}
