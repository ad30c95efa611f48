#!/usr/bin/env bash
# The command-line-only build (-DTANGENT_BUILD_UI=OFF): it links no QtWidgets, and its
# `tangent render` draws the same bytes as the full build's. Run by .ci/run after ./dev.sh test.
#
#   tools/ci/command_line_build.sh FULL_TANGENT   (the full build's executable, e.g. build/app/tangent)
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
FULL="$(realpath "$1")"
DIR="$ROOT/build-cli"
cmake -S "$ROOT" -B "$DIR" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DTANGENT_BUILD_UI=OFF \
    -DTANGENT_BUILD_TESTS=OFF -DTANGENT_BUILD_BENCH=OFF >/dev/null
cmake --build "$DIR" -j "${JOBS:-$(nproc)}" --target tangent
CLI="$DIR/app/tangent"

fail() { echo "command_line_build: FAILED: $*" >&2; exit 1; }
if ldd "$CLI" | grep -q Qt6Widgets; then fail "the command-line build links QtWidgets"; fi
"$CLI" 2>/dev/null && fail "the command-line build opened an editor" || true

OUT="$(mktemp -d)"
trap 'rm -rf "$OUT"' EXIT
FIXTURE="$ROOT/tests/data/blender/broken_trs_1.glb"
for ext in png svg; do
    QT_QPA_PLATFORM=offscreen "$CLI" render "$FIXTURE" --channel 0:1 -o "$OUT/cli.$ext" --size 800x400
    QT_QPA_PLATFORM=offscreen "$FULL" render "$FIXTURE" --channel 0:1 -o "$OUT/full.$ext" --size 800x400
    cmp "$OUT/cli.$ext" "$OUT/full.$ext" || fail "the two builds render different $ext bytes"
done
echo "command_line_build: no QtWidgets linked; tangent render gives the full build's PNG and SVG bytes"
