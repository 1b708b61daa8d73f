#!/usr/bin/env bash
# Builds, once per machine, the two real model servers the real-server end-to-end suite runs against
# (test/real-servers/), and the tiny random-weight models they serve. Everything comes from package
# registries; no model weights are downloaded (there are none to download: make-model.py writes them).
#
#   llama.cpp llama-server: the llama.cpp source vendored in PyPI's llama-cpp-python sdist, CMake +
#                           Ninja, CPU only, the llama-server target alone (≈ 17 min on 2 cores)
#   Ollama:                 `go install github.com/ollama/ollama@VERSION` with cgo (≈ 6 min)
#   models:                 GGUF files written by make-model.py with the gguf PyPI package (seconds)
#
# Output goes to $REDLINE_REAL_SERVERS (default ~/.cache/redline/real-servers, or $REDLINE_CACHE/real-servers):
# bin/llama-server, bin/ollama, models/*.gguf. Parts already built at the pinned versions are kept, so
# a second run takes a second. Missing build tools are installed with apt when this runs as root;
# otherwise they are not an error: the script names them, builds nothing, and the suite skips itself.
set -euo pipefail

LLAMA_CPP_PYTHON=0.3.36   # vendors llama.cpp 0c1e570 (2026-10-01)
OLLAMA=v0.17.4
GGUF=0.19.0
NUMPY=2.4.6   # pinned too: the models' random weights come from its generator

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=../lib/setup.sh
source "$here/../lib/setup.sh"
drop_npm_environment
dir="${REDLINE_REAL_SERVERS:-$REDLINE_CACHE/real-servers}"
who="real model servers"

# Without them nothing is built and the real-server suite skips itself, naming them too.
need_system "$who" cmake:cmake ninja:ninja-build go:golang-go python3:python3 cc:gcc c++:g++ || exit 0

mkdir -p "$dir/bin" "$dir/models" "$dir/src"
# Two builds at once on one machine would fight over the same directories.
exec 9>"$dir/.lock"
flock -n 9 || { echo "$who: another build of them is running; waiting for it" >&2; flock 9; }

stamp() { [[ -f "$dir/bin/$1.version" && "$(cat "$dir/bin/$1.version")" == "$2" && -x "$dir/bin/$1" ]]; }

llama_src="$dir/src/llama_cpp_python-$LLAMA_CPP_PYTHON/vendor/llama.cpp"
fetch_llama_source() {
  [[ -d "$llama_src" ]] && return
  (cd "$dir/src" &&
    python3 -m pip download --quiet --no-deps --no-binary :all: -d . "llama-cpp-python==$LLAMA_CPP_PYTHON" &&
    tar xzf "llama_cpp_python-$LLAMA_CPP_PYTHON.tar.gz")
}

built=false
if ! stamp llama-server "$LLAMA_CPP_PYTHON"; then
  built=true
  echo "$who: compiling llama.cpp's llama-server (≈ 17 min on 2 cores, once per machine)" >&2
  start=$SECONDS
  logged "$who" "$dir/llama-server.log" fetch_llama_source
  # Static, CPU-only, no web UI, no TLS: the one binary is all the suite needs.
  logged "$who" "$dir/llama-server.log" cmake -S "$llama_src" -B "$llama_src/build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DBUILD_SHARED_LIBS=OFF -DGGML_NATIVE=ON -DGGML_OPENMP=OFF \
    -DLLAMA_BUILD_TESTS=OFF -DLLAMA_BUILD_EXAMPLES=OFF -DLLAMA_BUILD_TOOLS=ON -DLLAMA_BUILD_SERVER=ON \
    -DLLAMA_BUILD_APP=OFF -DLLAMA_BUILD_UI=OFF -DLLAMA_USE_PREBUILT_UI=OFF -DLLAMA_OPENSSL=OFF
  logged "$who" "$dir/llama-server.log" nice cmake --build "$llama_src/build" -j"$(nproc)" --target llama-server
  cp "$llama_src/build/bin/llama-server" "$dir/bin/llama-server"
  echo "$LLAMA_CPP_PYTHON" >"$dir/bin/llama-server.version"
  echo "$who: llama-server built in $((SECONDS - start)) s" >&2
fi

if ! stamp ollama "$OLLAMA"; then
  built=true
  echo "$who: compiling Ollama $OLLAMA with Go (≈ 6 min on 2 cores, once per machine)" >&2
  start=$SECONDS
  logged "$who" "$dir/ollama.log" fetch_llama_source
  go_dir="$dir/go"
  # Go module zips leave out every directory named vendor/, so the header-only libraries Ollama
  # vendors (nlohmann/json, stb_image, miniaudio) are missing; llama.cpp's source carries the same ones.
  GOPATH="$go_dir" GOMODCACHE="$go_dir/pkg/mod" GOCACHE="$go_dir/cache" GOBIN="$dir/bin" \
    CGO_ENABLED=1 GOFLAGS="-p=$(nproc) -modcacherw" CGO_CPPFLAGS="-I$llama_src/vendor" \
    logged "$who" "$dir/ollama.log" nice go install "github.com/ollama/ollama@$OLLAMA"
  echo "$OLLAMA" >"$dir/bin/ollama.version"
  echo "$who: Ollama built in $((SECONDS - start)) s" >&2
fi

venv="$dir/venv"
if [[ "$("$venv/bin/python" -c "import numpy; from importlib.metadata import version; print(version('gguf'), version('numpy'))" 2>/dev/null)" != "$GGUF $NUMPY" ]]; then
  echo "$who: a Python environment with gguf $GGUF and numpy $NUMPY for the test models (≈ 1 min)" >&2
  logged "$who" "$dir/models.log" python3 -m venv "$venv"
  logged "$who" "$dir/models.log" "$venv/bin/python" -m pip install --quiet "gguf==$GGUF" "numpy==$NUMPY"
fi
# Models are rewritten when make-model.py changes (its hash is in the stamp).
model_stamp="$(sha256sum "$here/make-model.py" | cut -c1-16)"
make_model() { # name, flags…
  local name=$1; shift
  if [[ ! -f "$dir/models/$name.gguf" || "$(cat "$dir/models/$name.version" 2>/dev/null)" != "$model_stamp" ]]; then
    logged "$who" "$dir/models.log" "$venv/bin/python" "$here/make-model.py" "$dir/models/$name.gguf" "$@"
    echo "$model_stamp" >"$dir/models/$name.version"
  fi
}
make_model tiny
make_model tiny-noeos --no-eos
make_model medium-noeos --size medium --no-eos
make_model large-noeos --size large --no-eos
if $built; then echo "$who: ready in $dir" >&2; fi
