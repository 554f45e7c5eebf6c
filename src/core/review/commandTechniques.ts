// The techniques the review looks for in a line of code (docs/rules.md, "Security"): each a
// pattern that must stand where a command starts (AT), with the literal needles that let a
// line without any of them be skipped. commandRisks.ts reads lines against them.
import { CREDENTIAL_TECHNIQUES } from './credentialTechniques';
import { AT, CREDENTIAL_PATH, SHELL, HOME, SKILL_DIR, any, cmd, type Technique } from './techniquePatterns';

export { AT, type Technique };

export const TECHNIQUES: readonly Technique[] = [
  // Piping a download into a shell or an interpreter.
  {
    code: 'download-exec',
    what: 'pipes a download into a shell',
    needs: ['curl', 'wget'],
    pattern: cmd(String.raw`(?:curl|wget)\b[^\n|]*\|\s*${SHELL}`),
  },
  {
    code: 'download-exec',
    what: 'pipes a download into an interpreter',
    needs: ['curl', 'wget'],
    pattern: cmd(
      String.raw`(?:curl|wget)\b[^\n|]*\|\s*(?:sudo\s+)?(?:python[0-9.]*|node|perl|ruby|php)(?:\s+-)?\s*(?:$|[;&|)])`,
    ),
  },
  {
    code: 'download-exec',
    what: 'runs a download as a shell script',
    needs: ['curl', 'wget'],
    pattern: cmd(String.raw`(?:(?:ba|z)?sh|source|\.)\s+(?:-c\s+)?["']?(?:<\(|\$\()\s*(?:curl|wget)\b`),
  },
  // A release archive unpacked straight into a folder of programs: they run later, unchecked.
  {
    code: 'download-exec',
    what: 'unpacks a download straight into a folder of programs',
    advice:
      'what arrived runs later as a trusted program, unchecked. Verify its checksum or signature before unpacking.',
    needs: ['curl', 'wget'],
    pattern: cmd(
      String.raw`(?:curl|wget)\b[^\n]*?\|\s*(?:sudo\s+)?tar\s+[^\n|;]*-C\s+["']?/(?:usr/(?:local/)?|opt/[^\s"']*/)?s?bin\b`,
    ),
  },
  {
    code: 'download-exec',
    what: 'pipes a download into Invoke-Expression',
    needs: ['iex', 'invoke-expression'],
    pattern: cmd(
      String.raw`(?:iwr|irm|Invoke-WebRequest|Invoke-RestMethod|curl|wget)\b[^\n|]*\|\s*(?:iex|Invoke-Expression)\b`,
    ),
  },
  {
    code: 'download-exec',
    what: 'runs a download with Invoke-Expression',
    needs: ['iex', 'invoke-expression'],
    pattern: any(
      String.raw`\b(?:iex|Invoke-Expression)\s*\(?\s*(?:\(\s*)?(?:New-Object\s+(?:System\.)?Net\.WebClient\s*\)?\s*\.DownloadString|iwr\b|irm\b|Invoke-WebRequest|Invoke-RestMethod)`,
    ),
  },
  // Recursive deletes of the root or the home folder.
  {
    code: 'destructive-delete',
    what: 'deletes the root or home folder recursively',
    needs: ['rm'],
    pattern: cmd(
      String.raw`rm\s+(?:-[a-zA-Z]*\s+|--[a-z-]+\s+)*-[a-zA-Z]*[rR][a-zA-Z]*\s+(?:-[a-zA-Z]+\s+|--[a-z-]+\s+)*(?:/\*?|${HOME}/?\*?|"?\$HOME/\*?"?)(?=\s|$|[;&|"'])`,
    ),
  },
  {
    code: 'destructive-delete',
    what: 'deletes the root or home folder recursively',
    needs: ['rm'],
    pattern: cmd(String.raw`rm\s+(?:-[a-zA-Z]+\s+)*--no-preserve-root`),
  },
  {
    code: 'destructive-delete',
    what: 'deletes the root or home folder recursively',
    needs: ['remove-item'],
    pattern: any(
      String.raw`\bRemove-Item\b[^\n]*-Recurse\b[^\n]*(?:\s)(?:~|\$HOME|\$env:USERPROFILE|[A-Za-z]:\\?|/)(?=\s|$)`,
    ),
  },
  {
    code: 'destructive-delete',
    what: 'deletes the root or home folder recursively',
    needs: ['rmtree'],
    pattern: any(
      String.raw`\bshutil\.rmtree\(\s*(?:os\.path\.expanduser\(\s*["']~/?["']\s*\)|["'](?:/|~/?)["']|Path\.home\(\)\s*\))`,
    ),
  },
  // Reverse shells.
  {
    code: 'reverse-shell',
    what: 'opens a reverse shell',
    needs: ['/dev/tcp/', '/dev/udp/'],
    pattern: any(String.raw`/dev/(?:tcp|udp)/[A-Za-z0-9.$_{}-]+/[0-9$]`),
  },
  {
    code: 'reverse-shell',
    what: 'opens a reverse shell',
    needs: ['nc', 'netcat'],
    pattern: cmd(
      String.raw`(?:nc|ncat|netcat)\b[^\n|;]*\s(?:-e|-c|--exec|--sh-exec)\s+\S*(?:sh|bash|cmd(?:\.exe)?|powershell)\b`,
    ),
  },
  {
    code: 'reverse-shell',
    what: 'opens a reverse shell',
    needs: ['mkfifo'],
    pattern: cmd(String.raw`mkfifo\b[^\n]*\b(?:nc|ncat|netcat)\b`),
  },
  {
    code: 'reverse-shell',
    what: 'opens a reverse shell',
    needs: ['socat'],
    pattern: cmd(String.raw`socat\b[^\n]*\b(?:exec|system):[^\n]*(?:sh|bash)\b`),
  },
  {
    code: 'reverse-shell',
    what: 'opens a reverse shell',
    needs: ['dup2'],
    pattern: any(String.raw`\bos\.dup2\(\s*\w+\.fileno\(\)\s*,\s*[012]\s*\)`),
  },
  {
    code: 'reverse-shell',
    what: 'opens a reverse shell',
    needs: ['tcpclient'],
    pattern: any(String.raw`Net\.Sockets\.TCPClient\([^)]*\)[^\n]*GetStream`),
  },
  // Decoding hidden code and running it.
  {
    code: 'obfuscated-exec',
    what: 'decodes base64 and runs it',
    needs: ['base64'],
    pattern: any(String.raw`\bbase64\s+(?:-d|--decode|-D|-di)\b[^\n]*\|\s*${SHELL}`),
  },
  {
    code: 'obfuscated-exec',
    what: 'decodes base64 and runs it',
    needs: ['base64'],
    pattern: any(String.raw`\b(?:eval|exec)\b\s*\(?\s*["']?\$\([^)]*\bbase64\s+(?:-d|--decode|-D)`),
  },
  {
    code: 'obfuscated-exec',
    what: 'runs an encoded PowerShell command',
    needs: ['powershell', 'pwsh'],
    pattern: any(
      String.raw`\b(?:powershell|pwsh)(?:\.exe)?\b[^\n]*\s-(?:e|ec|en|enc|encodedcommand)\s+[A-Za-z0-9+/=]{16,}`,
    ),
  },
  {
    code: 'obfuscated-exec',
    what: 'decodes hidden code and runs it',
    needs: ['exec', 'eval'],
    pattern: any(
      String.raw`\b(?:exec|eval)\s*\(\s*(?:base64\.b64decode|codecs\.decode|zlib\.decompress|bytes\.fromhex|__import__\(\s*["'](?:base64|zlib|codecs)|atob\s*\(|Buffer\.from\([^)]*["'](?:base64|hex)["'])`,
    ),
  },
  {
    code: 'obfuscated-exec',
    what: 'decodes hex and runs it',
    needs: ['xxd'],
    pattern: any(String.raw`\bxxd\s+-r\s+-p\b[^\n]*\|\s*${SHELL}`),
  },
  // World-writable permissions.
  {
    code: 'world-writable',
    what: 'makes files writable by everyone',
    needs: ['chmod'],
    pattern: cmd(String.raw`chmod\s+(?:-[a-zA-Z]+\s+)*(?:0?777|a\+rwx|ugo\+rwx|a=rwx)(?=\s|$|[;&|"'])`),
  },
  // TLS certificate checks turned off.
  {
    code: 'tls-verification-off',
    what: 'turns off TLS certificate checks',
    needs: ['curl'],
    pattern: cmd(String.raw`curl\b[^\n|;]*\s(?:-k|--insecure|-[a-jl-zA-Z]*k[a-zA-Z]*)(?=\s|$)`),
  },
  {
    code: 'tls-verification-off',
    what: 'turns off TLS certificate checks',
    needs: ['no-check-certificate'],
    pattern: any(String.raw`--no-check-certificate\b`),
  },
  {
    code: 'tls-verification-off',
    what: 'turns off TLS certificate checks',
    needs: ['node_tls_reject_unauthorized'],
    pattern: any(String.raw`\bNODE_TLS_REJECT_UNAUTHORIZED\b\s*[=:]\s*["']?0\b`),
  },
  {
    code: 'tls-verification-off',
    what: 'turns off TLS certificate checks',
    needs: ['rejectunauthorized'],
    pattern: any(String.raw`\brejectUnauthorized\s*:\s*false\b`),
  },
  {
    code: 'tls-verification-off',
    what: 'turns off TLS certificate checks',
    needs: ['verify'],
    // An argument of a call (`get(url, verify=False)`, a line of a multi-line call) or an
    // attribute (`session.verify = False`): a bare `verify=False` in prose names a flag,
    // which in many libraries has nothing to do with TLS.
    pattern: new RegExp(String.raw`(?<=[(,]\s*|^\s+|\.)verify\s*=\s*False\b`, 'g'),
  },
  {
    code: 'tls-verification-off',
    what: 'turns off TLS certificate checks',
    needs: ['_create_unverified_context', 'cert_none', 'pythonhttpsverify'],
    pattern: any(String.raw`\bssl\._create_unverified_context\b|\bssl\.CERT_NONE\b|\bPYTHONHTTPSVERIFY\s*=\s*["']?0\b`),
  },
  {
    code: 'tls-verification-off',
    what: 'turns off TLS certificate checks',
    needs: ['sslverify', 'git_ssl_no_verify'],
    pattern: any(String.raw`\bhttp\.sslVerify\s*(?:=\s*|\s+)(?:false|0)\b|\bGIT_SSL_NO_VERIFY\s*=\s*["']?(?:1|true)\b`),
  },
  {
    code: 'tls-verification-off',
    what: 'turns off TLS certificate checks',
    needs: ['strict-ssl'],
    pattern: any(String.raw`\bstrict-ssl\s*(?:=\s*|\s+)false\b`),
  },
  {
    code: 'tls-verification-off',
    what: 'turns off TLS certificate checks',
    needs: [
      'skipcertificatecheck',
      'servercertificatevalidationcallback',
      'insecureskipverify',
      'insecure-skip-tls-verify',
    ],
    pattern: any(
      String.raw`-SkipCertificateCheck\b|ServerCertificateValidationCallback\s*=\s*\{\s*\$true\s*\}|\bInsecureSkipVerify\s*:\s*true\b|--insecure-skip-tls-verify(?:=true)?(?=\s|$)`,
    ),
  },
  ...CREDENTIAL_TECHNIQUES,
  // Deleting, recursively, a path the caller passes: callerDeletes.ts, over the whole file.
  // A skill that replaces its own files from the network (no review of what arrives).
  {
    code: 'download-exec',
    what: "replaces the skill's own files from the network, unreviewed",
    needs: ['skill', 'dirname', 'script_dir'],
    pattern: cmd(
      String.raw`(?:(?:curl|wget)\b[^\n|;]*(?:-o|-O|--output(?:-document)?)[=\s]\s*["']?[^\s"']*SKILL\.md\b|git\s+-C\s+["']?(?:${SKILL_DIR})[^\n;&|]*\s(?:pull|fetch|reset\s+--hard)\b|cd\s+["']?(?:${SKILL_DIR})[^\n;|]*&&\s*git\s+(?:pull|reset\s+--hard))`,
    ),
  },
  // An agent started with its confirmations off.
  {
    code: 'skip-confirmation',
    what: 'starts an agent with its confirmations turned off',
    needs: ['dangerously', 'yolo', 'allow-all-tools', 'full-auto'],
    pattern: cmd(
      String.raw`(?:claude|codex|copilot|gh\s+copilot|gemini|cursor-agent|aider)\b[^\n|;]*\s(?:--dangerously-skip-permissions|--dangerously-bypass-approvals-and-sandbox|--yolo|--allow-all-tools|--full-auto)\b`,
    ),
  },
  // macOS's Gatekeeper check taken off a downloaded program: the nearest rule is a verification turned off.
  {
    code: 'tls-verification-off',
    what: "removes macOS's Gatekeeper check from a downloaded program",
    advice: 'macOS no longer checks who signed it before it runs. Install a notarized build instead.',
    needs: ['com.apple.quarantine'],
    pattern: cmd(String.raw`xattr\s+(?:-\w+\s+)*-d\s+(?:-\w+\s+)*com\.apple\.quarantine\b`),
  },
  // Claude Code's settings with every approval bypassed, for the sessions that follow.
  {
    code: 'skip-confirmation',
    what: "sets an agent's permission mode to bypass every approval",
    advice: 'every later session of that agent runs whatever it decides without asking the user. Leave approvals on.',
    needs: ['bypasspermissions'],
    pattern: any(String.raw`(?:defaultMode["'\]]*\s*[:=]\s*["']?|--permission-mode[=\s]+["']?)bypassPermissions\b`),
  },
  // Work thrown away: a hard reset loses uncommitted changes and commits; a forced push, the remote's.
  {
    code: 'destructive-delete',
    what: 'throws away commits and uncommitted changes (a hard reset)',
    advice: "the user's work since the last commit is gone for good. Stash it, or reset only what the skill made.",
    needs: ['--hard'],
    pattern: cmd(String.raw`git\s+(?:-C\s+\S+\s+)?reset\s+(?:\S+\s+)*?--hard\b`),
  },
  {
    code: 'destructive-delete',
    what: 'throws away commits and uncommitted changes (a hard reset)',
    advice: "the user's work since the last commit is gone for good. Stash it, or reset only what the skill made.",
    needs: ['--hard'],
    pattern: any(String.raw`["']reset["']\s*,\s*["']--hard["']`),
  },
  {
    code: 'destructive-delete',
    what: "overwrites the remote's history (a forced push)",
    advice: "everyone's commits pushed since are lost on the remote. Ask the user first, or use --force-with-lease.",
    needs: ['push'],
    pattern: cmd(String.raw`git\s+(?:-C\s+\S+\s+)?push\b[^\n;&|]*\s(?:--force(?![-\w])|-f\b)`),
  },

  // Sending the environment, or credential files, over the network.
  {
    code: 'exfiltration',
    what: 'sends the environment over the network',
    needs: ['env', 'set'],
    pattern: cmd(
      String.raw`(?:env|printenv|set|Get-ChildItem\s+env:|gci\s+env:|dir\s+env:)\s*\|\s*(?:curl|wget|nc|ncat|netcat|Invoke-WebRequest|Invoke-RestMethod|iwr|irm)\b`,
    ),
  },
  {
    code: 'exfiltration',
    what: 'sends the environment over the network',
    needs: ['curl', 'wget', 'invoke-', 'iwr', 'irm'],
    pattern: cmd(
      String.raw`(?:curl|wget|Invoke-WebRequest|Invoke-RestMethod|iwr|irm)\b[^\n]*(?:\$\(\s*(?:env|printenv)\b|\x60(?:env|printenv)\b|\(\s*Get-ChildItem\s+env:)`,
    ),
  },
  {
    code: 'exfiltration',
    what: 'sends a credential file over the network',
    needs: ['curl', 'wget', 'nc', 'invoke-'],
    pattern: cmd(
      String.raw`(?:curl|wget|nc|ncat|Invoke-WebRequest|Invoke-RestMethod)\b[^\n]*(?:@|--upload-file\s+|-T\s+|--post-file=?\s*|-InFile\s+|\$\(\s*cat\s+)["']?(?:${CREDENTIAL_PATH}|\.env\b)`,
    ),
  },
  {
    code: 'exfiltration',
    what: 'sends files over the network',
    needs: ['tar', 'zip'],
    pattern: cmd(String.raw`(?:tar|zip)\b[^\n|]*(?:${HOME}|${CREDENTIAL_PATH})[^\n|]*\|\s*(?:curl|nc|ncat|netcat)\b`),
  },
  {
    code: 'exfiltration',
    what: 'sends the environment over the network',
    needs: ['environ', 'process.env'],
    pattern: any(
      String.raw`(?:requests\.(?:post|put|get)|fetch|axios\.(?:post|put)|urlopen)\s*\([^\n]*(?:dict\(\s*os\.environ\s*\)|os\.environ\b(?!\s*[[.])|JSON\.stringify\(\s*process\.env\s*\))`,
    ),
  },
];
