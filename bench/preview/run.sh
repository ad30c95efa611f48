#!/usr/bin/env bash
# The preview benchmark: writes the 50k-vertex cylinders with glTF-Transform, checks them with
# the Khronos validator, then times the preview offscreen at 1280x720 under xvfb-run.
#   bench/preview/run.sh [BUILD_DIR] [FRAMES]     (default build/, 120 frames)
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
BUILD="${1:-$ROOT/build}"
FRAMES="${2:-120}"
OUT="$BUILD/bench/preview"
mkdir -p "$OUT"
node "$ROOT/bench/preview/make_cylinder.mjs" "$OUT"
node "$ROOT/tools/validator/validate.mjs" "$OUT/skinned_cylinder.glb" "$OUT/static_cylinder.glb"
ninja -C "$BUILD" time_preview >/dev/null
# The dock draws without multisampling on a software renderer (as here), with 4x on a GPU.
for samples in 0 4; do
    xvfb-run -a -s "-screen 0 1600x1000x24" "$BUILD/bench/time_preview" \
        "$OUT/skinned_cylinder.glb" "$OUT/static_cylinder.glb" --frames "$FRAMES" --samples "$samples"
done
