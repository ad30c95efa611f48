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
// Then cleans up as resample does. Prints the time it took.
import { openIO, requireCorpus } from './gltf.mjs';

const { ready, resample } = requireCorpus('keyframe-resample');
const { dedup } = requireCorpus('@gltf-transform/functions');
const { Accessor, ComponentTypeToTypedArray, Logger, MathUtils, PropertyType, Root } = requireCorpus('@gltf-transform/core');

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

// As resample does: normalized integers (gltfpack writes rotations as int16) are resampled as
// floats and stored back in their own type.
function toFloats(accessor) {
    const array = accessor.getArray();
    if (array instanceof Float32Array) return array.slice();
    const floats = new Float32Array(array);
    if (accessor.getNormalized())
        for (let i = 0; i < floats.length; ++i) floats[i] = MathUtils.decodeNormalizedInt(floats[i], accessor.getComponentType());
    return floats;
}

function fromFloats(floats, accessor) {
    const type = accessor.getComponentType();
    if (type === Accessor.ComponentType.FLOAT) return floats.slice();
    const array = new ComponentTypeToTypedArray[type](floats.length);
    for (let i = 0; i < floats.length; ++i)
        array[i] = accessor.getNormalized() ? MathUtils.encodeNormalizedInt(floats[i], type) : floats[i];
    return array;
}

await ready;
const io = await openIO();
const document = await io.read(files[0]);
document.setLogger(new Logger(Logger.Verbosity.WARN));
const start = process.hrtime.bigint();
const accessorCount = document.getRoot().listAccessors().length;
const replaced = new Set();
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
        replaced.add(sampler.getInput()).add(sampler.getOutput());
        sampler.setInput(sampler.getInput().clone().setArray(fromFloats(times.slice(0, count), sampler.getInput())));
        sampler.setOutput(sampler.getOutput().clone().setArray(fromFloats(values.slice(0, count * elementSize), sampler.getOutput())));
    }
}
// resample's cleanup: the replaced accessors go when nothing uses them any more, and identical
// accessors are merged only when resampling made more of them.
for (const accessor of replaced) if (!accessor.listParents().some((p) => !(p instanceof Root))) accessor.dispose();
if (document.getRoot().listAccessors().length > accessorCount)
    await document.transform(dedup({ propertyTypes: [PropertyType.ACCESSOR] }));
const seconds = Number(process.hrtime.bigint() - start) / 1e9;
await io.write(files[1], document);
console.log(JSON.stringify({ file: files[0], output: files[1], seconds }));
