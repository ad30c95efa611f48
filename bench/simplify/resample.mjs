// glTF-Transform's resample with a tolerance per path, the baseline of the simplify benchmark.
//
//   node resample.mjs IN OUT [--translation E] [--rotation DEG] [--scale E] [--weights E]
//
// `gltf-transform resample --tolerance E` runs keyframe-resample's greedy test with one number for
// every path: a key is dropped when each component of its value is within E of the lerp (slerp
// for rotation) between the last key kept and the next key. That number is per component and
// absolute, Tangent's are per path (see docs/performance.md, "Simplify"), so this runs the same
// function, sampler by sampler, with each path's tolerance turned into a per-component one that
// is at least as loose as Tangent's:
//   translation  E            (a component within E: distance within E up to sqrt(3) E)
//   rotation     DEG/2 in rad (unit quaternions a tiny angle apart differ by about angle/2)
//   scale, weights  E         (absolute; Tangent's scale is relative to max(1, |a|, |b|))
// Then prunes what it left unused, as the CLI's cleanup does. Prints the time it took.
import { openIO, requireCorpus } from './gltf.mjs';

const { ready, resample } = requireCorpus('keyframe-resample');
const { dedup, prune } = requireCorpus('@gltf-transform/functions');
const { PropertyType } = requireCorpus('@gltf-transform/core');

const args = process.argv.slice(2);
const tolerances = { translation: 1e-4, rotation: 0.1, scale: 1e-3, weights: 1e-3 };
const files = [];
for (let i = 0; i < args.length; ++i) {
    const name = args[i].replace(/^--/, '');
    if (args[i].startsWith('--') && name in tolerances) tolerances[name] = Number(args[++i]);
    else files.push(args[i]);
}
if (files.length !== 2 || Object.values(tolerances).some((v) => !(v >= 0))) {
    console.error('usage: node resample.mjs IN OUT [--translation E] [--rotation DEG] [--scale E] [--weights E]');
    process.exit(64);
}
const perComponent = {
    translation: tolerances.translation,
    rotation: ((tolerances.rotation * Math.PI) / 180) / 2,
    scale: tolerances.scale,
    weights: tolerances.weights,
};

function toFloats(accessor) {
    const array = accessor.getArray();
    if (array instanceof Float32Array) return array.slice();
    throw new Error(`${files[0]}: resample.mjs reads float animation data only (accessor ${accessor.getName()})`);
}

await ready;
const io = await openIO();
const document = await io.read(files[0]);
document.setLogger(new (requireCorpus('@gltf-transform/core').Logger)(2 /* Logger.Verbosity.WARN */));
const start = process.hrtime.bigint();
for (const animation of document.getRoot().listAnimations()) {
    const pathOf = new Map(animation.listChannels().map((c) => [c.getSampler(), c.getTargetPath()]));
    for (const sampler of animation.listSamplers()) {
        const interpolation = sampler.getInterpolation();
        if (interpolation !== 'LINEAR' && interpolation !== 'STEP') continue;  // as resample: CUBICSPLINE untouched
        const targetPath = pathOf.get(sampler);
        const times = toFloats(sampler.getInput());
        const values = toFloats(sampler.getOutput());
        const mode = interpolation === 'STEP' ? 'step' : targetPath === 'rotation' ? 'slerp' : 'lerp';
        const count = resample(times, values, mode, perComponent[targetPath] ?? tolerances.translation);
        if (count === times.length) continue;
        const elementSize = values.length / times.length;
        sampler.setInput(sampler.getInput().clone().setArray(times.slice(0, count)));
        sampler.setOutput(sampler.getOutput().clone().setArray(values.slice(0, count * elementSize)));
    }
}
await document.transform(prune({ propertyTypes: [PropertyType.ACCESSOR] }), dedup({ propertyTypes: [PropertyType.ACCESSOR] }));
const seconds = Number(process.hrtime.bigint() - start) / 1e9;
await io.write(files[1], document);
console.log(JSON.stringify({ file: files[0], output: files[1], seconds }));
