#!/usr/bin/env bash
# The convert benchmark: `tangent convert --to linear` of a mocap-scale CUBICSPLINE file against
# glTF-Transform's `resample` reading and rewriting the result (the issue's yardstick: at most
# 10 x its time), with the peak memory of each. Prints a markdown table; files go to OUTDIR.
#
#   bench/convert/run.sh OUTDIR [--quick]
#
# Environment: TANGENT_BUILD, the build directory with app/tangent and bench/make_mocap (default:
# build in the repository). Needs node and the project's glTF-Transform (tools/corpus, installed by
# dev.sh). The input is make_mocap's file rewritten by glTF-Transform (`copy`), as real files are
# laid out. --quick: a 10 x 500-key file, one run each.
set -euo pipefail
{

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
[[ $# -ge 1 ]] || { echo "usage: bench/convert/run.sh OUTDIR [--quick]" >&2; exit 64; }
out="$(mkdir -p "$1" && cd "$1" && pwd)"
quick=0
[[ "${2:-}" == "--quick" ]] && quick=1
build="${TANGENT_BUILD:-$root/build}"
tangent="$build/app/tangent"
gltf_transform="$root/tools/corpus/node_modules/.bin/gltf-transform"
validator="$root/tools/validator/validate.mjs"
for tool in "$tangent" "$build/bench/make_mocap" "$gltf_transform"; do
    [[ -x "$tool" ]] || { echo "missing $tool: build the project and run ./dev.sh setup first" >&2; exit 2; }
done

if (( quick )); then size=(--nodes 10 --keys 500); runs=1; else size=(--nodes 100 --keys 5000); runs=3; fi
"$build/bench/make_mocap" "${size[@]}" -o "$out/made.glb" > /dev/null
"$gltf_transform" copy "$out/made.glb" "$out/mocap.glb" > /dev/null

# Wall seconds and peak kB of a command, "S KB" (its own output to $out/last.log).
timed() {
    /usr/bin/time -f "%e %M" -o "$out/time.txt" "$@" > "$out/last.log" 2>&1 || true
    tail -1 "$out/time.txt"
}
median() { sort -n | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}'; }

echo "| tolerance | output keys | output MB | convert s | convert peak MB | resample s | convert / resample | peak / output | channels over |"
echo "|---|--:|--:|--:|--:|--:|--:|--:|--:|"
for setting in default 1e-4; do
    args=(convert "$out/mocap.glb" -o "$out/linear_$setting.glb" --to linear)
    [[ "$setting" == default ]] || args+=(--tolerance "$setting")
    # A setting whose rotations need keys closer than keys may be ends with exit 1: still timed.
    n=$runs; [[ "$setting" == default ]] || n=1
    : > "$out/convert_$setting.txt"
    for ((i = 0; i < n; ++i)); do timed "$tangent" "${args[@]}" >> "$out/convert_$setting.txt"; done
    cp "$out/last.log" "$out/convert_$setting.log"
    : > "$out/resample_$setting.txt"
    for ((i = 0; i < n; ++i)); do
        timed "$gltf_transform" resample "$out/linear_$setting.glb" "$out/resampled_$setting.glb" >> "$out/resample_$setting.txt"
    done
    convert_s=$(cut -d' ' -f1 "$out/convert_$setting.txt" | median)
    convert_kb=$(cut -d' ' -f2 "$out/convert_$setting.txt" | median)
    resample_s=$(cut -d' ' -f1 "$out/resample_$setting.txt" | median)
    keys=$(grep -o -- '-> [0-9]* keys' "$out/convert_$setting.log" | awk '{s += $2} END {print s}')
    over=$(grep -c 'OVER the tolerance' "$out/convert_$setting.log" || true)
    bytes=$(stat -c %s "$out/linear_$setting.glb")
    awk -v t="$setting" -v k="$keys" -v b="$bytes" -v cs="$convert_s" -v ck="$convert_kb" -v rs="$resample_s" -v o="$over" \
        'BEGIN {printf "| %s | %d | %.1f | %.2f | %.0f | %.2f | %.1f | %.1f | %d |\n", t, k, b / 1e6, cs, ck / 1024, rs, cs / rs, ck * 1024 / b, o}'
done
# The default output, the one a user keeps, through the Khronos validator.
node "$validator" "$out/linear_default.glb" > "$out/validator.txt" ||
    { echo "linear_default.glb: the Khronos validator reports errors (see validator.txt)" >&2; exit 1; }

}
