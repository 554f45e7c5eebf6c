// Every size and count cap of the engine, in one place, so that a limit is changed once and
// the documentation (docs/) can cite one table. Format limits come from the Agent Skills
// specification; the others bound the work one file, one folder or one request can cause.

// --- The format (docs/format.md) --------------------------------------------------------
export const MAX_NAME_LENGTH = 64;
export const MAX_DESCRIPTION_LENGTH = 1024;
export const MAX_COMPATIBILITY_LENGTH = 500;
/** Past this many body lines, `body-too-long` suggests moving material to references/. */
export const MAX_BODY_LINES = 500;

// --- Reading skill files ------------------------------------------------------------------
/** Bytes read first from a SKILL.md during a scan; more only while the frontmatter is open. */
export const HEAD_BYTES = 4096;
/** Past this, an unclosed frontmatter is reported rather than read further. */
export const MAX_FRONTMATTER_BYTES = 1024 * 1024;
/** A loaded body is cut here, with a line that says so. */
export const MAX_BODY_BYTES = 256 * 1024;
/** Bundled files larger than this are refused with `too_large`. */
export const MAX_READ_BYTES = 256 * 1024;

// --- Discovery ----------------------------------------------------------------------------
/** How many folder levels below a location a skill folder may sit. */
export const MAX_SKILL_DEPTH = 4;
/** A folder given to `skillsmith validate` that holds no skill location is searched this deep. */
export const MAX_VALIDATE_SEARCH_DEPTH = 8;
/** Whole files read at once by Validate All. */
export const VALIDATE_CONCURRENCY = 16;
/** Past this many waiting file events, the locations they touch are rescanned whole. */
export const STORM_EVENTS = 64;
/**
 * Folders below folders created while the editor runs, watched with Node's fs.watch on Linux
 * because VS Code's watcher misses them (one inotify watch each; the system's limit is shared).
 */
export const MAX_CREATED_FOLDER_WATCHES = 512;
/** The longest a scan's synchronous work (bulk reads, analysis) runs before it lets the event loop run. */
export const SCAN_SLICE_MS = 8;
/** Files a scan reads and analyses per step. */
export const SCAN_CHUNK = 256;

// --- What a skill bundles -------------------------------------------------------------------
/** Files listed after a loaded body. */
export const MAX_BUNDLED_FILES_SHOWN = 50;
/** Listing a skill's folder stops after this many files. */
export const MAX_BUNDLED_FILES_WALKED = 1000;
/** ...and this many folder levels. */
export const MAX_BUNDLED_DEPTH = 6;

// --- The listing and the chat -------------------------------------------------------------------
export const DEFAULT_LISTING_BUDGET = 12000;
/** The smallest listing budget accepted (setting and `--budget`). */
export const MIN_LISTING_BUDGET = 200;
export const DEFAULT_MAX_ROUNDS = 10;
/** The most tool-calling rounds one `@skills` request may take (the setting's maximum). */
export const MAX_MAX_ROUNDS = 50;
/** Model requests one routing eval case may take before it counts as no pick (docs/routing.md). */
export const MAX_ROUTING_ROUNDS = 3;
/** A routing run with more model requests than this asks first, showing requests and tokens. */
export const ROUTING_CONFIRM_REQUESTS = 100;
/** Above this many listed skills, the routing lint does not route every description sentence (quadratic). */
export const ROUTING_LINT_MAX_SKILLS = 1000;
/** Language-model tool names: `^[a-zA-Z0-9_-]{1,64}$`. */
export const MAX_TOOL_NAME_LENGTH = 64;

// --- Lint scanning bounds ---------------------------------------------------------------------
/** How far a lost closing fence is searched for, so that huge files stay linear. */
export const MAX_FENCE_SEARCH_CHARS = 100_000;
export const MAX_FENCE_CANDIDATES = 20;

// --- The editor -------------------------------------------------------------------------------
/** After a scan, catalogs up to this size are validated completely in the background. */
export const BACKGROUND_VALIDATION_LIMIT = 2000;
/** How many of the latest skipped paths are kept for the output channel and the API. */
export const MAX_KEPT_SKIPS = 200;

// --- Actions (docs/actions.md) ------------------------------------------------------------------
/** The declaration file beside SKILL.md. */
export const ACTIONS_FILE = 'actions.json';
/** actions.json files larger than this are refused (a declaration is a few KiB). */
export const MAX_ACTIONS_FILE_BYTES = 256 * 1024;
/** A host's invocation policy file beside SKILL.md (Codex's agents/openai.yaml) is read up to this many bytes. */
export const MAX_POLICY_FILE_BYTES = 64 * 1024;
export const DEFAULT_ACTION_TIMEOUT_SECONDS = 30;
export const MAX_ACTION_TIMEOUT_SECONDS = 600;
export const DEFAULT_ACTION_MAX_CONCURRENT = 1;
/** After TERM, the process tree gets this long before KILL. */
export const ACTION_KILL_GRACE_MS = 2000;
/** Stdout kept from a run; the rest is dropped and the result says so. */
export const MAX_ACTION_STDOUT_BYTES = 1024 * 1024;
/** The end of stderr kept from a run. */
export const MAX_ACTION_STDERR_BYTES = 8 * 1024;
/** What reaches the model from one run, with a note when it was cut. */
export const MAX_ACTION_RESULT_CHARS = 64 * 1024;
/** The JSON request written to the program's stdin. */
export const MAX_ACTION_INPUT_BYTES = 256 * 1024;
/** Violations reported for one input (the rest are counted). */
export const MAX_INPUT_VIOLATIONS = 20;
/**
 * The shortest secret value an action receives: shorter ones would be masked inside ordinary
 * words and JSON punctuation of every result (docs/actions.md, "Secrets").
 */
export const MIN_SECRET_LENGTH = 8;
/** A schema `pattern` longer than this is refused: matching costs grow with its size. */
export const MAX_SCHEMA_PATTERN_CHARS = 1000;
/**
 * The text one validation matches against schema patterns, in all: RE2 is linear, and this
 * keeps a whole check within the editor's budget (bench: schema_check_worst_ms).
 */
export const MAX_PATTERN_CHECKED_CHARS = 64 * 1024;
/** What a consent shows of a run's input, of its command line and of one name or path, in characters (the rest is counted). */
export const MAX_CONSENT_INPUT_CHARS = 2000;
export const MAX_CONSENT_COMMAND_CHARS = 1000;
export const MAX_CONSENT_FIELD_CHARS = 300;
/** Confirmations shown but never answered are forgotten after this long. */
export const ACTION_CONFIRMATION_TTL_MS = 5 * 60 * 1000;
/** The review of a source reads every file an action runs in full up to this size; a larger one is "not fully reviewed". */
export const MAX_REVIEWED_RUN_FILE_BYTES = 8 * 1024 * 1024;
