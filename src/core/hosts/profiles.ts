// The host profiles (docs/hosts.md): how each agent that runs skills finds them, accepts them
// and lists them to its model. Every fact carries its source (a URL, a repository path, or
// "observed with <host> <version>" with the command that shows it) and the date it was last
// checked. Nothing about a host is written anywhere else in the code: the verdicts
// (verdicts.ts) read these facts only, and a unit test cites each one.

import { type HostId } from './hostIds';
import { HOST_NAMES } from './hostNames';

export { DEFAULT_CONTEXT_TOKENS, DEFAULT_HOSTS, HOST_IDS, isHostId, type HostId } from './hostIds';

/** One fact about a host: its value, where it comes from, and when it was checked. */
export interface Fact<T> {
  readonly value: T;
  readonly source: string;
  /** YYYY-MM-DD. */
  readonly checked: string;
}

/** How a host turns the skills it loaded into the listing its model sees. */
export type ListingRule =
  | {
      /** Entries `- key: description` in order, each cut at `entryCap` characters, until `budget` characters are spent; the rest name-only. */
      readonly kind: 'full-then-name-only';
      readonly budget: number;
      readonly entryCap: number;
    }
  | {
      /**
       * Claude Code: a budget of context window × `charactersPerToken` × `shareOfContext`
       * characters (of display width). Its own `builtins` are always in full. When the whole
       * listing (`- label: description` lines, a description over `descriptionCap` cut to one
       * less and `…`) does not fit, every skill starts as `- label` and is upgraded to its full
       * entry in order while the rest of the budget allows: one that does not fit is skipped,
       * a later shorter one may still fit. None is dropped.
       */
      readonly kind: 'upgrade-names-in-order';
      readonly shareOfContext: number;
      /** Characters a token for the default model and the newer ones (their tokenizer). */
      readonly charactersPerToken: number;
      /**
       * A window below `belowTokens` is taken as one of the older models (Claude 3 to 4.6), whose
       * tokenizer counts `charactersPerToken` characters a token.
       */
      readonly olderModels: { readonly belowTokens: number; readonly charactersPerToken: number };
      readonly descriptionCap: number;
      readonly builtins: { readonly count: number; readonly characters: number };
      /**
       * Its own commands listed after the user's skills (`init`, `security-review`): they start as
       * `- name` and are upgraded, in order, after every skill of the user.
       */
      readonly trailingBuiltins: readonly { readonly name: string; readonly descriptionWidth: number }[];
    }
  | {
      /**
       * Codex: a budget of `shareOfContext` × the context window, in tokens; an entry line
       * `- name: description (file: rK/path)` costs ceil(UTF-8 bytes / `bytesPerToken`) with its
       * newline. Everything in full if it fits; else every description shortened, round robin;
       * else all names only, and those that still do not fit dropped. `fixedEntries` (the host's
       * own skills) come first and count too.
       */
      readonly kind: 'token-budget';
      readonly shareOfContext: number;
      readonly bytesPerToken: number;
      readonly descriptionCap: number;
      readonly fixedEntries: readonly { readonly name: string; readonly descriptionLength: number }[];
    }
  | {
      /**
       * Copilot: XML entries (`overhead` + name + escaped description + location characters) while
       * their running total stays within `budget`; from the first that passes it, every later one
       * is listed by name only.
       */
      readonly kind: 'xml-chars-then-names';
      readonly budget: number;
      readonly overhead: number;
      /**
       * The line of names (`Additional skills available (invoke by name): a, b`) is itself cut
       * where it would pass this many characters, and ends `... and N more`: those are dropped.
       */
      readonly namesLineBudget: number;
    };

/** The order a host lists its skills in. */
export type ListingOrder =
  /** By key. */
  | 'name'
  /** Project skills first, then each user folder in turn, each group by name. */
  | 'group-then-name'
  /** User skills first, then project skills, each by folder name without case. */
  | 'user-first-by-folder'
  /** Each folder in the host's order, and in it the skills as a sorted walk finds them (by path, folder by folder). */
  | 'folder-then-path';

/** The model a host runs when the user chooses none, and its context window. */
export interface DefaultModel {
  readonly id: string;
  readonly contextTokens: number;
}

export interface HostProfile {
  readonly id: HostId;
  /** The host's one display name (hostNames.ts). */
  readonly displayName: string;
  /** The version whose behaviour the facts describe. */
  readonly version: Fact<string>;
  /**
   * The model the host uses when none is chosen, whose window a listing budget that is a share of
   * the window is computed for; undefined when the signed-in account picks it (the window is then
   * DEFAULT_CONTEXT_TOKENS, and matters only where the budget is a share of it).
   */
  readonly defaultModel: Fact<DefaultModel | undefined>;
  /** Folders relative to a project folder (the workspace folder, and its parents up to the repository root). */
  readonly projectFolders: Fact<readonly string[]>;
  /** Folders relative to the user's home. */
  readonly userFolders: Fact<readonly string[]>;
  /** How deep below a folder a skill's folder may be: 1 is `<folder>/<skill>/SKILL.md` only. */
  readonly maxDepth: Fact<number>;
  /** The skill file's name exactly; other letter cases (`skill.md`) are not read. */
  readonly skillFileName: Fact<string>;
  /** What the host calls the skill by. */
  readonly key: Fact<'name' | 'folder'>;
  /** The name must equal the folder's, or the skill does not load. */
  readonly nameMustMatchFolder: Fact<boolean>;
  /** A skill without frontmatter, or with frontmatter that is not valid YAML. */
  readonly unreadableFrontmatter: Fact<'refused' | 'ignored-still-listed'>;
  /**
   * Frontmatter that is not valid YAML is read a second time with each plain value that holds
   * `: `, or starts like a flow collection and is not one, put in quotes (frontmatterRepair.ts).
   */
  readonly repairsPlainColons: Fact<boolean>;
  /** A missing description. */
  readonly missingDescription: Fact<'refused' | 'from-body' | 'listed-without'>;
  /**
   * What is shown instead of a missing description (bodyLead.ts): the body's lines without
   * headings, joined and cut at 1,024 characters (`lead`), or its first line (`first-line`).
   */
  readonly descriptionFromBody: Fact<'lead' | 'first-line' | undefined>;
  /** `description:` with no value, or a list or a mapping: refused ("must be a string"), not taken from the body. */
  readonly refusesNonTextDescription: Fact<boolean>;
  /** Longer names are refused; undefined when the host does not check. */
  readonly maxNameLength: Fact<number | undefined>;
  /** Longer descriptions are refused or cut at this length. */
  readonly maxDescription: Fact<{ readonly length: number; readonly over: 'refused' | 'cut' } | undefined>;
  /** `disable-model-invocation: true` keeps a skill from the model (the user may still invoke it). */
  readonly honoursDisableModelInvocation: Fact<boolean>;
  /**
   * What the user's own `/name` does with a skill that disable-model-invocation keeps from the
   * model: loads it, or shows it in the `/` menu and does not load it (VS Code's Agents window).
   */
  readonly manualRunOfHidden: Fact<'loads' | 'not-loaded'>;
  /**
   * A file beside SKILL.md whose `key` (a path of mapping keys), when false, keeps the skill from
   * the model (the user may still invoke it); undefined when the host reads none.
   */
  readonly implicitInvocationPolicy: Fact<{ readonly file: string; readonly key: readonly string[] } | undefined>;
  /** Of two skills with the same key, the first read wins (silently), or every copy is listed. */
  readonly duplicates: Fact<'first-wins' | 'all-listed'>;
  /** The scan does not look inside a folder that holds a SKILL.md (a skill nested in a skill is not found). */
  readonly stopsAtSkillFolder: Fact<boolean>;
  /** A UTF-8 byte order mark before the frontmatter makes the skill fail to load. */
  readonly refusesBom: Fact<boolean>;
  readonly listing: Fact<ListingRule>;
  readonly listingOrder: Fact<ListingOrder>;
}

const SPEC_TABLE = 'docs/hosts.md, "Profiles" (observed offline with the host, before this project re-checked it)';
const CLAUDE =
  'observed with Claude Code 2.1.332: the skill_listing attachment of claude -p (HOME in a temporary folder), and the listing a loopback API receives (docs/hosts.md, "How to check a fact")';
const CODEX =
  'observed with Codex 0.171.0: codex app-server skills/list and codex debug prompt-input (docs/hosts.md, "How to check a fact")';
const COPILOT =
  'observed with Copilot CLI 1.0.102: copilot skill list --json, and copilot -p against a loopback model (docs/hosts.md, "How to check a fact")';
const COPILOT_ASSUMED =
  'assumed equal to Copilot CLI 1.0.102, whose runtime (@github/copilot-sdk) VS Code 1.139 bundles for this harness: no model turn runs offline (the runtime signs in to GitHub first), so what its model is shown is not observed';
const HARNESS =
  "observed with VS Code 1.139.1 (code-server), Copilot harness: the skills of the agent host's session customizations (its Agent Host Protocol log), on the case workspace of the host oracles (host suite copilot-harness); they agree skill by skill with Copilot CLI 1.0.102's rules";
const HARNESS_OBSERVED = '2026-12-02';
const HARNESS_LISTING =
  'observed with VS Code 1.139.1 (code-server), Copilot harness, with a model turn against a loopback mock of the Copilot API: the <available_skills> of the skill tool the runtime offers its model, on the case workspace of the host oracles (host suite copilot-harness-turn). Unlike Copilot CLI 1.0.102 it lists each folder in turn (.github/skills, .agents/skills, .claude/skills) in the order of a sorted walk, as the workbench hands it the skills';
const HARNESS_LISTING_OBSERVED = '2026-12-06';
const VSCODE =
  'observed with VS Code 1.139.1 (code-server): its own discovery through the proposed chat.skills API (vscode.chat.getSkills), on the case workspace of the host oracles (host suite vscode-skills), and its workbench code (PromptsService.computeSkillDiscoveryInfo, PromptFilesLocator.findAgentSkills)';
const VSCODE_LISTING =
  'microsoft/vscode PR #313749 (about 15,000 characters of full entries, then names): the listing is built by the Copilot Chat extension, which does not run offline, so it is not observed';
const CODEX_REPAIR =
  "openai/codex, codex-rs skills frontmatter parser (repair_frontmatter_scalar_fields, 'Some third-party skills use prose like description: Build for AWS: ECS'), and observed with Codex 0.171.0: codex app-server skills/list loads 'description: bad: colon' and '[unclosed', refuses '*nope', '- item' and an unclosed quote";
const CLAUDE_REPAIR =
  "observed with Claude Code 2.1.332: its skill_listing shows 'description: bad: colon' as 'bad: colon' (it parses again after a rewrite when the YAML fails); modelled with Codex's rule, which agrees on this case";
const OBSERVED = '2026-12-01';
const CLAUDE_DEFAULT_MODEL =
  "observed with Claude Code 2.1.332 run with no --model (HOME in a temporary folder): its system/init event names claude-opus-5-5 and its debug log 'Skill listing over budget: … > 30000 budget'; its bundled model catalog gives claude-opus-5-5 context.window 1e6, and its function of characters a token 3 characters a token (4 only for the models up to claude-sonnet-4-6 and claude-opus-4-6)";
const CODEX_DEFAULT_MODEL =
  'observed with Codex 0.171.0: its bundled model catalog lists gpt-6.2-sol first (priority 1, context_window 500000), and codex debug prompt-input with no -c model_context_window gives the listing of -c model_context_window=500000';
const ACCOUNT_PICKS_MODEL =
  'the model follows the signed-in account (Copilot CLI 1.0.102: isGptDefaultModelEnabled and the copilot_cli_session_default_model_override experiment; VS Code: the chat model picker), which an offline check cannot sign in to; this listing budget is a number of characters, whatever the window';
const CHECKED_TODAY = '2026-12-02';
const CODEX_POLICY =
  'observed with Codex 0.171.0 (host oracle, invocation check): a skill whose agents/openai.yaml says policy: allow_implicit_invocation: false loads (skills/list) and is left out of the prompt-input listing; disable-model-invocation alone is listed; openai/codex#29989';
const AGENTS_WINDOW =
  "microsoft/vscode#331477 (open; reported on VS Code 1.133): in the Agents window, whose sessions run on the Copilot harness, a skill with disable-model-invocation: true is in the / menu and a manual run of it does not load it; the same skill runs from VS Code's regular chat. Not observed here: the harness needs a GitHub sign-in";
const NO_POLICY_FILE = 'no such file in its skill loader (docs/hosts.md, "Invocation")';

const fact = <T>(value: T, source = SPEC_TABLE, checked = OBSERVED): Fact<T> => ({ value, source, checked });
const codex = <T>(value: T): Fact<T> => fact(value, CODEX);
const claude = <T>(value: T): Fact<T> => fact(value, CLAUDE);
const copilot = <T>(value: T): Fact<T> => fact(value, COPILOT);
const harness = <T>(value: T): Fact<T> => fact(value, COPILOT_ASSUMED);
const harnessSeen = <T>(value: T): Fact<T> => fact(value, HARNESS, HARNESS_OBSERVED);
const vscode = <T>(value: T): Fact<T> => fact(value, VSCODE);

/** The Copilot runtime's facts: Copilot CLI's, and (assumed) VS Code's agent's, each with its source. */
function copilotProfile(
  id: HostId,
  version: string,
  source: <T>(value: T) => Fact<T>,
  // Which skills are found and load (folders, depth, refusals): observed for the harness too.
  found: <T>(value: T) => Fact<T> = source,
): HostProfile {
  return {
    id,
    displayName: HOST_NAMES[id],
    version: source(version),
    defaultModel: fact(undefined, ACCOUNT_PICKS_MODEL, CHECKED_TODAY),
    projectFolders: found(['.github/skills', '.agents/skills', '.claude/skills']),
    userFolders: found(['.copilot/skills', '.agents/skills']),
    maxDepth: found(20),
    skillFileName: found('SKILL.md'),
    key: source('name'),
    nameMustMatchFolder: found(false),
    unreadableFrontmatter: found('refused'),
    repairsPlainColons: source(false),
    missingDescription: found('from-body'),
    descriptionFromBody: source('lead'),
    refusesNonTextDescription: source(true),
    maxNameLength: source(64),
    maxDescription: found({ length: 1024, over: 'refused' }),
    honoursDisableModelInvocation: source(true),
    manualRunOfHidden: source('loads'),
    implicitInvocationPolicy: fact(undefined, NO_POLICY_FILE, CHECKED_TODAY),
    duplicates: found('first-wins'),
    stopsAtSkillFolder: found(true),
    refusesBom: source(false),
    listing: source({ kind: 'xml-chars-then-names', budget: 15_000, overhead: 87, namesLineBudget: 5000 }),
    listingOrder: source('group-then-name'),
  };
}

export const HOST_PROFILES: Readonly<Record<HostId, HostProfile>> = {
  'claude-code': {
    id: 'claude-code',
    displayName: HOST_NAMES['claude-code'],
    version: claude('2.1.332'),
    defaultModel: fact({ id: 'claude-opus-5-5', contextTokens: 1_000_000 }, CLAUDE_DEFAULT_MODEL, CHECKED_TODAY),
    projectFolders: claude(['.claude/skills']),
    userFolders: claude(['.claude/skills']),
    maxDepth: claude(1),
    skillFileName: claude('SKILL.md'),
    key: claude('folder'),
    nameMustMatchFolder: claude(false),
    unreadableFrontmatter: claude('ignored-still-listed'),
    repairsPlainColons: fact(true, CLAUDE_REPAIR),
    missingDescription: claude('from-body'),
    descriptionFromBody: claude('first-line'),
    refusesNonTextDescription: claude(false),
    maxNameLength: claude(undefined),
    maxDescription: claude({ length: 1536, over: 'cut' }),
    honoursDisableModelInvocation: claude(true),
    manualRunOfHidden: claude('loads'),
    implicitInvocationPolicy: fact(undefined, NO_POLICY_FILE, CHECKED_TODAY),
    duplicates: claude('first-wins'),
    stopsAtSkillFolder: claude(false),
    refusesBom: claude(false),
    listing: claude({
      kind: 'upgrade-names-in-order',
      shareOfContext: 0.01,
      // 3 for claude-opus-5-5 (30,000 characters at its 1,000,000 tokens); 4 for the older models
      // with a 200,000-token window (8,000 characters).
      charactersPerToken: 3,
      olderModels: { belowTokens: 1_000_000, charactersPerToken: 4 },
      descriptionCap: 1536,
      // Its bundled skills, logged out: 11 entries of 6,039 characters (display width) in all,
      // always in full, then its two commands after the user's skills.
      builtins: { count: 11, characters: 6039 },
      trailingBuiltins: [
        { name: 'init', descriptionWidth: 59 },
        { name: 'security-review', descriptionWidth: 71 },
      ],
    }),
    listingOrder: claude('user-first-by-folder'),
  },
  codex: {
    id: 'codex',
    displayName: HOST_NAMES.codex,
    version: codex('0.171.0'),
    defaultModel: fact({ id: 'gpt-6.2-sol', contextTokens: 500_000 }, CODEX_DEFAULT_MODEL, CHECKED_TODAY),
    projectFolders: codex(['.agents/skills', '.codex/skills']),
    userFolders: codex(['.agents/skills', '.codex/skills']),
    maxDepth: codex(6),
    skillFileName: codex('SKILL.md'),
    key: codex('name'),
    nameMustMatchFolder: codex(false),
    unreadableFrontmatter: codex('refused'),
    repairsPlainColons: fact(true, CODEX_REPAIR),
    missingDescription: codex('refused'),
    descriptionFromBody: codex(undefined),
    refusesNonTextDescription: codex(false),
    maxNameLength: codex(64),
    maxDescription: codex({ length: 1024, over: 'cut' }),
    honoursDisableModelInvocation: codex(false),
    // Codex ignores the flag: nothing is kept from its model by it, and a manual run loads the skill.
    manualRunOfHidden: codex('loads'),
    implicitInvocationPolicy: fact(
      { file: 'agents/openai.yaml', key: ['policy', 'allow_implicit_invocation'] },
      CODEX_POLICY,
      CHECKED_TODAY,
    ),
    duplicates: codex('all-listed'),
    stopsAtSkillFolder: codex(false),
    refusesBom: codex(true),
    listing: codex({
      kind: 'token-budget',
      shareOfContext: 0.02,
      bytesPerToken: 4,
      descriptionCap: 1024,
      // Its system skills (~/.codex/skills/.system), always listed first.
      fixedEntries: [
        { name: 'imagegen', descriptionLength: 570 },
        { name: 'openai-docs', descriptionLength: 624 },
        { name: 'skill-creator', descriptionLength: 106 },
        { name: 'skill-installer', descriptionLength: 225 },
      ],
    }),
    listingOrder: codex('group-then-name'),
  },
  'copilot-cli': copilotProfile('copilot-cli', '1.0.102', copilot),
  // VS Code's agent as it runs by default in 1.139 (the Local harness: chat.defaultToCopilotHarness
  // and chat.editor.preferCopilotHarness are off), with chat.useAgentSkills on. VS Code's Agent
  // Skills reference: the Local harness is deprecated and will be removed in February 2027.
  vscode: {
    id: 'vscode',
    displayName: HOST_NAMES.vscode,
    version: vscode('1.139.1'),
    defaultModel: fact(undefined, ACCOUNT_PICKS_MODEL, CHECKED_TODAY),
    projectFolders: vscode(['.agents/skills', '.github/skills', '.claude/skills']),
    userFolders: vscode(['.agents/skills', '.copilot/skills', '.claude/skills']),
    maxDepth: vscode(1),
    skillFileName: vscode('SKILL.md'),
    // A name that differs from the folder's is replaced by the folder's (and the skill still loads).
    key: vscode('folder'),
    nameMustMatchFolder: vscode(false),
    // Its own frontmatter parser reads what the YAML package refuses (an unclosed quote, `a: b: c`).
    unreadableFrontmatter: vscode('ignored-still-listed'),
    repairsPlainColons: vscode(false),
    missingDescription: vscode('listed-without'),
    descriptionFromBody: vscode(undefined),
    refusesNonTextDescription: vscode(false),
    // Longer names are cut at 64 characters, then replaced by the folder's: never refused.
    maxNameLength: vscode(undefined),
    maxDescription: vscode({ length: 1024, over: 'cut' }),
    honoursDisableModelInvocation: vscode(true),
    // microsoft/vscode#331477: the same skill runs from VS Code's regular chat.
    manualRunOfHidden: fact('loads', AGENTS_WINDOW, CHECKED_TODAY),
    implicitInvocationPolicy: fact(undefined, NO_POLICY_FILE, CHECKED_TODAY),
    duplicates: vscode('first-wins'),
    stopsAtSkillFolder: vscode(false),
    refusesBom: fact(false),
    listing: fact({ kind: 'full-then-name-only', budget: 15_000, entryCap: 1024 }, VSCODE_LISTING),
    listingOrder: fact('name', VSCODE_LISTING),
  },
  // VS Code's agent with the Copilot harness (chat.defaultToCopilotHarness): its runtime is Copilot
  // CLI's. Its skill discovery is observed (host suite copilot-harness); the rest is Copilot CLI's.
  'vscode-copilot': {
    ...copilotProfile('vscode-copilot', '1.139.1 (@github/copilot-sdk)', harness, harnessSeen),
    manualRunOfHidden: fact('not-loaded', AGENTS_WINDOW, CHECKED_TODAY),
    listing: fact(
      { kind: 'xml-chars-then-names', budget: 15_000, overhead: 87, namesLineBudget: 5000 },
      HARNESS_LISTING,
      HARNESS_LISTING_OBSERVED,
    ),
    listingOrder: fact('folder-then-path', HARNESS_LISTING, HARNESS_LISTING_OBSERVED),
  },
};
