// The Porter stemmer (M. F. Porter, "An algorithm for suffix stripping", 1980), so that
// "tests", "testing" and "tested" meet as one term in the lexical ranker (docs/routing.md).
// Written from the published algorithm; words of two letters or fewer are left alone.

const VOWELS = 'aeiou';

/** True when the letter at `i` acts as a consonant ('y' after a consonant is a vowel). */
function isConsonant(word: string, i: number): boolean {
  const c = word[i];
  if (VOWELS.includes(c)) return false;
  if (c === 'y') return i === 0 || !isConsonant(word, i - 1);
  return true;
}

/** m: the number of vowel-consonant sequences in `stem` ([C](VC)^m[V]). */
function measure(stem: string): number {
  let m = 0;
  let i = 0;
  const n = stem.length;
  while (i < n && isConsonant(stem, i)) i++;
  while (i < n) {
    while (i < n && !isConsonant(stem, i)) i++;
    if (i >= n) break;
    while (i < n && isConsonant(stem, i)) i++;
    m++;
  }
  return m;
}

function hasVowel(stem: string): boolean {
  for (let i = 0; i < stem.length; i++) if (!isConsonant(stem, i)) return true;
  return false;
}

function endsDoubleConsonant(word: string): boolean {
  const n = word.length;
  return n >= 2 && word[n - 1] === word[n - 2] && isConsonant(word, n - 1);
}

/** *o: the stem ends consonant-vowel-consonant, the last not w, x or y. */
function endsCvc(word: string): boolean {
  const n = word.length;
  if (n < 3) return false;
  if (!isConsonant(word, n - 1) || isConsonant(word, n - 2) || !isConsonant(word, n - 3)) return false;
  return !'wxy'.includes(word[n - 1]);
}

/** Replaces the first matching suffix whose stem has measure > `minMeasure`. */
function replaceSuffix(word: string, rules: readonly (readonly [string, string])[], minMeasure: number): string {
  for (const [suffix, replacement] of rules) {
    if (!word.endsWith(suffix)) continue;
    const stem = word.slice(0, -suffix.length);
    return measure(stem) > minMeasure ? stem + replacement : word;
  }
  return word;
}

const STEP2: readonly (readonly [string, string])[] = [
  ['ational', 'ate'],
  ['tional', 'tion'],
  ['enci', 'ence'],
  ['anci', 'ance'],
  ['izer', 'ize'],
  ['bli', 'ble'],
  ['alli', 'al'],
  ['entli', 'ent'],
  ['eli', 'e'],
  ['ousli', 'ous'],
  ['ization', 'ize'],
  ['ation', 'ate'],
  ['ator', 'ate'],
  ['alism', 'al'],
  ['iveness', 'ive'],
  ['fulness', 'ful'],
  ['ousness', 'ous'],
  ['aliti', 'al'],
  ['iviti', 'ive'],
  ['biliti', 'ble'],
  ['logi', 'log'],
];
const STEP3: readonly (readonly [string, string])[] = [
  ['icate', 'ic'],
  ['ative', ''],
  ['alize', 'al'],
  ['iciti', 'ic'],
  ['ical', 'ic'],
  ['ful', ''],
  ['ness', ''],
];
const STEP4 = [
  'al',
  'ance',
  'ence',
  'er',
  'ic',
  'able',
  'ible',
  'ant',
  'ement',
  'ment',
  'ent',
  'ion',
  'ou',
  'ism',
  'ate',
  'iti',
  'ous',
  'ive',
  'ize',
];

function step1ab(word: string): string {
  if (word.endsWith('sses')) word = word.slice(0, -2);
  else if (word.endsWith('ies')) word = word.slice(0, -2);
  else if (!word.endsWith('ss') && word.endsWith('s')) word = word.slice(0, -1);

  if (word.endsWith('eed')) return measure(word.slice(0, -3)) > 0 ? word.slice(0, -1) : word;
  let stem: string | undefined;
  if (word.endsWith('ed') && hasVowel(word.slice(0, -2))) stem = word.slice(0, -2);
  else if (word.endsWith('ing') && hasVowel(word.slice(0, -3))) stem = word.slice(0, -3);
  if (stem === undefined) return word;
  if (stem.endsWith('at') || stem.endsWith('bl') || stem.endsWith('iz')) return stem + 'e';
  if (endsDoubleConsonant(stem) && !'lsz'.includes(stem[stem.length - 1])) return stem.slice(0, -1);
  if (measure(stem) === 1 && endsCvc(stem)) return stem + 'e';
  return stem;
}

function step1c(word: string): string {
  return word.endsWith('y') && hasVowel(word.slice(0, -1)) ? word.slice(0, -1) + 'i' : word;
}

function step4(word: string): string {
  // Longest suffix first, as the algorithm requires.
  const suffix = STEP4.filter((s) => word.endsWith(s)).sort((a, b) => b.length - a.length)[0];
  if (!suffix) return word;
  const stem = word.slice(0, -suffix.length);
  if (measure(stem) <= 1) return word;
  if (suffix === 'ion' && !(stem.endsWith('s') || stem.endsWith('t'))) return word;
  return stem;
}

function step5(word: string): string {
  if (word.endsWith('e')) {
    const stem = word.slice(0, -1);
    const m = measure(stem);
    if (m > 1 || (m === 1 && !endsCvc(stem))) word = stem;
  }
  if (measure(word) > 1 && endsDoubleConsonant(word) && word.endsWith('l')) word = word.slice(0, -1);
  return word;
}

/** Stems already worked out: a catalog's texts repeat the same few thousand words. */
const stems = new Map<string, string>();
const MAX_KEPT_STEMS = 50_000;

/** The Porter stem of a lowercase word; words with characters outside a-z are returned as they are. */
export function porterStem(word: string): string {
  if (word.length <= 2 || !/^[a-z]+$/.test(word)) return word;
  let stem = stems.get(word);
  if (stem === undefined) {
    stem = stemOf(word);
    if (stems.size >= MAX_KEPT_STEMS) stems.clear();
    stems.set(word, stem);
  }
  return stem;
}

function stemOf(word: string): string {
  let w = step1ab(word);
  w = step1c(w);
  w = replaceSuffix(w, STEP2, 0);
  w = replaceSuffix(w, STEP3, 0);
  w = step4(w);
  return step5(w);
}
