// Writes hand-keyed animation with glTF-Transform (another writer than Tangent), for
// test_measure_cli.cpp: sparse LINEAR and STEP keys with holds between them, as UnityGLTF and
// hand-animated files have them (keys far apart and unevenly spaced, repeated values).
//   sparse.glb   animation "Hand": "Mover" translation LINEAR (holds, a move with two keys on its
//                straight line), "Turner"
//                rotation LINEAR (a hold, then 170 and -120 degree turns between keys 1 s apart),
//                "Scaler" scale STEP (holds and jumps), "Morpher" weights LINEAR (2 targets).
// Usage: node make_sparse.mjs OUTDIR
import { createRequire } from 'node:module';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(path.join(here, '../../tools/corpus/package.json'));
const { Document, Logger, NodeIO } = require('@gltf-transform/core');

const out = process.argv[2];
if (!out) {
    console.error('usage: node make_sparse.mjs OUTDIR');
    process.exit(64);
}
mkdirSync(out, { recursive: true });

const doc = new Document();
doc.setLogger(new Logger(Logger.Verbosity.ERROR));
const buffer = doc.createBuffer();
const scene = doc.createScene('Scene');

function accessor(type, values) {
    return doc.createAccessor().setType(type).setArray(new Float32Array(values)).setBuffer(buffer);
}

function axisAngle(axis, degrees) {
    const n = Math.hypot(...axis), s = Math.sin((degrees * Math.PI) / 360) / n;
    return [axis[0] * s, axis[1] * s, axis[2] * s, Math.cos((degrees * Math.PI) / 360)];
}

// A triangle with two morph targets, so that a weights channel has something to animate.
function mesh(targets) {
    const prim = doc.createPrimitive().setAttribute('POSITION', accessor('VEC3', [0, 0, 0, 1, 0, 0, 0, 1, 0]));
    for (let i = 0; i < targets; ++i)
        prim.addTarget(doc.createPrimitiveTarget().setAttribute('POSITION', accessor('VEC3', [0, 0, 0, 0, 0, i + 1, 0, 0, 0])));
    return doc.createMesh().addPrimitive(prim).setWeights(new Array(targets).fill(0));
}

const animation = doc.createAnimation('Hand');
function channel(node, path, interpolation, times, values, type) {
    const sampler = doc
        .createAnimationSampler()
        .setInput(accessor('SCALAR', times))
        .setOutput(accessor(type, values.flat()))
        .setInterpolation(interpolation);
    animation.addSampler(sampler).addChannel(doc.createAnimationChannel().setTargetNode(node).setTargetPath(path).setSampler(sampler));
}

const mover = doc.createNode('Mover').setMesh(mesh(0));
const turner = doc.createNode('Turner').setMesh(mesh(0));
const scaler = doc.createNode('Scaler').setMesh(mesh(0));
const morpher = doc.createNode('Morpher').setMesh(mesh(2));
for (const n of [mover, turner, scaler, morpher]) scene.addChild(n);

// Two keys on the straight move from 0.7 s to 1.9 s add nothing: simplify may drop them.
channel(mover, 'translation', 'LINEAR', [0, 0.7, 1.0, 1.3, 1.9, 2.0, 3.3, 4.0],
        [[0, 0, 0], [0, 0, 0], [0.75, 0.25, 0], [1.5, 0.5, 0], [3, 1, 0], [3, 1, 0], [-2, 0.5, 1], [-2, 0.5, 1]], 'VEC3');
channel(turner, 'rotation', 'LINEAR', [0, 0.5, 1.5, 2.5, 3.2, 4.0],
        [axisAngle([0, 1, 0], 0), axisAngle([0, 1, 0], 0), axisAngle([0, 1, 0], 170), axisAngle([0, 1, 0], 170),
         axisAngle([1, 0, 0], -120), axisAngle([1, 0, 0], -120)], 'VEC4');
channel(scaler, 'scale', 'STEP', [0, 0.4, 1.1, 2.2, 2.9, 4.0],
        [[1, 1, 1], [2, 2, 2], [2, 2, 2], [0.5, 1, 1], [0.5, 1, 1], [1, 1, 1]], 'VEC3');
channel(morpher, 'weights', 'LINEAR', [0, 1.2, 1.3, 2.6, 4.0], [[0, 0], [1, 0], [1, 0], [0, 1], [0, 1]], 'SCALAR');

await new NodeIO().write(path.join(out, 'sparse.glb'), doc);
console.log(JSON.stringify({ written: ['sparse.glb'] }));
