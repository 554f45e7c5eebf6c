#!/usr/bin/env bash
# The pre-commit hooks of .pre-commit-hooks.yaml (README, "The CLI for CI"): runs `skillsmith
# validate` on the skills that the staged files belong to, or `skillsmith verify`, with the CLI
# packaged in the repository's .vsix (SKILLSMITH_VSIX, default tools/skillsmith.vsix), unpacked
# once per .vsix into the user's cache. Nothing is downloaded. SKILLSMITH_CLI, when set, names a
# cli.js to run instead. Usage: pre-commit-hook.sh validate [FILE...] | pre-commit-hook.sh verify
set -euo pipefail

die() {
  echo "skillsmith (pre-commit): $*" >&2
  exit 2
}

cli() {
  if [ -n "${SKILLSMITH_CLI:-}" ]; then
    [ -f "$SKILLSMITH_CLI" ] || die "SKILLSMITH_CLI names no file: $SKILLSMITH_CLI"
    echo "$SKILLSMITH_CLI"
    return
  fi
  local vsix="${SKILLSMITH_VSIX:-tools/skillsmith.vsix}"
  [ -f "$vsix" ] || die "no .vsix at '$vsix': commit the Skillsmith .vsix there, or set SKILLSMITH_VSIX to its path"
  local digest
  digest=$(node -e 'process.stdout.write(require("crypto").createHash("sha256").update(require("fs").readFileSync(process.argv[1])).digest("hex").slice(0, 16))' "$vsix") ||
    die "node (20 or later) is needed to run the CLI"
  local cache="${XDG_CACHE_HOME:-$HOME/.cache}/skillsmith/pre-commit"
  local dir="$cache/$digest"
  if [ ! -f "$dir/extension/dist/cli.js" ]; then
    # Unpacked beside, then moved into place: an interrupted unpack leaves no half CLI.
    mkdir -p "$cache"
    local partial
    partial=$(mktemp -d "$cache/.unpack-XXXXXX")
    unzip -q "$vsix" 'extension/dist/*' -d "$partial" || {
      rm -rf "$partial"
      die "cannot unpack $vsix"
    }
    mv "$partial" "$dir" 2>/dev/null || rm -rf "$partial" # another run won the race: its copy is the same
  fi
  echo "$dir/extension/dist/cli.js"
}

# The skill a staged file belongs to: the file itself when it is a SKILL.md, else the nearest
# folder above it that holds one (a script, a reference). Files of no skill are left out.
skill_of() {
  local file="$1" dir
  case "${file##*/}" in
    SKILL.md | skill.md)
      echo "$file"
      return
      ;;
  esac
  dir=$(dirname "$file")
  while [ "$dir" != "." ] && [ "$dir" != "/" ]; do
    if [ -f "$dir/SKILL.md" ]; then
      echo "$dir"
      return
    fi
    dir=$(dirname "$dir")
  done
}

command="${1:-}"
shift || true
case "$command" in
  validate)
    targets=()
    for file in "$@"; do
      target=$(skill_of "$file")
      [ -n "$target" ] || continue
      seen=0
      for t in "${targets[@]+"${targets[@]}"}"; do [ "$t" = "$target" ] && seen=1; done
      [ "$seen" = 1 ] || targets+=("$target")
    done
    [ "${#targets[@]}" -gt 0 ] || exit 0 # no skill among the staged files
    path_of_cli=$(cli) # an assignment, so that a failure in cli stops here (set -e)
    exec node "$path_of_cli" validate "${targets[@]}"
    ;;
  verify)
    path_of_cli=$(cli)
    exec node "$path_of_cli" verify
    ;;
  *) die "usage: pre-commit-hook.sh validate [FILE...] | verify" ;;
esac
