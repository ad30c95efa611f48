// Writes the preview tests' files with glTF-Transform (another writer than Tangent):
//   linear_box.glb  a magenta box (with normals) moved by a LINEAR translation
//   cubic_box.glb   the same box without normals, moved by a CUBICSPLINE translation
// Two empty nodes at fixed corners widen the rest pose's bounds, so that a camera framed on the
// rest pose keeps the moving box in view. test_preview.cpp holds the same keys as its reference.
//
// Usage: node make_files.mjs OUTDIR
import { createRequire } from 'node:module';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(path.join(here, '../../tools/corpus/package.json'));
const { Document, NodeIO } = require('@gltf-transform/core');

const HALF = 0.15;  // the box's half size

function box(doc, buffer, withNormals) {
    const positions = [], normals = [], indices = [];
    // Six faces of four corners each, counter-clockwise seen from outside.
    const faces = [
        [[1, 0, 0], [0, 1, 0], [0, 0, 1]],
        [[-1, 0, 0], [0, 0, 1], [0, 1, 0]],
        [[0, 1, 0], [0, 0, 1], [1, 0, 0]],
        [[0, -1, 0], [1, 0, 0], [0, 0, 1]],
        [[0, 0, 1], [1, 0, 0], [0, 1, 0]],
        [[0, 0, -1], [0, 1, 0], [1, 0, 0]],
    ];
    for (const [n, u, v] of faces) {
        const base = positions.length / 3;
        for (const [a, b] of [[-1, -1], [1, -1], [1, 1], [-1, 1]]) {
            for (let i = 0; i < 3; ++i) positions.push(HALF * (n[i] + a * u[i] + b * v[i]));
            normals.push(...n);
        }
        indices.push(base, base + 1, base + 2, base, base + 2, base + 3);
    }
    const material = doc.createMaterial('Magenta').setBaseColorFactor([1, 0, 1, 1]).setRoughnessFactor(1);
    const prim = doc
        .createPrimitive()
        .setAttribute('POSITION', doc.createAccessor().setType('VEC3').setArray(new Float32Array(positions)).setBuffer(buffer))
        .setIndices(doc.createAccessor().setType('SCALAR').setArray(new Uint16Array(indices)).setBuffer(buffer))
        .setMaterial(material);
    if (withNormals)
        prim.setAttribute('NORMAL', doc.createAccessor().setType('VEC3').setArray(new Float32Array(normals)).setBuffer(buffer));
    return doc.createMesh('Box').addPrimitive(prim);
}

async function write(file, { withNormals, interpolation, times, output }) {
    const doc = new Document();
    const buffer = doc.createBuffer();
    const node = doc.createNode('Box').setMesh(box(doc, buffer, withNormals));
    const scene = doc.createScene('Scene').addChild(node);
    scene.addChild(doc.createNode('CornerLow').setTranslation([-1.5, -1, -1]));
    scene.addChild(doc.createNode('CornerHigh').setTranslation([1.5, 1, 1]));
    doc.getRoot().setDefaultScene(scene);
    const sampler = doc
        .createAnimationSampler()
        .setInput(doc.createAccessor().setType('SCALAR').setArray(new Float32Array(times)).setBuffer(buffer))
        .setOutput(doc.createAccessor().setType('VEC3').setArray(new Float32Array(output)).setBuffer(buffer))
        .setInterpolation(interpolation);
    const channel = doc.createAnimationChannel().setTargetNode(node).setTargetPath('translation').setSampler(sampler);
    doc.createAnimation('Move').addSampler(sampler).addChannel(channel);
    await new NodeIO().write(file, doc);
}

const out = process.argv[2];
if (!out) {
    console.error('usage: make_files.mjs OUTDIR');
    process.exit(64);
}
mkdirSync(out, { recursive: true });
await write(path.join(out, 'linear_box.glb'), {
    withNormals: true,
    interpolation: 'LINEAR',
    times: [0, 1, 2],
    output: [-1, 0, 0, 1, 0.5, 0, 0, -0.5, 0.5],
});
// Per key: in-tangent, value, out-tangent (value per second).
await write(path.join(out, 'cubic_box.glb'), {
    withNormals: false,
    interpolation: 'CUBICSPLINE',
    times: [0, 1, 2],
    output: [
        0, 0, 0, /**/ -1, -0.5, 0, /**/ 1.5, 0, 0,
        0.5, 1, 0, /**/ 0.5, 0.5, 0, /**/ 0.5, 1, 0,
        -1, 0, 0, /**/ 1, 0, 0.5, /**/ 0, 0, 0,
    ],
});
