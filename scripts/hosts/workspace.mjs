// The case workspace of the host oracles (test/hosts/README.md): one git repository holding every
// case of the spec in each skill folder (.agents/skills, .github/skills, .claude/skills, skills),
// plus enough skills to overflow each host's listing budget. Every SKILL.md written is described
// by a case record, so the comparison can tell what a file was meant to test.
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

export const LOCATIONS = [
  { tag: 'agents', dir: '.agents/skills' },
  { tag: 'github', dir: '.github/skills' },
  { tag: 'claude', dir: '.claude/skills' },
  { tag: 'plain', dir: 'skills' },
];

/** Skillsmith's catalog scans each location this many levels deep; deeper cases are information only. */
export const CATALOG_DEPTH = 4;
/** The deepest nesting generated (depth 1 is `<location>/<skill>/SKILL.md`). */
export const MAX_GENERATED_DEPTH = 7;

/** 300 skills with 100-character descriptions in each of these, to overflow every listing budget. */
export const OVERFLOW = [
  { tag: 'agents', dir: '.agents/skills', count: 300, descriptionLength: 100 },
  { tag: 'claude', dir: '.claude/skills', count: 300, descriptionLength: 100 },
];

/** A text of exactly `length` characters that starts with `lead` (letters and spaces only). */
export function textOfLength(lead, length) {
  let text = lead;
  const words = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf', 'hotel'];
  for (let i = 0; text.length < length; i++) text += ` ${words[i % words.length]}`;
  return text.slice(0, length).trimEnd().padEnd(length, 'z');
}

function frontmatter(fields, extra = '') {
  let text = '---\n';
  for (const [key, value] of Object.entries(fields))
    if (value !== undefined) text += value === null ? `${key}:\n` : `${key}: ${value}\n`;
  return `${text}${extra}---\n`;
}

/**
 * The cases, as records { case, location, depth, rel (the SKILL.md path relative to the workspace),
 * text, name (the frontmatter name as written, if any), description (as written, if any),
 * disableModelInvocation, duplicateOf (the shared name, for the duplicate cases) }.
 * With `uniqueDuplicates`, the duplicate cases get names of their own: the oracles use that variant
 * to tell a duplicate the host found and set aside from one it never read.
 */
export function cases({ uniqueDuplicates = false } = {}) {
  const out = [];
  const add = (
    location,
    caseName,
    folder,
    {
      name,
      description,
      extra = '',
      body,
      raw,
      file = 'SKILL.md',
      depth = 1,
      dmi = false,
      duplicateOf,
      policyOff = false,
      besides = {},
    } = {},
  ) => {
    const nest = Array.from({ length: depth - 1 }, (_, i) => `nest-${i + 1}`);
    const rel = path.posix.join(location.dir, ...nest, folder, file);
    const text = raw ?? frontmatter({ name, description }, extra) + (body ?? `Body text of ${folder}.\n`);
    out.push({
      case: caseName,
      location: location.dir,
      tag: location.tag,
      depth,
      rel,
      folder,
      text,
      name,
      description,
      disableModelInvocation: dmi,
      duplicateOf,
      // agents/openai.yaml says policy.allow_implicit_invocation: false (Codex's own form).
      implicitInvocationOff: policyOff,
      // Other files of the skill folder, by path below it.
      besides,
    });
  };
  const POLICY_OFF = 'policy:\n  allow_implicit_invocation: false\n';
  for (const loc of LOCATIONS) {
    const t = loc.tag;
    for (let depth = 1; depth <= MAX_GENERATED_DEPTH; depth++) {
      add(loc, `depth ${depth}`, `depth-${depth}-${t}`, {
        name: `depth-${depth}-${t}`,
        description: `Skill ${depth} levels deep in ${loc.dir}.`,
        depth,
      });
    }
    add(loc, 'name differs from folder', `folder-x-${t}`, {
      name: `name-y-${t}`,
      description: `Name differs from its folder in ${loc.dir}.`,
    });
    add(loc, 'missing description', `desc-missing-${t}`, {
      name: `desc-missing-${t}`,
      body: `Body text of desc-missing-${t}.\n`,
    });
    add(loc, 'empty description ("")', `desc-empty-${t}`, { name: `desc-empty-${t}`, description: '""' });
    add(loc, 'empty description (null)', `desc-null-${t}`, { name: `desc-null-${t}`, description: null });
    for (const length of [1024, 1025, 1600]) {
      add(loc, `description of ${length} characters`, `desc-${length}-${t}`, {
        name: `desc-${length}-${t}`,
        description: textOfLength(`Description of ${length} characters in ${loc.dir}.`, length),
      });
    }
    for (const length of [64, 65]) {
      add(loc, `name of ${length} characters`, `name-${length}-${t}`, {
        name: `name-${length}-${t}-`.padEnd(length, 'x'),
        description: `Name of ${length} characters in ${loc.dir}.`,
      });
    }
    add(loc, 'invalid YAML (description: bad: colon)', `yaml-colon-${t}`, {
      raw: `---\nname: yaml-colon-${t}\ndescription: bad: colon\n---\nBody text of yaml-colon-${t}.\n`,
    });
    add(loc, 'unclosed quote', `unclosed-quote-${t}`, {
      raw: `---\nname: unclosed-quote-${t}\ndescription: "never closed\n---\nBody text of unclosed-quote-${t}.\n`,
    });
    add(loc, 'no frontmatter', `no-frontmatter-${t}`, {
      raw: `# No frontmatter\n\nBody text of no-frontmatter-${t}.\n`,
    });
    add(loc, 'lowercase skill.md', `lowercase-${t}`, {
      name: `lowercase-${t}`,
      description: `Lowercase skill.md in ${loc.dir}.`,
      file: 'skill.md',
    });
    add(loc, 'disable-model-invocation: true', `dmi-${t}`, {
      name: `dmi-${t}`,
      description: `User-only skill in ${loc.dir}.`,
      extra: 'disable-model-invocation: true\n',
      dmi: true,
    });
    // Invocation where hosts differ: Codex reads agents/openai.yaml, the others disable-model-invocation.
    // Not in .claude/skills, which Codex does not read: there the two cases move Claude Code's
    // as-installed listing by one skill at its margin, a difference of its own (test/hosts/README.md).
    if (t !== 'claude')
      add(loc, 'agents/openai.yaml: allow_implicit_invocation false', `policy-off-${t}`, {
        name: `policy-off-${t}`,
        description: `Kept from Codex's model by agents/openai.yaml in ${loc.dir}.`,
        policyOff: true,
        besides: { 'agents/openai.yaml': POLICY_OFF },
      });
    if (t !== 'claude')
      add(loc, 'disable-model-invocation and agents/openai.yaml', `dmi-policy-off-${t}`, {
        name: `dmi-policy-off-${t}`,
        description: `User-only in every host in ${loc.dir}.`,
        extra: 'disable-model-invocation: true\n',
        dmi: true,
        policyOff: true,
        besides: { 'agents/openai.yaml': POLICY_OFF },
      });
    add(loc, 'duplicate name across folders', `dup-${t}`, {
      name: uniqueDuplicates ? `dup-${t}` : 'dup-name',
      description: `Duplicate name, copy in ${loc.dir}.`,
      duplicateOf: 'dup-name',
    });
    for (const copy of ['a', 'b']) {
      add(loc, 'duplicate name in one folder', `dup-same-${copy}-${t}`, {
        name: uniqueDuplicates ? `dup-same-${copy}-${t}` : `dup-same-${t}`,
        description: `Duplicate name, copy ${copy} in ${loc.dir}.`,
        duplicateOf: `dup-same-${t}`,
      });
    }
  }
  for (const o of OVERFLOW) {
    const loc = LOCATIONS.find((l) => l.tag === o.tag);
    for (let i = 1; i <= o.count; i++) {
      const name = `zz-${o.tag}-${String(i).padStart(3, '0')}`;
      add(loc, `overflow (${o.count} x ${o.descriptionLength} characters)`, name, {
        name,
        description: textOfLength(`Overflow skill ${name} fills the listing.`, o.descriptionLength),
      });
    }
  }
  return out;
}

/** Writes the workspace into `root` (a fresh git repository) and returns the case records, with `file` = absolute SKILL.md path. */
export function buildWorkspace(root, options = {}) {
  fs.rmSync(root, { recursive: true, force: true });
  fs.mkdirSync(root, { recursive: true });
  const git = spawnSync('git', ['init', '-q'], { cwd: root, encoding: 'utf8' });
  if (git.status !== 0) throw new Error(`git init failed in ${root}: ${git.stderr}`);
  const real = fs.realpathSync(root);
  const list = cases(options);
  for (const c of list) {
    c.file = path.join(real, c.rel);
    fs.mkdirSync(path.dirname(c.file), { recursive: true });
    fs.writeFileSync(c.file, c.text);
    for (const [rel, text] of Object.entries(c.besides ?? {})) {
      const file = path.join(path.dirname(c.file), rel);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, text);
    }
  }
  return { root: real, cases: list };
}

/** The skills of the as-installed listing check: 400 in .claude/skills, each with a long description. */
export const LONG_LISTING = { dir: '.claude/skills', count: 400, descriptionLength: 300 };

/**
 * A workspace of LONG_LISTING skills only (`long-NNN`), as a user with many skills has it: Claude Code,
 * run as installed, lists some in full within its default model's budget and the rest by name.
 */
export function buildLongListingWorkspace(root) {
  fs.rmSync(root, { recursive: true, force: true });
  fs.mkdirSync(root, { recursive: true });
  const git = spawnSync('git', ['init', '-q'], { cwd: root, encoding: 'utf8' });
  if (git.status !== 0) throw new Error(`git init failed in ${root}: ${git.stderr}`);
  const real = fs.realpathSync(root);
  const list = [];
  for (let i = 1; i <= LONG_LISTING.count; i++) {
    const name = `long-${String(i).padStart(3, '0')}`;
    const description = textOfLength(
      `Long skill ${name} with a description of its own.`,
      LONG_LISTING.descriptionLength,
    );
    const rel = path.posix.join(LONG_LISTING.dir, name, 'SKILL.md');
    const text = frontmatter({ name, description }) + `Body text of ${name}.\n`;
    const file = path.join(real, rel);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
    list.push({
      case: `long listing (${LONG_LISTING.count} x ${LONG_LISTING.descriptionLength} characters)`,
      rel,
      file,
      folder: name,
      text,
      name,
      description,
    });
  }
  return { root: real, cases: list };
}
