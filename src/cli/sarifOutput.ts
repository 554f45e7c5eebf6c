// `skillsmith validate --format sarif` (docs/cli.md): the findings as SARIF 2.1.0, the format
// GitHub code scanning and other CI tools read. One run, one rule per code found (its help and link
// from core/base/problemHelp.ts), each result at its file (relative to the folder validate ran in,
// under %SRCROOT%) and its exact range.
// Security and quality findings carry their tag, as the review shows them apart.
import { PROBLEM_HELP, problemHelpUri } from '../core/base/problemHelp';
import type { Problem } from '../core/base/types';
import { relativePath } from '../core/base/paths';
import { isQualityCode, isSecurityCode, OWASP_AST_CLASS } from '../core/review';
import type { FileReport } from '../core/validate/validateReports';

const LEVEL: Readonly<Record<Problem['severity'], 'error' | 'warning' | 'note'>> = {
  error: 'error',
  warning: 'warning',
  info: 'note',
};

/** The file's URI: relative to `cwd` when it lies below it, else an absolute file URI. */
function artifactLocation(path: string, cwd: string): { uri: string; uriBaseId?: string } {
  const shown = relativePath(cwd, path);
  if (shown !== undefined && shown !== '' && !shown.startsWith('..'))
    return { uri: shown.split('/').map(encodeURIComponent).join('/'), uriBaseId: '%SRCROOT%' };
  return { uri: fileUri(path) };
}

/** A file URI for a path in the core's form (`/a/b` or `C:/a/b`). */
function fileUri(path: string): string {
  const segments = path.split('/');
  const drive = /^[A-Za-z]:$/.test(segments[0]);
  const encoded = segments.map((s, i) => (i === 0 && drive ? s : encodeURIComponent(s))).join('/');
  return drive ? `file:///${encoded}` : `file://${encoded}`;
}

/** The SARIF 2.1.0 log of the reports, as a JSON string. */
export function validateSarif(reports: readonly FileReport[], cwd: string, version: string): string {
  const codes = [...new Set(reports.flatMap((r) => r.problems.map((p) => p.code)))].sort();
  const rules = codes.map((code) => ({
    id: code,
    name: code,
    shortDescription: { text: PROBLEM_HELP[code].summary },
    help: {
      text: `${PROBLEM_HELP[code].summary} See ${problemHelpUri(code)}`,
      markdown: `${PROBLEM_HELP[code].summary} [Read more](${problemHelpUri(code)}).`,
    },
    helpUri: problemHelpUri(code),
    properties: {
      tags: isSecurityCode(code)
        ? ['security', ...(OWASP_AST_CLASS[code] ? [`OWASP-${OWASP_AST_CLASS[code].split(' ')[0]}`] : [])]
        : isQualityCode(code)
          ? ['quality']
          : ['format'],
    },
  }));
  const results = reports.flatMap((report) =>
    report.problems.map((p) => ({
      ruleId: p.code,
      ruleIndex: codes.indexOf(p.code),
      level: LEVEL[p.severity],
      message: { text: p.message },
      locations: [
        {
          physicalLocation: {
            artifactLocation: artifactLocation(report.path, cwd),
            region: {
              startLine: p.range.start.line + 1,
              startColumn: p.range.start.character + 1,
              endLine: p.range.end.line + 1,
              endColumn: p.range.end.character + 1,
            },
          },
        },
      ],
    })),
  );
  return JSON.stringify({
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'skillsmith',
            version,
            informationUri: 'https://github.com/skillsmith-dev/skillsmith',
            rules,
          },
        },
        originalUriBaseIds: { '%SRCROOT%': { uri: `${fileUri(cwd)}/` } },
        results,
      },
    ],
  });
}
