// Writes the preview tests' files with glTF-Transform (another writer than Tangent):
//   linear_box.glb  a magenta box (with normals) moved by a LINEAR translation
//   cubic_box.glb   the same box without normals, moved by a CUBICSPLINE translation
//   pointer_box.glb a red box under a Holder node and a point light, played by KHR_animation_pointer:
//                   "Colour" (baseColorFactor), "Hide" (Holder's KHR_node_visibility), "Glow"
//                   (emissiveFactor and KHR_materials_emissive_strength), "Lamp" (the light's
//                   color and intensity)
//   texture_box.glb a box textured in four quadrants (red, blue / green, white, top row first)
//                   through KHR_texture_transform (offset 0.125, scale 0.25: the red quadrant),
//                   "Slide" moving the offset to the blue quadrant, "Turn" rotating a quarter turn
//                   into the white one
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
const { KHRLightsPunctual, KHRMaterialsEmissiveStrength, KHRNodeVisibility, KHRTextureTransform } =
    require('@gltf-transform/extensions');
const { deflateSync, crc32 } = await import('node:zlib');
const { KHRAnimationPointer } = await import(path.join(here, '../../tools/corpus/animation_pointer.mjs'));

const HALF = 0.15;  // the box's half size

function box(doc, buffer, withNormals, material) {
    const positions = [], normals = [], texcoords = [], indices = [];
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
            texcoords.push((a + 1) / 2, (b + 1) / 2);
        }
        indices.push(base, base + 1, base + 2, base, base + 2, base + 3);
    }
    material ??= doc.createMaterial('Magenta').setBaseColorFactor([1, 0, 1, 1]).setRoughnessFactor(1);
    const prim = doc
        .createPrimitive()
        .setAttribute('POSITION', doc.createAccessor().setType('VEC3').setArray(new Float32Array(positions)).setBuffer(buffer))
        .setIndices(doc.createAccessor().setType('SCALAR').setArray(new Uint16Array(indices)).setBuffer(buffer))
        .setMaterial(material);
    if (withNormals)
        prim.setAttribute('NORMAL', doc.createAccessor().setType('VEC3').setArray(new Float32Array(normals)).setBuffer(buffer));
    if (material.getBaseColorTexture())
        prim.setAttribute('TEXCOORD_0', doc.createAccessor().setType('VEC2').setArray(new Float32Array(texcoords)).setBuffer(buffer));
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

// Indices the pointers name: glTF-Transform writes nodes, materials and lights in creation order.
async function writePointerBox(file) {
    const doc = new Document();
    const buffer = doc.createBuffer();
    const lights = doc.createExtension(KHRLightsPunctual);
    const strength = doc.createExtension(KHRMaterialsEmissiveStrength);
    const visibility = doc.createExtension(KHRNodeVisibility);
    const pointers = doc.createExtension(KHRAnimationPointer);
    const material = doc
        .createMaterial('Paint')
        .setBaseColorFactor([1, 0, 0, 1])
        .setRoughnessFactor(1)
        .setEmissiveFactor([0, 0, 0])
        .setExtension('KHR_materials_emissive_strength', strength.createEmissiveStrength().setEmissiveStrength(1));
    const holder = doc
        .createNode('Holder')
        .setExtension('KHR_node_visibility', visibility.createVisibility().setVisible(true));
    const boxNode = doc.createNode('Box').setMesh(box(doc, buffer, true, material));
    holder.addChild(boxNode);
    const lamp = doc
        .createNode('Lamp')
        .setTranslation([1, 0.8, 0])
        .setExtension(
            'KHR_lights_punctual',
            lights.createLight('Bulb').setType('point').setColor([1, 1, 0]).setIntensity(1),
        );
    const scene = doc.createScene('Scene').addChild(holder).addChild(lamp);
    scene.addChild(doc.createNode('CornerLow').setTranslation([-1.5, -1, -1]));
    scene.addChild(doc.createNode('CornerHigh').setTranslation([1.5, 1, 1]));
    doc.getRoot().setDefaultScene(scene);
    const accessor = (type, array) => doc.createAccessor().setType(type).setArray(array).setBuffer(buffer);
    const animation = (name, channels) => {
        const a = doc.createAnimation(name);
        for (const { pointer, type, times, output, interpolation } of channels) {
            const sampler = doc
                .createAnimationSampler()
                .setInput(accessor('SCALAR', new Float32Array(times)))
                .setOutput(accessor(type, output))
                .setInterpolation(interpolation ?? 'LINEAR');
            const channel = doc
                .createAnimationChannel()
                .setTargetPath('pointer')
                .setExtension('KHR_animation_pointer', pointers.createPointer(pointer))
                .setSampler(sampler);
            a.addSampler(sampler).addChannel(channel);
        }
    };
    animation('Colour', [
        { pointer: '/materials/0/pbrMetallicRoughness/baseColorFactor', type: 'VEC4', times: [0, 1],
          output: new Float32Array([1, 0, 0, 1, 0, 0, 1, 1]) },
    ]);
    animation('Hide', [
        { pointer: '/nodes/0/extensions/KHR_node_visibility/visible', type: 'SCALAR', times: [0, 1],
          output: new Uint8Array([1, 0]), interpolation: 'STEP' },
    ]);
    animation('Glow', [
        { pointer: '/materials/0/emissiveFactor', type: 'VEC3', times: [0, 1],
          output: new Float32Array([0, 0, 0, 0, 0.5, 0]) },
        { pointer: '/materials/0/extensions/KHR_materials_emissive_strength/emissiveStrength', type: 'SCALAR',
          times: [0, 1], output: new Float32Array([1, 2]) },
    ]);
    animation('Lamp', [
        { pointer: '/extensions/KHR_lights_punctual/lights/0/color', type: 'VEC3', times: [0, 1],
          output: new Float32Array([1, 1, 0, 0, 1, 1]) },
        { pointer: '/extensions/KHR_lights_punctual/lights/0/intensity', type: 'SCALAR', times: [0, 1],
          output: new Float32Array([1, 1000]) },
    ]);
    await new NodeIO()
        .registerExtensions([KHRLightsPunctual, KHRMaterialsEmissiveStrength, KHRNodeVisibility, KHRAnimationPointer])
        .write(file, doc);
}

// An RGBA PNG of `size` pixels square in four quadrants of the given colours, top row first.
function quadrantPng(size, [topLeft, topRight, bottomLeft, bottomRight]) {
    const rows = Buffer.alloc(size * (1 + 4 * size));
    for (let y = 0; y < size; ++y) {
        rows[y * (1 + 4 * size)] = 0;  // filter: none
        for (let x = 0; x < size; ++x) {
            const c = y < size / 2 ? (x < size / 2 ? topLeft : topRight) : x < size / 2 ? bottomLeft : bottomRight;
            for (let k = 0; k < 4; ++k) rows[y * (1 + 4 * size) + 1 + 4 * x + k] = k < 3 ? c[k] : 255;
        }
    }
    const chunk = (type, data) => {
        const length = Buffer.alloc(4), crc = Buffer.alloc(4);
        length.writeUInt32BE(data.length);
        crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type), data])));
        return Buffer.concat([length, Buffer.from(type), data, crc]);
    };
    const header = Buffer.alloc(13);
    header.writeUInt32BE(size, 0);
    header.writeUInt32BE(size, 4);
    header.set([8, 6, 0, 0, 0], 8);  // 8 bits, RGBA, deflate, no filter set, no interlace
    return Buffer.concat([
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
        chunk('IHDR', header),
        chunk('IDAT', deflateSync(rows)),
        chunk('IEND', Buffer.alloc(0)),
    ]);
}

async function writeTextureBox(file) {
    const doc = new Document();
    const buffer = doc.createBuffer();
    const transforms = doc.createExtension(KHRTextureTransform);
    const pointers = doc.createExtension(KHRAnimationPointer);
    const png = quadrantPng(64, [[255, 0, 0], [0, 0, 255], [0, 255, 0], [255, 255, 255]]);
    const texture = doc.createTexture('Quadrants').setImage(new Uint8Array(png)).setMimeType('image/png');
    const material = doc.createMaterial('Atlas').setBaseColorTexture(texture).setRoughnessFactor(1);
    material
        .getBaseColorTextureInfo()
        .setExtension(
            'KHR_texture_transform',
            transforms.createTransform().setOffset([0.125, 0.125]).setScale([0.25, 0.25]),
        );
    const node = doc.createNode('Box').setMesh(box(doc, buffer, true, material));
    const scene = doc.createScene('Scene').addChild(node);
    doc.getRoot().setDefaultScene(scene);
    const transform = '/materials/0/pbrMetallicRoughness/baseColorTexture/extensions/KHR_texture_transform/';
    const animation = (name, channels) => {
        const a = doc.createAnimation(name);
        for (const { property, type, output } of channels) {
            const sampler = doc
                .createAnimationSampler()
                .setInput(doc.createAccessor().setType('SCALAR').setArray(new Float32Array([0, 1])).setBuffer(buffer))
                .setOutput(doc.createAccessor().setType(type).setArray(new Float32Array(output)).setBuffer(buffer))
                .setInterpolation('LINEAR');
            const channel = doc
                .createAnimationChannel()
                .setTargetPath('pointer')
                .setExtension('KHR_animation_pointer', pointers.createPointer(transform + property))
                .setSampler(sampler);
            a.addSampler(sampler).addChannel(channel);
        }
    };
    animation('Slide', [{ property: 'offset', type: 'VEC2', output: [0.125, 0.125, 0.625, 0.125] }]);
    animation('Turn', [
        { property: 'rotation', type: 'SCALAR', output: [0, Math.PI / 2] },
        { property: 'offset', type: 'VEC2', output: [0.125, 0.125, 0.625, 0.875] },
    ]);
    await new NodeIO().registerExtensions([KHRTextureTransform, KHRAnimationPointer]).write(file, doc);
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
await writePointerBox(path.join(out, 'pointer_box.glb'));
await writeTextureBox(path.join(out, 'texture_box.glb'));
