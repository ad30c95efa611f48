#!/usr/bin/env bash
# The command-line-only build (-DTANGENT_BUILD_UI=OFF): it configures and builds with Qt Widgets
# out of reach, neither the command line nor the editing session (tangent_editing, built in
# every configuration) links QtWidgets (neither `tangent` nor the tangent-gui it hands render
# to), and its `tangent render` draws the same bytes as the full build's. Run by .ci/run after ./dev.sh test.
#
#   tools/ci/command_line_build.sh FULL_TANGENT   (the full build's executable, e.g. build/app/tangent)
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
FULL="$(realpath "$1")"
DIR="$ROOT/build-cli"

fail() { echo "command_line_build: FAILED: $*" >&2; exit 1; }

# The full build's optimization without its debug info (a third of the compile time): the same
# code, so the same rendered bytes.
# Qt6Widgets cannot be found here, as on a machine without it: any find_package of Widgets, or a
# link to Qt6::Widgets, in what this build configures stops the configure.
LOG="$(mktemp)"
OUT="$(mktemp -d)"
trap 'rm -rf "$LOG" "$OUT"' EXIT
cmake -S "$ROOT" -B "$DIR" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O2 -DNDEBUG" \
    -DTANGENT_BUILD_UI=OFF \
    -DTANGENT_BUILD_TESTS=OFF -DTANGENT_BUILD_BENCH=OFF -DCMAKE_DISABLE_FIND_PACKAGE_Qt6Widgets=ON >"$LOG" 2>&1 ||
    { cat "$LOG" >&2; fail "the command-line build does not configure without Qt Widgets"; }
# tangent_editing_alone: every object of tangent_editing and what the library links (editing/).
cmake --build "$DIR" -j "${JOBS:-$(nproc)}" --target tangent tangent_editing_alone
CLI="$DIR/app/tangent"
GUI="$DIR/app/tangent-gui"  # render, which `tangent` hands to it; no editor in this build
EDITING="$DIR/editing/tangent_editing_alone"

# grep reads all its input (no -q): with pipefail, a writer cut short would read as no match.
for program in "$CLI" "$GUI"; do
    if ldd "$program" | grep Qt6Widgets >/dev/null; then fail "the command-line build's $program links QtWidgets"; fi
done
"$CLI" 2>/dev/null && fail "the command-line build opened an editor" || true
# That the program holds the session (so that its libraries are the session's), then its libraries.
nm -C --defined-only "$EDITING" | grep 'tangent::editing::DocumentModel::' >/dev/null ||
    fail "tangent_editing_alone does not hold the editing session"
ldd "$EDITING" | grep Qt6Gui >/dev/null || fail "tangent_editing_alone does not link QtGui"
if ldd "$EDITING" | grep Qt6Widgets >/dev/null; then fail "tangent_editing (editing/) links QtWidgets"; fi
# ldd shows only the libraries a program uses (the linker drops the others, --as-needed): the
# libraries tangent_editing asks to be linked with are read from the link line too.
LINK="$(awk '/^build editing\/tangent_editing_alone:/ { found = 1 } found && /LINK_LIBRARIES/ { print; exit }' "$DIR/build.ninja")"
[[ "$LINK" == *libtangent_render.a* ]] || fail "no link line for tangent_editing_alone in build.ninja"
if [[ "$LINK" == *Widgets* ]]; then fail "tangent_editing (editing/) is linked with QtWidgets"; fi

FIXTURE="$ROOT/tests/data/blender/broken_trs_1.glb"
for ext in png svg; do
    QT_QPA_PLATFORM=offscreen "$CLI" render "$FIXTURE" --channel 0:1 -o "$OUT/cli.$ext" --size 800x400
    QT_QPA_PLATFORM=offscreen "$FULL" render "$FIXTURE" --channel 0:1 -o "$OUT/full.$ext" --size 800x400
    cmp "$OUT/cli.$ext" "$OUT/full.$ext" || fail "the two builds render different $ext bytes"
done
echo "command_line_build: configured without Qt Widgets; neither tangent, tangent-gui nor tangent_editing links QtWidgets;" \
    "tangent render gives the full build's PNG and SVG bytes"
