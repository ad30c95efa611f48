#!/usr/bin/env bash
# The whole-file validate benchmark: `tangent validate` against the Khronos glTF-Validator (the
# issue's yardstick: at least 25 x faster, peak memory at most half the file) on a 1 M-triangle
# textured mesh glTF-Transform writes (make_mesh.mjs) and on a corpus of files as one batch.
# Prints a markdown table of medians; files go to OUTDIR.
#
#   bench/validate/run.sh OUTDIR [CORPUS_DIR]
#
# CORPUS_DIR defaults to the Khronos validator's own test assets (tests/data/khronos-validator).
# Environment: TANGENT_BUILD, the build directory with app/tangent (default: build).
set -euo pipefail
{

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
[[ $# -ge 1 ]] || { echo "usage: bench/validate/run.sh OUTDIR [CORPUS_DIR]" >&2; exit 64; }
out="$(mkdir -p "$1" && cd "$1" && pwd)"
corpus="${2:-$root/tests/data/khronos-validator}"
build="${TANGENT_BUILD:-$root/build}"
tangent="$build/app/tangent"
validator="$root/tools/validator/validate.mjs"
[[ -x "$tangent" ]] || { echo "missing $tangent: build the project first" >&2; exit 2; }
runs=5

node "$here/make_mesh.mjs" "$out"
mesh="$out/textured_grid.glb"
mapfile -t files < <(find "$corpus" -name '*.gltf' -o -name '*.glb' | sort)

# Wall seconds and peak kB of a command, "S KB".
timed() {
    /usr/bin/time -f "%e %M" -o "$out/time.txt" "$@" > "$out/last.log" 2>&1 || true
    tail -1 "$out/time.txt"
}
median() { sort -n | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}'; }

row() {  # name, file bytes, then the arguments both tools take
    local name="$1" bytes="$2"
    shift 2
    local t=() k=() tm=() km=()
    for ((i = 0; i < runs; ++i)); do  # interleaved, so load changes hit both alike
        read -r s m < <(timed "$tangent" validate "$@"); t+=("$s"); tm+=("$m")
        read -r s m < <(timed node "$validator" "$@"); k+=("$s"); km+=("$m")
    done
    local ts ks tmem kmem
    ts=$(printf '%s\n' "${t[@]}" | median); ks=$(printf '%s\n' "${k[@]}" | median)
    tmem=$(printf '%s\n' "${tm[@]}" | median); kmem=$(printf '%s\n' "${km[@]}" | median)
    awk -v n="$name" -v ts="$ts" -v ks="$ks" -v tm="$tmem" -v km="$kmem" -v b="$bytes" 'BEGIN {
        printf "| %s | %.1f | %.3f | %.3f | %.1f x | %.0f | %.0f | %.2f |\n", n, b / 1e6, ts, ks, ks / ts, tm / 1024, km / 1024, tm * 1024 / b }'
}

echo "| input | MB | tangent s | Khronos s | speed-up | tangent peak MB | Khronos peak MB | tangent peak / file |"
echo "|---|---|---|---|---|---|---|---|"
row "1 M-triangle textured mesh (glTF-Transform)" "$(stat -c %s "$mesh")" "$mesh"
row "${#files[@]} files of $(basename "$corpus"), one batch" "$(cat "${files[@]}" | wc -c)" "${files[@]}"
}
