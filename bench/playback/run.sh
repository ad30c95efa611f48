#!/usr/bin/env bash
# The playback benchmark: makes the reference file (make_mocap's defaults) if it is missing, then
# plays it in the editor window under xvfb-run (the Preview dock needs OpenGL: QT_QPA_PLATFORM=xcb),
# with a small Blender export as the last case; then at a quarter of the window's pixels, and
# without OpenGL at all (the baseline: no Preview view).
#   bench/playback/run.sh [BUILD_DIR] [SECONDS]     (default build/, 10 s per case)
# A Release build with the UI: cmake -S . -B build-rel -G Ninja -DCMAKE_BUILD_TYPE=Release
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
BUILD="${1:-$ROOT/build}"
SECONDS_PER_CASE="${2:-10}"
ninja -C "$BUILD" make_mocap time_playback >/dev/null
MOCAP="$BUILD/bench/mocap_100x5000.glb"
[[ -f "$MOCAP" ]] || "$BUILD/bench/make_mocap" -o "$MOCAP" >/dev/null
FIXTURE="$ROOT/tests/data/blender/broken_trs_1.glb"
play() { xvfb-run -a -s "-screen 0 1600x1000x24" "$BUILD/bench/time_playback" "$MOCAP" --seconds "$SECONDS_PER_CASE" "$@"; }
echo "== with OpenGL (the Preview draws in its own native window; the main window is flushed as an image)"
QT_QPA_PLATFORM=xcb play --fixture "$FIXTURE"
echo "== the same window at 800x500 (a quarter of the pixels)"
QT_QPA_PLATFORM=xcb play --size 800x500
echo "== baseline: no OpenGL (no Preview view)"
QT_QPA_PLATFORM=xcb QT_XCB_GL_INTEGRATION=none play --fixture "$FIXTURE"
