// code-server builds VS Code with every API proposal open to every extension: its extension host's
// isProposedApiEnabled is `return true`. Desktop VS Code checks the extension's own
// `enabledApiProposals`, and the difference decides what an extension gets in the Copilot harness:
// when a client tool is invoked, the extension host fetches the harness's model for an extension
// with the chatParticipantAdditions proposal, finds no such language model, and fails the call
// ("Language model unavailable") before the tool runs. Skillsmith declares no proposal.
//
// A suite with `upstreamProposals: true` runs on a copy of the provisioned code-server whose
// extension host has desktop VS Code's check back. The copy is hard links (no extra space) but for
// the one file, written beside it and renamed into place; it is made once per cache.
import {
  cpSync,
  existsSync,
  linkSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { join, relative } from 'node:path';
import { CODE_SERVER_VERSION } from './cache.mjs';

const FILE = join('lib', 'vscode', 'out', 'vs', 'workbench', 'api', 'node', 'extensionHostProcess.js');
// The minified name changes between builds: the shape of the function is what is matched.
const ALWAYS =
  /function (\w+)\((\w+),(\w+)\)\{return!0\}function (\w+)\(\2,\3\)\{if\(!\1\(\2,\3\)\)throw new Error\(`Extension '\$\{\2\.identifier\.value\}' CANNOT use API proposal/;
// A new code-server (or a new patch) makes a new copy.
const MARKER = `skillsmith-upstream-proposals-1 code-server ${CODE_SERVER_VERSION}`;

/** Hard-links every file of `from` into `to` (folders made, symbolic links copied as links). */
function linkTree(from, to) {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = join(from, entry.name);
    const target = join(to, entry.name);
    if (entry.isDirectory()) linkTree(source, target);
    else if (entry.isSymbolicLink()) cpSync(source, target, { verbatimSymlinks: true });
    else linkSync(source, target);
  }
}

/** The layout of code-server with desktop VS Code's proposal check (made on first use). */
export function upstreamProposalsLayout(layout) {
  const prefix = join(layout.root, 'cs-upstream-proposals');
  const csDir = join(prefix, relative(layout.csPrefix, layout.csDir));
  const marker = join(prefix, '.patched');
  if (!existsSync(marker) || readFileSync(marker, 'utf8') !== MARKER) {
    // Built aside and renamed into place: two suites starting at once never see half a copy.
    const building = `${prefix}.building-${process.pid}`;
    rmSync(building, { recursive: true, force: true });
    linkTree(layout.csPrefix, building);
    const file = join(building, relative(layout.csPrefix, layout.csDir), FILE);
    const source = readFileSync(file, 'utf8');
    const matches = source.match(new RegExp(ALWAYS.source, 'g')) ?? [];
    if (matches.length !== 1)
      throw new Error(
        `${file}: code-server's always-true isProposedApiEnabled was found ${matches.length} times, not once; update ${import.meta.url}`,
      );
    const [, name, extension, proposal] = source.match(ALWAYS);
    const patched = source.replace(
      `function ${name}(${extension},${proposal}){return!0}`,
      `function ${name}(${extension},${proposal}){return!!${extension}.enabledApiProposals?.includes(${proposal})}`,
    );
    // A new file, not the hard-linked one: the provisioned code-server stays as it was.
    rmSync(file);
    writeFileSync(file, patched);
    writeFileSync(join(building, '.patched'), MARKER);
    rmSync(prefix, { recursive: true, force: true });
    try {
      renameSync(building, prefix);
    } catch (error) {
      rmSync(building, { recursive: true, force: true });
      if (!existsSync(marker)) throw error;
    }
  }
  return { ...layout, csPrefix: prefix, csDir, codeServerEntry: join(csDir, 'out', 'node', 'entry.js') };
}
