// Writes the preview benchmark's meshes with glTF-Transform (another writer than Tangent):
//   skinned_cylinder.glb  a cylinder of 50,000 vertices (100 around x 500 rings, normals), 32
//                         joints in a chain, each vertex weighted to its two nearest joints, and
//                         a 4 s bending animation (LINEAR rotations about Z on every joint)
//   static_cylinder.glb   the same mesh without skin or animation (the baseline)
// Usage: node make_cylinder.mjs OUTDIR
import { createRequire } from 'node:module';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(path.join(here, '../../tools/corpus/package.json'));
const { Document, NodeIO } = require('@gltf-transform/core');

const AROUND = 100, RINGS = 500, JOINTS = 32, HEIGHT = 8, RADIUS = 0.5;

function cylinder(doc, buffer, skinned) {
    const positions = new Float32Array(AROUND * RINGS * 3), normals = new Float32Array(AROUND * RINGS * 3);
    const joints = new Uint16Array(AROUND * RINGS * 4), weights = new Float32Array(AROUND * RINGS * 4);
    const indices = [];
    const segment = HEIGHT / JOINTS;
    for (let r = 0; r < RINGS; ++r) {
        const y = (HEIGHT * r) / (RINGS - 1);
        // The two joints around this height, blended linearly between their centres.
        const f = Math.min(Math.max(y / segment - 0.5, 0), JOINTS - 1);
        const j0 = Math.floor(f), j1 = Math.min(j0 + 1, JOINTS - 1), w1 = j1 === j0 ? 0 : f - j0;
        for (let a = 0; a < AROUND; ++a) {
            const v = r * AROUND + a, angle = (2 * Math.PI * a) / AROUND;
            positions.set([RADIUS * Math.cos(angle), y, RADIUS * Math.sin(angle)], v * 3);
            normals.set([Math.cos(angle), 0, Math.sin(angle)], v * 3);
            joints.set([j0, w1 > 0 ? j1 : 0, 0, 0], v * 4);  // a zero weight names joint 0
            weights.set([1 - w1, w1, 0, 0], v * 4);
            if (r + 1 < RINGS) {
                const next = r * AROUND + ((a + 1) % AROUND);
                indices.push(v, v + AROUND, next, next, v + AROUND, next + AROUND);
            }
        }
    }
    const accessor = (type, array) => doc.createAccessor().setType(type).setArray(array).setBuffer(buffer);
    const prim = doc
        .createPrimitive()
        .setAttribute('POSITION', accessor('VEC3', positions))
        .setAttribute('NORMAL', accessor('VEC3', normals))
        .setIndices(accessor('SCALAR', new Uint32Array(indices)))
        .setMaterial(doc.createMaterial('Teal').setBaseColorFactor([0.2, 0.7, 0.7, 1]).setDoubleSided(true));
    if (skinned) prim.setAttribute('JOINTS_0', accessor('VEC4', joints)).setAttribute('WEIGHTS_0', accessor('VEC4', weights));
    return doc.createMesh('Cylinder').addPrimitive(prim);
}

async function write(file, skinned) {
    const doc = new Document();
    const buffer = doc.createBuffer();
    const scene = doc.createScene('Scene');
    doc.getRoot().setDefaultScene(scene);
    const mesh = doc.createNode('Cylinder').setMesh(cylinder(doc, buffer, skinned));
    scene.addChild(mesh);
    if (!skinned) return new NodeIO().write(file, doc);

    const segment = HEIGHT / JOINTS;
    const skin = doc.createSkin('Spine');
    const ibm = new Float32Array(JOINTS * 16);
    const animation = doc.createAnimation('Bend');
    const times = doc.createAccessor().setType('SCALAR').setArray(new Float32Array([0, 1, 2, 3, 4])).setBuffer(buffer);
    let parent = null;
    for (let j = 0; j < JOINTS; ++j) {
        const joint = doc.createNode(`Joint${j}`).setTranslation([0, j === 0 ? 0 : segment, 0]);
        if (parent) parent.addChild(joint);
        else scene.addChild(joint);
        skin.addJoint(joint);
        // Inverse bind: the joint sits at height j * segment in the bind pose.
        ibm.set([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, -j * segment, 0, 1], j * 16);
        const rotations = [];
        for (const bend of [0, 1, 0, -1, 0]) {
            const half = (bend * 0.06) / 2;  // radians per joint, halved for the quaternion
            rotations.push(0, 0, Math.sin(half), Math.cos(half));
        }
        const sampler = doc
            .createAnimationSampler()
            .setInput(times)
            .setOutput(doc.createAccessor().setType('VEC4').setArray(new Float32Array(rotations)).setBuffer(buffer))
            .setInterpolation('LINEAR');
        animation.addSampler(sampler).addChannel(
            doc.createAnimationChannel().setTargetNode(joint).setTargetPath('rotation').setSampler(sampler));
        parent = joint;
    }
    skin.setInverseBindMatrices(doc.createAccessor().setType('MAT4').setArray(ibm).setBuffer(buffer));
    mesh.setSkin(skin);
    return new NodeIO().write(file, doc);
}

const out = process.argv[2];
if (!out) {
    console.error('usage: make_cylinder.mjs OUTDIR');
    process.exit(64);
}
mkdirSync(out, { recursive: true });
await write(path.join(out, 'skinned_cylinder.glb'), true);
await write(path.join(out, 'static_cylinder.glb'), false);
