// Text to terms for the lexical ranker (docs/routing.md, "The lexical ranker"): the same
// steps for a query and for what the model sees of a skill, so that they meet.
//   - NFKC and lower case; a few technical names that punctuation would break keep one
//     form (`C#` and `csharp`, `.NET` and `dotnet`, `C++` and `cpp`);
//   - identifiers are split where people read word breaks: `getWeather`, `rename_branch`,
//     `dotnet-xunit`, `GitOps.rename_branch`;
//   - Chinese and Japanese, written without spaces, become overlapping character pairs;
//   - English stop words go; every other word is reduced to its Porter stem.
import { porterStem } from './stemmer';

/** Spellings whose punctuation is part of the name, the one term each becomes, and what a text must hold for it to apply. */
const SYMBOL_TERMS: readonly (readonly [RegExp, string, string])[] = [
  [/(^|[^\p{L}\p{N}])c#(?![\p{L}\p{N}])/gu, '$1 csharp ', 'c#'],
  [/(^|[^\p{L}\p{N}])f#(?![\p{L}\p{N}])/gu, '$1 fsharp ', 'f#'],
  [/(^|[^\p{L}\p{N}])c\+\+(?![\p{L}\p{N}])/gu, '$1 cpp ', 'c++'],
  [/(^|[^\p{L}\p{N}.])\.net(?![\p{L}\p{N}])/gu, '$1 dotnet ', '.net'],
];

/** Function words that say nothing about what a request is for. */
const STOP_WORDS = new Set(
  (
    'a about above after again against all am an and any are as at be because been before being below between both but by ' +
    'can could did do does doing down during each few for from further had has have having he her here hers herself him ' +
    'himself his how i if in into is it its itself just me more most my myself no nor not of off on once only or other ' +
    'our ours ourselves out over own same she should so some such than that the their theirs them themselves then there ' +
    'these they this those through to too under until up very was we were what when where which while who whom why will ' +
    "with would you your yours yourself yourselves also may might must shall let lets please via etc e g ie eg i'm it's " +
    "don't can't won't i'd i'll i've you're " +
    // The words of asking: a request "needs", "wants" or "would like" help "using" something.
    'use uses used using need needs want wants help like'
  ).split(' '),
);

/** One word as it appears, before stemming: lower-cased, split at identifier breaks. */
export function words(text: string): string[] {
  // Most text is ASCII: its letters are A-Z and a-z, its digits 0-9, none of it is Chinese or
  // Japanese, and it is its own NFKC form. The same steps then run on expressions without
  // Unicode classes, which cost several times less (test/unit/routingTerms.test.ts holds the
  // two ways to the same words).
  return /^\p{ASCII}*$/u.test(text) ? asciiWords(text) : unicodeWords(text);
}

/** words() of any text. */
export function unicodeWords(text: string): string[] {
  let folded = text.normalize('NFKC');
  // camelCase and PascalCase boundaries, before lower-casing erases them.
  folded = folded.replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2').replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, '$1 $2');
  folded = folded.toLowerCase();
  for (const [pattern, term, needle] of SYMBOL_TERMS)
    if (folded.includes(needle)) folded = folded.replace(pattern, term);
  return (folded.match(/[\p{L}\p{N}]+(?:'[\p{L}]+)?/gu) ?? []).flatMap(unspacedBigrams);
}

/** words() of an ASCII text. */
export function asciiWords(text: string): string[] {
  let folded = text.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/([A-Z])([A-Z][a-z])/g, '$1 $2');
  folded = folded.toLowerCase();
  for (const [pattern, term, needle] of SYMBOL_TERMS)
    if (folded.includes(needle)) folded = folded.replace(pattern, term);
  return folded.match(/[a-z0-9]+(?:'[a-z]+)?/g) ?? [];
}

/** Chinese and Japanese scripts, written without spaces between words. */
const UNSPACED = /([\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]+)/u;

/**
 * A run of Chinese or Japanese characters has no word breaks to split at; without a
 * dictionary, the standard stand-in is its overlapping pairs of characters ("天气预报" is
 * 天气, 气预, 预报), as Lucene's CJK analyzer does. A lone character stays as it is.
 */
function unspacedBigrams(word: string): string[] {
  if (!UNSPACED.test(word)) return [word];
  const found: string[] = [];
  for (const part of word.split(UNSPACED)) {
    if (part === '') continue;
    const characters = [...part];
    if (!UNSPACED.test(part) || characters.length === 1) found.push(part);
    else for (let i = 1; i < characters.length; i++) found.push(characters[i - 1] + characters[i]);
  }
  return found;
}

/** The ranker's terms of a text, in order (stop words removed, stems kept). */
export function terms(text: string): string[] {
  const found: string[] = [];
  for (const word of words(text)) {
    if (STOP_WORDS.has(word)) continue;
    const bare = word.includes("'") ? word.replace(/'[\p{L}]+$/u, '') : word;
    if (bare === '' || STOP_WORDS.has(bare)) continue;
    found.push(porterStem(bare));
  }
  return found;
}
