// `skillsmith verify [ROOT]` (docs/install.md): every skill added with skillsmith add, compared
// with its location's skills-lock.json; the skills other tools installed, by their own records
// (node/otherToolsVerify.ts); where two records disagree, it says so; and an add or update that
// was interrupted and waits to be finished. Exit code 1 when anything differs.
import { normalizePath, resolvePath, toNativePath } from '../core/base/paths';
import { resolveLocations } from '../core/catalog/locations';
import { differenceText, isUnchanged } from '../core/install/lockFile';
import { interruptedWrite } from '../node/installTransaction';
import { disagreements, verifyOtherTools } from '../node/otherToolsVerify';
import { InstallError, verifyLocation } from '../node/skillInstaller';
import { flag, parseCommandArgs, UsageError } from './args';
import { err, lockedLocations, out } from './installCommands';

interface OwnResult {
  readonly location: string;
  readonly name: string;
  readonly source: string;
  readonly status: 'ok' | 'modified' | 'missing';
  readonly changed?: string[];
  readonly added?: string[];
  readonly missing?: string[];
  readonly modeChanged?: string[];
}

export async function verify(argv: readonly string[]): Promise<number> {
  const args = parseCommandArgs(argv, { booleans: ['json'] });
  if (args.positionals.length > 1) throw new UsageError('verify takes at most one ROOT');
  const root = resolvePath(normalizePath(process.cwd()), args.positionals[0] ?? '.');
  const results: OwnResult[] = [];
  const interrupted = resolveLocations({ workspaceFolders: [root], includeUser: false })
    .map((l) => ({ location: l.path, note: interruptedWrite(l.path) }))
    .filter((i) => i.note !== undefined);
  for (const { location, note } of interrupted) err(`skillsmith verify: ${toNativePath(location)}: ${note}`);
  try {
    for (const location of lockedLocations(root)) {
      for (const skill of await verifyLocation(location)) {
        const base = { location, name: skill.name, source: skill.entry.source };
        if (!skill.difference) results.push({ ...base, status: 'missing' });
        else if (isUnchanged(skill.difference)) results.push({ ...base, status: 'ok' });
        else
          results.push({
            ...base,
            status: 'modified',
            changed: [...skill.difference.changed],
            added: [...skill.difference.added],
            missing: [...skill.difference.missing],
            ...(skill.difference.modeChanged ? { modeChanged: [...skill.difference.modeChanged] } : {}),
          });
      }
    }
  } catch (error) {
    if (error instanceof InstallError) {
      err(`skillsmith verify: ${error.message}`);
      return 1;
    }
    throw error;
  }
  const others = await verifyOtherTools(root);
  const disagree = disagreements(
    results.map((r) => ({ dir: `${r.location}/${r.name}`, source: r.source, status: r.status })),
    others,
  );
  if (flag(args, 'json'))
    await out(
      `${JSON.stringify({
        skills: results.map(({ source: _source, ...r }) => ({ ...r, location: toNativePath(r.location) })),
        otherTools: others.map((r) => ({ ...r, recordFile: toNativePath(r.recordFile), dir: toNativePath(r.dir) })),
        disagreements: disagree,
      })}\n`,
    );
  else if (results.length === 0 && others.length === 0)
    await out(
      `No skills-lock.json under ${toNativePath(root)}: no skill there was added with skillsmith add, npx skills or gh skill.\n`,
    );
  else {
    const lines = results.map((r) => {
      const where = toNativePath(`${r.location}/${r.name}`);
      if (r.status === 'ok') return `ok        ${where}`;
      if (r.status === 'missing') return `missing   ${where}: its folder is gone (still in the lock file)`;
      return `modified  ${where}: ${differenceText({ changed: r.changed ?? [], added: r.added ?? [], missing: r.missing ?? [], ...(r.modeChanged ? { modeChanged: r.modeChanged } : {}) })} since it was added`;
    });
    for (const r of others) {
      const where = toNativePath(r.dir);
      const by = `(${r.tool}, ${toNativePath(r.recordFile)})`;
      if (r.status === 'recorded') lines.push(`recorded  ${where}: ${r.detail}`);
      else lines.push(`${r.status.padEnd(9)} ${where}: ${r.detail} ${by}`);
    }
    for (const sentence of disagree) lines.push(`disagree  ${sentence}`);
    await out(`${lines.join('\n')}\n`);
  }
  const failing =
    results.some((r) => r.status !== 'ok') ||
    others.some((r) => r.status === 'modified' || r.status === 'missing') ||
    disagree.length > 0;
  return interrupted.length > 0 || failing ? 1 : 0;
}
