// Fewest keys: per channel, the keys `tangent simplify` writes for a bake against the keys of the
// curve that was baked (a Blender fixture, CUBICSPLINE). The limit: 1.25 x the source's
// keys + 1, or 2 x + 1 where the source has broken tangents (their corners fall between samples).
//
//   node fewest_keys.mjs SOURCE.glb --bake NAME BAKE.glb SIMPLIFIED.glb [--bake ...]
//
// Prints one markdown row per channel and, last, a JSON line with the counts.
import { openIO } from './gltf.mjs';

const args = process.argv.slice(2);
const sourcePath = args.shift();
const bakes = [];
while (args.length) {
    if (args.shift() !== '--bake') throw new Error('usage: fewest_keys.mjs SOURCE --bake NAME BAKE OUT ...');
    bakes.push({ name: args.shift(), bake: args.shift(), simplified: args.shift() });
}

const io = await openIO();

// Per channel (node name and path): key count, interpolation, whether a key is broken.
async function channels(file) {
    const document = await io.read(file);
    const result = new Map();
    for (const animation of document.getRoot().listAnimations())
        for (const channel of animation.listChannels()) {
            const sampler = channel.getSampler();
            const keys = sampler.getInput().getCount();
            let broken = false;
            if (sampler.getInterpolation() === 'CUBICSPLINE') {
                const out = sampler.getOutput();
                const size = out.getElementSize();
                const a = [], b = [];
                for (let k = 1; k + 1 < keys; ++k) {
                    out.getElement(3 * k, a);
                    out.getElement(3 * k + 2, b);
                    for (let c = 0; c < size; ++c)
                        if (Math.abs(a[c] - b[c]) > 1e-5 * Math.max(1, Math.abs(a[c]), Math.abs(b[c]))) broken = true;
                }
            }
            const key = `${channel.getTargetNode()?.getName() ?? '?'} ${channel.getTargetPath()}`;
            result.set(key, { keys, interpolation: sampler.getInterpolation(), broken });
        }
    return result;
}

const source = await channels(sourcePath);
const counts = { channels: 0, within: 0, byPath: {} };
for (const { name, bake, simplified } of bakes) {
    const baked = await channels(bake);
    const fitted = await channels(simplified);
    for (const [key, s] of source) {
        const f = fitted.get(key), b = baked.get(key);
        if (!f || !b) continue;
        const limit = (s.broken ? 2 : 1.25) * s.keys + 1;
        const within = f.keys <= limit;
        const path = key.split(' ').pop();
        counts.channels++;
        if (within) counts.within++;
        const p = (counts.byPath[path] ??= { channels: 0, within: 0 });
        p.channels++;
        if (within) p.within++;
        console.log(`| ${name} | ${key} | ${s.keys}${s.broken ? ' (broken)' : ''} | ${b.keys} | ${f.interpolation} ${f.keys} | ${limit} | ${(f.keys / s.keys).toFixed(2)} | ${within ? 'yes' : '**no**'} |`);
    }
}
console.log(JSON.stringify(counts));
