#!/usr/bin/env bash
# The JVM libraries the Kotlin core's offline build and tests need (scripts/kotlin-test.sh), fetched
# from Maven Central once per machine into the cache, at the versions gradle.properties gives (the list
# the Gradle build uses): lsp4j jsonrpc, Gson, coroutines, xz, the JUnit console launcher, and lincheck
# with the libraries it needs. Needs a JDK 17 and Maven. Prints the class path (`:`-separated) as its
# only line on stdout.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=lib/setup.sh
source "$root/scripts/lib/setup.sh"
drop_npm_environment
who="kotlin core"

prop() {
  local value
  value="$(sed -n "s/^$1=//p" "$root/gradle.properties" | tr -d '[:space:]')"
  [[ -n "$value" ]] || { echo "$who: gradle.properties has no $1" >&2; exit 1; }
  echo "$value"
}

need_system "$who" java:openjdk-17-jdk-headless javac:openjdk-17-jdk-headless mvn:maven

artifacts=(
  "org.eclipse.lsp4j:org.eclipse.lsp4j.jsonrpc:$(prop lsp4jVersion)"
  "com.google.code.gson:gson:$(prop gsonVersion)"
  "org.jetbrains.kotlinx:kotlinx-coroutines-core-jvm:$(prop coroutinesVersion)"
  "org.tukaani:xz:$(prop xzVersion)"
  "org.junit.platform:junit-platform-console-standalone:$(prop junitConsoleVersion)"
)
lib="$REDLINE_CACHE/kotlin-test"
lincheck_lib="$lib/lincheck-$(prop lincheckVersion)"
jar_of() { IFS=: read -r _ name version <<<"$1"; echo "$lib/$name-$version.jar"; }

missing=()
for artifact in "${artifacts[@]}"; do [[ -f "$(jar_of "$artifact")" ]] || missing+=("$artifact"); done
if ((${#missing[@]})) || [[ ! -f "$lincheck_lib/.done" ]]; then
  echo "$who: lsp4j, Gson, coroutines, xz, JUnit and lincheck from Maven Central (≈ 1 min, once per machine)" >&2
  mkdir -p "$lib"
fi
for artifact in "${missing[@]}"; do
  logged "$who" "$lib/maven.log" mvn -q dependency:copy -Dartifact="$artifact" -DoutputDirectory="$lib"
done
# lincheck with the libraries it needs (ASM, Byte Buddy, atomicfu), minus the Kotlin and coroutines jars
# that are already here: a second kotlin-stdlib on the class path would shadow the compiler's.
if [[ ! -f "$lincheck_lib/.done" ]]; then
  rm -rf "$lincheck_lib" && mkdir -p "$lincheck_lib"
  cat >"$lincheck_lib/pom.xml" <<POM
<project xmlns="http://maven.apache.org/POM/4.0.0"><modelVersion>4.0.0</modelVersion>
  <groupId>dev.redline</groupId><artifactId>kotlin-test-libs</artifactId><version>0</version>
  <dependencies><dependency><groupId>org.jetbrains.kotlinx</groupId><artifactId>lincheck-jvm</artifactId>
    <version>$(prop lincheckVersion)</version></dependency></dependencies>
</project>
POM
  logged "$who" "$lib/maven.log" mvn -q -f "$lincheck_lib/pom.xml" dependency:copy-dependencies -DoutputDirectory="$lincheck_lib" \
    -DexcludeArtifactIds=kotlin-stdlib,kotlin-stdlib-common,kotlin-stdlib-jdk7,kotlin-stdlib-jdk8,kotlin-reflect,kotlinx-coroutines-core-jvm,annotations
  touch "$lincheck_lib/.done"
fi

classpath=""
for artifact in "${artifacts[@]}"; do classpath="$classpath:$(jar_of "$artifact")"; done
for jar in "$lincheck_lib"/*.jar; do classpath="$classpath:$jar"; done
echo "${classpath#:}"
