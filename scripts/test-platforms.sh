#!/usr/bin/env bash
# `npm run test:platforms`: cross-builds the five platforms (`npm run build -- --all`) and runs
# test/platforms against them. Not part of `npm test` (slow: five 100 MB builds, qemu, Wine).
# Installs what it needs once per machine: Debian packages for qemu-user, the arm64 C libraries and
# strip, Wine and xz; and rcodesign (crates.io apple-codesign, compiled once into
# ~/.cache/redline/tools) for the ad-hoc signature of the macOS builds. macOS builds made before
# rcodesign was there are built again (scripts/build-platforms.mjs).
# Ends with `platforms: N passed, N failed`; exits non-zero on any failure.
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=lib/setup.sh
source "$root/scripts/lib/setup.sh"
cache="$REDLINE_CACHE"
cd "$root"

fail() {
  echo "$1" >&2
  echo "platforms: 0 passed, 1 failed"
  exit 1
}

need_system platforms :qemu-user-static :libc6-arm64-cross :libstdc++6-arm64-cross :libgcc-s1-arm64-cross \
  :binutils-aarch64-linux-gnu :wine :wine64 :xz-utils || fail "platforms: the system packages above are missing"

export PATH="$PATH:$cache/tools/bin"
if ! command -v rcodesign >/dev/null; then
  echo "compiling rcodesign (apple-codesign 0.29.0) into $cache/tools, once" >&2
  cargo install apple-codesign --version 0.29.0 --no-default-features --locked --root "$cache/tools" >&2 || fail "could not install rcodesign"
fi

npm run build -- --all || fail "the cross-build failed"

report="$(mktemp -d)/platforms.json"
npx vitest run --config vitest.platforms.config.ts --reporter=default --reporter=json --outputFile.json="$report"
status=$?
counts="$(node -e "const r = JSON.parse(require('fs').readFileSync(process.argv[1], 'utf8')); console.log(r.numPassedTests, r.numFailedTests)" "$report" 2>/dev/null)" || counts="0 1"
read -r passed failed <<<"$counts"
if [[ $status -ne 0 && $failed -eq 0 ]]; then failed=1; fi
echo "platforms: $passed passed, $failed failed"
[[ $status -eq 0 ]]
