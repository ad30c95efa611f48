#!/usr/bin/env bash
# The simplify benchmark: Tangent's `simplify --to best` against glTF-Transform's
# resample on bakes written by other tools, with an independent error check. Prints a markdown
# table; everything it makes goes to OUTDIR.
#
#   bench/simplify/run.sh OUTDIR [--quick]
#
# Environment: TANGENT_BUILD, the build directory with app/tangent and bench/make_mocap
# (default: build in the repository). Needs node; Blender (Debian's blender) for the Blender
# bakes, else gltfpack bakes stand in; gltfpack for the mocap file's bake.
# --quick: 30 fps only, the default tolerances only, a 10 x 500-key mocap file.
set -euo pipefail
# One compound command: bash reads it whole before running, so editing this file mid-run is safe.
{

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
[[ $# -ge 1 ]] || { echo "usage: bench/simplify/run.sh OUTDIR [--quick]" >&2; exit 64; }
out="$(mkdir -p "$1" && cd "$1" && pwd)"
quick=0
[[ "${2:-}" == "--quick" ]] && quick=1
build="${TANGENT_BUILD:-$root/build}"
tangent="$build/app/tangent"
make_mocap="$build/bench/make_mocap"
fixtures="$root/tests/data/blender"
inputs="$out/inputs"
outputs="$out/outputs"
results="$out/results.jsonl"
mkdir -p "$inputs" "$outputs"
: > "$results"
log() { echo "$*" >&2; }

if (( quick )); then rates=(30); else rates=(30 60); fi

# The evaluator of the error check must agree with a player first.
node "$here/verify_evaluator.mjs" "$fixtures" > "$out/verify_evaluator.txt" ||
    { cat "$out/verify_evaluator.txt" >&2; exit 1; }

# 1. Inputs, each written by another tool.
log "inputs: crafted curves (glTF-Transform)"
node "$here/make_crafted.mjs" "$inputs" --fps "$(IFS=,; echo "${rates[*]}")" > /dev/null

if command -v blender > /dev/null; then
    for fixture in "$fixtures"/*.glb; do
        for fps in "${rates[@]}"; do
            name="blender_$(basename "$fixture" .glb)_$fps.glb"
            log "inputs: $name (Blender, Always Sample Animations)"
            blender --background --factory-startup --python "$here/bake_blender.py" -- "$fixture" "$inputs/$name" "$fps" \
                > "$out/blender.log" 2>&1 || { cat "$out/blender.log" >&2; exit 1; }
        done
    done
else
    log "inputs: no blender here: only gltfpack's bakes of the fixtures"
fi
# gltfpack's bakes too: its resampling at a rate, rotations stored as normalized int16.
for fixture in "$fixtures"/*.glb; do
    for fps in "${rates[@]}"; do
        log "inputs: gltfpack_$(basename "$fixture" .glb)_$fps.glb (gltfpack -af $fps)"
        gltfpack -i "$fixture" -o "$inputs/gltfpack_$(basename "$fixture" .glb)_$fps.glb" -af "$fps" -noq -kn -ac > /dev/null
    done
done

if (( quick )); then mocap_args=(--nodes 10 --keys 500); mocap="$inputs/mocap_10x500.glb"
else mocap_args=(); mocap="$inputs/mocap_100x5000.glb"; fi
[[ -x "$make_mocap" ]] || { echo "run.sh: $make_mocap is missing: build the make_mocap target" >&2; exit 1; }
log "inputs: $(basename "$mocap") (make_mocap) and its gltfpack -af 30 bake"
"$make_mocap" "${mocap_args[@]}" -o "$mocap" > /dev/null
# Floats kept (-noq), named nodes kept (-kn), constant tracks kept (-ac): a plain 30 fps bake.
gltfpack -i "$mocap" -o "${mocap%.glb}_gltfpack30.glb" -af 30 -noq -kn -ac > /dev/null

# 2. Each input at each tolerance setting: Tangent (3 runs on one core) and resample.
tolerance_names=(default loose)
declare -A tolerance_args=(
    [default]="1e-4 0.1 1e-3 1e-3"
    [loose]="1e-3 1 1e-2 1e-2"
)
(( quick )) && tolerance_names=(default)

median() { printf '%s\n' "$@" | sort -g | sed -n "$(( ($# + 1) / 2 ))p"; }
now() { date +%s.%N; }

# Tangent's side: the command; until it exists, bench/time_simplify (the same engine, load,
# fit, save; no JSON report).
have_simplify=1
if [[ -x "$tangent" ]] && "$tangent" simplify --help > /dev/null 2>&1; then
    simplify=("$tangent" simplify)
elif [[ -x "$build/bench/time_simplify" ]]; then
    log "run.sh: $tangent has no simplify command: Tangent's side is bench/time_simplify"
    simplify=("$build/bench/time_simplify")
else
    log "run.sh: no tangent simplify and no bench/time_simplify: only resample is measured"
    have_simplify=0
fi

for input in "$inputs"/*.glb; do
    name="$(basename "$input" .glb)"
    for setting in "${tolerance_names[@]}"; do
        read -r et er es ew <<< "${tolerance_args[$setting]}"
        tolerances="{\"translation\":$et,\"rotation\":$er,\"scale\":$es,\"weights\":$ew}"
        log "measure: $name, $setting tolerances"
        tools=()

        if (( have_simplify )); then
            tangent_out="$outputs/$name.$setting.tangent.glb"
            times=()
            for run in 1 2 3; do
                start="$(now)"
                if ! taskset -c 0 "${simplify[@]}" "$input" -o "$tangent_out" --to best --json \
                    --tolerance-translation "$et" --tolerance-rotation "$er" \
                    --tolerance-scale "$es" --tolerance-weights "$ew" > "$outputs/$name.$setting.tangent.json"; then
                    log "run.sh: tangent simplify failed on $input"
                fi
                times+=("$(awk -v a="$start" -v b="$(now)" 'BEGIN { print b - a }')")
                # Past a minute the spread hardly matters and three runs would take the evening.
                if awk -v s="${times[0]}" 'BEGIN { exit !(s > 60) }'; then
                    log "run.sh: $name took ${times[0]} s: one run only"
                    break
                fi
            done
            tools+=(--tool tangent "$tangent_out" "$(median "${times[@]}")")
            [[ "${simplify[1]:-}" == simplify ]] && tools+=(--report "$outputs/$name.$setting.tangent.json")
        fi

        resample_out="$outputs/$name.$setting.resample.glb"
        resample_seconds="$(taskset -c 0 node "$here/resample.mjs" "$input" "$resample_out" \
            --translation "$et" --rotation "$er" --scale "$es" --weights "$ew" | tail -n 1 |
            node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).seconds))')"
        tools+=(--tool resample "$resample_out" "$resample_seconds")

        node "$here/measure.mjs" "$input" --label "$name" --tolerances "$tolerances" "${tools[@]}" |
            node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{const r=JSON.parse(s);r.tolerance=process.argv[1];console.log(JSON.stringify(r))})' "$setting" \
            >> "$results"
    done
done

# Every output must pass the Khronos validator: the table is printed either way, then the run
# fails naming each output with errors (or that the validator could not read).
node "$root/tools/validator/validate.mjs" --json "$outputs"/*.glb > "$out/validation.json" || true
invalid="$(node -e 'const r=JSON.parse(require("fs").readFileSync(process.argv[1]));
  console.log(r.filter(f=>f.fatal!==undefined||f.issues.numErrors>0).map(f=>f.uri).join(" "))' "$out/validation.json")"

node "$here/table.mjs" "$results"
echo
echo "Tolerances: default = $(echo ${tolerance_args[default]} | sed 's/ / \/ /g'), loose = $(echo ${tolerance_args[loose]} | sed 's/ / \/ /g') (translation units / rotation degrees / scale / weights)."
if [[ -z "$invalid" ]]; then echo "Every output passes the Khronos validator ($(ls "$outputs"/*.glb | wc -l) files)."
else
    echo "Outputs with validator errors: $invalid"
    echo "run.sh: outputs fail the Khronos validator (reports in $out/validation.json): $invalid" >&2
    exit 1
fi
exit
}
