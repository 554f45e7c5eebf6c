// `skillsmith add SOURCE`, `skillsmith verify [ROOT]` and `skillsmith update [NAME]`
// (docs/install.md): skills from a Git repository or a local folder, reviewed before anything
// is written, recorded with their provenance in skills-lock.json, checked against it, and
// updated from their source only when confirmed. Nothing is added without the user's choice:
// a question on a terminal, or --yes; a skill with security warnings needs a second one
// (or --accept-security-warnings).
import * as fs from 'node:fs';
import * as readline from 'node:readline';
import { normalizePath, resolvePath, toNativePath } from '../core/base/paths';
import { resolveLocations } from '../core/catalog/locations';
import { differenceText, isUnchanged, lockPathFor } from '../core/install/lockFile';
import {
  needsSecondConfirmation,
  reviewMarkdown,
  reviewSource,
  secondConfirmationReason,
  type ReviewedSkill,
} from '../core/install/review';
import { NodeFileSystem } from '../node/nodeFileSystem';
import { countO200kTokensUpTo } from '../node/o200k';
import {
  addSkills,
  applyUpdate,
  finishInterruptedWrite,
  InstallError,
  planUpdate,
  readLock,
  type UpdatePlan,
} from '../node/skillInstaller';
import { outsideSourceText, recordedSource, sourceOutsideProject, sourceToFetch } from '../node/recordedSource';
import { fetchSource, SourceError } from '../node/skillSource';
import { updateDiffMarkdown } from '../node/updateDiff';
import { historyNote, reviewUpstream } from '../node/updateReview';
import { flag, parseCommandArgs, repeatedOption, stringOption, UsageError } from './args';
import { writeErr, writeOut } from './output';
import { escapeUnsafeCharacters } from '../core/base/text';

/** What these commands print holds names, descriptions and command lines from the source: escaped. */
export const out = (text: string) => writeOut(escapeUnsafeCharacters(text));
export const err = (text: string) => writeErr(escapeUnsafeCharacters(text));

/** Where `add` puts skills by default: the folder most agents read (docs/hosts.md). */
export const DEFAULT_ADD_LOCATION = '.agents/skills';

/** Where a question is asked: the terminal, or a test's streams. */
export interface Terminal {
  readonly input: NodeJS.ReadableStream & { readonly isTTY?: boolean };
  readonly output: NodeJS.WritableStream;
}

/**
 * Asks a yes/no question on the terminal; false when there is none to ask on. The question
 * holds names and paths from the source, shown escaped as everything else the CLI prints.
 */
export async function ask(
  question: string,
  answer: RegExp,
  terminal: Terminal = { input: process.stdin, output: process.stderr },
): Promise<boolean> {
  if (!terminal.input.isTTY) return false;
  const rl = readline.createInterface({ input: terminal.input, output: terminal.output });
  try {
    const reply = await new Promise<string>((resolve) => rl.question(escapeUnsafeCharacters(question), resolve));
    return answer.test(reply.trim());
  } finally {
    rl.close();
  }
}

export async function add(argv: readonly string[]): Promise<number> {
  const args = parseCommandArgs(argv, {
    strings: ['to', 'ref'],
    repeated: ['skill'],
    booleans: ['yes', 'accept-security-warnings', 'json'],
  });
  const [source, ...extra] = args.positionals;
  if (!source) throw new UsageError('add needs a SOURCE: a Git URL, owner/repo, or a local folder');
  if (extra.length > 0)
    throw new UsageError(`add takes one SOURCE (got '${extra[0]}' too); choose skills with --skill NAME`);
  const cwd = normalizePath(process.cwd());
  const location = resolvePath(cwd, stringOption(args, 'to') ?? DEFAULT_ADD_LOCATION);
  let fetched;
  try {
    fetched = await fetchSource(source, stringOption(args, 'ref'));
  } catch (error) {
    if (error instanceof SourceError) {
      err(`skillsmith add: ${error.message}`);
      return 1;
    }
    throw error;
  }
  try {
    const finished = await finishInterruptedWrite(location);
    if (finished) err(`skillsmith add: ${toNativePath(location)}: ${finished}`);
    const reviewed = await reviewSource(new NodeFileSystem(), fetched.root, {
      location,
      projectRoot: cwd,
      countTokens: countO200kTokensUpTo,
    });
    const names = repeatedOption(args, 'skill');
    for (const name of names) {
      if (!reviewed.some((s) => s.name === name)) {
        err(
          `skillsmith add: no skill named '${name}' in ${source}${reviewed.length > 0 ? `; it holds ${reviewed.map((s) => s.name).join(', ')}` : ''}`,
        );
        return 1;
      }
    }
    const chosen =
      names.length > 0 ? reviewed.filter((s) => names.includes(s.name)) : reviewed.filter((s) => !s.blocked);
    if (flag(args, 'json'))
      await out(
        `${JSON.stringify({ source: fetched.source, commit: fetched.commit, location, skills: reviewed.map(reviewJson) })}\n`,
      );
    else await out(`${reviewMarkdown(fetched.source, fetched.commit, reviewed)}\n`);
    if (reviewed.length === 0) {
      err(`skillsmith add: ${source} holds no skill (no folder with a SKILL.md); nothing was added`);
      return 1;
    }
    const blocked = chosen.filter((s) => s.blocked);
    if (blocked.length > 0 || chosen.length === 0) {
      for (const skill of blocked) err(`skillsmith add: cannot add '${skill.name}': ${skill.blocked}`);
      if (chosen.length === 0) err('skillsmith add: no skill can be added as it is; nothing was added');
      return 1;
    }
    const list = chosen.map((s) => s.name).join(', ');
    if (!flag(args, 'yes') && !(await ask(`Add ${list} to ${toNativePath(location)}? [y/N] `, /^y(es)?$/i))) {
      err(`skillsmith add: nothing was added. Review the skills above, then run again with --yes to add ${list}.`);
      return 1;
    }
    const risky = chosen.filter(needsSecondConfirmation);
    if (risky.length > 0 && !flag(args, 'accept-security-warnings')) {
      const what = risky.map((s) => `${s.name} (${secondConfirmationReason(s)})`).join(', ');
      if (!(await ask(`${what}: read the findings above. Type "add anyway" to add them: `, /^add anyway$/i))) {
        err(
          `skillsmith add: nothing was added: ${what}. After reading the findings above, add --accept-security-warnings to add them anyway.`,
        );
        return 1;
      }
    }
    const ref = stringOption(args, 'ref');
    const recorded = recordedSource(fetched.source, location, cwd);
    if (recorded.warning) err(`skillsmith add: warning: ${recorded.warning}`);
    const added = await addSkills({
      location,
      source: recorded.source,
      commit: fetched.commit,
      ...(ref !== undefined ? { ref } : {}),
      skills: chosen,
    });
    err(
      `skillsmith add: added ${added.join(', ')} to ${toNativePath(location)}; provenance in ${toNativePath(lockPathFor(location))}`,
    );
    return 0;
  } catch (error) {
    if (error instanceof InstallError) {
      err(`skillsmith add: ${error.message}`);
      return 1;
    }
    throw error;
  } finally {
    fetched.dispose();
  }
}

function reviewJson(skill: ReviewedSkill): object {
  return {
    name: skill.name,
    path: skill.path,
    description: skill.description ?? null,
    files: skill.files,
    errors: skill.errors.map((p) => p.code),
    warnings: skill.warnings,
    security: skill.security.map((p) => ({
      code: p.code,
      severity: p.severity,
      file: p.file,
      line: p.range.start.line + 1,
      message: p.message,
    })),
    quality: skill.quality.map((p) => ({ code: p.code, severity: p.severity, file: p.file, message: p.message })),
    actions: skill.actions,
    notReviewed: skill.notReviewed,
    unreadData: skill.unreadData,
    hosts: skill.hosts,
    ...(skill.blocked ? { blocked: skill.blocked } : {}),
  };
}

/** The workspace locations under ROOT that have a lock file. */
export function lockedLocations(root: string): string[] {
  return resolveLocations({ workspaceFolders: [root], includeUser: false })
    .map((l) => l.path)
    .filter((location) => fs.existsSync(toNativePath(lockPathFor(location))));
}

function planText(location: string, plan: UpdatePlan): string {
  const where = toNativePath(`${location}/${plan.name}`);
  if (isUnchanged(plan.upstream) && plan.commit === plan.entry.commit)
    return `${where}: up to date (${plan.entry.commit?.slice(0, 12) ?? 'local folder'})`;
  const lines = [
    `${where}: ${plan.entry.commit?.slice(0, 12) ?? 'local'} → ${plan.commit?.slice(0, 12) ?? 'local'} from ${plan.entry.source}`,
  ];
  const show = (label: string, files: readonly string[]) =>
    files.length > 0 && lines.push(`  ${label}: ${files.join(', ')}`);
  show('changed', plan.upstream.changed);
  show('new', plan.upstream.added);
  show('removed', plan.upstream.missing);
  show('mode changed (the executable bit)', plan.upstream.modeChanged ?? []);
  if (isUnchanged(plan.upstream)) lines.push('  no file changed');
  if (!isUnchanged(plan.local)) lines.push(`  local changes that the update replaces: ${differenceText(plan.local)}`);
  return lines.join('\n');
}

export async function update(argv: readonly string[]): Promise<number> {
  const args = parseCommandArgs(argv, {
    strings: ['root', 'ref'],
    booleans: ['yes', 'accept-security-warnings', 'allow-outside-source'],
  });
  if (args.positionals.length > 1) throw new UsageError('update takes at most one NAME');
  const only = args.positionals[0];
  const root = resolvePath(normalizePath(process.cwd()), stringOption(args, 'root') ?? '.');
  const askedRef = stringOption(args, 'ref');
  let found = false;
  let failed = false;
  for (const location of lockedLocations(root)) {
    let lock;
    try {
      const finished = await finishInterruptedWrite(location);
      if (finished) err(`skillsmith update: ${toNativePath(location)}: ${finished}`);
      lock = readLock(location);
    } catch (error) {
      err(`skillsmith update: ${(error as Error).message}`);
      return 1;
    }
    for (const [name, entry] of Object.entries(lock.skills)) {
      if (only && name !== only) continue;
      found = true;
      // A lock may name any folder on this machine: one outside the project is read only when
      // the user says so (--yes does not), before anything of it is read.
      const outside = sourceOutsideProject(entry.source, location, root);
      if (
        outside !== undefined &&
        !flag(args, 'allow-outside-source') &&
        !(await ask(`${outsideSourceText(name, outside)}. Read it? [y/N] `, /^y(es)?$/i))
      ) {
        err(
          `skillsmith update: ${name} was not checked: ${outsideSourceText(name, outside)}: add --allow-outside-source to read it.`,
        );
        failed = true;
        continue;
      }
      let fetched;
      try {
        // The ref add was given, unless --ref says otherwise (and then says so, and records it).
        if (askedRef !== undefined && askedRef !== entry.ref)
          await out(
            `${name}: moving from ${entry.ref ?? 'the default branch'} to ${askedRef}; the lock will record ${askedRef}\n`,
          );
        fetched = await fetchSource(sourceToFetch(entry.source, location), askedRef ?? entry.ref);
      } catch (error) {
        const stay =
          askedRef === undefined && entry.ref !== undefined
            ? ` (update stays on the recorded ref ${entry.ref}; give --ref OTHER to move to another branch or tag)`
            : '';
        err(`skillsmith update: ${name}: ${(error as Error).message}${stay}`);
        failed = true;
        continue;
      }
      try {
        const plan = await planUpdate(location, name, fetched.root, fetched.commit, askedRef);
        if (isUnchanged(plan.upstream) && plan.ref === entry.ref) {
          await out(`${planText(location, plan)}\n`);
          continue;
        }
        // The new version is reviewed as an add is, and its findings come before the diff.
        const review = await reviewUpstream(location, root, plan, fetched.root);
        const history = await historyNote(plan, fetched.root);
        await out(`${reviewMarkdown(plan.entry.source, plan.commit, [review])}\n`);
        if (history) await out(`${history}\n\n`);
        await out(`${planText(location, plan)}\n\n${updateDiffMarkdown(location, plan)}\n`);
        if (review.blocked) {
          err(`skillsmith update: ${name} was not updated: ${review.blocked}`);
          failed = true;
          continue;
        }
        if (!flag(args, 'yes') && !(await ask(`Update ${name}? [y/N] `, /^y(es)?$/i))) {
          err(`skillsmith update: ${name} was not updated: run again with --yes to apply the changes above`);
          continue;
        }
        if (needsSecondConfirmation(review) && !flag(args, 'accept-security-warnings')) {
          const what = `${name} (${secondConfirmationReason(review)} in the new version)`;
          if (
            !(await ask(`${what}: read the findings above. Type "update anyway" to update it: `, /^update anyway$/i))
          ) {
            err(
              `skillsmith update: ${name} was not updated: ${what}. After reading the findings above, add --accept-security-warnings to update it anyway.`,
            );
            failed = true;
            continue;
          }
        }
        await applyUpdate(location, plan);
        err(`skillsmith update: updated ${name}`);
      } catch (error) {
        if (!(error instanceof InstallError)) throw error;
        err(`skillsmith update: ${name}: ${error.message}`);
        failed = true;
      } finally {
        fetched.dispose();
      }
    }
  }
  if (!found) {
    err(
      only
        ? `skillsmith update: no skill named '${only}' in a skills-lock.json under ${toNativePath(root)}`
        : `skillsmith update: no skills-lock.json under ${toNativePath(root)}: nothing was added with skillsmith add`,
    );
    return 1;
  }
  return failed ? 1 : 0;
}
