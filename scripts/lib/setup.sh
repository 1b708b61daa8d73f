# Sourced by the once-per-machine set-up scripts (install-vscode.sh, real-servers/build.sh,
# kotlin-libs.sh, test-platforms.sh): where the cache is, a clean environment for the installers
# they start, system packages, and long steps whose output goes to a log file.

# One cache for everything the test suites install or build once per machine.
REDLINE_CACHE="${REDLINE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/redline}"

# npm exports its configuration (npm_config_*), the package's and the lifecycle's (npm_*, NODE,
# INIT_CWD) and puts node_modules/.bin and its node-gyp-bin on PATH for every script it runs. An
# installer started from such a script (npm test → vitest → this script → npm i) would take them as
# its own: npm_config_user_agent names the outer npm's Node, which code-server's postinstall reads as
# the Node it runs on ("requires node v24 … you are on node v20"), and npm_config_nodedir points
# native builds at the outer Node's headers. So the set-up scripts drop them first.
drop_npm_environment() {
  local name entry path=""
  for name in $(compgen -e); do
    case "${name,,}" in npm_*) unset "$name" ;; esac
  done
  unset NODE INIT_CWD
  IFS=: read -ra entries <<<"$PATH"
  for entry in "${entries[@]}"; do
    case "$entry" in */node_modules/.bin | */node-gyp-bin) ;; *) path="$path:$entry" ;; esac
  done
  export PATH="${path#:}"
}

# What a step needs from the system: commands (`command:debian-package`) or Debian packages
# (`:package`, e.g. a library's headers). Missing ones are installed when this runs as root with apt;
# otherwise one line names them (prefixed by `who`) and the function fails.
need_system() { # who, [command]:package…
  local who=$1 item missing=()
  shift
  for item in "$@"; do
    if [[ -n "${item%%:*}" ]]; then
      command -v "${item%%:*}" >/dev/null || missing+=("${item#*:}")
    else
      dpkg -s "${item#:}" >/dev/null 2>&1 || missing+=("${item#:}")
    fi
  done
  ((${#missing[@]} == 0)) && return 0
  if [[ "$(id -u)" != 0 ]] || ! command -v apt-get >/dev/null; then
    echo "$who: missing ${missing[*]}: install them (Debian: sudo apt-get install ${missing[*]}) and run again" >&2
    return 1
  fi
  echo "$who: apt-get install ${missing[*]}" >&2
  { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"; } >/dev/null 2>&1 ||
    { echo "$who: apt-get install ${missing[*]} failed: install them by hand and run again" >&2; return 1; }
}

# Runs a long step with its output in a log file; on failure prints the log's last lines and its path.
logged() { # who, log file, command…
  local who=$1 log=$2
  shift 2
  mkdir -p "$(dirname "$log")"
  if ! "$@" >>"$log" 2>&1; then
    tail -n 25 "$log" >&2
    echo "$who: failed (the whole log: $log)" >&2
    return 1
  fi
}
