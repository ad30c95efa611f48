#!/usr/bin/env bash
# Fewest keys (issue 26): bakes of the Blender fixtures' curves, simplified to CUBICSPLINE at the
# default tolerances, key for key against the fixture's own curve. Prints a markdown table and a
# summary; everything it makes goes to OUTDIR.
#
#   bench/simplify/fewest_keys.sh OUTDIR
#
# Environment: TANGENT_BUILD, the build directory with app/tangent (default: build). Bakes:
# Blender's own (Debian's blender and python3-numpy; `bake_blender.py`) at 30 and 60 fps, and
# gltfpack's (`-af 30/60 -noq -kn -ac`). Without Blender only gltfpack's are made, and it says so.
set -euo pipefail
{
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
[[ $# -ge 1 ]] || { echo "usage: bench/simplify/fewest_keys.sh OUTDIR" >&2; exit 64; }
out="$(mkdir -p "$1" && cd "$1" && pwd)"
tangent="${TANGENT_BUILD:-$root/build}/app/tangent"
[[ -x "$tangent" ]] || { echo "fewest_keys.sh: $tangent is missing: build it first" >&2; exit 1; }
fixtures="$root/tests/data/blender"
blender_ok=0
if command -v blender > /dev/null; then blender_ok=1; else echo "fewest_keys.sh: no blender here: gltfpack's bakes only" >&2; fi

echo '| bake | channel | source keys | bake keys | Tangent | limit | × source | within |'
echo '|---|---|--:|--:|--:|--:|--:|---|'
summary=()
for fixture in "$fixtures"/*.glb; do
    name="$(basename "$fixture" .glb)"
    bakes=()
    for fps in 30 60; do
        if (( blender_ok )); then
            bake="$out/blender_${name}_$fps.glb"
            blender --background --factory-startup --python "$here/bake_blender.py" -- "$fixture" "$bake" "$fps" \
                > "$out/blender.log" 2>&1 || { cat "$out/blender.log" >&2; exit 1; }
            "$tangent" simplify "$bake" -o "${bake%.glb}.simplified.glb" --to cubicspline > /dev/null
            bakes+=(--bake "blender $fps" "$bake" "${bake%.glb}.simplified.glb")
        fi
        bake="$out/gltfpack_${name}_$fps.glb"
        gltfpack -i "$fixture" -o "$bake" -af "$fps" -noq -kn -ac > /dev/null
        "$tangent" simplify "$bake" -o "${bake%.glb}.simplified.glb" --to cubicspline > /dev/null
        bakes+=(--bake "gltfpack $fps" "$bake" "${bake%.glb}.simplified.glb")
    done
    node "$here/fewest_keys.mjs" "$fixture" "${bakes[@]}" | sed "s/^| /| $name /" > "$out/$name.md"
    grep '^|' "$out/$name.md" || true  # a fixture may have no channel in these bakes
    summary+=("$(tail -n 1 "$out/$name.md")")
done
printf '%s\n' "${summary[@]}" | node -e '
  let s = ""; process.stdin.on("data", (d) => (s += d)).on("end", () => {
    const total = { channels: 0, within: 0, byPath: {} };
    for (const line of s.split("\n").filter(Boolean)) {
      const c = JSON.parse(line);
      total.channels += c.channels; total.within += c.within;
      for (const [p, v] of Object.entries(c.byPath)) {
        const t = (total.byPath[p] ??= { channels: 0, within: 0 });
        t.channels += v.channels; t.within += v.within;
      }
    }
    console.log(`\nwithin the limit: ${total.within} of ${total.channels} channels; ` +
      Object.entries(total.byPath).map(([p, v]) => `${p} ${v.within} of ${v.channels}`).join(", "));
  });'
# Every simplified file must pass the Khronos validator.
node "$root/tools/validator/validate.mjs" --json "$out"/*.simplified.glb > "$out/validation.json" || true
node -e 'const r = JSON.parse(require("fs").readFileSync(process.argv[1]));
  const bad = r.filter((f) => f.fatal !== undefined || f.issues.numErrors > 0);
  console.log(`Khronos validator: ${r.length - bad.length} of ${r.length} simplified files without errors`);
  process.exit(bad.length ? 1 : 0);' "$out/validation.json"
exit
}
