// Writes skinned and morphed test files with glTF-Transform (another writer than Tangent), for
// test_pose.cpp to compare `tangent pose --vertices` with three.js (three_pose.mjs):
//   rig.glb              a 4-joint chain under a transformed parent node, every joint with its
//                        own rest translation, rotation and scale; a skinned tube (12 around x 13
//                        rings, normals, 4 weights per vertex, 1 to 4 of them non-zero) and a
//                        magenta tip box (weighted to the last joint only), both with a morph
//                        target (a bulge; the box grown about its centre), drawn by a mesh node
//                        that has its own transform (which the spec says is ignored); inverse
//                        bind matrices from the rest pose. Animations 0 "Linear" and 1 "Cubic":
//                        rotation, translation and scale channels on the joints and the parent,
//                        LINEAR resp. CUBICSPLINE, keys at uneven times, channels starting and
//                        ending at different times; a weights channel on the skinned mesh's node.
//   morph.glb            a mesh of two primitives (grids with normals) with 2 morph targets
//                        (positions and normals), default weights, under a transformed parent,
//                        drawn by two nodes (the second, not animated, with weights of its own);
//                        animations 0 "Linear" and 1 "Cubic" on its weights (and the parent's
//                        rotation).
//   rig_quantized.glb,   the same after glTF-Transform's quantize() (KHR_mesh_quantization:
//   morph_quantized.glb  normalized int16 positions, int8 normals, ubyte weights; it moves the
//                        dequantization into the skin's inverse bind matrices resp. a node matrix).
// Usage: node make_rigs.mjs OUTDIR
import { createRequire } from 'node:module';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(path.join(here, '../../tools/corpus/package.json'));
const { Document, Logger, NodeIO } = require('@gltf-transform/core');
const { KHRMeshQuantization } = require('@gltf-transform/extensions');
const { quantize } = require('@gltf-transform/functions');

// ------------------------------------------------------------------ column-major 4x4 matrices

function compose(t, q, s) {
    const [x, y, z, w] = q;
    const r = [
        1 - 2 * (y * y + z * z), 2 * (x * y + z * w), 2 * (x * z - y * w),
        2 * (x * y - z * w), 1 - 2 * (x * x + z * z), 2 * (y * z + x * w),
        2 * (x * z + y * w), 2 * (y * z - x * w), 1 - 2 * (x * x + y * y),
    ];
    const m = new Array(16).fill(0);
    for (let c = 0; c < 3; ++c) for (let k = 0; k < 3; ++k) m[c * 4 + k] = r[c * 3 + k] * s[c];
    m[12] = t[0], m[13] = t[1], m[14] = t[2], m[15] = 1;
    return m;
}

function multiply(a, b) {
    const m = new Array(16).fill(0);
    for (let c = 0; c < 4; ++c)
        for (let r = 0; r < 4; ++r)
            for (let k = 0; k < 4; ++k) m[c * 4 + r] += a[k * 4 + r] * b[c * 4 + k];
    return m;
}

// The inverse of an affine matrix [A t; 0 1]: [A⁻¹ −A⁻¹t; 0 1], A⁻¹ = adj(A) / det(A).
function invertAffine(m) {
    const a = (r, c) => m[c * 4 + r];
    const cof = (r, c) => {
        const rs = [0, 1, 2].filter((i) => i !== r), cs = [0, 1, 2].filter((i) => i !== c);
        const d = a(rs[0], cs[0]) * a(rs[1], cs[1]) - a(rs[0], cs[1]) * a(rs[1], cs[0]);
        return (r + c) % 2 ? -d : d;
    };
    const det = a(0, 0) * cof(0, 0) + a(0, 1) * cof(0, 1) + a(0, 2) * cof(0, 2);
    const out = new Array(16).fill(0);
    for (let r = 0; r < 3; ++r) for (let c = 0; c < 3; ++c) out[c * 4 + r] = cof(c, r) / det;
    for (let r = 0; r < 3; ++r) out[12 + r] = -(out[r] * m[12] + out[4 + r] * m[13] + out[8 + r] * m[14]);
    out[15] = 1;
    return out;
}

function transformPoint(m, p) {
    return [0, 1, 2].map((r) => m[r] * p[0] + m[4 + r] * p[1] + m[8 + r] * p[2] + m[12 + r]);
}

function axisAngle(axis, angle) {
    const n = Math.hypot(...axis), s = Math.sin(angle / 2) / n;
    return [axis[0] * s, axis[1] * s, axis[2] * s, Math.cos(angle / 2)];
}

// ------------------------------------------------------------------ shared pieces

function accessor(doc, buffer, type, array) {
    return doc.createAccessor().setType(type).setArray(array).setBuffer(buffer);
}

function channel(doc, buffer, animation, node, targetPath, interpolation, times, output) {
    const type = targetPath === 'rotation' ? 'VEC4' : targetPath === 'weights' ? 'SCALAR' : 'VEC3';
    const sampler = doc
        .createAnimationSampler()
        .setInput(accessor(doc, buffer, 'SCALAR', new Float32Array(times)))
        .setOutput(accessor(doc, buffer, type, new Float32Array(output)))
        .setInterpolation(interpolation);
    animation.addSampler(sampler).addChannel(
        doc.createAnimationChannel().setTargetNode(node).setTargetPath(targetPath).setSampler(sampler));
}

// Per key: values (LINEAR) or in-tangent, value, out-tangent (CUBICSPLINE; the first in-tangent
// and the last out-tangent zero, as the spec recommends). `tangent(k)` gives key k's tangents.
function keyed(interpolation, values, tangent) {
    if (interpolation === 'LINEAR') return values.flat();
    const out = [];
    values.forEach((v, k) => {
        const [a, b] = tangent(k);
        out.push(...(k === 0 ? v.map(() => 0) : a), ...v, ...(k === values.length - 1 ? v.map(() => 0) : b));
    });
    return out;
}

// ------------------------------------------------------------------ rig.glb

const SEGMENT = 0.6, RINGS = 13, AROUND = 12, RADIUS = 0.12, JOINTS = 4;
const LENGTH = SEGMENT * (JOINTS - 1);  // the tube: from joint 0 to joint 3 along the chain's y
const TIP = 0.11, TIP_GAP = 0.25;  // the tip box's half size, and its gap above the tube (so that the
                                    // tube does not hide part of it in the preview test)

const joint = [
    { t: [0.1, 0.2, -0.1], r: axisAngle([0.3, 0.2, 1], 0.35), s: [1, 1.05, 0.95] },
    { t: [0.02, SEGMENT, 0.01], r: axisAngle([1, 0, 0.4], 0.25), s: [0.9, 1.1, 1] },
    { t: [-0.03, SEGMENT, 0.02], r: axisAngle([0.2, 1, 0.1], 0.4), s: [1.05, 0.95, 1.1] },
    { t: [0.01, SEGMENT, -0.02], r: axisAngle([0, 0.3, 1], -0.3), s: [1.1, 1, 0.9] },
];
const parentRest = { t: [0.3, -0.2, 0.15], r: axisAngle([1, 1, 0], 0.2), s: [1.1, 0.9, 1.05] };

// Weights of a vertex at height y along the tube: a tent of radius `reach` around each joint's
// height, normalized, so that 1 to 4 joints carry it. Zero weights name joint 0 (as the
// validator expects), the non-zero ones come first, heaviest first.
function skinWeights(y, reach) {
    const w = [0, 1, 2, 3].map((j) => Math.max(0, 1 - Math.abs(y - j * SEGMENT) / reach));
    const order = [0, 1, 2, 3].filter((j) => w[j] > 0.05).sort((a, b) => w[b] - w[a]);
    const sum = order.reduce((s, j) => s + w[j], 0);
    const joints = [0, 0, 0, 0], weights = new Float32Array(4);
    order.forEach((j, slot) => (joints[slot] = j, weights[slot] = w[j] / sum));
    // Exactly 1 in float32: the last non-zero weight takes the remainder.
    let rest = 1;
    for (let slot = 0; slot + 1 < order.length; ++slot) rest = Math.fround(rest - weights[slot]);
    weights[order.length - 1] = rest;
    return { joints, weights: Array.from(weights) };
}

function tube(doc, buffer, bindFrame) {
    const positions = [], normals = [], joints = [], weights = [], indices = [], bulge = [];
    for (let r = 0; r < RINGS; ++r) {
        const y = (LENGTH * r) / (RINGS - 1);
        for (let a = 0; a < AROUND; ++a) {
            const angle = (2 * Math.PI * a) / AROUND;
            const local = [RADIUS * Math.cos(angle), y, RADIUS * Math.sin(angle)];
            positions.push(...transformPoint(bindFrame, local));
            normals.push(Math.cos(angle), 0, Math.sin(angle));  // bindFrame's rotation applied below
            // The morph target: a bulge, widest half-way (a displacement: the frame's linear part).
            const out = 0.5 * Math.sin((Math.PI * y) / LENGTH);
            const moved = transformPoint(bindFrame, [local[0] * (1 + out), y, local[2] * (1 + out)]);
            bulge.push(...moved.map((x, i) => x - positions[positions.length - 3 + i]));
            // Reach from 0.55 to 2.2 segments around the ring: 1, 2, 3 or 4 joints per vertex.
            const { joints: j, weights: w } = skinWeights(y, SEGMENT * (0.55 + (1.65 * a) / (AROUND - 1)));
            joints.push(...j), weights.push(...w);
            if (r + 1 < RINGS) {
                const v = r * AROUND + a, next = r * AROUND + ((a + 1) % AROUND);
                indices.push(v, v + AROUND, next, next, v + AROUND, next + AROUND);
            }
        }
    }
    return { positions, normals: rotateNormals(bindFrame, normals), joints, weights, indices, bulge };
}

// A box of half size `h` centred at `centre` (bind frame coordinates), 24 vertices with normals.
function box(bindFrame, centre, h) {
    const positions = [], normals = [], indices = [], grow = [];
    const faces = [
        [[1, 0, 0], [0, 1, 0], [0, 0, 1]], [[-1, 0, 0], [0, 0, 1], [0, 1, 0]],
        [[0, 1, 0], [0, 0, 1], [1, 0, 0]], [[0, -1, 0], [1, 0, 0], [0, 0, 1]],
        [[0, 0, 1], [1, 0, 0], [0, 1, 0]], [[0, 0, -1], [0, 1, 0], [1, 0, 0]],
    ];
    for (const [n, u, v] of faces) {
        const base = positions.length / 3;
        for (const [a, b] of [[-1, -1], [1, -1], [1, 1], [-1, 1]]) {
            const p = [0, 1, 2].map((i) => centre[i] + h * (n[i] + a * u[i] + b * v[i]));
            positions.push(...transformPoint(bindFrame, p));
            // The morph target grows the box about its centre by 40 %: it stays a convex box.
            const grown = transformPoint(bindFrame, p.map((x, i) => centre[i] + 1.4 * (x - centre[i])));
            grow.push(...grown.map((x, i) => x - positions[positions.length - 3 + i]));
            normals.push(...n);
        }
        indices.push(base, base + 1, base + 2, base, base + 2, base + 3);
    }
    return { positions, normals: rotateNormals(bindFrame, normals), indices, grow };
}

// Normals by the inverse transpose of the frame's linear part, normalized.
function rotateNormals(frame, normals) {
    const inv = invertAffine(frame);
    const out = [];
    for (let i = 0; i < normals.length; i += 3) {
        const n = [0, 1, 2].map((c) => inv[c * 4] * normals[i] + inv[c * 4 + 1] * normals[i + 1] + inv[c * 4 + 2] * normals[i + 2]);
        const len = Math.hypot(...n);
        out.push(...n.map((x) => x / len));
    }
    return out;
}

function rig() {
    const doc = new Document();
    const buffer = doc.createBuffer();
    const scene = doc.createScene('Scene');
    doc.getRoot().setDefaultScene(scene);

    const parent = doc.createNode('RigParent').setTranslation(parentRest.t).setRotation(parentRest.r).setScale(parentRest.s);
    scene.addChild(parent);
    const nodes = [];
    let world = compose(parentRest.t, parentRest.r, parentRest.s);
    const ibm = [];
    let bindFrame;  // the tube is modelled along joint 0's y in the bind pose
    for (let j = 0; j < JOINTS; ++j) {
        const n = doc.createNode(`Joint${j}`).setTranslation(joint[j].t).setRotation(joint[j].r).setScale(joint[j].s);
        (j === 0 ? parent : nodes[j - 1]).addChild(n);
        nodes.push(n);
        world = multiply(world, compose(joint[j].t, joint[j].r, joint[j].s));
        if (j === 0) bindFrame = world;
        ibm.push(...invertAffine(world));
    }
    const skin = doc.createSkin('Chain').setSkeleton(nodes[0]);
    nodes.forEach((n) => skin.addJoint(n));
    skin.setInverseBindMatrices(accessor(doc, buffer, 'MAT4', new Float32Array(ibm)));

    const t = tube(doc, buffer, bindFrame);
    const body = doc
        .createPrimitive()
        .setAttribute('POSITION', accessor(doc, buffer, 'VEC3', new Float32Array(t.positions)))
        .setAttribute('NORMAL', accessor(doc, buffer, 'VEC3', new Float32Array(t.normals)))
        .setAttribute('JOINTS_0', accessor(doc, buffer, 'VEC4', new Uint16Array(t.joints)))
        .setAttribute('WEIGHTS_0', accessor(doc, buffer, 'VEC4', new Float32Array(t.weights)))
        .setIndices(accessor(doc, buffer, 'SCALAR', new Uint16Array(t.indices)))
        .setMaterial(doc.createMaterial('Grey').setBaseColorFactor([0.55, 0.6, 0.55, 1]).setRoughnessFactor(1))
        .addTarget(doc.createPrimitiveTarget().setAttribute('POSITION', accessor(doc, buffer, 'VEC3', new Float32Array(t.bulge))));
    const b = box(bindFrame, [0, LENGTH + TIP_GAP + TIP, 0], TIP);
    const count = b.positions.length / 3;
    const tip = doc
        .createPrimitive()
        .setAttribute('POSITION', accessor(doc, buffer, 'VEC3', new Float32Array(b.positions)))
        .setAttribute('NORMAL', accessor(doc, buffer, 'VEC3', new Float32Array(b.normals)))
        .setAttribute('JOINTS_0', accessor(doc, buffer, 'VEC4', new Uint16Array(count * 4).map((_, i) => (i % 4 === 0 ? 3 : 0))))
        .setAttribute('WEIGHTS_0', accessor(doc, buffer, 'VEC4', new Float32Array(count * 4).map((_, i) => (i % 4 === 0 ? 1 : 0))))
        .setIndices(accessor(doc, buffer, 'SCALAR', new Uint16Array(b.indices)))
        .setMaterial(doc.createMaterial('MagentaTip').setBaseColorFactor([1, 0, 1, 1]).setRoughnessFactor(1))
        .addTarget(doc.createPrimitiveTarget().setAttribute('POSITION', accessor(doc, buffer, 'VEC3', new Float32Array(b.grow))));
    // The skinned mesh node has a transform of its own, which the spec says is ignored.
    const meshNode = doc
        .createNode('Body')
        .setTranslation([2, -1, 0.5])
        .setRotation(axisAngle([0, 1, 0], 1.1))
        .setScale([1.5, 0.5, 2])
        .setMesh(doc.createMesh('Tube').addPrimitive(body).addPrimitive(tip).setWeights([0.25]))
        .setSkin(skin);
    scene.addChild(meshNode);

    for (const interpolation of ['LINEAR', 'CUBICSPLINE']) {
        const animation = doc.createAnimation(interpolation === 'LINEAR' ? 'Linear' : 'Cubic');
        const rotations = (j, angles, axis) => angles.map((a) => {
            const q = axisAngle(axis, a);
            // The joint's rest rotation followed by the bend.
            const [x1, y1, z1, w1] = joint[j].r, [x2, y2, z2, w2] = q;
            return [w1 * x2 + x1 * w2 + y1 * z2 - z1 * y2, w1 * y2 - x1 * z2 + y1 * w2 + z1 * x2,
                    w1 * z2 + x1 * y2 - y1 * x2 + z1 * w2, w1 * w2 - x1 * x2 - y1 * y2 - z1 * z2];
        });
        const spin = (k) => [[0.3, -0.2, 0.5, 0.1].map((x) => x * (k + 1)), [-0.4, 0.3, 0.2, -0.1].map((x) => x * (k + 1))];
        channel(doc, buffer, animation, nodes[0], 'rotation', interpolation, [0, 0.5, 1.25, 2],
                keyed(interpolation, rotations(0, [0, 0.6, -0.3, 0.2], [0, 0, 1]), spin));
        channel(doc, buffer, animation, nodes[1], 'rotation', interpolation, [0.25, 1, 1.75],
                keyed(interpolation, rotations(1, [0, -0.8, 0.5], [1, 0, 0.3]), spin));
        channel(doc, buffer, animation, nodes[2], 'rotation', interpolation, [0, 0.8, 1.6, 2.4],
                keyed(interpolation, rotations(2, [0.2, 0.9, -0.6, 0], [0.2, 0.1, 1]), spin));
        channel(doc, buffer, animation, nodes[1], 'translation', interpolation, [0, 1, 2],
                keyed(interpolation, [joint[1].t, [0.1, SEGMENT * 1.2, -0.05], [-0.05, SEGMENT * 0.9, 0.1]],
                      (k) => [[0.2, -0.3, 0.1], [0.5 * k, 0.1, -0.2]]));
        channel(doc, buffer, animation, nodes[3], 'translation', interpolation, [0.5, 1.5],
                keyed(interpolation, [joint[3].t, [0.15, SEGMENT * 0.8, 0.05]], () => [[0.3, 0.2, 0], [-0.1, 0.4, 0.2]]));
        channel(doc, buffer, animation, nodes[2], 'scale', interpolation, [0, 0.7, 1.9],
                keyed(interpolation, [joint[2].s, [1.3, 0.8, 1.2], [0.85, 1.2, 0.9]], (k) => [[0.4, -0.2, 0.1], [0.3 - k, 0.2, 0.5]]));
        channel(doc, buffer, animation, nodes[0], 'scale', interpolation, [0.3, 1.2],
                keyed(interpolation, [joint[0].s, [1.2, 0.9, 1.1]], () => [[0.2, 0.1, -0.3], [0.5, -0.4, 0.2]]));
        channel(doc, buffer, animation, parent, 'rotation', interpolation, [0, 2],
                keyed(interpolation, [parentRest.r, axisAngle([0.4, 1, 0.2], 0.7)], () => [[0.1, 0.2, -0.1, 0], [0.2, -0.1, 0.1, 0.05]]));
        channel(doc, buffer, animation, parent, 'translation', interpolation, [0, 1, 2],
                keyed(interpolation, [parentRest.t, [0.5, 0, 0.3], [0.2, 0.3, -0.2]], () => [[0.5, 0, 0.2], [0.1, 0.6, -0.3]]));
        // Morphed, then skinned: the weights move on the skinned mesh's node.
        channel(doc, buffer, animation, meshNode, 'weights', interpolation, [0.1, 1.1, 2.2],
                keyed(interpolation, [[0.25], [1], [0.5]], (k) => [[1.2], [-0.6 * k]]));
    }
    return doc;
}

// ------------------------------------------------------------------ morph.glb

const GRID = 7;

function grid(doc, buffer, offsetX, material) {
    const positions = [], normals = [], indices = [], targets = [[[], []], [[], []]];
    for (let i = 0; i < GRID; ++i)
        for (let k = 0; k < GRID; ++k) {
            const x = offsetX + i / (GRID - 1) - 0.5, y = k / (GRID - 1) - 0.5;
            positions.push(x, y, 0);
            normals.push(0, 0, 1);
            // Target 0: a bump in z, its normals tilting outwards; target 1: a shear and a lift.
            const bump = 0.4 * Math.exp(-4 * ((x - offsetX) ** 2 + y ** 2));
            targets[0][0].push(0.05 * x, 0, bump);
            targets[0][1].push(0.3 * (x - offsetX), 0.3 * y, -0.05);
            targets[1][0].push(0.25 * y, -0.1 * x, 0.15 * x * y);
            targets[1][1].push(-0.1 * y, 0.1 * x, 0);
            if (i + 1 < GRID && k + 1 < GRID) {
                const v = i * GRID + k;
                indices.push(v, v + GRID, v + 1, v + 1, v + GRID, v + GRID + 1);
            }
        }
    const prim = doc
        .createPrimitive()
        .setAttribute('POSITION', accessor(doc, buffer, 'VEC3', new Float32Array(positions)))
        .setAttribute('NORMAL', accessor(doc, buffer, 'VEC3', new Float32Array(normals)))
        .setIndices(accessor(doc, buffer, 'SCALAR', new Uint16Array(indices)))
        .setMaterial(material);
    for (const [p, n] of targets)
        prim.addTarget(doc.createPrimitiveTarget()
            .setAttribute('POSITION', accessor(doc, buffer, 'VEC3', new Float32Array(p)))
            .setAttribute('NORMAL', accessor(doc, buffer, 'VEC3', new Float32Array(n))));
    return prim;
}

function morph() {
    const doc = new Document();
    const buffer = doc.createBuffer();
    const scene = doc.createScene('Scene');
    doc.getRoot().setDefaultScene(scene);
    const material = doc.createMaterial('Plain').setBaseColorFactor([0.6, 0.6, 0.8, 1]).setDoubleSided(true);
    const mesh = doc
        .createMesh('Faces')
        .addPrimitive(grid(doc, buffer, 0, material))
        .addPrimitive(grid(doc, buffer, 1.2, material))
        .setWeights([0.2, 0.1]);
    const holder = doc.createNode('Holder').setTranslation([0.5, 0.2, -0.3]).setRotation(axisAngle([1, 0.5, 0], 0.4)).setScale([1.2, 0.8, 1]);
    const face = doc.createNode('Face').setTranslation([-0.4, 0.1, 0.2]).setRotation(axisAngle([0, 0, 1], 0.3)).setScale([0.9, 1.1, 1.3]).setMesh(mesh);
    holder.addChild(face);
    // The same mesh again, with weights of its own on the node (they override the mesh's).
    holder.addChild(doc.createNode('FaceCopy').setTranslation([0.2, -1.3, 0.1]).setScale([0.8, 0.8, 0.8]).setMesh(mesh).setWeights([0.7, 0.3]));
    scene.addChild(holder);
    for (const interpolation of ['LINEAR', 'CUBICSPLINE']) {
        const animation = doc.createAnimation(interpolation === 'LINEAR' ? 'Linear' : 'Cubic');
        channel(doc, buffer, animation, face, 'weights', interpolation, [0.2, 0.9, 1.5, 2],
                keyed(interpolation, [[0, 0], [1, 0.5], [0.3, 1.2], [0.6, -0.2]], (k) => [[1.5, -0.5 * k], [-0.8, 0.7]]));
        channel(doc, buffer, animation, holder, 'rotation', interpolation, [0, 2],
                keyed(interpolation, [holder.getRotation(), axisAngle([0.2, 1, 0.3], 0.9)], () => [[0.2, 0, 0.1, 0], [0.1, 0.3, 0, -0.1]]));
    }
    return doc;
}

// ------------------------------------------------------------------ files

const out = process.argv[2];
if (!out) {
    console.error('usage: make_rigs.mjs OUTDIR');
    process.exit(64);
}
mkdirSync(out, { recursive: true });
const io = new NodeIO().registerExtensions([KHRMeshQuantization]);
for (const [name, make] of [['rig', rig], ['morph', morph]]) {
    await io.write(path.join(out, `${name}.glb`), make());
    const doc = make().setLogger(new Logger(Logger.Verbosity.WARN));  // quantize's prune reports go
    await doc.transform(quantize({ quantizePosition: 14, quantizeNormal: 8 }));
    await io.write(path.join(out, `${name}_quantized.glb`), doc);
}
