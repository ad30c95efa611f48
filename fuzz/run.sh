#!/usr/bin/env bash
# Builds the libFuzzer targets (clang, build-fuzz/) and runs each for SECONDS (default 60).
#
#   fuzz/run.sh [SECONDS] [TARGET...]     targets: fuzz_load fuzz_validate fuzz_evaluate fuzz_save fuzz_compare
#
# New interesting inputs go to build-fuzz/corpus/TARGET/ (kept between runs; fuzz/corpus/ is
# the read-only seed corpus); a crash, leak, timeout or out-of-memory input is written to
# build-fuzz/artifacts/TARGET/ and makes the script exit 1. To keep a reproducer as a
# regression test, copy it into fuzz/regressions/ (tests/hostile replays that folder).
# Environment: JOBS (build parallelism), FUZZ_ARGS (extra libFuzzer flags).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SECONDS_EACH="${1:-60}"
shift || true
TARGETS=("$@")
[[ ${#TARGETS[@]} -gt 0 ]] || TARGETS=(fuzz_load fuzz_validate fuzz_evaluate fuzz_save fuzz_compare)
BUILD="$ROOT/build-fuzz"
JOBS="${JOBS:-$(nproc)}"

log() { printf 'fuzz/run.sh: %s\n' "$*" >&2; }

if [[ ! -f "$BUILD/build.ninja" ]]; then
    log "configuring $BUILD (clang, TANGENT_FUZZ=ON)"
    CC=clang CXX=clang++ cmake -S "$ROOT" -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
        -DTANGENT_FUZZ=ON -DTANGENT_BUILD_UI=OFF -DTANGENT_BUILD_TESTS=OFF -DTANGENT_BUILD_BENCH=OFF >/dev/null
fi
cmake --build "$BUILD" --target "${TARGETS[@]}" -j "$JOBS"

export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
status=0
for target in "${TARGETS[@]}"; do
    corpus="$BUILD/corpus/$target"
    artifacts="$BUILD/artifacts/$target"
    mkdir -p "$corpus" "$artifacts"
    log "$target for ${SECONDS_EACH}s"
    # -max_len: the seeds are at most ~16 KB; -timeout: one input must never take seconds;
    # -rss_limit_mb (and the malloc limit it implies): a hostile count must not allocate GBs.
    # shellcheck disable=SC2086
    if ! "$BUILD/fuzz/$target" "$corpus" "$ROOT/fuzz/corpus" "$ROOT/fuzz/regressions" \
        -dict="$ROOT/fuzz/gltf.dict" -max_len=65536 -timeout=10 -rss_limit_mb=2048 \
        -max_total_time="$SECONDS_EACH" -print_final_stats=1 \
        -artifact_prefix="$artifacts/" ${FUZZ_ARGS:-} 2>"$BUILD/$target.log"; then
        status=1
        log "FAILED: $target found a problem; reproducer in ${artifacts#"$ROOT"/}/:"
        grep -E 'ERROR|tangent fuzz|SUMMARY|Test unit written' "$BUILD/$target.log" | head -20 >&2 || true
    fi
    grep -E '^(stat::number_of_executed_units|stat::peak_rss_mb)|^#[0-9]+.*DONE' "$BUILD/$target.log" >&2 || true
    log "$target: corpus now $(find "$corpus" -type f | wc -l) files"
done
exit "$status"
