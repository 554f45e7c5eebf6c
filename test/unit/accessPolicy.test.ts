// Who may see what (docs/precedence-and-access.md): the whole table, walked. Every
// combination of scope, trust, errors, hidden, shadowed, who asks and what is asked is
// checked against the table as the documentation writes it, cell by cell, and then through
// the catalog's listing and the tools, which must give the same answers.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  createSkillCatalog,
  decideAccess,
  isListed,
  type AccessRequest,
  type DenialType,
} from '../../src/core/access/policy';
import type { SkillStanding } from '../../src/core/catalog/catalog';
import { CatalogUpdater } from '../../src/core/catalog/catalogUpdater';
import { runLoadSkill, runReadSkillFile, type Requester } from '../../src/core/loading/tools';
import { NodeFileSystem } from '../../src/node/nodeFileSystem';
import { location, makeTempDir, removeDir, writeFile, writeSkill } from './engineTestUtils';
import { testPath as path } from './testPaths';

type Column = 'offered' | 'hidden' | 'errors' | 'untrusted' | 'shadowed';
type Cell = 'yes' | DenialType;
type Row =
  'model list' | 'model load' | 'model read' | 'model run-action' | 'user run' | 'user run-action' | 'user view';

/** The table of docs/precedence-and-access.md, one cell per row and column, written out. */
const TABLE: Record<Row, Record<Column, Cell>> = {
  'model list': {
    offered: 'yes',
    hidden: 'not_found',
    errors: 'invalid_skill',
    untrusted: 'not_allowed',
    shadowed: 'not_found',
  },
  'model load': {
    offered: 'yes',
    hidden: 'not_found',
    errors: 'invalid_skill',
    untrusted: 'not_allowed',
    shadowed: 'not_found',
  },
  'model read': {
    offered: 'yes',
    hidden: 'not_found',
    errors: 'invalid_skill',
    untrusted: 'not_allowed',
    shadowed: 'not_found',
  },
  'model run-action': {
    offered: 'yes',
    hidden: 'not_found',
    errors: 'invalid_skill',
    untrusted: 'not_allowed',
    shadowed: 'not_found',
  },
  'user run': {
    offered: 'yes',
    hidden: 'yes',
    errors: 'invalid_skill',
    untrusted: 'not_allowed',
    shadowed: 'not_found',
  },
  'user run-action': {
    offered: 'yes',
    hidden: 'yes',
    errors: 'invalid_skill',
    untrusted: 'not_allowed',
    shadowed: 'not_found',
  },
  'user view': { offered: 'yes', hidden: 'yes', errors: 'yes', untrusted: 'yes', shadowed: 'yes' },
};

/**
 * The columns a skill falls in, most decisive first: a shadowed copy is not what its name
 * stands for; "untrusted" covers every workspace skill whatever else is wrong with it; a
 * hidden skill is absent for the model before anything else is said about it.
 */
function columnsOf(s: SkillStanding): Column[] {
  const columns: Column[] = [];
  if (s.shadowed) columns.push('shadowed');
  if (s.scope === 'workspace' && !s.workspaceTrusted) columns.push('untrusted');
  if (s.hidden) columns.push('hidden');
  if (s.hasErrors) columns.push('errors');
  return columns.length > 0 ? columns : ['offered'];
}

function expected(s: SkillStanding, row: Row): Cell {
  for (const column of columnsOf(s)) if (TABLE[row][column] !== 'yes') return TABLE[row][column];
  return 'yes';
}

function requestOf(row: Row): AccessRequest {
  const [asker, what] = row.split(' ');
  return { asker, what } as AccessRequest;
}

function* allStandings(): Generator<SkillStanding> {
  for (const scope of ['workspace', 'user'] as const) {
    for (const workspaceTrusted of [true, false]) {
      for (const hasErrors of [false, true]) {
        for (const hidden of [false, true]) {
          for (const shadowed of [false, true])
            yield { name: 'demo', scope, workspaceTrusted, hasErrors, hidden, shadowed };
        }
      }
    }
  }
}

const describe = (s: SkillStanding, row: Row) => `${row} of ${JSON.stringify(s)}`;

test('the policy gives every cell of the table, for all 224 combinations', () => {
  let walked = 0;
  for (const standing of allStandings()) {
    for (const row of Object.keys(TABLE) as Row[]) {
      const decision = decideAccess(standing, requestOf(row));
      const want = expected(standing, row);
      if (want === 'yes') assert.equal(decision.allowed, true, describe(standing, row));
      else {
        assert.equal(decision.allowed, false, describe(standing, row));
        if (!decision.allowed) {
          assert.equal(decision.denial.type, want, describe(standing, row));
          assert.match(decision.denial.message, /'demo'/, 'the message names the skill');
        }
      }
      walked++;
    }
  }
  assert.equal(walked, 32 * 7);
});

test('an untrusted refusal says why; a hidden one says nothing about the skill', () => {
  const untrusted = decideAccess(
    { name: 'demo', scope: 'workspace', workspaceTrusted: false, hasErrors: false, hidden: true, shadowed: false },
    { asker: 'model', what: 'load' },
  );
  assert.ok(
    !untrusted.allowed &&
      /not trusted/.test(untrusted.denial.message) &&
      /trust/i.test(untrusted.denial.suggestion ?? ''),
  );
  const hidden = decideAccess(
    { name: 'demo', scope: 'user', workspaceTrusted: false, hasErrors: true, hidden: true, shadowed: false },
    { asker: 'model', what: 'read' },
  );
  assert.ok(!hidden.allowed && hidden.denial.type === 'not_found');
  assert.doesNotMatch(hidden.allowed ? '' : hidden.denial.message, /hidden|disable-model-invocation|error/);
});

test('the catalog lists exactly the skills of the first row', () => {
  for (const standing of allStandings()) {
    assert.equal(isListed(standing), expected(standing, 'model list') === 'yes', describe(standing, 'model list'));
  }
});

test('the tools give the same answers, on real files, for every requester', async () => {
  const root = makeTempDir('skillsmith-access-');
  try {
    const fs = new NodeFileSystem();
    const wsLoc = location(path.join(root, 'ws', 'skills'), 0, 'workspace', 'skills');
    const userLoc = location(path.join(root, 'home', '.claude', 'skills'), 1_000_000, 'user', '~/.claude/skills');
    // One skill per combination of scope, errors and hidden (shadowed copies are never reached by name).
    const combos: { name: string; scope: 'workspace' | 'user'; hasErrors: boolean; hidden: boolean }[] = [];
    for (const scope of ['workspace', 'user'] as const) {
      for (const hasErrors of [false, true]) {
        for (const hidden of [false, true]) {
          const name = `${scope === 'workspace' ? 'ws' : 'user'}-${hasErrors ? 'broken' : 'ok'}-${hidden ? 'hidden' : 'shown'}`;
          const parent = scope === 'workspace' ? wsLoc.path : userLoc.path;
          const extra = hidden ? 'disable-model-invocation: true\n' : '';
          if (hasErrors)
            writeFile(path.join(parent, name, 'SKILL.md'), `---\nname: ${name}\n${extra}---\nNo description.\n`);
          else writeSkill(parent, name, `The ${name} skill. Use when testing access.`, { extra });
          writeFile(path.join(parent, name, 'references', 'notes.md'), 'Notes.\n');
          combos.push({ name, scope, hasErrors, hidden });
        }
      }
    }
    const rows: [Row, Requester, 'load' | 'read'][] = [
      ['model load', 'model', 'load'],
      ['model read', 'model', 'read'],
      ['user run', 'user-run', 'load'],
      ['user view', 'user-view', 'load'],
    ];
    for (const workspaceTrusted of [true, false]) {
      const catalog = createSkillCatalog({ trustWorkspaceSkills: workspaceTrusted });
      await new CatalogUpdater(catalog, fs, [wsLoc, userLoc]).scanAll();
      const listed = new Set(catalog.listing(12000).included);
      for (const combo of combos) {
        const standing: SkillStanding = { ...combo, workspaceTrusted, shadowed: false };
        assert.equal(
          listed.has(combo.name),
          expected(standing, 'model list') === 'yes',
          describe(standing, 'model list'),
        );
        for (const [row, requester, tool] of rows) {
          const context = { catalog, fs, budget: 12000, requester };
          const result =
            tool === 'load'
              ? await runLoadSkill(context, { name: combo.name })
              : await runReadSkillFile(context, { name: combo.name, path: 'references/notes.md' });
          const want = expected(standing, row);
          assert.equal(result.ok ? 'yes' : result.error.type, want, describe(standing, row));
        }
      }
    }
  } finally {
    removeDir(root);
  }
});
