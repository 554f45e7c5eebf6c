// The credential-access techniques (docs/rules.md, "Security"): reading credential stores, secret
// managers and the keychain, and taking the token of another tool's login. Part of TECHNIQUES
// (commandTechniques.ts), in its order.
import { CREDENTIAL_PATH, any, cmd, type Technique } from './techniquePatterns';

export const CREDENTIAL_TECHNIQUES: readonly Technique[] = [
  // Reading credential stores.
  {
    code: 'credential-access',
    what: 'reads a credential store',
    needs: [
      '.ssh',
      '.aws',
      '.gnupg',
      '.kube',
      '.docker',
      '.azure',
      'gcloud',
      '.netrc',
      '.git-credentials',
      '.npmrc',
      '.pypirc',
      'shadow',
      'login data',
      'keychains',
    ],
    pattern: cmd(
      String.raw`(?:cat|less|more|head|tail|cp|scp|rsync|tar|zip|gzip|base64|xxd|strings|grep|type|Get-Content|gc|Copy-Item|open|readFile(?:Sync)?|read_text|read_bytes|fs\.readFile(?:Sync)?)\b[^\n;|&]*?(?:${CREDENTIAL_PATH})`,
    ),
  },
  {
    code: 'credential-access',
    what: 'reads the keychain',
    needs: ['security'],
    pattern: cmd(String.raw`security\s+(?:find-generic-password|find-internet-password|dump-keychain)\b`),
  },
  // Another tool's login, taken as a token: it then acts as the user everywhere that login reaches.
  {
    code: 'credential-access',
    what: "takes the token of another tool's login",
    advice: 'the token acts as the user wherever that login reaches. Ask for a token scoped to the task instead.',
    needs: ['auth', 'access-token', 'session-token', 'export-credentials'],
    pattern: cmd(
      String.raw`(?:gh\s+auth\s+token|gcloud\s+auth\s+(?:application-default\s+)?print-(?:access|identity)-token|az\s+account\s+get-access-token|[\w-]+\s+auth\s+print-(?:credentials|token|access-token)|heroku\s+auth:token|aws\s+(?:sts\s+get-session-token|configure\s+export-credentials))\b`,
    ),
  },
  {
    code: 'credential-access',
    what: 'reads a secret from a password manager or secret store',
    needs: [
      'op ',
      'pass ',
      'gopass',
      'bw ',
      'vault ',
      'secret-tool',
      'lpass',
      'keepassxc-cli',
      'secretsmanager',
      'secrets versions',
      'keyvault',
      'security ',
    ],
    pattern: cmd(
      String.raw`(?:op\s+(?:read|item\s+get|document\s+get)|pass\s+(?:show|-c)|gopass\s+(?:show|cat|-c)|bw\s+get\s+(?:password|item|notes|totp)|vault\s+(?:kv\s+get|read\s+(?:-\S+\s+)*secret\/)|secret-tool\s+lookup|lpass\s+show|keepassxc-cli\s+show|aws\s+secretsmanager\s+get-secret-value|gcloud\s+secrets\s+versions\s+access|az\s+keyvault\s+secret\s+show|security\s+find-(?:generic|internet)-password)\b`,
    ),
  },
  {
    code: 'credential-access',
    what: 'reads a credential store',
    needs: [
      '.ssh',
      '.aws',
      '.netrc',
      '.git-credentials',
      'id_rsa',
      'id_ed25519',
      '.kube',
      '.docker',
      '.npmrc',
      '.pypirc',
    ],
    // Python's open() of a path in the home folder, or pathlib's read of one, as a statement.
    pattern: any(
      String.raw`(?:^\s*|[=(,]\s*|\bwith\s+|\breturn\s+)(?:open\(\s*(?:os\.path\.expanduser\(\s*)?["'](?:~|\$HOME)/\.?(?:ssh|aws|netrc|git-credentials|kube|docker|npmrc|pypirc)\b|\(?Path\.home\(\)\s*/\s*["']\.?(?:ssh|aws|netrc|git-credentials|kube|docker|npmrc|pypirc)\b[^\n]*\.(?:read_text|read_bytes|open)\()`,
    ),
  },
];
