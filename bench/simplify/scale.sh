#!/usr/bin/env bash
# Simplify at mocap scale (issue 26): `tangent simplify` on dense bakes written by other tools,
# against `gltf-transform resample` at the same tolerance, in one run. Both run as users run them
# (whole commands, every core, reading and writing the files); wall seconds, medians of the runs,
# the runs alternated (the machine is shared). Bytes are the animation data as stored
# (gltf.mjs: every accessor a sampler uses, once). Each Tangent output must pass `tangent diff`
# against its input at the same tolerances (the shared measure) and the Khronos validator.
#
#   bench/simplify/scale.sh OUTDIR [--quick] [--runs N]
#
# Inputs (make_mocap's file rewritten by `gltf-transform copy`, as real files are laid out):
#   smooth_gltfpack30   gltfpack -af 30 -noq -kn -ac of it: a 30 fps bake (int16 rotations)
#   smooth_linear       tangent convert --to linear of it: dense LINEAR keys, unevenly spaced
#   noisy_gltfpack60    gltfpack -af 60 of make_mocap --random-tangents: every other sample off
#                       the smooth motion by a random tangent (noise no fit can remove)
#   corners_gltfpack60  gltfpack -af 60 of make_mocap --corners 10: the motion bounces back at
#                       every tenth key (3 a second), a corner on a sample with one between keys
# Tolerances: translation 1e-3, rotation 0.1 degrees, scale and weights 1e-3 (Tangent's defaults);
# resample --tolerance 0.001.
#
# Environment: TANGENT_BUILD (default: build in the repository) has app/tangent and
# bench/make_mocap; BASE_TANGENT, another tangent binary (a build of the commit before a change),
# timed alternately with it as the same-run baseline. --quick: a 10 x 500 file, one run.
set -euo pipefail
{

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
[[ $# -ge 1 ]] || { echo "usage: bench/simplify/scale.sh OUTDIR [--quick] [--runs N]" >&2; exit 64; }
out="$(mkdir -p "$1" && cd "$1" && pwd)"
shift
quick=0
runs=3
while [[ $# -gt 0 ]]; do
    case "$1" in
        --quick) quick=1; runs=1 ;;
        --runs) runs="$2"; shift ;;
        *) echo "scale.sh: unknown argument $1" >&2; exit 64 ;;
    esac
    shift
done
build="${TANGENT_BUILD:-$root/build}"
tangent="$build/app/tangent"
base="${BASE_TANGENT:-}"
gltf_transform="$root/tools/corpus/node_modules/.bin/gltf-transform"
for tool in "$tangent" "$build/bench/make_mocap" "$gltf_transform" ${base:+"$base"}; do
    [[ -x "$tool" ]] || { echo "scale.sh: missing $tool" >&2; exit 2; }
done
command -v gltfpack > /dev/null || { echo "scale.sh: gltfpack is missing" >&2; exit 2; }
log() { echo "$*" >&2; }

# 1. Inputs.
if (( quick )); then size=(--nodes 10 --keys 500); else size=(); fi
inputs="$out/inputs"
mkdir -p "$inputs"
log "inputs: make_mocap ${size[*]} (smooth, --random-tangents, --corners 10), gltf-transform copy"
"$build/bench/make_mocap" "${size[@]}" -o "$inputs/made.glb" > /dev/null
"$build/bench/make_mocap" "${size[@]}" --random-tangents -o "$inputs/made_random.glb" > /dev/null
"$build/bench/make_mocap" "${size[@]}" --corners 10 -o "$inputs/made_corners.glb" > /dev/null
"$gltf_transform" copy "$inputs/made.glb" "$inputs/mocap.glb" > /dev/null
"$gltf_transform" copy "$inputs/made_random.glb" "$inputs/mocap_random.glb" > /dev/null
"$gltf_transform" copy "$inputs/made_corners.glb" "$inputs/mocap_corners.glb" > /dev/null
log "inputs: gltfpack bakes, convert --to linear"
gltfpack -i "$inputs/mocap.glb" -o "$inputs/smooth_gltfpack30.glb" -af 30 -noq -kn -ac > /dev/null
gltfpack -i "$inputs/mocap_random.glb" -o "$inputs/noisy_gltfpack60.glb" -af 60 -noq -kn -ac > /dev/null
gltfpack -i "$inputs/mocap_corners.glb" -o "$inputs/corners_gltfpack60.glb" -af 60 -noq -kn -ac > /dev/null
"$tangent" convert "$inputs/mocap.glb" -o "$inputs/smooth_linear.glb" --to linear > /dev/null
names=(smooth_gltfpack30 smooth_linear noisy_gltfpack60 corners_gltfpack60)

# 2. Each input: the runs alternated (base, tangent, resample), wall seconds of each.
tolerances=(--tolerance-translation 1e-3 --tolerance-rotation 0.1 --tolerance-scale 1e-3 --tolerance-weights 1e-3)
seconds() { # seconds FILE COMMAND...: appends the wall seconds of COMMAND to FILE
    local file="$1"; shift
    local start; start="$(date +%s.%N)"
    "$@" > "$out/last.log" 2>&1 || { log "scale.sh: failed: $*"; cat "$out/last.log" >&2; exit 1; }
    awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { printf "%.3f\n", b - a }' >> "$file"
}
median() { sort -g "$1" | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}'; }
bytes_of() { # animation bytes of each file, one line each
    node --input-type=module -e "
        import { animationBytes, openIO } from '$here/gltf.mjs';
        const io = await openIO();
        for (const f of process.argv.slice(1)) console.log(animationBytes(await io.read(f)));" "$@"
}

outputs="$out/outputs"
mkdir -p "$outputs"
rows=()
for name in "${names[@]}"; do
    input="$inputs/$name.glb"
    : > "$out/$name.tangent.s"; : > "$out/$name.base.s"; : > "$out/$name.resample.s"
    for ((run = 1; run <= runs; ++run)); do
        log "measure: $name, run $run of $runs"
        [[ -n "$base" ]] && seconds "$out/$name.base.s" "$base" simplify "$input" -o "$outputs/$name.base.glb" "${tolerances[@]}"
        seconds "$out/$name.tangent.s" "$tangent" simplify "$input" -o "$outputs/$name.tangent.glb" "${tolerances[@]}"
        seconds "$out/$name.resample.s" "$gltf_transform" resample "$input" "$outputs/$name.resample.glb" --tolerance 0.001
    done
    # The shared measure: every channel of the output within its tolerance of the input.
    if "$tangent" diff "$input" "$outputs/$name.tangent.glb" "${tolerances[@]}" > "$out/$name.diff.txt" 2>&1; then
        diff_result=pass
    else
        diff_result=FAIL
    fi
    read -r in_bytes tangent_bytes resample_bytes < <(bytes_of "$input" "$outputs/$name.tangent.glb" "$outputs/$name.resample.glb" | paste -sd' ')
    base_s="-"; base_bytes="-"
    if [[ -n "$base" ]]; then
        base_s="$(median "$out/$name.base.s")"
        base_bytes="$(bytes_of "$outputs/$name.base.glb")"
    fi
    rows+=("$name $in_bytes $base_bytes $base_s $tangent_bytes $(median "$out/$name.tangent.s") $resample_bytes $(median "$out/$name.resample.s") $diff_result")
done

# 3. The table.
echo "| input | input MB | base MB | base s | tangent MB | tangent s | resample MB | resample s | bytes tangent / resample | time tangent / resample | diff |"
echo "|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|---|"
for row in "${rows[@]}"; do
    echo "$row" | awk '{
        printf "| %s | %.3f | %s | %s | %.3f | %.2f | %.3f | %.2f | %.3f | %.1f | %s |\n", $1, $2 / 1e6,
            ($3 == "-" ? "-" : sprintf("%.3f", $3 / 1e6)), $4, $5 / 1e6, $6, $7 / 1e6, $8, $5 / $7, $6 / $8, $9 }'
done
echo
echo "Tangent: simplify ${tolerances[*]}; resample: gltf-transform resample --tolerance 0.001."
echo "Wall seconds, median of $runs alternated run(s), whole commands on every core ($(nproc) here)."

# Every Tangent output through the Khronos validator.
node "$root/tools/validator/validate.mjs" --json "$outputs"/*.tangent.glb > "$out/validation.json" || true
invalid="$(node -e 'const r=JSON.parse(require("fs").readFileSync(process.argv[1]));
  console.log(r.filter(f=>f.fatal!==undefined||f.issues.numErrors>0).map(f=>f.uri).join(" "))' "$out/validation.json")"
if [[ -n "$invalid" ]]; then echo "scale.sh: outputs fail the Khronos validator: $invalid" >&2; exit 1; fi
echo "Every Tangent output passes the Khronos validator."
grep -q FAIL <<< "${rows[*]}" && { echo "scale.sh: a Tangent output fails tangent diff (see OUTDIR/*.diff.txt)" >&2; exit 1; }
exit 0
}
