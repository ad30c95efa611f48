#!/usr/bin/env bash
# Tangent developer entry point.
#
#   ./dev.sh setup        install what is missing (apt, pinned glTF validator), configure, build
#   ./dev.sh build        same as setup
#   ./dev.sh run [ARGS]   build, then run build/app/tangent ARGS (under xvfb-run if no display)
#   ./dev.sh test         build, then run the test suite with ctest
#   ./dev.sh bench        build, then run every build/bench/bench_* executable
#
# Every command first does the whole set-up; when everything is already there it is quiet.
# Environment:
#   TANGENT_SANITIZE=1    use the ASan+UBSan build in build-asan/ instead of build/
#   JOBS=N                build parallelism (default: nproc)
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cd "$ROOT"

APT_PACKAGES=(
    build-essential cmake ninja-build pkg-config
    qt6-base-dev qt6-svg-dev
    libqt6opengl6-dev # the 3D preview (QtOpenGL: QOpenGLWindow): only Recommended by qt6-base-dev
    libtinygltf-dev libglm-dev nlohmann-json3-dev libstb-dev
    libgtest-dev libgmock-dev googletest libbenchmark-dev
    libmeshoptimizer-dev # EXT_meshopt_compression's reference decoder
    libyaml-cpp-dev      # validate --config: the Khronos validator's YAML configuration
    gltfpack             # another writer: the conformance corpus and benchmarks use its files
    xvfb xauth imagemagick xdotool # the editor under Xvfb: screenshots, driven by hand
    clang        # for fuzzing (libFuzzer)
    clang-format # the formatting CI checks (.clang-format)
    desktop-file-utils shared-mime-info libglib2.0-bin # the .deb test: desktop and MIME caches, GIO
)
VALIDATOR_DIR="$ROOT/tools/validator"
VALIDATOR_SCRIPT="$VALIDATOR_DIR/validate.mjs"

if [[ "${TANGENT_SANITIZE:-0}" == 1 ]]; then
    BUILD_DIR="$ROOT/build-asan"
    SANITIZE=ON
else
    BUILD_DIR="$ROOT/build"
    SANITIZE=OFF
fi
JOBS="${JOBS:-$(nproc)}"

log() { printf 'dev.sh: %s\n' "$*" >&2; }
die() {
    log "error: $*"
    exit 1
}

usage() {
    sed -n '2,13s/^# \{0,1\}//p' "${BASH_SOURCE[0]}" >&2
}

as_root() {
    if [[ "$(id -u)" -eq 0 ]]; then
        "$@"
    elif command -v sudo >/dev/null 2>&1; then
        sudo "$@"
    else
        die "need root to run: $* (and sudo is not installed)"
    fi
}

pkg_installed() {
    local status
    status="$(dpkg-query -W -f='${Status}' "$1" 2>/dev/null || true)"
    [[ "$status" == *" ok installed"* ]]
}

ensure_apt_packages() {
    local wanted=("${APT_PACKAGES[@]}") missing=() pkg
    if ! command -v node >/dev/null 2>&1; then
        # Only when node is absent: Debian's npm conflicts with a nodesource nodejs.
        wanted+=(nodejs npm)
    fi
    for pkg in "${wanted[@]}"; do
        pkg_installed "$pkg" || missing+=("$pkg")
    done
    [[ ${#missing[@]} -eq 0 ]] && return 0
    log "installing missing apt packages: ${missing[*]}"
    as_root env DEBIAN_FRONTEND=noninteractive apt-get update -q </dev/null
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q -o Dpkg::Use-Pty=0 "${missing[@]}" </dev/null
}

# Pinned npm tools, each folder installed from its package-lock.json: the Khronos validator
# (the tests' referee) and glTF-Transform (a writer whose files the tests and benchmarks use).
NODE_TOOL_DIRS=("$VALIDATOR_DIR" "$ROOT/tools/corpus")

ensure_node_tools() {
    command -v npm >/dev/null 2>&1 || die "npm not found (node is $(command -v node || echo missing))"
    local dir
    for dir in "${NODE_TOOL_DIRS[@]}"; do
        local installed_lock="$dir/node_modules/.package-lock.json"
        if [[ ! -f "$installed_lock" || "$dir/package-lock.json" -nt "$installed_lock" ]]; then
            log "installing pinned npm tools (npm ci in ${dir#"$ROOT"/})"
            (cd "$dir" && npm ci --no-audit --no-fund </dev/null)
        fi
    done
}

ensure_build() {
    local cache="$BUILD_DIR/CMakeCache.txt"
    if [[ -f "$cache" ]] && ! grep -qx 'CMAKE_GENERATOR:INTERNAL=Ninja' "$cache"; then
        log "$BUILD_DIR was configured with another generator; reconfiguring from scratch"
        rm -rf "$BUILD_DIR"
    fi
    if [[ ! -f "$cache" || ! -f "$BUILD_DIR/build.ninja" ]]; then
        log "configuring $BUILD_DIR (Ninja, RelWithDebInfo, TANGENT_SANITIZE=$SANITIZE)"
        # The sanitizer build runs the tests only: no benchmarks to compile there.
        local bench=ON
        [[ "$SANITIZE" == ON ]] && bench=OFF
        cmake -S "$ROOT" -B "$BUILD_DIR" -G Ninja \
            -DCMAKE_BUILD_TYPE=RelWithDebInfo \
            -DTANGENT_SANITIZE="$SANITIZE" -DTANGENT_BUILD_BENCH="$bench"
    fi
    # Dry run first so that an up-to-date tree stays silent (no "ninja: no work to do").
    local dry_run
    dry_run="$(ninja -C "$BUILD_DIR" -n 2>/dev/null || true)"
    if [[ "$dry_run" != *"ninja: no work to do"* ]]; then
        cmake --build "$BUILD_DIR" -j "$JOBS"
    fi
    # Editor/clangd support: point the top-level compile_commands.json at the main build.
    if [[ "$SANITIZE" == OFF && ! -e "$ROOT/compile_commands.json" &&
        -f "$BUILD_DIR/compile_commands.json" ]]; then
        ln -s build/compile_commands.json "$ROOT/compile_commands.json"
    fi
}

setup() {
    ensure_apt_packages
    ensure_node_tools
    ensure_build
}

cmd_run() {
    local bin="$BUILD_DIR/app/tangent"
    [[ -x "$bin" ]] || die "$bin was not built"
    if [[ -z "${DISPLAY:-}" && -z "${WAYLAND_DISPLAY:-}" ]]; then
        log "no display (DISPLAY and WAYLAND_DISPLAY empty): running under xvfb-run -a"
        exec xvfb-run -a -s "-screen 0 1920x1080x24" "$bin" "$@"
    fi
    exec "$bin" "$@"
}

cmd_test() {
    export QT_QPA_PLATFORM=offscreen
    export TANGENT_VALIDATOR="$VALIDATOR_SCRIPT"
    if [[ "$SANITIZE" == ON ]]; then
        export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1:strict_string_checks=1}"
        export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
    fi
    ctest --test-dir "$BUILD_DIR" --output-on-failure --no-tests=error -j2
}

cmd_bench() {
    local found=0 b
    shopt -s nullglob
    for b in "$BUILD_DIR"/bench/bench_*; do
        [[ -f "$b" && -x "$b" ]] || continue
        found=1
        log "running ${b#"$ROOT"/}"
        "$b"
    done
    shopt -u nullglob
    [[ $found -eq 1 ]] || log "no benchmarks in ${BUILD_DIR#"$ROOT"/}/bench/ (nothing to run)"
}

main() {
    local cmd="${1:-}"
    [[ $# -gt 0 ]] && shift
    case "$cmd" in
    setup | build | run | test | bench) ;;
    -h | --help | help)
        usage
        exit 0
        ;;
    *)
        usage
        exit 2
        ;;
    esac
    # Separate statements, not "setup && cmd_x": errexit is disabled inside && lists.
    setup
    case "$cmd" in
    run) cmd_run "$@" ;;
    test) cmd_test ;;
    bench) cmd_bench ;;
    esac
}

main "$@"
