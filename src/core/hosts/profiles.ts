// The host profiles (docs/hosts.md): how each agent that runs skills finds them, accepts them
// and lists them to its model. Every fact carries its source (a URL, a repository path, or
// "observed with <host> <version>" with the command that shows it) and the date it was last
// checked. Nothing about a host is written anywhere else in the code: the verdicts
// (verdicts.ts) read these facts only, and a unit test cites each one.

/** The hosts Skillsmith judges skills for. */
export const HOST_IDS = ['vscode', 'claude-code', 'codex', 'copilot-cli', 'vscode-local'] as const;
export type HostId = (typeof HOST_IDS)[number];

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
      /** Entries in order, each at most `entryCap` characters, until `budget` characters are spent; the rest name-only. */
      readonly kind: 'full-then-name-only';
      readonly budget: number;
      readonly entryCap: number;
    }
  | {
      /** Characters per token of the context window: every description shortened first, then name-only, then dropped. */
      readonly kind: 'shorten-then-name-only-then-drop';
      readonly charactersPerContextToken: number;
    }
  | {
      /** The first `count` skills in full, then one line of names. */
      readonly kind: 'first-n-then-names';
      readonly count: number;
    };

export interface HostProfile {
  readonly id: HostId;
  readonly displayName: string;
  /** The version whose behaviour the facts describe. */
  readonly version: Fact<string>;
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
  /** A missing or empty description. */
  readonly missingDescription: Fact<'refused' | 'first-body-line'>;
  /** Longer names are refused; undefined when the host does not check. */
  readonly maxNameLength: Fact<number | undefined>;
  /** Longer descriptions are refused or cut at this length. */
  readonly maxDescription: Fact<{ readonly length: number; readonly over: 'refused' | 'cut' } | undefined>;
  /** `disable-model-invocation: true` keeps a skill from the model (the user may still invoke it). */
  readonly honoursDisableModelInvocation: Fact<boolean>;
  readonly listing: Fact<ListingRule>;
}

const SPEC_TABLE = 'docs/hosts.md, "Profiles" (the facts observed offline with the host itself)';
const OBSERVED = '2026-12-01';

const fact = <T>(value: T, source = SPEC_TABLE, checked = OBSERVED): Fact<T> => ({ value, source, checked });

export const HOST_PROFILES: Readonly<Record<HostId, HostProfile>> = {
  'claude-code': {
    id: 'claude-code',
    displayName: 'Claude Code',
    version: fact('2.1.332'),
    projectFolders: fact(['.claude/skills']),
    userFolders: fact(['.claude/skills']),
    maxDepth: fact(1),
    skillFileName: fact('SKILL.md'),
    key: fact('folder'),
    nameMustMatchFolder: fact(false),
    unreadableFrontmatter: fact('ignored-still-listed'),
    missingDescription: fact('first-body-line'),
    maxNameLength: fact(undefined),
    maxDescription: fact({ length: 1536, over: 'cut' }),
    honoursDisableModelInvocation: fact(true),
    listing: fact({ kind: 'full-then-name-only', budget: 30_000, entryCap: 1536 }),
  },
  codex: {
    id: 'codex',
    displayName: 'Codex',
    version: fact('0.171.0'),
    projectFolders: fact(['.agents/skills']),
    userFolders: fact(['.agents/skills', '.codex/skills']),
    maxDepth: fact(6),
    skillFileName: fact('SKILL.md'),
    key: fact('name'),
    nameMustMatchFolder: fact(false),
    unreadableFrontmatter: fact('refused'),
    missingDescription: fact('refused'),
    maxNameLength: fact(64),
    maxDescription: fact({ length: 1024, over: 'cut' }),
    honoursDisableModelInvocation: fact(false),
    listing: fact({ kind: 'shorten-then-name-only-then-drop', charactersPerContextToken: 0.08 }),
  },
  'copilot-cli': {
    id: 'copilot-cli',
    displayName: 'Copilot CLI',
    version: fact('1.0.102'),
    projectFolders: fact(['.github/skills', '.agents/skills', '.claude/skills']),
    userFolders: fact(['.copilot/skills', '.agents/skills']),
    maxDepth: fact(7),
    skillFileName: fact('SKILL.md'),
    key: fact('name'),
    nameMustMatchFolder: fact(false),
    unreadableFrontmatter: fact('refused'),
    missingDescription: fact('refused'),
    maxNameLength: fact(64),
    maxDescription: fact({ length: 1024, over: 'refused' }),
    honoursDisableModelInvocation: fact(true),
    listing: fact({ kind: 'first-n-then-names', count: 30 }),
  },
  vscode: {
    id: 'vscode',
    displayName: "VS Code's agent",
    version: fact('1.139.1 (Copilot harness, @github/copilot-sdk)'),
    projectFolders: fact(['.github/skills', '.agents/skills', '.claude/skills']),
    userFolders: fact(['.copilot/skills', '.agents/skills']),
    maxDepth: fact(7),
    skillFileName: fact('SKILL.md'),
    key: fact('name'),
    nameMustMatchFolder: fact(false),
    unreadableFrontmatter: fact('refused'),
    missingDescription: fact('refused'),
    maxNameLength: fact(64),
    maxDescription: fact({ length: 1024, over: 'refused' }),
    honoursDisableModelInvocation: fact(true),
    listing: fact({ kind: 'first-n-then-names', count: 30 }),
  },
  'vscode-local': {
    id: 'vscode-local',
    displayName: "VS Code's Local harness (deprecated)",
    version: fact('1.139.1'),
    projectFolders: fact(['.github/skills', '.claude/skills', '.agents/skills']),
    userFolders: fact(['.copilot/skills', '.claude/skills', '.agents/skills']),
    maxDepth: fact(1, 'microsoft/vscode#324646 (nested folders are not scanned)'),
    skillFileName: fact('SKILL.md'),
    key: fact('name'),
    nameMustMatchFolder: fact(true, 'microsoft/vscode#300455, and code.visualstudio.com docs: the name must match the folder'),
    unreadableFrontmatter: fact('refused'),
    missingDescription: fact('refused'),
    maxNameLength: fact(64),
    maxDescription: fact({ length: 1024, over: 'refused' }),
    honoursDisableModelInvocation: fact(true),
    listing: fact({ kind: 'full-then-name-only', budget: 15_000, entryCap: 1024 }, 'microsoft/vscode PR #313749 (about 15,000 characters of full entries, then names)'),
  },
};

/** The hosts a user cares about when they say nothing (`skillsmith.hosts`). */
export const DEFAULT_HOSTS: readonly HostId[] = ['vscode', 'claude-code', 'codex'];

/** The context window the budgets are computed for when none is given, in tokens. */
export const DEFAULT_CONTEXT_TOKENS = 200_000;

/** True for a known host id. */
export function isHostId(value: string): value is HostId {
  return (HOST_IDS as readonly string[]).includes(value);
}
