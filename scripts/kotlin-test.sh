#!/usr/bin/env bash
# Offline build and test of the plugin's IDE-free core (intellij-plugin/src/main/kotlin/dev/redline/core
# and intellij-plugin/src/test/kotlin) with the kotlinc from node_modules and the JUnit console launcher.
# Libraries: scripts/kotlin-libs.sh, at the versions of gradle.properties. The last line printed is
# `kotlin: N passed, N failed`; the exit code is non-zero on any failure, a compile error included.
# Integration tests against the real sidecar run when REDLINE_SIDECAR names its executable.
# One more check counts as a test: the IntelliJ adapter (dev.redline.ide) compiles together with the
# core against intellij-plugin/src/stubs, declarations of the platform API members it uses.
set -uo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
plugin="$root/intellij-plugin"
out="$plugin/build/kotlin-test"
kotlinc="$root/node_modules/kotlin-compiler/bin/kotlinc-jvm"
kotlin_lib="$root/node_modules/kotlin-compiler/lib"

fail() {
  echo "$1" >&2
  echo "kotlin: 0 passed, 1 failed"
  exit 1
}

prop() {
  local value
  value="$(sed -n "s/^$1=//p" "$root/gradle.properties" | tr -d '[:space:]')"
  [[ -n "$value" ]] || fail "gradle.properties has no $1"
  echo "$value"
}

[[ -x "$kotlinc" ]] || fail "kotlinc not found at node_modules/kotlin-compiler (npm package kotlin-compiler)"

libs="$(bash "$root/scripts/kotlin-libs.sh")" || fail "kotlin core: the JVM libraries could not be fetched (the line above says why)"
classpath="$libs:$kotlin_lib/kotlin-reflect.jar"
console="$(tr : '\n' <<<"$libs" | grep /junit-platform-console-standalone-)"

rm -rf "$out" && mkdir -p "$out/classes"
mapfile -t sources < <(find "$plugin/src/main/kotlin/dev/redline/core" "$plugin/src/test/kotlin" -name '*.kt' | sort)
api="$(prop kotlinApiVersion)"
started=$(date +%s)
JAVA_OPTS="${JAVA_OPTS:--Xmx1g -XX:TieredStopAtLevel=1 -XX:+UseSerialGC}" \
  "$kotlinc" -jvm-target 17 -api-version "$api" -language-version "$api" -nowarn \
  -cp "$classpath" -d "$out/classes" "${sources[@]}" || fail "kotlinc failed"
echo "compiled ${#sources[@]} files in $(( $(date +%s) - started )) s" >&2
cp -r "$plugin/src/test/resources/." "$out/classes/" 2>/dev/null || true

# Everything on the JVM's own class path: lincheck loads classes it generates through the system class
# loader, which does not see the launcher's --class-path. The model checks (*ModelCheckTest) run in a JVM
# of their own: lincheck instruments every class loaded after it starts, which slows the other tests down.
passed=0
failed=0
status=0
run_tests() { # report-file, selection arguments...
  local report="$1"; shift
  java -Dredline.repoRoot="$root" -cp "$console:$out/classes:$classpath:$kotlin_lib/kotlin-stdlib.jar" \
    org.junit.platform.console.ConsoleLauncher execute --disable-banner --details=tree "$@" | tee "$report"
  local code=${PIPESTATUS[0]}
  local ok bad
  ok=$(sed -n 's/.*\[ *\([0-9]*\) tests successful *\].*/\1/p' "$report" | tail -1)
  bad=$(sed -n 's/.*\[ *\([0-9]*\) tests failed *\].*/\1/p' "$report" | tail -1)
  ok=${ok:-0}
  bad=${bad:-0}
  if [[ $code -ne 0 && $bad -eq 0 ]]; then bad=1; fi
  if [[ $code -ne 0 ]]; then status=$code; fi
  passed=$((passed + ok))
  failed=$((failed + bad))
}
run_tests "$out/report.txt" --scan-class-path "$out/classes" --exclude-classname '.*ModelCheckTest'
run_tests "$out/model-check.txt" --scan-class-path "$out/classes" --include-classname '.*ModelCheckTest'

# kotlinc reads the Java stubs as sources, since some of them refer to Kotlin stubs; javac then checks them
# against the Kotlin classes. Output goes to its own folder, away from the test classes.
adapter_out="$plugin/build/adapter-compile"
rm -rf "$adapter_out" && mkdir -p "$adapter_out/kotlin" "$adapter_out/java"
mapfile -t adapter_sources < <(find "$plugin/src/main/kotlin/dev/redline" "$plugin/src/stubs" \( -name '*.kt' -o -name '*.java' \) | sort)
mapfile -t java_stubs < <(find "$plugin/src/stubs" -name '*.java' | sort)
started=$(date +%s)
if JAVA_OPTS="${JAVA_OPTS:--Xmx1g -XX:TieredStopAtLevel=1 -XX:+UseSerialGC}" \
    "$kotlinc" -jvm-target 17 -api-version "$api" -language-version "$api" -nowarn \
    -cp "$classpath:$kotlin_lib/annotations-13.0.jar" -d "$adapter_out/kotlin" "${adapter_sources[@]}" &&
  javac -nowarn -d "$adapter_out/java" \
    -cp "$adapter_out/kotlin:$kotlin_lib/kotlin-stdlib.jar:$kotlin_lib/annotations-13.0.jar:$classpath" "${java_stubs[@]}"; then
  passed=$((passed + 1))
  echo "adapter compiles against platform stubs: ok ($(( $(date +%s) - started )) s)"
else
  failed=$((failed + 1))
  echo "adapter compiles against platform stubs: FAILED"
fi
echo "kotlin: $passed passed, $failed failed"
[[ $status -eq 0 && $failed -eq 0 ]]
