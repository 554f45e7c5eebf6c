// `skillsmith expand NAME [ARGS] [--root ROOT]` (docs/cli.md): what the load tool returns.
import type { SkillCatalog } from '../core/catalog/catalog';
import type { FileSystem } from '../core/base/fileSystem';
import { DEFAULT_LISTING_BUDGET } from '../core/base/limits';
import { quoteArguments } from '../core/loading/expand';
import { runLoadSkill, type ToolResult } from '../core/loading/tools';
import { NodeFileSystem } from '../node/nodeFileSystem';
import { flag, parseCommandArgs, stringOption, UsageError } from './args';
import { loadCatalog } from './listCommand';
import { writeErr, writeOut } from './output';
import { rootFolder } from './workingFolder';

/** Expands a skill as the user asked for it by name (hidden skills included). */
export function expandForCli(
  catalog: SkillCatalog,
  fs: FileSystem,
  name: string,
  args: string,
  unicodeNames: boolean,
): Promise<ToolResult> {
  return runLoadSkill(
    { catalog, fs, budget: DEFAULT_LISTING_BUDGET, unicodeNames, requester: 'user-run' },
    args ? { name, args } : { name },
  );
}

/** `skillsmith expand`: parses its options and prints what loading the skill returns. */
export async function expand(argv: readonly string[]): Promise<number> {
  const args = parseCommandArgs(argv, { strings: ['root'], booleans: ['unicode-names', 'no-user'] });
  const [name, ...rest] = args.positionals;
  if (!name) throw new UsageError('expand needs a skill NAME');
  const fs = new NodeFileSystem();
  const root = await rootFolder(fs, stringOption(args, 'root') ?? '.');
  const unicodeNames = flag(args, 'unicode-names');
  const catalog = await loadCatalog(fs, { root, includeUser: !flag(args, 'no-user'), unicodeNames });
  // One ARGS string, or several words the shell already split: quoted back so that each stays
  // one argument (`expand q "two words" three` gives $0 = two words).
  const result = await expandForCli(
    catalog,
    fs,
    name,
    rest.length === 1 ? rest[0] : quoteArguments(rest),
    unicodeNames,
  );
  if (!result.ok) {
    // The tool's fallback hint speaks to a model; on the command line, point at `list`.
    const { message, suggestion, type } = result.error;
    const hint =
      type === 'not_found' && !suggestion?.startsWith('Did you mean')
        ? "Run 'skillsmith list' to see the skills."
        : suggestion;
    writeErr(`skillsmith: ${message}${hint ? ` ${hint}` : ''}`);
    return 1;
  }
  await writeOut(result.text.endsWith('\n') ? result.text : result.text + '\n');
  return 0;
}
