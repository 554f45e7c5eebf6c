// The one path module (core/base/paths): POSIX and Windows semantics, each tested with its
// own flavor whatever the machine, with expected values written out by hand.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  basenamePath,
  dirnamePath,
  expandHome,
  isAbsoluteOnAnyPlatform,
  isAbsolutePath,
  isInside,
  MACOS_PATHS,
  normalizePath,
  pathKey,
  POSIX_PATHS,
  rawSegments,
  relativePath,
  resolvePath,
  samePath,
  toNativePath,
  WINDOWS_PATHS,
} from '../../src/core/base/paths';

const P = POSIX_PATHS;
const W = WINDOWS_PATHS;

test('normalize: POSIX', () => {
  const cases: [string, string][] = [
    ['/a/b/../c/', '/a/c'],
    ['/a//b/./c', '/a/b/c'],
    ['/../x', '/x'],
    ['/', '/'],
    ['a/../../b', '../b'],
    ['./a/', 'a'],
    ['', '.'],
    ['a\\b', 'a\\b'], // a backslash is a character of a POSIX file name
    ['C:/x', 'C:/x'], // a relative path on POSIX
  ];
  for (const [input, expected] of cases) assert.equal(normalizePath(input, P), expected, input);
});

test('normalize: Windows drive letters, both separators, UNC', () => {
  const cases: [string, string][] = [
    ['C:\\Users\\Me\\skills', 'C:/Users/Me/skills'],
    ['c:\\users\\me', 'C:/users/me'],
    ['c:/x/../y\\', 'C:/y'],
    ['C:', 'C:/'],
    ['C:\\', 'C:/'],
    ['C:\\..\\x', 'C:/x'],
    ['\\\\server\\share\\skills\\x', '//server/share/skills/x'],
    ['//server/share', '//server/share/'],
    ['\\\\server\\share\\..\\..\\x', '//server/share/x'],
    ['.claude\\skills', '.claude/skills'],
    ['/x/y', '/x/y'],
  ];
  for (const [input, expected] of cases) assert.equal(normalizePath(input, W), expected, input);
});

test('absolute: by flavor', () => {
  for (const p of ['/x', '/']) assert.equal(isAbsolutePath(p, P), true, p);
  for (const p of ['x', 'C:/x', 'C:\\x', '~/x', '']) assert.equal(isAbsolutePath(p, P), false, p);
  for (const p of ['C:/x', 'C:\\x', 'c:', '\\\\server\\share\\x', '//server/share', '/x', '\\x'])
    assert.equal(isAbsolutePath(p, W), true, p);
  for (const p of ['x', '.claude\\skills', '~/x', 'C', 'skills/C:']) assert.equal(isAbsolutePath(p, W), false, p);
});

test('dirname and basename, roots included', () => {
  assert.equal(dirnamePath('/a/b/SKILL.md', P), '/a/b');
  assert.equal(dirnamePath('/a', P), '/');
  assert.equal(dirnamePath('/', P), '/');
  assert.equal(dirnamePath('C:/a', W), 'C:/');
  assert.equal(dirnamePath('C:\\a\\b', W), 'C:/a');
  assert.equal(dirnamePath('//srv/share/x', W), '//srv/share/');
  assert.equal(basenamePath('/a/b/SKILL.md', P), 'SKILL.md');
  assert.equal(basenamePath('C:\\a\\b', W), 'b');
  assert.equal(basenamePath('C:/', W), '');
  assert.equal(basenamePath('a\\b', P), 'a\\b');
});

test('isInside: whole segments only, case folded where the disk ignores case', () => {
  assert.equal(isInside('/a/b/c', '/a/b', P), true);
  assert.equal(isInside('/a/b', '/a/b', P), true);
  assert.equal(isInside('/a/bc', '/a/b', P), false, 'a prefix of a name is not a parent');
  assert.equal(isInside('/a/B/c', '/a/b', P), false, 'POSIX compares case');
  assert.equal(isInside('/anything', '/', P), true);
  assert.equal(isInside('C:\\Skills\\X\\SKILL.md', 'c:/skills', W), true);
  assert.equal(isInside('c:/skills/x', 'C:\\SKILLS\\', W), true);
  assert.equal(isInside('D:/skills/x', 'C:/skills', W), false);
  assert.equal(isInside('//srv/share/a', '//SRV/share', W), true);
  assert.equal(isInside('/Users/Me/Skills/x', '/users/me/skills', MACOS_PATHS), true);
});

test('samePath and pathKey', () => {
  assert.equal(samePath('C:\\Users\\Me', 'c:/users/me/', W), true);
  assert.equal(samePath('/Users/me', '/users/me', P), false);
  assert.equal(pathKey('C:\\Users\\Me', W), 'c:/users/me');
  assert.equal(pathKey('/Users/Me', P), '/Users/Me');
});

test('relativePath: below, beside, the same, and across drives', () => {
  assert.equal(relativePath('/ws', '/ws/skills/x', P), 'skills/x');
  assert.equal(relativePath('/ws/a', '/ws/b/c', P), '../b/c');
  assert.equal(relativePath('/ws', '/ws', P), '');
  assert.equal(relativePath('C:\\WS', 'c:/ws/Skills', W), 'Skills');
  assert.equal(relativePath('C:/ws', 'D:/ws', W), undefined);
});

test('resolve, native form, home and the guards for model-given paths', () => {
  assert.equal(resolvePath('/ws', 'skills/../x', P), '/ws/x');
  assert.equal(resolvePath('/ws', '/abs', P), '/abs');
  assert.equal(resolvePath('C:/ws', 'D:\\abs', W), 'D:/abs');
  assert.equal(resolvePath('C:/ws', '.agents\\skills', W), 'C:/ws/.agents/skills');
  assert.equal(toNativePath('C:/ws/x', W), 'C:\\ws\\x');
  assert.equal(toNativePath('/ws/x', P), '/ws/x');
  assert.equal(expandHome('~/.claude/skills', '/home/me', P), '/home/me/.claude/skills');
  assert.equal(expandHome('~\\.claude\\skills', 'C:\\Users\\Me', W), 'C:/Users/Me/.claude/skills');
  assert.equal(expandHome('~', 'C:\\Users\\Me', W), 'C:/Users/Me');
  assert.equal(expandHome('skills', '/home/me', P), 'skills');
  for (const p of ['/x', '\\x', 'C:x', 'c:\\x', '\\\\srv\\share', '~', '~/x'])
    assert.equal(isAbsoluteOnAnyPlatform(p), true, p);
  for (const p of ['x', 'references/a.md', '.\\x', '..\\x']) assert.equal(isAbsoluteOnAnyPlatform(p), false, p);
  assert.deepEqual(rawSegments('a\\..\\b//c/'), ['a', '..', 'b', 'c']);
});

test('canonical paths come back as they are, and every other form is rewritten', () => {
  for (const p of ['/a/b', '/', 'a/b', '../a', '.a/b..', 'a/.b']) assert.equal(normalizePath(p, P), p, p);
  for (const [p, q] of [
    ['//a', '/a'],
    ['/a/', '/a'],
    ['a/./b', 'a/b'],
    ['./a', 'a'],
    ['a/..', '.'],
    ['/a//b', '/a/b'],
  ])
    assert.equal(normalizePath(p, P), q, p);
  for (const p of ['C:/a/b', 'C:/', '//srv/share/a', '//srv/share/']) assert.equal(normalizePath(p, W), p, p);
  for (const [p, q] of [
    ['c:/a', 'C:/a'],
    ['C:', 'C:/'],
    ['//srv/share', '//srv/share/'],
    ['C:\\a', 'C:/a'],
  ])
    assert.equal(normalizePath(p, W), q, p);
  // dirname and basename agree with the parsed forms on canonical paths.
  for (const p of ['/a/b/c', '/a', 'C:/a/b', 'C:/a', '//srv/share/a/b', '//srv/share/a']) {
    const flavor = p.startsWith('/') && !p.startsWith('//') ? P : W;
    assert.equal(
      dirnamePath(p, flavor) + (dirnamePath(p, flavor).endsWith('/') ? '' : '/') + basenamePath(p, flavor),
      p,
      p,
    );
  }
});
