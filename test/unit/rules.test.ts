// Every lint rule of docs/rules.md that needs only the text (plus broken-link over a fake file
// system): positive and negative cases, exact code, severity and range, and each fix's result.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { DirectoryEntry, EntryStat, FileSystem } from '../../src/core/base/fileSystem';
import { findBrokenLinks, findLinkCandidates } from '../../src/core/lint/links';
import { isValidName, toKebabCase, toUnicodeNameForm } from '../../src/core/lint/ruleSupport';
import { analyze, applyFix, codes, only, rangeTuple, skill } from './lintTestUtils';

const VALID = ['name: code-review', 'description: Reviews a file. Use when asked for a review.'];

function fixTexts(text: string, code: Parameters<typeof only>[1], options = {}): string[] {
  return (only(analyze(text, options), code).fixes ?? []).map((fix) => applyFix(text, fix));
}

test('a valid skill has no problems', () => {
  assert.deepEqual(codes(analyze(skill(VALID))), []);
});

// --- structural problems -------------------------------------------------------------

test('no-frontmatter: empty file, leading blank line, plain markdown', () => {
  for (const [text, end] of [
    ['', 0],
    ['\n---\nname: code-review\n---\n', 0],
    ['# Title\n\nText\n', 7],
  ] as const) {
    const analysis = analyze(text);
    assert.deepEqual(codes(analysis), ['no-frontmatter'], JSON.stringify(text));
    const p = only(analysis, 'no-frontmatter');
    assert.equal(p.severity, 'error');
    assert.deepEqual(rangeTuple(p.range), [0, 0, 0, end]);
    assert.match(p.message, /---/);
  }
  assert.equal(codes(analyze(skill(VALID))).includes('no-frontmatter'), false);
});

test('unclosed-frontmatter: no closing --- line, range is the opening fence', () => {
  const analysis = analyze('---\nname: code-review\ndescription: d\n');
  assert.deepEqual(codes(analysis), ['unclosed-frontmatter']);
  const p = only(analysis, 'unclosed-frontmatter');
  assert.equal(p.severity, 'error');
  assert.deepEqual(rangeTuple(p.range), [0, 0, 0, 3]);
  assert.equal(p.fixes, undefined);
  assert.deepEqual(codes(analyze('---')), ['unclosed-frontmatter']);
});

test('unclosed-frontmatter: the fix inserts the closing fence where the body starts', () => {
  const text = '---\r\nname: code-review\r\ndescription: d\r\n# Steps\r\n\r\nDo it: now.\r\n';
  const p = only(analyze(text), 'unclosed-frontmatter');
  assert.match(p.message, /before line 4/);
  const [fixed] = fixTexts(text, 'unclosed-frontmatter');
  assert.equal(fixed, '---\r\nname: code-review\r\ndescription: d\r\n---\r\n# Steps\r\n\r\nDo it: now.\r\n');
  assert.deepEqual(codes(analyze(fixed)), []);
});

test('unclosed-frontmatter: a lost fence followed later by a markdown rule', () => {
  const text = '---\nname: code-review\ndescription: d\n<!-- generated -->\n\n## Step: one\n\n---\n\nMore\n';
  const analysis = analyze(text);
  assert.deepEqual(codes(analysis), ['unclosed-frontmatter']);
  const [fixed] = fixTexts(text, 'unclosed-frontmatter');
  assert.equal(
    fixed,
    '---\nname: code-review\ndescription: d\n---\n<!-- generated -->\n\n## Step: one\n\n---\n\nMore\n',
  );
});

test('unclosed-frontmatter: YAML comments before the body are kept in the frontmatter', () => {
  const text = '---\nname: code-review\n# Client fields\ndescription: d\n\n# Steps\nDo it.\n';
  const [fixed] = fixTexts(text, 'unclosed-frontmatter');
  assert.equal(fixed, '---\nname: code-review\n# Client fields\ndescription: d\n\n---\n# Steps\nDo it.\n');
  assert.deepEqual(codes(analyze(fixed)), []);
});

test('a precise YAML error after a column-0 comment stays a yaml-syntax error', () => {
  const colon = analyze(skill(['name: code-review', '# Description', 'description: Use when: asked']));
  assert.deepEqual(codes(colon), ['yaml-syntax']);
  const duplicate = analyze(skill(['name: code-review', '# Again', 'name: x', 'description: d']));
  assert.deepEqual(codes(duplicate), ['yaml-syntax']);
});

test('yaml-syntax: a plain value containing ": " suggests quoting or >-', () => {
  const text = skill(['name: code-review', 'description: Reviews code. Use when: the user asks']);
  const analysis = analyze(text);
  assert.deepEqual(codes(analysis), ['yaml-syntax']);
  const p = only(analysis, 'yaml-syntax');
  assert.equal(p.severity, 'error');
  assert.deepEqual(rangeTuple(p.range), [2, 13, 2, 50]);
  assert.match(p.message, /quote/i);
  assert.match(p.message, />-/);
  const [quoted, folded] = fixTexts(text, 'yaml-syntax');
  assert.equal(quoted, skill(['name: code-review', 'description: "Reviews code. Use when: the user asks"']));
  assert.equal(folded, skill(['name: code-review', 'description: >-', '  Reviews code. Use when: the user asks']));
  for (const fixed of [quoted, folded]) {
    const after = analyze(fixed);
    assert.deepEqual(codes(after), []);
    assert.equal(after.description, 'Reviews code. Use when: the user asks');
  }
});

test('yaml-syntax fixes: continuation lines, quotes, backslashes, comments and CRLF', () => {
  const lines = [
    'name: code-review',
    'description: Say "hi": then \\ stop # note',
    '  and continue',
    '',
    '  new paragraph',
    'license: MIT',
  ];
  const text = skill(lines, 'Body\r\n', '\r\n');
  const p = only(analyze(text), 'yaml-syntax');
  assert.deepEqual(rangeTuple(p.range), [2, 13, 5, 15]);
  const [quoted, folded] = fixTexts(text, 'yaml-syntax');
  const expectedValue = 'Say "hi": then \\ stop and continue\nnew paragraph';
  assert.equal(
    quoted,
    skill(
      ['name: code-review', `description: ${JSON.stringify(expectedValue)} # note`, 'license: MIT'],
      'Body\r\n',
      '\r\n',
    ),
  );
  assert.equal(
    folded,
    skill(
      [
        'name: code-review',
        'description: >- # note',
        '  Say "hi": then \\ stop',
        '  and continue',
        '',
        '  new paragraph',
        'license: MIT',
      ],
      'Body\r\n',
      '\r\n',
    ),
  );
  for (const fixed of [quoted, folded]) {
    const after = analyze(fixed);
    assert.deepEqual(codes(after), []);
    assert.equal(after.description, expectedValue);
  }
});

test('yaml-syntax: duplicate keys, with the second key as range', () => {
  const analysis = analyze(skill([...VALID, 'name: other']));
  assert.deepEqual(codes(analysis), ['yaml-syntax']);
  const p = only(analysis, 'yaml-syntax');
  assert.deepEqual(rangeTuple(p.range), [3, 0, 3, 4]);
  assert.match(p.message, /'name' appears more than once/);
});

test('yaml-syntax: tab indentation', () => {
  const analysis = analyze(skill([...VALID, 'metadata:', '\tauthor: me']));
  const p = only(analysis, 'yaml-syntax');
  assert.deepEqual(rangeTuple(p.range), [4, 0, 4, 1]);
  assert.match(p.message, /tab/);
  // A tab after the colon is only separation, not indentation.
  assert.deepEqual(codes(analyze(skill(['name:\tcode-review', 'description: d']))), []);
});

test('yaml-syntax: other YAML errors use the parser position', () => {
  const analysis = analyze(skill(['name: code-review', 'description: "unterminated', 'license: MIT']));
  const p = only(analysis, 'yaml-syntax');
  assert.equal(p.range.start.line >= 2, true);
  assert.match(p.message, /not valid YAML/);
  const flow = only(analyze(skill(['name: [a', 'description: d'])), 'yaml-syntax');
  assert.equal(flow.severity, 'error');
});

test('frontmatter-not-mapping: a list or a scalar', () => {
  const list = only(analyze(skill(['- a', '- b'])), 'frontmatter-not-mapping');
  assert.equal(list.severity, 'error');
  assert.deepEqual(rangeTuple(list.range), [1, 0, 2, 3]);
  const scalar = only(analyze(skill(['just text'])), 'frontmatter-not-mapping');
  assert.deepEqual(rangeTuple(scalar.range), [1, 0, 1, 9]);
  assert.deepEqual(codes(analyze(skill(['- a']))), ['frontmatter-not-mapping']);
});

test('a structural error skips the field and body rules, but not bom and file-name-case', () => {
  const text = '\uFEFF---\nname: badname\ndescription: a: b\nversion: 1\n---\n';
  assert.deepEqual(codes(analyze(text, { fileName: 'skill.md', folderName: 'badname' })), [
    'bom',
    'file-name-case',
    'yaml-syntax',
  ]);
  assert.deepEqual(codes(analyze('---\n---\n', { fileName: 'SKILL.md' })).includes('body-empty'), true);
  assert.deepEqual(codes(analyze('---\nname: x\n')), ['unclosed-frontmatter']);
});

test('with a YAML error, a plain name line still gets the name rules and their one rename fix', () => {
  const text = '---\nname: Bad_Name\ndescription: Reviews code. Use when: asked\n---\nBody.\n';
  const analysis = analyze(text, { folderName: 'bad-name' });
  assert.deepEqual(codes(analysis), ['name-format', 'name-mismatch', 'yaml-syntax']);
  assert.deepEqual(rangeTuple(only(analysis, 'name-mismatch').range), [1, 6, 1, 14]);
  assert.deepEqual(fixTexts(text, 'name-format', { folderName: 'bad-name' }), []);
  assert.deepEqual(fixTexts(text, 'name-mismatch', { folderName: 'bad-name' }), [
    '---\nname: bad-name\ndescription: Reviews code. Use when: asked\n---\nBody.\n',
  ]);
  // A name that is not a plain line (quoted with escapes, a block) is left to the YAML fix first.
  const block = '---\nname: >-\n  Bad\ndescription: a: b\n---\n';
  assert.deepEqual(codes(analyze(block, { folderName: 'x' })), ['yaml-syntax']);
});

// --- name ----------------------------------------------------------------------------

test('name-missing: absent, with a fix that inserts the folder name', () => {
  const text = skill(['description: Reviews code.']);
  const p = only(analyze(text), 'name-missing');
  assert.equal(p.severity, 'error');
  assert.deepEqual(rangeTuple(p.range), [0, 0, 0, 3]);
  const [fixed] = fixTexts(text, 'name-missing');
  assert.equal(fixed, skill(['name: code-review', 'description: Reviews code.']));
  assert.deepEqual(codes(analyze(fixed)), []);
  // CRLF files get a CRLF line.
  const crlf = skill(['description: Reviews code.'], 'Body\r\n', '\r\n');
  assert.equal(
    fixTexts(crlf, 'name-missing')[0],
    skill(VALID.slice(0, 1).concat('description: Reviews code.'), 'Body\r\n', '\r\n'),
  );
});

test('name-missing: empty values, with a fix that sets the folder name', () => {
  for (const [line, range] of [
    ['name:', [1, 0, 1, 4]],
    ['name: ""', [1, 6, 1, 8]],
    ['name: ~', [1, 6, 1, 7]],
    ["name: '  '", [1, 6, 1, 10]],
  ] as const) {
    const text = skill([line, 'description: d']);
    const p = only(analyze(text), 'name-missing');
    assert.deepEqual(rangeTuple(p.range), range, line);
    assert.equal(fixTexts(text, 'name-missing')[0], skill(['name: code-review', 'description: d']), line);
  }
  assert.equal(codes(analyze(skill(VALID))).includes('name-missing'), false);
});

test('name-missing: the inserted folder name is quoted when it must be', () => {
  const text = skill(['description: d']);
  // Plain where YAML reads the text back as the same string; quoted where it would not.
  assert.equal(
    fixTexts(text, 'name-missing', { folderName: 'My Skill' })[0],
    skill(['name: My Skill', 'description: d']),
  );
  assert.equal(fixTexts(text, 'name-missing', { folderName: '123' })[0], skill(['name: "123"', 'description: d']));
  assert.equal(fixTexts(text, 'name-missing', { folderName: 'yes' })[0], skill(['name: "yes"', 'description: d']));
  assert.equal(fixTexts(text, 'name-missing', { folderName: 'a: b' })[0], skill(['name: "a: b"', 'description: d']));
  assert.equal(fixTexts(text, 'name-missing', { folderName: '#tag' })[0], skill(['name: "#tag"', 'description: d']));
});

test('name-format: not kebab-case', () => {
  const bad = ['My_Skill', 'CodeReview', '-code', 'code-', 'code--review', 'code.review', 'code review', 'мой-навык'];
  for (const name of bad) {
    const p = only(analyze(skill([`name: ${name}`, 'description: d']), { folderName: name }), 'name-format');
    assert.equal(p.severity, 'error', name);
    assert.deepEqual(rangeTuple(p.range), [1, 6, 1, 6 + name.length], name);
    assert.match(p.message, /lowercase/, name);
  }
  for (const name of ['code-review', 'a', 'a1-b2', '123', 'x-1']) {
    assert.equal(
      codes(analyze(skill([`name: "${name}"`, 'description: d']), { folderName: name })).includes('name-format'),
      false,
      name,
    );
  }
});

test('name-format: a list or a mapping is not a name', () => {
  const p = only(analyze(skill(['name: [a, b]', 'description: d'])), 'name-format');
  assert.deepEqual(rangeTuple(p.range), [1, 6, 1, 12]);
});

test('name-format: the fix renames to the kebab-case form', () => {
  const text = skill(['name: "My_Skill"', 'description: d']);
  const [fixed] = fixTexts(text, 'name-format', { folderName: 'other' });
  assert.equal(fixed, skill(['name: my-skill', 'description: d']));
  assert.deepEqual(codes(analyze(fixed, { folderName: 'my-skill' })), []);
  // One fix per intent: when the kebab-case form is the folder's name, name-mismatch offers that rename alone.
  assert.deepEqual(fixTexts(text, 'name-format', { folderName: 'my-skill' }), []);
  assert.deepEqual(fixTexts(text, 'name-mismatch', { folderName: 'my-skill' }), [
    skill(['name: my-skill', 'description: d']),
  ]);
  assert.equal(toKebabCase('My_Skill'), 'my-skill');
  assert.equal(toKebabCase('PDFTools v2'), 'pdf-tools-v2');
  assert.equal(toKebabCase('--Café__Crème--'), 'cafe-creme');
  assert.equal(toKebabCase('技能'), undefined);
  assert.equal(toKebabCase('a'.repeat(70))?.length, 64);
});

test('name-format with unicodeNames: the NFKC form in lowercase letters and digits', () => {
  const ok = ['мой-навык', '技能', 'code-review', 'ｃｏｄｅ', 'café-2'];
  for (const name of ok) {
    assert.equal(isValidName(name, true), true, name);
    assert.deepEqual(
      codes(analyze(skill([`name: ${name}`, 'description: d']), { folderName: name, unicodeNames: true })),
      [],
      name,
    );
  }
  for (const name of ['Мой-навык', 'мой--навык', '-技能', 'a_b', 'CODE']) {
    assert.equal(isValidName(name, true), false, name);
    const analysis = analyze(skill([`name: ${name}`, 'description: d']), { folderName: name, unicodeNames: true });
    assert.deepEqual(codes(analysis), ['name-format'], name);
  }
  const text = skill(['name: Мой Навык', 'description: d']);
  const options = { folderName: 'навык', unicodeNames: true };
  assert.deepEqual(fixTexts(text, 'name-format', options), [skill(['name: мой-навык', 'description: d'])]);
  assert.equal(toUnicodeNameForm('__技能__'), '技能');
  assert.equal(toUnicodeNameForm('--'), undefined);
});

test('name-too-long: over 64 characters', () => {
  const long = 'a'.repeat(65);
  const p = only(analyze(skill([`name: ${long}`, 'description: d']), { folderName: long }), 'name-too-long');
  assert.equal(p.severity, 'error');
  assert.deepEqual(rangeTuple(p.range), [1, 6, 1, 71]);
  const max = 'a'.repeat(64);
  assert.deepEqual(codes(analyze(skill([`name: ${max}`, 'description: d']), { folderName: max })), []);
  // Code points: 64 CJK characters are fine, 65 are not.
  const cjk = '技'.repeat(64);
  assert.deepEqual(
    codes(analyze(skill([`name: ${cjk}`, 'description: d']), { folderName: cjk, unicodeNames: true })),
    [],
  );
});

test('name-mismatch: differs from the folder, with a fix to the folder name', () => {
  const text = skill(['name: other-name', 'description: d']);
  const p = only(analyze(text), 'name-mismatch');
  assert.equal(p.severity, 'error');
  assert.deepEqual(rangeTuple(p.range), [1, 6, 1, 16]);
  assert.match(p.message, /code-review/);
  assert.deepEqual(fixTexts(text, 'name-mismatch'), [skill(['name: code-review', 'description: d'])]);
  // An invalid folder name offers no rename.
  assert.deepEqual(only(analyze(text, { folderName: 'Code Review' }), 'name-mismatch').fixes, undefined);
});

test('name-mismatch: both sides are compared after NFKC normalisation', () => {
  const nfd = 'cafe\u0301';
  const nfc = 'caf\u00e9';
  assert.deepEqual(
    codes(analyze(skill([`name: ${nfc}`, 'description: d']), { folderName: nfd, unicodeNames: true })),
    [],
  );
  assert.deepEqual(
    codes(analyze(skill(['name: ｃｏｄｅ', 'description: d']), { folderName: 'code', unicodeNames: true })),
    [],
  );
  assert.deepEqual(codes(analyze(skill(['name: code', 'description: d']), { folderName: 'ｃｏｄｅ' })), []);
});

test('reserved-name: contains anthropic or claude (warning)', () => {
  for (const name of ['claude-helper', 'my-anthropic-tools']) {
    const p = only(analyze(skill([`name: ${name}`, 'description: d']), { folderName: name }), 'reserved-name');
    assert.equal(p.severity, 'warning');
    assert.deepEqual(rangeTuple(p.range), [1, 6, 1, 6 + name.length]);
  }
  assert.deepEqual(codes(analyze(skill(VALID))), []);
});

// --- description ---------------------------------------------------------------------

test('description-missing: absent, with a fix that inserts a placeholder after the name', () => {
  const text = skill(['name: code-review', 'license: MIT']);
  const p = only(analyze(text), 'description-missing');
  assert.equal(p.severity, 'error');
  assert.deepEqual(rangeTuple(p.range), [0, 0, 0, 3]);
  const [fixed] = fixTexts(text, 'description-missing');
  assert.equal(
    fixed,
    skill(['name: code-review', 'description: "TODO: say what this skill does and when to use it"', 'license: MIT']),
  );
  const after = analyze(fixed);
  assert.deepEqual(codes(after), []);
  assert.equal(after.description, 'TODO: say what this skill does and when to use it');
  const crlf = skill(['name: code-review'], 'Body\r\n', '\r\n');
  assert.equal(
    fixTexts(crlf, 'description-missing')[0],
    skill(
      ['name: code-review', 'description: "TODO: say what this skill does and when to use it"'],
      'Body\r\n',
      '\r\n',
    ),
  );
});

test('description-missing: empty or white space only, and not text', () => {
  for (const [line, range] of [
    ['description:', [2, 0, 2, 11]],
    ['description: "   "', [2, 13, 2, 18]],
    ['description: |', [2, 13, 2, 14]],
  ] as const) {
    const text = skill(['name: code-review', line]);
    const p = only(analyze(text), 'description-missing');
    assert.deepEqual(rangeTuple(p.range), range, line);
    assert.equal(
      fixTexts(text, 'description-missing')[0],
      skill(['name: code-review', 'description: "TODO: say what this skill does and when to use it"']),
      line,
    );
  }
  const list = only(analyze(skill(['name: code-review', 'description: [a]'])), 'description-missing');
  assert.deepEqual(rangeTuple(list.range), [2, 13, 2, 16]);
});

test('description-too-long: over 1024 characters', () => {
  const p = only(analyze(skill(['name: code-review', `description: ${'x'.repeat(1025)}`])), 'description-too-long');
  assert.equal(p.severity, 'error');
  assert.deepEqual(rangeTuple(p.range), [2, 13, 2, 1038]);
  assert.match(p.message, /1025/);
  assert.deepEqual(codes(analyze(skill(['name: code-review', `description: ${'x'.repeat(1024)}`]))), []);
});

test('description-xml: < or > in the description (warning)', () => {
  const p = only(analyze(skill(['name: code-review', 'description: Reads <file> tags'])), 'description-xml');
  assert.equal(p.severity, 'warning');
  assert.deepEqual(rangeTuple(p.range), [2, 13, 2, 30]);
  // The > of a folded block is syntax, not text.
  assert.deepEqual(codes(analyze(skill(['name: code-review', 'description: >-', '  Plain text.']))), []);
});

test('compatibility-too-long: over 500 characters', () => {
  const p = only(analyze(skill([...VALID, `compatibility: ${'x'.repeat(501)}`])), 'compatibility-too-long');
  assert.equal(p.severity, 'error');
  assert.deepEqual(rangeTuple(p.range), [3, 15, 3, 516]);
  assert.deepEqual(codes(analyze(skill([...VALID, `compatibility: ${'x'.repeat(500)}`]))), []);
});

// --- other fields --------------------------------------------------------------------

test('field-type: wrong types for license, compatibility, metadata and allowed-tools', () => {
  const cases: [string[], [number, number, number, number]][] = [
    [['license: [MIT]'], [3, 9, 3, 14]],
    [
      ['compatibility:', '  os: linux'],
      [4, 2, 4, 11],
    ],
    [['metadata: text'], [3, 10, 3, 14]],
    [['allowed-tools: {Read: true}'], [3, 15, 3, 27]],
    [
      ['allowed-tools:', '  - Read', '  - {a: b}'],
      [4, 2, 5, 10],
    ],
  ];
  for (const [lines, range] of cases) {
    const p = only(analyze(skill([...VALID, ...lines])), 'field-type');
    assert.equal(p.severity, 'warning', lines[0]);
    assert.deepEqual(rangeTuple(p.range), range, lines[0]);
  }
  const fine = [
    'license: Apache-2.0',
    'compatibility: Needs git',
    'metadata:',
    '  author: me',
    'allowed-tools: Read Grep',
  ];
  assert.deepEqual(codes(analyze(skill([...VALID, ...fine]))), []);
  assert.deepEqual(codes(analyze(skill([...VALID, 'allowed-tools: [Read, Grep]']))), []);
});

test('unknown-field: warns on the key, not on spec or client fields', () => {
  const p = only(analyze(skill([...VALID, 'version: 1.0'])), 'unknown-field');
  assert.equal(p.severity, 'warning');
  assert.deepEqual(rangeTuple(p.range), [3, 0, 3, 7]);
  assert.match(p.message, /metadata/);
  const client = [
    'argument-hint: "[file]"',
    'disable-model-invocation: true',
    'user-invocable: false',
    'when_to_use: Reviews',
    'model: opus',
    'context: fork',
    'agent: Explore',
    'hooks: {}',
    'paths: ["src/**"]',
    'disallowed-tools: Bash',
    'effort: high',
    'shell: bash',
    'license: MIT',
    'compatibility: any',
    'metadata: {a: b}',
    'allowed-tools: Read',
  ];
  assert.deepEqual(codes(analyze(skill([...VALID, ...client]))), []);
});

// --- file-level ----------------------------------------------------------------------

test('bom: warning with a removeBom fix', () => {
  const text = '\uFEFF' + skill(VALID);
  const p = only(analyze(text), 'bom');
  assert.equal(p.severity, 'warning');
  assert.deepEqual(rangeTuple(p.range), [0, 0, 0, 3]);
  assert.equal(p.fixes?.length, 1);
  assert.equal(p.fixes?.[0].removeBom, true);
  assert.deepEqual(p.fixes?.[0].edits, []);
  assert.deepEqual(codes(analyze(skill(VALID))), []);
  // Positions are counted without the BOM.
  const mismatch = only(analyze('\uFEFF' + skill(['name: other', 'description: d'])), 'name-mismatch');
  assert.deepEqual(rangeTuple(mismatch.range), [1, 6, 1, 11]);
});

test('file-name-case: skill.md instead of SKILL.md', () => {
  for (const fileName of ['skill.md', 'Skill.md', 'SKILL.MD']) {
    const p = only(analyze(skill(VALID), { fileName }), 'file-name-case');
    assert.equal(p.severity, 'warning');
    assert.deepEqual(rangeTuple(p.range), [0, 0, 0, 3]);
  }
  assert.deepEqual(codes(analyze(skill(VALID), { fileName: 'SKILL.md' })), []);
  assert.deepEqual(codes(analyze(skill(VALID))), []);
});

// --- body ----------------------------------------------------------------------------

test('body-empty: nothing but white space after the frontmatter', () => {
  for (const body of ['', '\n', '  \n\t\n']) {
    const p = only(analyze(skill(VALID, body)), 'body-empty');
    assert.equal(p.severity, 'warning');
    assert.deepEqual(rangeTuple(p.range), [3, 0, 3, 3]);
  }
  assert.deepEqual(codes(analyze('---\nname: code-review\ndescription: d\n---')), ['body-empty']);
  assert.deepEqual(codes(analyze(skill(VALID, 'x'))), []);
  assert.deepEqual(codes(analyze(skill(VALID, ''), { complete: false })), []);
});

test('body-too-long: over 500 lines (info)', () => {
  const body = (n: number) => Array.from({ length: n }, (_, i) => `line ${i + 1}`).join('\n') + '\n';
  const p = only(analyze(skill(VALID, body(501))), 'body-too-long');
  assert.equal(p.severity, 'info');
  assert.deepEqual(rangeTuple(p.range), [504, 0, 504, 8]);
  assert.match(p.message, /references\//);
  assert.match(p.message, /501/);
  assert.deepEqual(codes(analyze(skill(VALID, body(500)))), []);
  assert.deepEqual(codes(analyze(skill(VALID, body(500).slice(0, -1)))), []);
  assert.deepEqual(codes(analyze(skill(VALID, body(501)), { complete: false })), []);
});

test('problems are sorted by position', () => {
  const analysis = analyze(skill(['version: 1', 'name: Bad_Name', 'description: <b>'], ''), { folderName: 'bad-name' });
  assert.deepEqual(codes(analysis), ['unknown-field', 'name-format', 'name-mismatch', 'description-xml', 'body-empty']);
});

// --- broken-link ---------------------------------------------------------------------

test('findLinkCandidates: relative links and backticked bundle paths', () => {
  const body = [
    'See [the guide](references/guide.md#setup) and ![logo](assets/logo%20big.png "Logo").',
    'Run `scripts/run.py --fast` or `./scripts/check.sh`, not `src/app.ts`.',
    '[ref]: references/api.md?raw=1',
    '[up](../other/SKILL.md) [nested](docs/(v2)/a.md)',
    'At `references/notes.md:12`.',
  ].join('\n');
  const text = skill(VALID, body);
  const found = findLinkCandidates(text).map((c) => [c.target, c.kind, ...rangeTuple(c.range)]);
  assert.deepEqual(found, [
    ['references/guide.md', 'link', 4, 16, 4, 41],
    ['assets/logo big.png', 'link', 4, 55, 4, 76],
    ['scripts/run.py', 'code', 5, 5, 5, 19],
    ['scripts/check.sh', 'code', 5, 32, 5, 50],
    ['references/api.md', 'link', 6, 7, 6, 30],
    ['../other/SKILL.md', 'link', 7, 5, 7, 22],
    ['docs/(v2)/a.md', 'link', 7, 33, 7, 47],
    ['references/notes.md', 'code', 8, 4, 8, 23],
  ]);
});

test('findLinkCandidates: what is not a link to check', () => {
  const body = [
    '[a](#section) [b](https://x.dev/a.md) [c](mailto:me@x.dev) [d](/abs/path.md)',
    '[e]({{file}}) [f](<path>) [g](references/*.md) [h](scripts/$NAME.sh)',
    '`references/{topic}.md` `scripts/<name>.py` `references/` `references/...`',
    '```bash',
    'cat references/in-fence.md [x](references/in-fence.md) `scripts/in-fence.py`',
    '```',
    '~~~',
    '`scripts/in-tilde-fence.py`',
    '~~~',
    'Inline `[x](references/in-code.md)` is code.',
    '[^1]: A footnote, not a link.',
    '    ```',
  ].join('\n');
  assert.deepEqual(findLinkCandidates(skill(VALID, body)), []);
  // Only the body is scanned: not the frontmatter, nothing when there is no closed frontmatter.
  assert.deepEqual(findLinkCandidates(skill([...VALID, 'x: "[a](references/a.md)"'], '')), []);
  assert.deepEqual(findLinkCandidates('[a](references/a.md)\n'), []);
  assert.deepEqual(findLinkCandidates('---\nname: x\n[a](b.md)\n'), []);
});

test('findLinkCandidates: ranges skip a BOM and handle CRLF', () => {
  const text = '\uFEFF' + skill(VALID, 'Use `scripts/a.py`.\r\n', '\r\n');
  assert.deepEqual(
    findLinkCandidates(text).map((c) => rangeTuple(c.range)),
    [[4, 5, 4, 17]],
  );
});

/** The targets found in a body. */
function targets(body: string): string[] {
  return findLinkCandidates(skill(VALID, body)).map((c) => c.target);
}

test('findLinkCandidates: a code span that is a call is not a path', () => {
  assert.deepEqual(
    targets('Call `scripts/lib/x.run(a, b)` or `scripts/lib/prompts.build()` or `./scripts/lib/io.read(path);`.'),
    [],
  );
  // Paths that merely hold parentheses, and commands with arguments, are still checked.
  assert.deepEqual(targets('Run `scripts/run.py (fast)` and read `references/(v2)/a.md` and `references/a(1).md`.'), [
    'scripts/run.py',
    'references/(v2)/a.md',
    'references/a(1).md',
  ]);
});

test('findLinkCandidates: an ellipsis is a placeholder, in a code span or a link', () => {
  const body =
    'Put it in `scripts/…` or `scripts/scripts/…` or `references/…/x.md`; see [a](references/...) and [b](assets/….png).';
  assert.deepEqual(targets(body), []);
  // Two dots are a parent folder, not an ellipsis.
  assert.deepEqual(targets('See [up](../other/a.md) and `references/..hidden.md`.'), [
    '../other/a.md',
    'references/..hidden.md',
  ]);
});

test('findLinkCandidates: a line suffix (:12, :12:5, :32-49) is stripped, in code spans and links', () => {
  const text = skill(
    VALID,
    'At `scripts/a.py:32-49` and `scripts/b.py:12:5` and [c](references/c.md:32-49) and [d](references/d.md:7).',
  );
  const found = findLinkCandidates(text).map((c) => [c.target, ...rangeTuple(c.range)]);
  assert.deepEqual(found, [
    ['scripts/a.py', 4, 4, 4, 16],
    ['scripts/b.py', 4, 29, 4, 41],
    ['references/c.md', 4, 56, 4, 77],
    ['references/d.md', 4, 87, 4, 104],
  ]);
  // Only line numbers are dropped: other suffixes stay part of the path.
  assert.deepEqual(targets('`scripts/a.py:main` `references/b.md:x-1`'), ['scripts/a.py:main', 'references/b.md:x-1']);
});

test('findLinkCandidates: a path introduced by "e.g." or "such as" is an illustration', () => {
  const illustrations = [
    'Organise by variant (e.g., `references/aws.md`, `references/gcp.md` or `references/azure.md`).',
    'Open the type file (e.g. `references/diagrams/flowchart.md`) for the template.',
    'Never include scripts with side effects (e.g., `./scripts/deploy.sh`).',
    'One file per command (e.g. [`reference/video.md`](reference/video.md)).',
    'Use helpers such as `scripts/lint.sh` and `scripts/fmt.sh`.',
    'Keep templates, such as: [the invoice](assets/invoice.html).',
    'E.g. **`scripts/setup.sh`** creates it; e.g `assets/a.png`; e. g. `assets/b.png`.',
  ];
  for (const body of illustrations) assert.deepEqual(targets(body), [], body);
  // The same shapes without an introducer just before them are still checked.
  const cases: [string, string[]][] = [
    // The introducer must stand just before the path (or before a list of paths that it starts).
    ['Run `scripts/deploy.sh` (e.g. on Fridays).', ['scripts/deploy.sh']],
    ['Names (e.g. `iso-42001`), then [the guide](references/guide.md).', ['references/guide.md']],
    ['Subdivide (e.g., `scripts-redshift/` rather than `scripts/redshift/x.sh`).', ['scripts/redshift/x.sh']],
    [
      'Read `references/a.md` first; such as it is, `references/b.md` comes next.',
      ['references/a.md', 'references/b.md'],
    ],
    // Only "e.g." and "such as" introduce an illustration; "for example" may name a real file.
    ['Skill-root paths, for example `scripts/fetch_checks.py`.', ['scripts/fetch_checks.py']],
    // Words that end in "eg" or "such as" inside another word are not introducers.
    ['The leg `scripts/leg.py` and nonsuch as `scripts/b.py`.', ['scripts/leg.py', 'scripts/b.py']],
    [
      'Ellipsis-free: `scripts/run.py`, [a](references/a.md), `scripts/lib/x.py`.',
      ['scripts/run.py', 'references/a.md', 'scripts/lib/x.py'],
    ],
  ];
  for (const [body, expected] of cases) assert.deepEqual(targets(body), expected, body);
});

/** A FileSystem over a set of existing paths. */
function fakeFs(paths: string[]): FileSystem {
  const stat = (path: string): EntryStat | undefined =>
    paths.includes(path) ? { kind: 'file', isSymlink: false, size: 1, mtime: 0 } : undefined;
  return {
    stat: async (path) => stat(path),
    readDirectory: async (): Promise<DirectoryEntry[]> => [],
    readFile: async () => new Uint8Array(),
    realPath: async (path) => path,
  };
}

test('findBrokenLinks: warns on missing targets, inside or outside the skill folder', async () => {
  const text = skill(
    VALID,
    '[ok](references/ok.md) [gone](references/gone.md) `scripts/x.py` [up](../shared/ok.md) [out](../missing.md)\n',
  );
  const fs = fakeFs(['/skills/code-review/references/ok.md', '/skills/shared/ok.md']);
  const problems = await findBrokenLinks(findLinkCandidates(text), '/skills/code-review', fs);
  assert.deepEqual(
    problems.map((p) => [p.code, p.severity, ...rangeTuple(p.range)]),
    [
      ['broken-link', 'warning', 4, 30, 4, 48],
      ['broken-link', 'warning', 4, 51, 4, 63],
      ['broken-link', 'warning', 4, 93, 4, 106],
    ],
  );
  assert.match(problems[0].message, /references\/gone\.md/);
  assert.match(problems[2].message, /outside the skill folder/);
  assert.deepEqual(
    await findBrokenLinks(findLinkCandidates(skill(VALID, '[ok](references/ok.md)')), '/skills/code-review', fs),
    [],
  );
});
