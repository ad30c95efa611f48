// Crafted curves for the simplify benchmark, baked as glTF-Transform writes them: one LINEAR key
// per frame, one file per curve and frame rate.
//
//   node make_crafted.mjs OUTDIR [--fps 30,60]
//
// Writes OUTDIR/crafted_NAME_FPS.glb for each curve below.
import fs from 'node:fs';
import path from 'node:path';
import { core, openIO } from './gltf.mjs';

const smoothstep = (x) => (x <= 0 ? 0 : x >= 1 ? 1 : x * x * (3 - 2 * x));

function axisAngle(axis, angle) {
    const length = Math.hypot(...axis);
    const s = Math.sin(angle / 2) / length;
    return [axis[0] * s, axis[1] * s, axis[2] * s, Math.cos(angle / 2)];
}

// name: {path, seconds, value(t) -> array}
const curves = {
    // A smooth wave on two axes.
    sine: { path: 'translation', seconds: 4, value: (t) => [Math.sin(Math.PI * t), 0.3 * Math.cos(2 * Math.PI * t * 0.75), 0] },
    // Ease in and out from rest to rest, hold, then back.
    ease: { path: 'translation', seconds: 4, value: (t) => [2 * (smoothstep(t / 1.5) - smoothstep((t - 2.5) / 1.5)), 0, 0] },
    // A ball bouncing: parabolas of decaying height, a corner at every contact.
    bounce: {
        path: 'translation', seconds: 4,
        value: (t) => {
            let start = 0, length = 1.2;
            while (t > start + length && length > 0.05) { start += length; length *= 0.7; }
            const s = Math.min(1, (t - start) / length);
            return [0.5 * t, 4 * s * (1 - s) * length * length, 0];
        },
    },
    // Held poses that jump from one frame to the next (a STEP source baked).
    steps: { path: 'translation', seconds: 4, value: (t) => { const k = Math.floor(t * 1.5); return [k * 0.25, (k % 2) * 0.5, 0]; } },
    // A turn about an axis that itself swings around.
    rotation: {
        path: 'rotation', seconds: 4,
        value: (t) => axisAngle([Math.cos(0.8 * t), Math.sin(0.8 * t), 0.4], 2.5 * Math.sin(0.7 * t) + 0.5 * t),
    },
    // Smooth pulses of a non-uniform scale.
    pulses: {
        path: 'scale', seconds: 4,
        value: (t) => {
            const phase = (t % 1) - 0.4;
            const pulse = Math.exp(-(phase * phase) / 0.02);
            return [1 + 0.5 * pulse, 1 + 0.25 * pulse, 1 - 0.2 * pulse];
        },
    },
};

const args = process.argv.slice(2);
const outDir = args[0];
const fpsList = (args.includes('--fps') ? args[args.indexOf('--fps') + 1] : '30,60').split(',').map(Number);
if (!outDir) {
    console.error('usage: node make_crafted.mjs OUTDIR [--fps 30,60]');
    process.exit(64);
}
fs.mkdirSync(outDir, { recursive: true });
const io = await openIO();

for (const [name, curve] of Object.entries(curves)) {
    for (const fps of fpsList) {
        const frames = Math.round(curve.seconds * fps) + 1;
        const times = new Float32Array(frames);
        const first = curve.value(0);
        const values = new Float32Array(frames * first.length);
        for (let f = 0; f < frames; ++f) {
            times[f] = f / fps;
            values.set(curve.value(f / fps), f * first.length);
        }
        const document = new core.Document();
        const buffer = document.createBuffer();
        const node = document.createNode(name);
        document.createScene().addChild(node);
        const input = document.createAccessor().setType('SCALAR').setArray(times).setBuffer(buffer);
        const output = document.createAccessor().setType(first.length === 4 ? 'VEC4' : 'VEC3').setArray(values).setBuffer(buffer);
        const sampler = document.createAnimationSampler().setInput(input).setOutput(output).setInterpolation('LINEAR');
        const channel = document.createAnimationChannel().setTargetNode(node).setTargetPath(curve.path).setSampler(sampler);
        document.createAnimation(name).addSampler(sampler).addChannel(channel);
        const file = path.join(outDir, `crafted_${name}_${fps}.glb`);
        await io.write(file, document);
        console.log(`${file}: ${curve.path}, ${frames} LINEAR keys`);
    }
}
