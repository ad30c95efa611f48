// Writes a 100-joint rig with glTF-Transform (another writer than Tangent), for the Channels
// list's widget tests and for looking at a big tree:
//   joint_rig.glb  100 joints named as motion-capture skeletons name them (Hips, Spine, Chest,
//                  Neck, Head, Left/Right Shoulder, Arm, ForeArm, Hand, UpLeg, Leg, Foot,
//                  ToeBase, Left/Right HandThumb1..4 ... HandPinky1..4, Tail1..39) in one
//                  hierarchy, and one animation "Take 001" with three channels per joint:
//                  translation LINEAR, rotation CUBICSPLINE, scale STEP, 5 keys each at
//                  0, 0.25, 0.5, 1, 2 s. The rotation of every tenth joint (Hips, LeftLeg, RightToeBase, ...)
//                  has one broken key: key 2's in-tangent differs from its out-tangent.
// Usage: node make_joint_rig.mjs OUTDIR
import { createRequire } from 'node:module';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(path.join(here, '../../tools/corpus/package.json'));
const { Document, NodeIO } = require('@gltf-transform/core');

const names = ['Hips', 'Spine', 'Chest', 'Neck', 'Head'];
for (const side of ['Left', 'Right'])
    for (const part of ['Shoulder', 'Arm', 'ForeArm', 'Hand', 'UpLeg', 'Leg', 'Foot', 'ToeBase'])
        names.push(side + part);
for (const side of ['Left', 'Right'])
    for (const finger of ['Thumb', 'Index', 'Middle', 'Ring', 'Pinky'])
        for (let s = 1; s <= 4; ++s) names.push(`${side}Hand${finger}${s}`);
for (let t = 1; names.length < 100; ++t) names.push(`Tail${t}`);

const doc = new Document();
const buffer = doc.createBuffer();
const scene = doc.createScene('Scene');
const times = [0, 0.25, 0.5, 1, 2];
const input = doc.createAccessor('times').setType('SCALAR').setArray(new Float32Array(times)).setBuffer(buffer);
const animation = doc.createAnimation('Take 001');
const nodes = [];
names.forEach((name, j) => {
    const node = doc.createNode(name).setTranslation([0, j === 0 ? 1 : 0.1, 0]);
    // A chain per limb would be truer; a parent a few joints up keeps the tree deep enough.
    if (j === 0) scene.addChild(node);
    else nodes[Math.floor((j - 1) / 2)].addChild(node);
    nodes.push(node);

    const translation = [], scale = [], rotation = [];
    times.forEach((t, k) => {
        translation.push(0, 0.1 + 0.01 * k, 0.02 * Math.sin(j + k));
        scale.push(1, 1 + 0.05 * (k % 2), 1);
    });
    times.forEach((t, k) => {
        const angle = 0.2 * Math.sin(0.3 * j + k), s = Math.sin(angle / 2), c = Math.cos(angle / 2);
        const slope = [0, 0, 0.1 * Math.cos(0.3 * j + k), -0.05 * angle];  // value per second
        const broken = j % 10 === 0 && k === 2;
        const inTangent = k === 0 ? [0, 0, 0, 0] : slope;
        const outTangent = k === times.length - 1 ? [0, 0, 0, 0] : broken ? slope.map((v) => v + 0.5) : slope;
        rotation.push(...inTangent, 0, 0, s, c, ...outTangent);
    });
    const channel = (pathName, type, values, interpolation) => {
        const output = doc.createAccessor(`${name}.${pathName}`).setType(type).setArray(new Float32Array(values));
        const sampler = doc.createAnimationSampler().setInput(input).setOutput(output.setBuffer(buffer));
        sampler.setInterpolation(interpolation);
        animation.addSampler(sampler);
        animation.addChannel(doc.createAnimationChannel().setTargetNode(node).setTargetPath(pathName).setSampler(sampler));
    };
    channel('translation', 'VEC3', translation, 'LINEAR');
    channel('rotation', 'VEC4', rotation, 'CUBICSPLINE');
    channel('scale', 'VEC3', scale, 'STEP');
});

const out = process.argv[2];
if (!out) {
    console.error('usage: node make_joint_rig.mjs OUTDIR');
    process.exit(64);
}
mkdirSync(out, { recursive: true });
await new NodeIO().write(path.join(out, 'joint_rig.glb'), doc);
