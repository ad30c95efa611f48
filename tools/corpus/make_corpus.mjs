#!/usr/bin/env node
// Writes the conformance corpus: glTF files written by tools other than Tangent, plus crafted
// spec edge cases and seeded mutations of the fuzz corpus.
//
// Usage: node tools/corpus/make_corpus.mjs OUT_DIR
//
// OUT_DIR gets one sub-folder per writer:
//   gltf-transform-api/  documents built with @gltf-transform/core's API
//   gltf-transform-cli/  gltf-transform CLI commands applied to those and to the Blender fixtures
//   gltfpack/            Debian's gltfpack applied to the same inputs
//   blender/             the Blender fixtures as exported (tests/data/blender)
//   crafted/             spec edge cases written here as raw JSON (+ binary), and
//                        pointer_expectations.json: the TANGENT_POINTER_* findings each crafted
//                        pointer_*.gltf file should get (beyond what the Khronos validator reports)
//   fuzz/                the fuzz seed corpus as it is (fuzz/corpus)
//   mutations/           seeded mutations of the fuzz corpus files
//   wholefile/           seeded mutations anywhere in the files the tools above wrote, six each
// The output is deterministic: same tools, same bytes. OUT_DIR is emptied first.

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const HERE = path.dirname(fileURLToPath(import.meta.url));
if (!fs.existsSync(path.join(HERE, 'node_modules/@gltf-transform/cli'))) {
    process.stderr.write(`make_corpus: ${path.join(HERE, 'node_modules')} is missing glTF-Transform: run "npm ci" in tools/corpus\n`);
    process.exit(2);
}
const { Document, NodeIO } = await import('@gltf-transform/core');
const {
    ALL_EXTENSIONS,
    KHRLightsPunctual,
    KHRMaterialsClearcoat,
    KHRMaterialsEmissiveStrength,
    KHRMeshQuantization,
    KHRNodeVisibility,
    KHRTextureTransform,
} = await import('@gltf-transform/extensions');
const { KHRAnimationPointer } = await import('./animation_pointer.mjs');
const { program: cliProgram, programReady: cliProgramReady } = await import('@gltf-transform/cli');
const { MeshoptEncoder } = await import('meshoptimizer');

const ROOT = path.resolve(HERE, '../..');
const BLENDER_DIR = path.join(ROOT, 'tests/data/blender');
const FUZZ_DIR = path.join(ROOT, 'fuzz/corpus');

const FLOAT = 5126;
const BYTE = 5120;
const UNSIGNED_BYTE = 5121;
const SHORT = 5122;
const UNSIGNED_SHORT = 5123;
const UNSIGNED_INT = 5125;
const COMPONENTS = { SCALAR: 1, VEC2: 2, VEC3: 3, VEC4: 4, MAT2: 4, MAT3: 9, MAT4: 16 };

// ---------------------------------------------------------------------------------------------
// Writing raw glTF: a JSON tree plus one binary buffer, as .glb, .gltf with a data URI, or
// .gltf with an external .bin.

function pad4(n) {
    return (n + 3) & ~3;
}

function glbBytes(json, bin) {
    let jsonBytes = Buffer.from(JSON.stringify(json), 'utf8');
    const jsonPadded = Buffer.alloc(pad4(jsonBytes.length), 0x20);
    jsonBytes.copy(jsonPadded);
    const chunks = [chunk(0x4e4f534a, jsonPadded)];
    if (bin) chunks.push(chunk(0x004e4942, Buffer.concat([bin, Buffer.alloc(pad4(bin.length) - bin.length)])));
    const body = Buffer.concat(chunks);
    const header = Buffer.alloc(12);
    header.writeUInt32LE(0x46546c67, 0);
    header.writeUInt32LE(2, 4);
    header.writeUInt32LE(12 + body.length, 8);
    return Buffer.concat([header, body]);

    function chunk(type, data) {
        const head = Buffer.alloc(8);
        head.writeUInt32LE(data.length, 0);
        head.writeUInt32LE(type, 4);
        return Buffer.concat([head, data]);
    }
}

function writeFile(file, bytes) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, bytes);
}

// Writes {json, bin} as `name` (.glb, or .gltf with the binary as a data URI) into dir.
// With external: true a .gltf gets NAME.bin next to it instead.
function writeRaw(dir, name, { json, bin }, { external = false } = {}) {
    json = structuredClone(json);
    const file = path.join(dir, name);
    if (name.endsWith('.glb')) {
        writeFile(file, glbBytes(json, bin));
        return;
    }
    if (bin && json.buffers?.[0] && json.buffers[0].uri === undefined) {
        if (external) {
            const binName = name.replace(/\.gltf$/, '.bin');
            writeFile(path.join(dir, binName), bin);
            json.buffers[0].uri = binName;
        } else {
            json.buffers[0].uri = 'data:application/octet-stream;base64,' + bin.toString('base64');
        }
    }
    writeFile(file, JSON.stringify(json, null, 1) + '\n');
}

// JSON text with each integer value written as a float: 3 becomes 3.0 (numbers inside strings stay).
function withIntegralFloats(text) {
    return text.replace(/([:\[,]\s*)(-?\d+)(?=\s*[,\]}])/g, '$1$2.0');
}

// A small builder for hand-made assets: buffer 0 is the binary chunk (or data URI).
class RawAsset {
    constructor(generator = 'Tangent conformance corpus (crafted)') {
        this.json = {
            asset: { version: '2.0', generator },
            scene: 0,
            scenes: [{ nodes: [] }],
            nodes: [],
            meshes: [],
            accessors: [],
            bufferViews: [],
            buffers: [],
            animations: [],
        };
        this.parts = [];
        this.length = 0;
    }

    node(props = {}) {
        this.json.nodes.push(props);
        const index = this.json.nodes.length - 1;
        this.json.scenes[0].nodes.push(index);
        return index;
    }

    // Appends bytes (4-byte aligned) and returns a new bufferView over them.
    view(bytes, extra = {}) {
        const offset = pad4(this.length);
        if (offset > this.length) this.parts.push(Buffer.alloc(offset - this.length));
        this.parts.push(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
        this.length = offset + bytes.byteLength;
        this.json.bufferViews.push({ buffer: 0, byteOffset: offset, byteLength: bytes.byteLength, ...extra });
        return this.json.bufferViews.length - 1;
    }

    accessor(props) {
        this.json.accessors.push(props);
        return this.json.accessors.length - 1;
    }

    // A float accessor over its own bufferView, with exact float32 min/max unless bounds: false.
    floats(values, type, { bounds = true, ...extra } = {}) {
        const array = new Float32Array(values);
        const view = this.view(array);
        const props = { bufferView: view, componentType: FLOAT, count: array.length / COMPONENTS[type], type };
        if (bounds) Object.assign(props, boundsOf(array, COMPONENTS[type]));
        return this.accessor({ ...props, ...extra });
    }

    // Integer (optionally normalized) accessor from a typed array.
    ints(array, componentType, type, extra = {}) {
        const view = this.view(array);
        return this.accessor({ bufferView: view, componentType, count: array.length / COMPONENTS[type], type, ...extra });
    }

    input(times, extra = {}) {
        return this.floats(times, 'SCALAR', extra);
    }

    animation(samplers, channels, name) {
        const anim = { samplers, channels };
        if (name) anim.name = name;
        this.json.animations.push(anim);
        return this.json.animations.length - 1;
    }

    // The finished {json, bin}; empty top-level arrays are dropped (the schema forbids them).
    done() {
        const json = structuredClone(this.json);
        let bin = null;
        if (this.length > 0) {
            bin = Buffer.concat(this.parts);
            json.buffers = [{ byteLength: bin.length }];
        }
        for (const key of Object.keys(json)) if (Array.isArray(json[key]) && json[key].length === 0) delete json[key];
        return { json, bin };
    }
}

function boundsOf(array, n) {
    const min = new Array(n).fill(Infinity);
    const max = new Array(n).fill(-Infinity);
    for (let i = 0; i < array.length; i++) {
        const c = i % n;
        min[c] = Math.min(min[c], array[i]);
        max[c] = Math.max(max[c], array[i]);
    }
    return { min, max };
}

// ---------------------------------------------------------------------------------------------
// Crafted spec edge cases.

const Q = Math.SQRT1_2;
const QUAT_KEYS = [0, 0, 0, 1, 0, Q, 0, Q, 0, 1, 0, 0, Q, 0, 0, Q];

// A quaternion quantized to normalized integers of the given maximum, searching the rounded
// neighbourhood for the tuple whose length is closest to unit (so that validators accept it).
function quantizeQuat(q, maxInt) {
    const base = q.map((c) => Math.round(c * maxInt));
    let best = base;
    let bestError = Infinity;
    for (let d = 0; d < 81; d++) {
        const cand = base.map((c, i) => c + ((Math.floor(d / 3 ** i) % 3) - 1));
        if (cand.some((c) => Math.abs(c) > maxInt)) continue;
        const len = Math.hypot(...cand.map((c) => c / maxInt));
        if (Math.abs(len - 1) < bestError) {
            bestError = Math.abs(len - 1);
            best = cand;
        }
    }
    return best;
}

function quantizedQuats(quats, ArrayType, maxInt) {
    const out = [];
    for (let i = 0; i < quats.length; i += 4) out.push(...quantizeQuat(quats.slice(i, i + 4), maxInt));
    return new ArrayType(out);
}

function crafted() {
    const cases = [];
    const add = (name, asset, options) => cases.push({ name, asset, options });

    // No buffers at all: nodes, a camera and a material only.
    {
        const json = {
            asset: { version: '2.0', generator: 'Tangent conformance corpus (crafted)' },
            scene: 0,
            scenes: [{ nodes: [0, 1] }],
            nodes: [{ name: 'camera', camera: 0, translation: [0, 1, 5] }, { name: 'empty', children: [2] }, { name: 'child' }],
            cameras: [{ type: 'perspective', perspective: { yfov: 0.8, znear: 0.1, zfar: 100, aspectRatio: 1.5 } }],
            materials: [{ name: 'red', pbrMetallicRoughness: { baseColorFactor: [1, 0, 0, 1] } }],
        };
        add('no_buffers.gltf', { json, bin: null });
        add('no_buffers.glb', { json, bin: null });
        // An animation without any buffer: its accessors have no bufferView (all zeros).
        const a = new RawAsset();
        const n = a.node({ name: 'still animated' });
        const t = a.accessor({ componentType: FLOAT, count: 2, type: 'SCALAR', min: [0], max: [0] });
        const s = a.accessor({ componentType: FLOAT, count: 2, type: 'VEC3' });
        a.animation([{ input: t, output: s, interpolation: 'STEP' }], [{ sampler: 0, target: { node: n, path: 'translation' } }]);
        add('no_buffers_animation.gltf', a.done());
        add('no_buffers_animation.glb', a.done());
    }

    // A clean TRS animation: LINEAR translation, STEP scale, CUBICSPLINE rotation, one shared input.
    const cleanTrs = () => {
        const a = new RawAsset();
        const n = a.node({ name: 'animated' });
        a.node({ name: 'still', translation: [1, 0, 0] });
        const t = a.input([0, 0.5, 1, 2]);
        const tr = a.floats([0, 0, 0, 1, 0, 0, 1, 2, 0, 0, 2, 0], 'VEC3');
        const sc = a.floats([1, 1, 1, 2, 2, 2, 1, 1, 1, 3, 3, 3], 'VEC3');
        const rot = [];
        for (let k = 0; k < 4; k++) rot.push(0, 0, 0, 0, ...QUAT_KEYS.slice(4 * k, 4 * k + 4), 0, 0, 0, 0);
        const ro = a.floats(rot, 'VEC4');
        a.animation(
            [
                { input: t, output: tr, interpolation: 'LINEAR' },
                { input: t, output: sc, interpolation: 'STEP' },
                { input: t, output: ro, interpolation: 'CUBICSPLINE' },
            ],
            [
                { sampler: 0, target: { node: n, path: 'translation' } },
                { sampler: 1, target: { node: n, path: 'scale' } },
                { sampler: 2, target: { node: n, path: 'rotation' } },
            ],
            'trs',
        );
        return a;
    };
    {
        const asset = cleanTrs().done();
        add('trs_data_uri.gltf', asset);
        add('trs_external_bin.gltf', asset, { external: true });
        add('trs.glb', asset);
    }

    // Several animations sharing one input accessor, and a sampler no channel uses.
    {
        const a = new RawAsset();
        const n0 = a.node({ name: 'a' });
        const n1 = a.node({ name: 'b' });
        a.node({ name: 'never animated' });
        const t = a.input([0, 1, 2]);
        const tr = a.floats([0, 0, 0, 1, 1, 1, 2, 2, 2], 'VEC3');
        const sc = a.floats([1, 1, 1, 2, 2, 2, 1, 1, 1], 'VEC3');
        a.animation([{ input: t, output: tr }], [{ sampler: 0, target: { node: n0, path: 'translation' } }], 'first');
        a.animation(
            [{ input: t, output: sc, interpolation: 'STEP' }, { input: t, output: tr }],
            [{ sampler: 0, target: { node: n1, path: 'scale' } }, { sampler: 1, target: { node: n1, path: 'translation' } }],
            'second',
        );
        a.animation(
            [{ input: t, output: tr, interpolation: 'LINEAR' }, { input: t, output: sc }],
            [{ sampler: 0, target: { node: n0, path: 'scale' } }],
            'third with an unused sampler',
        );
        add('shared_inputs_several_animations.gltf', a.done());
        add('shared_inputs_several_animations.glb', a.done());
    }

    // Accessors without bufferView (all zeros by the spec) as sampler input and output.
    {
        const a = new RawAsset();
        const n = a.node({ name: 'zeros' });
        const t = a.accessor({ componentType: FLOAT, count: 3, type: 'SCALAR', min: [0], max: [0] });
        const tGood = a.input([0, 1, 2]);
        const out = a.accessor({ componentType: FLOAT, count: 3, type: 'VEC3' });
        const sc = a.floats([1, 1, 1, 2, 2, 2, 3, 3, 3], 'VEC3');
        a.animation(
            [{ input: t, output: sc }, { input: tGood, output: out }],
            [{ sampler: 0, target: { node: n, path: 'scale' } }, { sampler: 1, target: { node: n, path: 'translation' } }],
        );
        add('no_view_input_and_output.gltf', a.done());
        add('no_view_input_and_output.glb', a.done());
    }
    {
        // The bounds claim 0..2 while the values are zeros: Khronos does not check such values.
        const a = new RawAsset();
        const n = a.node({ name: 'zeros' });
        const t = a.accessor({ componentType: FLOAT, count: 3, type: 'SCALAR', min: [0], max: [2] });
        const out = a.accessor({ componentType: FLOAT, count: 3, type: 'VEC3', min: [0, 0, 0], max: [1, 1, 1] });
        a.animation([{ input: t, output: out }], [{ sampler: 0, target: { node: n, path: 'translation' } }]);
        add('no_view_bounds_not_zero.gltf', a.done());
    }
    {
        // Accessors without bufferView but with sparse values: zeros with a few substitutions.
        const a = new RawAsset();
        const n = a.node({ name: 'sparse zeros' });
        const idx = a.view(new Uint8Array([1, 2]));
        const vals = a.view(new Float32Array([1, 2]));
        const t = a.accessor({
            componentType: FLOAT,
            count: 3,
            type: 'SCALAR',
            min: [0],
            max: [2],
            sparse: { count: 2, indices: { bufferView: idx, componentType: UNSIGNED_BYTE }, values: { bufferView: vals } },
        });
        const oidx = a.view(new Uint16Array([2]));
        const ovals = a.view(new Float32Array([5, 6, 7]));
        const out = a.accessor({
            componentType: FLOAT,
            count: 3,
            type: 'VEC3',
            sparse: { count: 1, indices: { bufferView: oidx, componentType: UNSIGNED_SHORT }, values: { bufferView: ovals } },
        });
        a.animation([{ input: t, output: out }], [{ sampler: 0, target: { node: n, path: 'translation' } }]);
        add('no_view_sparse.gltf', a.done());
        add('no_view_sparse.glb', a.done());
    }
    {
        // Sparse outputs over a real bufferView; and a sparse input whose substitution breaks the order.
        const a = new RawAsset();
        const n = a.node({ name: 'sparse' });
        const t = a.input([0, 1, 2, 3]);
        const base = a.view(new Float32Array([0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3]));
        const idx = a.view(new Uint32Array([1, 3]));
        const vals = a.view(new Float32Array([9, 9, 9, -1, -1, -1]));
        const out = a.accessor({
            bufferView: base,
            componentType: FLOAT,
            count: 4,
            type: 'VEC3',
            min: [-1, -1, -1],
            max: [9, 9, 9],
            sparse: { count: 2, indices: { bufferView: idx, componentType: UNSIGNED_INT }, values: { bufferView: vals } },
        });
        a.animation([{ input: t, output: out }], [{ sampler: 0, target: { node: n, path: 'translation' } }]);
        add('sparse_output.glb', a.done());
        add('sparse_output.gltf', a.done());
        const bad = new RawAsset();
        const m = bad.node({ name: 'bad sparse input' });
        const tb = bad.view(new Float32Array([0, 1, 2, 3]));
        const tidx = bad.view(new Uint8Array([2]));
        const tval = bad.view(new Float32Array([0.5]));
        const ti = bad.accessor({
            bufferView: tb,
            componentType: FLOAT,
            count: 4,
            type: 'SCALAR',
            min: [0],
            max: [3],
            sparse: { count: 1, indices: { bufferView: tidx, componentType: UNSIGNED_BYTE }, values: { bufferView: tval } },
        });
        const to = bad.floats([0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3], 'VEC3');
        bad.animation([{ input: ti, output: to }], [{ sampler: 0, target: { node: m, path: 'translation' } }]);
        add('sparse_input_non_increasing.glb', bad.done());
    }

    // Normalized integer outputs (KHR_mesh_quantization): rotations as BYTE and SHORT, weights as
    // UNSIGNED_BYTE / UNSIGNED_SHORT; once declared, once not.
    for (const declared of [true, false]) {
        const a = new RawAsset();
        const n = a.node({ name: 'rotated' });
        const m = a.node({ name: 'morphed', mesh: 0 });
        const pos = a.floats([0, 0, 0, 1, 0, 0, 0, 1, 0], 'VEC3');
        const d0 = a.floats([0, 0, 1, 0, 0, 1, 0, 0, 1], 'VEC3');
        const d1 = a.floats([0, 1, 0, 0, 1, 0, 0, 1, 0], 'VEC3');
        a.json.meshes.push({ primitives: [{ attributes: { POSITION: pos }, targets: [{ POSITION: d0 }, { POSITION: d1 }] }], weights: [0, 0] });
        const t = a.input([0, 1, 2, 3]);
        const rb = a.ints(quantizedQuats(QUAT_KEYS, Int8Array, 127), BYTE, 'VEC4', { normalized: true });
        const rs = a.ints(quantizedQuats(QUAT_KEYS, Int16Array, 32767), SHORT, 'VEC4', { normalized: true });
        const wb = a.ints(new Uint8Array([0, 255, 128, 0, 255, 255, 0, 0]), UNSIGNED_BYTE, 'SCALAR', { normalized: true });
        const ws = a.ints(new Uint16Array([0, 65535, 1000, 0, 65535, 65535, 0, 0]), UNSIGNED_SHORT, 'SCALAR', {
            normalized: true,
        });
        a.animation(
            [
                { input: t, output: rb },
                { input: t, output: wb },
            ],
            [
                { sampler: 0, target: { node: n, path: 'rotation' } },
                { sampler: 1, target: { node: m, path: 'weights' } },
            ],
            'bytes',
        );
        a.animation(
            [
                { input: t, output: rs, interpolation: 'STEP' },
                { input: t, output: ws },
            ],
            [
                { sampler: 0, target: { node: n, path: 'rotation' } },
                { sampler: 1, target: { node: m, path: 'weights' } },
            ],
            'shorts',
        );
        if (declared) {
            a.json.extensionsUsed = ['KHR_mesh_quantization'];
            a.json.extensionsRequired = ['KHR_mesh_quantization'];
        }
        const suffix = declared ? '' : '_undeclared';
        add(`normalized_outputs${suffix}.glb`, a.done());
        if (declared) add('normalized_outputs.gltf', a.done(), { external: true });
    }

    // A placeholder buffer (no uri, not the GLB chunk) behind EXT_meshopt_compression bufferViews.
    add('meshopt_placeholder_buffer.glb', meshoptAsset());
    add('meshopt_placeholder_buffer.gltf', meshoptAsset());
    {
        // A buffer without uri in a GLB that is not buffer 0: nothing may use it.
        const a = cleanTrs().done();
        a.json.buffers.push({ byteLength: 64 });
        add('unused_placeholder_buffer.glb', a);
    }

    // A sampler input with a negative time and two non-increasing pairs, over non-unit quaternions.
    {
        const a = new RawAsset();
        const n = a.node({ name: 'bad times' });
        const t = a.input([-0.5, 0.5, 0.5, 1, 0.25, 2]);
        const r = a.floats([0, 0, 0, 1, 0, 0, 0, 2, 0.5, 0, 0, 0.5, 0, 0, 0, 1, 0, 0, 0, 1, 1, 1, 1, 1], 'VEC4');
        const t2 = a.input([0, 1, 2]);
        const r2 = a.floats([0, 0, 0, 1, 0, 0, 0, 3, 0, 0, 0, 1], 'VEC4');
        a.animation(
            [{ input: t, output: r }, { input: t2, output: r2 }],
            [{ sampler: 0, target: { node: n, path: 'rotation' } }, { sampler: 1, target: { node: a.node({ name: 'other' }), path: 'rotation' } }],
        );
        add('bad_input_and_non_unit_quaternions.glb', a.done());
        add('bad_input_and_non_unit_quaternions.gltf', a.done());
    }

    // A channel whose sampler names missing input and output accessors; an unresolved node;
    // a sampler index out of range.
    {
        const a = cleanTrs();
        const anim = a.json.animations[0];
        anim.samplers.push({ input: 40, output: 41 });
        anim.channels.push({ sampler: 3, target: { node: a.node({ name: 'x' }), path: 'translation' } });
        anim.channels.push({ sampler: 0, target: { node: 77, path: 'translation' } });
        anim.channels.push({ sampler: 12, target: { node: 1, path: 'scale' } });
        add('missing_accessors_node_sampler.gltf', a.done());
        add('missing_accessors_node_sampler.glb', a.done());
    }

    // Animation data under a bufferView with byteStride.
    {
        const a = new RawAsset();
        const n = a.node({ name: 'strided' });
        const t = a.view(new Float32Array([0, 0, 1, 0, 2, 0]), { byteStride: 8 });
        const ti = a.accessor({ bufferView: t, componentType: FLOAT, count: 3, type: 'SCALAR', min: [0], max: [2] });
        const o = a.view(new Float32Array([0, 0, 0, 0, 1, 1, 1, 0, 2, 2, 2, 0]), { byteStride: 16 });
        const oi = a.accessor({ bufferView: o, componentType: FLOAT, count: 3, type: 'VEC3' });
        a.animation([{ input: ti, output: oi }], [{ sampler: 0, target: { node: n, path: 'translation' } }]);
        add('bytestride_animation_data.glb', a.done());
        add('bytestride_animation_data.gltf', a.done());
    }

    // Wrong output counts for LINEAR, STEP and CUBICSPLINE, and a CUBICSPLINE with one key.
    {
        const a = new RawAsset();
        const nodes = [0, 1, 2, 3].map((i) => a.node({ name: `n${i}` }));
        const t = a.input([0, 1, 2]);
        const t1 = a.input([0]);
        const o4 = a.floats([0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3], 'VEC3');
        const o3 = a.floats([0, 0, 0, 1, 1, 1, 2, 2, 2], 'VEC3');
        a.animation(
            [
                { input: t, output: o4 },
                { input: t, output: o4, interpolation: 'STEP' },
                { input: t, output: o3, interpolation: 'CUBICSPLINE' },
                { input: t1, output: o3, interpolation: 'CUBICSPLINE' },
            ],
            nodes.map((node, i) => ({ sampler: i, target: { node, path: 'translation' } })),
        );
        add('wrong_output_counts.glb', a.done());
    }

    // Wrong formats: input VEC2 / UNSIGNED_BYTE, translation VEC4, rotation VEC3,
    // scale as normalized SHORT, weights as UNSIGNED_INT; input without bounds; wrong bounds.
    {
        const a = new RawAsset();
        const nodes = [0, 1, 2, 3, 4, 5, 6].map((i) => a.node({ name: `n${i}`, ...(i === 4 ? { mesh: 0 } : {}) }));
        const pos = a.floats([0, 0, 0, 1, 0, 0, 0, 1, 0], 'VEC3');
        const d0 = a.floats([0, 0, 1, 0, 0, 1, 0, 0, 1], 'VEC3');
        a.json.meshes.push({ primitives: [{ attributes: { POSITION: pos }, targets: [{ POSITION: d0 }] }] });
        const t = a.input([0, 1]);
        const tVec2 = a.floats([0, 0, 1, 1], 'VEC2');
        const tByte = a.ints(new Uint8Array([0, 1, 0, 0]), UNSIGNED_BYTE, 'SCALAR', { count: 2, min: [0], max: [1] });
        const tNoBounds = a.input([0, 1], { bounds: false });
        const tBadBounds = a.input([0, 1], { min: [0.5], max: [3] });
        const v3 = a.floats([0, 0, 0, 1, 1, 1], 'VEC3');
        const v4 = a.floats([0, 0, 0, 1, 0, 0, 0, 1], 'VEC4');
        const s16 = a.ints(new Int16Array([0, 0, 0, 100, 100, 100]), SHORT, 'VEC3', { normalized: true });
        const u32 = a.ints(new Uint32Array([0, 1]), UNSIGNED_INT, 'SCALAR');
        a.animation(
            [
                { input: tVec2, output: v3 },
                { input: tByte, output: v3 },
                { input: t, output: v4 },
                { input: t, output: v3 },
                { input: t, output: u32 },
                { input: t, output: s16 },
                { input: tNoBounds, output: v3 },
                { input: tBadBounds, output: v3 },
            ],
            [
                { sampler: 0, target: { node: nodes[0], path: 'translation' } },
                { sampler: 1, target: { node: nodes[1], path: 'translation' } },
                { sampler: 2, target: { node: nodes[2], path: 'translation' } },
                { sampler: 3, target: { node: nodes[3], path: 'rotation' } },
                { sampler: 4, target: { node: nodes[4], path: 'weights' } },
                { sampler: 5, target: { node: nodes[5], path: 'scale' } },
                { sampler: 6, target: { node: nodes[6], path: 'translation' } },
                { sampler: 7, target: { node: nodes[0], path: 'scale' } },
            ],
        );
        add('wrong_formats.glb', a.done());
        add('wrong_formats.gltf', a.done());
    }

    // Target oddities: weights on a node without morph targets (and without a mesh), duplicate
    // targets, TRS on a matrix node, an invalid interpolation, KHR_animation_pointer misuse.
    {
        const a = new RawAsset();
        const pos = a.floats([0, 0, 0, 1, 0, 0, 0, 1, 0], 'VEC3');
        a.json.meshes.push({ primitives: [{ attributes: { POSITION: pos } }] });
        const meshNode = a.node({ name: 'mesh without targets', mesh: 0 });
        const plain = a.node({ name: 'plain' });
        const matrixNode = a.node({ name: 'matrix', matrix: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 1, 2, 3, 1] });
        const t = a.input([0, 1]);
        const w = a.floats([0, 1], 'SCALAR');
        const v3 = a.floats([0, 0, 0, 1, 1, 1], 'VEC3');
        a.animation(
            [
                { input: t, output: w },
                { input: t, output: v3 },
                { input: t, output: v3, interpolation: 'SMOOTH' },
            ],
            [
                { sampler: 0, target: { node: meshNode, path: 'weights' } },
                { sampler: 0, target: { node: plain, path: 'weights' } },
                { sampler: 1, target: { node: plain, path: 'translation' } },
                { sampler: 1, target: { node: plain, path: 'translation' } },
                { sampler: 1, target: { node: matrixNode, path: 'translation' } },
                { sampler: 1, target: { node: matrixNode, path: 'scale' } },
                { sampler: 2, target: { node: meshNode, path: 'scale' } },
            ],
        );
        add('target_oddities.glb', a.done());
        add('target_oddities.gltf', a.done());

        const p = new RawAsset();
        const pn = p.node({ name: 'pointer target' });
        const pt = p.input([0, 1]);
        const pv = p.floats([0, 0, 0, 1, 1, 1], 'VEC3');
        p.animation(
            [{ input: pt, output: pv }],
            [
                { sampler: 0, target: { path: 'pointer', extensions: { KHR_animation_pointer: { pointer: `/nodes/${pn}/translation` } } } },
                { sampler: 0, target: { node: pn, path: 'pointer', extensions: { KHR_animation_pointer: { pointer: `/nodes/${pn}/scale` } } } },
                { sampler: 0, target: { path: 'translation', extensions: { KHR_animation_pointer: { pointer: `/nodes/${pn}/translation` } } } },
            ],
        );
        p.json.extensionsUsed = ['KHR_animation_pointer'];
        add('animation_pointer.gltf', p.done());
    }

    // Accessor / bufferView / buffer problems under animation data: misaligned offset, an
    // accessor longer than its view, a view longer than its buffer, a non-finite time, and a
    // data URI shorter than the buffer's byteLength.
    {
        const a = new RawAsset();
        const n = a.node({ name: 'n' });
        const tv = a.view(new Float32Array([0, 1, 2, 3]));
        const t = a.accessor({ bufferView: tv, byteOffset: 2, componentType: FLOAT, count: 3, type: 'SCALAR', min: [0], max: [2] });
        const tLong = a.accessor({ bufferView: tv, componentType: FLOAT, count: 6, type: 'SCALAR', min: [0], max: [3] });
        const tNan = a.input([0, NaN, 2].map((x) => x), { min: [0], max: [2] });
        const o = a.floats([0, 0, 0, 1, 1, 1, 2, 2, 2], 'VEC3');
        const o6 = a.floats(new Array(18).fill(0), 'VEC3');
        a.animation(
            [
                { input: t, output: o },
                { input: tLong, output: o6 },
                { input: tNan, output: o },
            ],
            [
                { sampler: 0, target: { node: n, path: 'translation' } },
                { sampler: 1, target: { node: a.node({ name: 'm' }), path: 'translation' } },
                { sampler: 2, target: { node: a.node({ name: 'k' }), path: 'translation' } },
            ],
        );
        add('accessor_problems.glb', a.done());
        const b = a.done();
        b.json.bufferViews[o].byteLength += 64; // the view of accessor `o` now runs past the buffer
        add('view_too_long.gltf', b);
        const c = cleanTrs().done();
        c.json.buffers[0].byteLength += 16;
        add('buffer_longer_than_data_uri.gltf', c);
    }

    return cases;
}

// ---------------------------------------------------------------------------------------------
// Crafted KHR_animation_pointer cases, one rule per file. Each comes with the TANGENT_POINTER_*
// findings Tangent should add to what the Khronos validator reports (which checks only the
// pointer's syntax, target.node and target.path): crafted/pointer_expectations.json lists them.
// The files on what Khronos checks expect no Tangent finding of its own (a pointer Khronos rejects
// is not looked up); all the others have no Khronos error.

const pointerTarget = (pointer) => ({ path: 'pointer', extensions: { KHR_animation_pointer: { pointer } } });
const pointerAt = (a, c) => `/animations/${a}/channels/${c}/target/extensions/KHR_animation_pointer/pointer`;
const targetAt = (a, c) => `/animations/${a}/channels/${c}/target`;
// Findings about a channel's sampler are at the channel's `sampler`, as the validator's own.
const samplerAt = (a, c) => `/animations/${a}/channels/${c}/sampler`;

// A RawAsset declaring KHR_animation_pointer (and `extensions`), with one named node.
function pointerAsset(nodeProps = { name: 'n' }, extensions = []) {
    const a = new RawAsset();
    a.node(nodeProps);
    a.json.extensionsUsed = ['KHR_animation_pointer', ...extensions];
    return a;
}

// One animation of pointer channels, [pointer, output accessor, interpolation] each, sharing `input`.
function pointerAnimation(a, input, channels, name) {
    return a.animation(
        channels.map(([, output, interpolation]) => ({ input, output, ...(interpolation ? { interpolation } : {}) })),
        channels.map(([pointer], i) => ({ sampler: i, target: pointerTarget(pointer) })),
        name,
    );
}

// Two morph targets on a triangle, as mesh 0.
function addMorphMesh(a, meshProps = {}) {
    const vertices = (values) => {
        const accessor = a.floats(values, 'VEC3');
        a.json.bufferViews[a.json.accessors[accessor].bufferView].target = 34962; // ARRAY_BUFFER
        return accessor;
    };
    const pos = vertices([0, 0, 0, 1, 0, 0, 0, 1, 0]);
    const d0 = vertices([0, 0, 1, 0, 0, 1, 0, 0, 1]);
    const d1 = vertices([1, 0, 0, 1, 0, 0, 1, 0, 0]);
    a.json.meshes.push({ name: 'blend', primitives: [{ attributes: { POSITION: pos }, targets: [{ POSITION: d0 }, { POSITION: d1 }] }], ...meshProps });
    return a.json.meshes.length - 1;
}

// A material with a base colour texture (a PNG in the buffer), as material 0.
function addTexturedMaterial(a, baseColorTexture = {}) {
    const image = a.view(tinyPng());
    a.json.images = [{ name: 'checker', bufferView: image, mimeType: 'image/png' }];
    a.json.textures = [{ source: 0 }];
    a.json.materials = [{ name: 'Body', pbrMetallicRoughness: { baseColorTexture: { index: 0, ...baseColorTexture } } }];
}

function pointerCases() {
    const cases = [];
    const add = (name, asset, expected = []) => cases.push({ name, asset, expected });
    const material = (props = {}) => ({ name: 'Body', pbrMetallicRoughness: { baseColorFactor: [1, 0, 0, 1], metallicFactor: 0.5 }, ...props });

    // --- What the Khronos validator checks: the pointer object and the target.
    {
        const syntax = [
            ['pointer_missing.gltf', {}],
            ['pointer_not_string.gltf', { pointer: 0 }],
            ['pointer_syntax_no_leading_slash.gltf', { pointer: 'nodes/0/translation' }],
            ['pointer_syntax_bad_escape.gltf', { pointer: '/a~2' }],
            ['pointer_unexpected_property.gltf', { pointer: '/nodes/0/translation', node: 0 }],
        ];
        for (const [name, extension] of syntax) {
            const a = pointerAsset();
            const t = a.input([0, 1]);
            const v = a.floats([0, 0, 0, 1, 1, 1], 'VEC3');
            a.animation([{ input: t, output: v }], [{ sampler: 0, target: { path: 'pointer', extensions: { KHR_animation_pointer: extension } } }]);
            add(name, a.done());
        }
        const targets = [
            ['pointer_target_node.gltf', { node: 0, ...pointerTarget('/nodes/0/translation') }],
            ['pointer_target_path.gltf', { ...pointerTarget('/nodes/0/translation'), path: 'translation' }],
        ];
        for (const [name, target] of targets) {
            const a = pointerAsset();
            const t = a.input([0, 1]);
            const v = a.floats([0, 0, 0, 1, 1, 1], 'VEC3');
            a.animation([{ input: t, output: v }], [{ sampler: 0, target }]);
            add(name, a.done());
        }
        // RFC 6901 escapes done right: "~1" is "/" and "~0" is "~" in a key of extras.
        const a = pointerAsset({ name: 'n', extras: { 'a/b~c': 0 } });
        const t = a.input([0, 1]);
        pointerAnimation(a, t, [['/nodes/0/extras/a~1b~0c', a.ints(new Int16Array([0, 2]), SHORT, 'SCALAR'), 'STEP']]);
        add('pointer_escaped_key.gltf', a.done());
    }

    // --- The pointer does not resolve in the file; and passing variants.
    {
        const unresolved = (name, build, pointer, type, values) => {
            const a = pointerAsset();
            build(a);
            const t = a.input([0, 1]);
            pointerAnimation(a, t, [[pointer, a.floats(values, type), 'LINEAR']]);
            add(name, a.done(), [{ code: 'TANGENT_POINTER_UNRESOLVED', pointer: pointerAt(0, 0) }]);
        };
        unresolved('pointer_unresolved_material_index.gltf', (a) => (a.json.materials = [material()]),
            '/materials/1/pbrMetallicRoughness/metallicFactor', 'SCALAR', [0, 1]);
        unresolved('pointer_unresolved_extension_absent.gltf', (a) => (a.json.materials = [material()]),
            '/materials/0/extensions/KHR_materials_emissive_strength/emissiveStrength', 'SCALAR', [1, 2]);
        const camera = (perspective) => (a) => {
            a.json.cameras = [{ name: 'Main', type: 'perspective', perspective }];
            a.json.nodes[0].camera = 0;
        };
        unresolved('pointer_unresolved_camera_zfar.gltf', camera({ yfov: 0.8, znear: 0.1 }), '/cameras/0/perspective/zfar', 'SCALAR', [100, 50]);
        unresolved('pointer_unresolved_texture_transform.gltf', (a) => addTexturedMaterial(a),
            '/materials/0/pbrMetallicRoughness/baseColorTexture/extensions/KHR_texture_transform/offset', 'VEC2', [0, 0, 0.5, 0.5]);
        unresolved('pointer_unresolved_node_weights.gltf', () => {}, '/nodes/0/weights', 'SCALAR', [0, 1, 1, 0]);

        // Passing: zfar given; a texture transform object without offset (default [0, 0]);
        // defaults under present objects; node weights of a node whose mesh has morph targets.
        const ok = (name, build, channels) => {
            const a = pointerAsset();
            build(a);
            const t = a.input([0, 1]);
            pointerAnimation(a, t, channels.map(([pointer, type, values]) => [pointer, a.floats(values, type), 'LINEAR']));
            add(name, a.done());
        };
        ok('pointer_resolved_camera_zfar.gltf', camera({ yfov: 0.8, znear: 0.1, zfar: 100 }), [['/cameras/0/perspective/zfar', 'SCALAR', [100, 50]]]);
        ok('pointer_resolved_texture_transform_default.gltf', (a) => {
            addTexturedMaterial(a, { extensions: { KHR_texture_transform: {} } });
            a.json.extensionsUsed.push('KHR_texture_transform');
        }, [['/materials/0/pbrMetallicRoughness/baseColorTexture/extensions/KHR_texture_transform/offset', 'VEC2', [0, 0, 0.5, 0.5]]]);
        ok('pointer_resolved_defaults.gltf', (a) => (a.json.materials = [{ name: 'Body', pbrMetallicRoughness: {} }]), [
            ['/materials/0/pbrMetallicRoughness/metallicFactor', 'SCALAR', [1, 0]],
            ['/materials/0/alphaCutoff', 'SCALAR', [0.5, 0.25]],
            ['/nodes/0/rotation', 'VEC4', [0, 0, 0, 1, 0, Q, 0, Q]],
        ]);
        ok('pointer_resolved_node_weights.gltf', (a) => {
            addMorphMesh(a);
            a.json.nodes[0].mesh = 0;
        }, [['/nodes/0/weights', 'SCALAR', [0, 1, 1, 0]]]);
    }

    // --- Pointers to properties that exist but are not animatable.
    {
        const matrix = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 1, 2, 3, 1];
        const notAnimatable = (name, nodeProps, pointer, output) => {
            const a = pointerAsset(nodeProps);
            const t = a.input([0, 1]);
            pointerAnimation(a, t, [[pointer, output(a), 'STEP']]);
            add(name, a.done(), [{ code: 'TANGENT_POINTER_NOT_ANIMATABLE', pointer: pointerAt(0, 0) }]);
        };
        const floats = (values, type) => (a) => a.floats(values, type);
        notAnimatable('pointer_not_animatable_matrix.gltf', { name: 'n', matrix }, '/nodes/0/matrix', floats([...matrix, ...matrix], 'MAT4'));
        notAnimatable('pointer_not_animatable_length.gltf', { name: 'n' }, '/nodes.length', (a) => a.ints(new Int16Array([1, 2]), SHORT, 'SCALAR'));
        notAnimatable('pointer_not_animatable_name.gltf', { name: 'n' }, '/nodes/0/name', floats([0, 1], 'SCALAR'));
        notAnimatable('pointer_not_animatable_asset_version.gltf', { name: 'n' }, '/asset/version', floats([2, 3], 'SCALAR'));
        notAnimatable('pointer_not_animatable_component.gltf', { name: 'n', translation: [1, 0, 0] }, '/nodes/0/translation/0', floats([1, 2], 'SCALAR'));
        notAnimatable('pointer_not_animatable_trs_on_matrix_node.gltf', { name: 'n', matrix }, '/nodes/0/translation', floats([0, 0, 0, 1, 1, 1], 'VEC3'));
    }

    // --- Output accessors that do not fit the target's type; and one file where all fit.
    {
        const visibility = { name: 'n', extensions: { KHR_node_visibility: { visible: true } } };
        const wrongType = (name, nodeProps, extensions, pointer, output, interpolation) => {
            const a = pointerAsset(nodeProps, extensions);
            a.json.materials = [material()];
            const t = a.input([0, 1]);
            pointerAnimation(a, t, [[pointer, output(a), interpolation]]);
            add(name, a.done(), [{ code: 'TANGENT_POINTER_OUTPUT_TYPE', pointer: samplerAt(0, 0) }]);
        };
        wrongType('pointer_output_vec3_into_float4.gltf', { name: 'n' }, [], '/materials/0/pbrMetallicRoughness/baseColorFactor',
            (a) => a.floats([1, 0, 0, 0, 1, 0], 'VEC3'), 'LINEAR');
        wrongType('pointer_output_vec4_into_float.gltf', { name: 'n' }, [], '/materials/0/pbrMetallicRoughness/metallicFactor',
            (a) => a.floats([0, 0, 0, 1, 1, 1, 1, 1], 'VEC4'), 'LINEAR');
        wrongType('pointer_output_float_into_bool.gltf', visibility, ['KHR_node_visibility'], '/nodes/0/extensions/KHR_node_visibility/visible',
            (a) => a.floats([1, 0], 'SCALAR'), 'STEP');
        // What extras mean is the application's: an integer there read from normalized bytes is
        // no misfit (Tangent plays it as the floats they are).
        {
            const a = pointerAsset({ name: 'n', extras: { frame: 0 } });
            const t = a.input([0, 1]);
            pointerAnimation(a, t, [['/nodes/0/extras/frame',
                a.ints(new Uint8Array([0, 255, 0, 0]), UNSIGNED_BYTE, 'SCALAR', { count: 2, normalized: true }), 'STEP']]);
            add('pointer_output_normalized_into_extras_int.gltf', a.done(), []);
        }

        const a = pointerAsset({ ...visibility, extras: { frame: 0 } }, ['KHR_node_visibility']);
        a.json.materials = [material({ emissiveFactor: [0, 0, 0] })];
        const t = a.input([0, 1]);
        pointerAnimation(a, t, [
            ['/materials/0/pbrMetallicRoughness/baseColorFactor', a.ints(new Uint8Array([255, 0, 0, 255, 0, 255, 0, 255]), UNSIGNED_BYTE, 'VEC4', { normalized: true }), 'LINEAR'],
            ['/materials/0/pbrMetallicRoughness/roughnessFactor', a.ints(new Uint8Array([0, 255, 0, 0]), UNSIGNED_BYTE, 'SCALAR', { count: 2, normalized: true }), 'LINEAR'],
            ['/materials/0/pbrMetallicRoughness/metallicFactor', a.ints(new Uint16Array([0, 1]), UNSIGNED_SHORT, 'SCALAR'), 'STEP'],
            ['/materials/0/emissiveFactor', a.floats([0, 0, 0, 1, 0.5, 0], 'VEC3'), 'LINEAR'],
            ['/nodes/0/rotation', a.ints(quantizedQuats([0, 0, 0, 1, 0, Q, 0, Q], Int16Array, 32767), SHORT, 'VEC4', { normalized: true }), 'LINEAR'],
            ['/nodes/0/extensions/KHR_node_visibility/visible', a.ints(new Uint8Array([1, 0, 0, 0]), UNSIGNED_BYTE, 'SCALAR', { count: 2 }), 'STEP'],
            ['/nodes/0/extras/frame', a.ints(new Int16Array([0, 7]), SHORT, 'SCALAR'), 'STEP'],
        ]);
        add('pointer_output_types_fit.gltf', a.done());
    }

    // --- Played values the property does not allow: a roughness key above 1, a colour whose
    // cubic overshoots 1 between keys in range (0 -> 1 with in-slope -3 peaks at 1.28, 0.8 s
    // into the segment); and a cubic that stays inside.
    {
        const range = (name, pointer, type, values, interpolation, expected) => {
            const a = pointerAsset();
            a.json.materials = [material()];
            const t = a.input([0, 1]);
            const output = a.floats(values, type);
            pointerAnimation(a, t, [[pointer, output, interpolation]]);
            add(name, a.done(), expected ? [{ code: 'TANGENT_POINTER_VALUE_RANGE', pointer: `/accessors/${output}` }] : []);
        };
        range('pointer_value_range_key.gltf', '/materials/0/pbrMetallicRoughness/roughnessFactor', 'SCALAR', [0.5, 1.5], 'LINEAR', true);
        range('pointer_value_range_overshoot.gltf', '/materials/0/pbrMetallicRoughness/baseColorFactor', 'VEC4',
            [0, 0, 0, 0, 0, 0.5, 0.5, 1, 0, 0, 0, 0, -3, 0, 0, 0, 1, 0.5, 0.5, 1, 0, 0, 0, 0], 'CUBICSPLINE', true);
        range('pointer_value_range_inside.gltf', '/materials/0/pbrMetallicRoughness/roughnessFactor', 'SCALAR', [0, 0, 1, 1, 1, 0], 'CUBICSPLINE', false);
    }

    // --- float[] output counts: keys × morph targets (× 3 for CUBICSPLINE).
    {
        const weights = (name, channelsPerAnimation, expected) => {
            const a = pointerAsset({ name: 'morphed', mesh: 0, weights: [0, 0] });
            addMorphMesh(a, { weights: [0, 0] });
            const t = a.input([0, 1, 2]);
            for (const channels of channelsPerAnimation) {
                pointerAnimation(a, t, channels.map(([pointer, count, interpolation]) =>
                    [pointer, a.floats(Array.from({ length: count }, (_, i) => (i % 3) / 2), 'SCALAR'), interpolation]));
            }
            add(name, a.done(), expected);
        };
        const countAt = [{ code: 'TANGENT_POINTER_OUTPUT_COUNT', pointer: samplerAt(0, 0) }];
        weights('pointer_output_count_weights.gltf', [[['/nodes/0/weights', 5, 'LINEAR']]], countAt);
        weights('pointer_output_count_weights_cubic.gltf', [[['/nodes/0/weights', 6, 'CUBICSPLINE']]], countAt);
        weights('pointer_output_count_weights_fit.gltf', [
            [['/nodes/0/weights', 6, 'LINEAR'], ['/meshes/0/weights', 6, 'STEP']],
            [['/nodes/0/weights', 18, 'CUBICSPLINE']],
            [['/nodes/0/weights/1', 3, 'LINEAR'], ['/meshes/0/weights/0', 9, 'CUBICSPLINE']],
        ], []);
    }

    // --- int and bool targets need STEP; an absent interpolation is LINEAR.
    {
        const a = pointerAsset({ name: 'n', extensions: { KHR_node_visibility: { visible: true } } }, ['KHR_node_visibility']);
        const t = a.input([0, 1]);
        pointerAnimation(a, t, [['/nodes/0/extensions/KHR_node_visibility/visible', a.ints(new Uint8Array([1, 0, 0, 0]), UNSIGNED_BYTE, 'SCALAR', { count: 2 }), 'LINEAR']]);
        add('pointer_interpolation_bool_linear.gltf', a.done(), [{ code: 'TANGENT_POINTER_INTERPOLATION', pointer: samplerAt(0, 0) }]);
        const b = pointerAsset({ name: 'n', extras: { frame: 0 } });
        const tb = b.input([0, 1]);
        pointerAnimation(b, tb, [['/nodes/0/extras/frame', b.ints(new Int16Array([0, 7]), SHORT, 'SCALAR')]]);
        add('pointer_interpolation_int_default_linear.gltf', b.done(), [{ code: 'TANGENT_POINTER_INTERPOLATION', pointer: samplerAt(0, 0) }]);
    }

    // --- One property targeted twice in one animation; and the same in two animations.
    {
        const twice = (name, pointers, expected) => {
            const a = pointerAsset({ name: 'morphed', mesh: 0, weights: [0, 0] });
            addMorphMesh(a, { weights: [0, 0] });
            a.json.materials = [material()];
            const t = a.input([0, 1]);
            for (const group of pointers) {
                pointerAnimation(a, t, group.map((pointer) => {
                    const array = pointer.endsWith('/weights');
                    return [pointer, a.floats(array ? [0, 0, 1, 1] : [0, 1], 'SCALAR'), 'LINEAR'];
                }));
            }
            add(name, a.done(), expected);
        };
        const metallic = '/materials/0/pbrMetallicRoughness/metallicFactor';
        twice('pointer_duplicate_same_pointer.gltf', [[metallic, metallic]], [{ code: 'TANGENT_POINTER_DUPLICATE', pointer: targetAt(0, 1) }]);
        twice('pointer_duplicate_array_and_element.gltf', [['/nodes/0/weights', '/nodes/0/weights/1']],
            [{ code: 'TANGENT_POINTER_DUPLICATE', pointer: targetAt(0, 1) }]);
        twice('pointer_duplicate_element_and_array.gltf', [['/meshes/0/weights/0', '/meshes/0/weights']],
            [{ code: 'TANGENT_POINTER_DUPLICATE', pointer: targetAt(0, 1) }]);
        twice('pointer_same_pointer_two_animations.gltf', [[metallic], [metallic]], []);
        twice('pointer_weights_two_elements.gltf', [['/nodes/0/weights/0', '/nodes/0/weights/1']], []);
    }

    // --- A node pointer and a classic channel on the same property of one animation.
    {
        // animations: per animation, [node property, 'classic' or 'pointer'] per channel.
        const mixed = (name, animations, expected) => {
            const a = pointerAsset({ name: 'morphed', mesh: 0, weights: [0, 0] });
            addMorphMesh(a);
            const t = a.input([0, 1]);
            const values = { translation: [[0, 0, 0, 1, 1, 1], 'VEC3'], rotation: [[0, 0, 0, 1, 0, Q, 0, Q], 'VEC4'], weights: [[0, 0, 1, 1], 'SCALAR'] };
            for (const group of animations) {
                a.animation(
                    group.map(([property]) => ({ input: t, output: a.floats(...values[property]) })),
                    group.map(([property, how], i) => ({
                        sampler: i,
                        target: how === 'classic' ? { node: 0, path: property } : pointerTarget(`/nodes/0/${property}`),
                    })),
                );
            }
            add(name, a.done(), expected);
        };
        mixed('pointer_duplicates_classic_channel.gltf', [[['translation', 'pointer'], ['translation', 'classic']]],
            [{ code: 'TANGENT_POINTER_DUPLICATES_CHANNEL', pointer: targetAt(0, 0) }]);
        mixed('pointer_duplicates_classic_weights.gltf', [[['weights', 'classic'], ['weights', 'pointer']]],
            [{ code: 'TANGENT_POINTER_DUPLICATES_CHANNEL', pointer: targetAt(0, 1) }]);
        mixed('pointer_classic_and_pointer_apart.gltf', [
            [['translation', 'classic'], ['rotation', 'pointer']],
            [['translation', 'pointer'], ['weights', 'classic']],
        ], []);
    }
    return cases;
}

// An animation whose output bufferView is EXT_meshopt_compression-encoded (ATTRIBUTES mode, the
// quaternion filter for the rotation) with a placeholder fallback buffer that has no data.
function meshoptAsset() {
    const a = new RawAsset();
    const n = a.node({ name: 'compressed' });
    const t = a.input([0, 1, 2, 3]);
    const tr = new Float32Array([0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0]);
    const encoded = MeshoptEncoder.encodeGltfBuffer(new Uint8Array(tr.buffer), 4, 12, 'ATTRIBUTES', 0);
    const quats = quantizedQuats(QUAT_KEYS, Int16Array, 32767);
    const qFiltered = MeshoptEncoder.encodeFilterQuat(
        new Float32Array(Array.from(quats, (c) => c / 32767)),
        4,
        8,
        16,
    );
    const qEncoded = MeshoptEncoder.encodeGltfBuffer(qFiltered, 4, 8, 'ATTRIBUTES', 0);
    const view1 = a.view(encoded);
    const view2 = a.view(qEncoded);
    // The placeholder buffer is 1; the compressed views point at buffer 0, the real bytes.
    const placeholderIndex = 1;
    const views = a.json.bufferViews;
    const placeholderLength = 48 + 32;
    const outView = views.length;
    views.push({
        buffer: placeholderIndex,
        byteOffset: 0,
        byteLength: 48,
        extensions: {
            EXT_meshopt_compression: {
                buffer: 0,
                byteOffset: views[view1].byteOffset,
                byteLength: views[view1].byteLength,
                byteStride: 12,
                count: 4,
                mode: 'ATTRIBUTES',
            },
        },
    });
    views.push({
        buffer: placeholderIndex,
        byteOffset: 48,
        byteLength: 32,
        extensions: {
            EXT_meshopt_compression: {
                buffer: 0,
                byteOffset: views[view2].byteOffset,
                byteLength: views[view2].byteLength,
                byteStride: 8,
                count: 4,
                mode: 'ATTRIBUTES',
                filter: 'QUATERNION',
            },
        },
    });
    const out = a.accessor({ bufferView: outView, componentType: FLOAT, count: 4, type: 'VEC3', min: [0, 0, 0], max: [1, 1, 0] });
    const rot = a.accessor({ bufferView: outView + 1, componentType: SHORT, normalized: true, count: 4, type: 'VEC4' });
    a.animation(
        [{ input: t, output: out }, { input: t, output: rot }],
        [{ sampler: 0, target: { node: n, path: 'translation' } }, { sampler: 1, target: { node: n, path: 'rotation' } }],
    );
    const done = a.done();
    // The views that only held the encoded bytes stay (the extension's source); nothing else uses them.
    done.json.buffers.push({ byteLength: placeholderLength, extensions: { EXT_meshopt_compression: { fallback: true } } });
    done.json.extensionsUsed = ['EXT_meshopt_compression', 'KHR_mesh_quantization'];
    done.json.extensionsRequired = ['EXT_meshopt_compression', 'KHR_mesh_quantization'];
    return done;
}

// ---------------------------------------------------------------------------------------------
// Documents built with glTF-Transform's API.

function apiDocuments() {
    const docs = [];
    const make = (name, build) => {
        const doc = new Document();
        doc.createBuffer();
        const scene = doc.createScene('scene');
        doc.getRoot().setDefaultScene(scene);
        build(doc, scene);
        docs.push({ name, doc });
    };
    const acc = (doc, array, type, normalized = false) =>
        doc.createAccessor().setArray(array).setType(type).setNormalized(normalized).setBuffer(doc.getRoot().listBuffers()[0]);
    const animate = (doc, anim, node, path, input, output, interpolation) => {
        const sampler = doc.createAnimationSampler().setInput(input).setOutput(output).setInterpolation(interpolation);
        anim.addSampler(sampler).addChannel(doc.createAnimationChannel().setTargetNode(node).setTargetPath(path).setSampler(sampler));
    };
    const rotations = (keys) => {
        const out = [];
        for (let k = 0; k < keys; k++) {
            const angle = (k * Math.PI) / (keys - 1);
            out.push(0, Math.sin(angle / 2), 0, Math.cos(angle / 2));
        }
        return out;
    };

    make('trs_interpolations', (doc, scene) => {
        const node = doc.createNode('mover');
        scene.addChild(node);
        scene.addChild(doc.createNode('not animated').setTranslation([2, 0, 0]));
        const times = acc(doc, new Float32Array([0, 0.25, 0.5, 1, 2]), 'SCALAR');
        const anim = doc.createAnimation('all interpolations');
        animate(doc, anim, node, 'translation', times, acc(doc, new Float32Array([0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0, 0, 0, 0]), 'VEC3'), 'LINEAR');
        animate(doc, anim, node, 'scale', times, acc(doc, new Float32Array([1, 1, 1, 2, 2, 2, 1, 1, 1, 0.5, 0.5, 0.5, 1, 1, 1]), 'VEC3'), 'STEP');
        const cubic = [];
        rotations(5).forEach((c, i) => (cubic[i] = c));
        const withTangents = [];
        for (let k = 0; k < 5; k++) withTangents.push(0, 0.1, 0, 0, ...cubic.slice(4 * k, 4 * k + 4), 0, -0.1, 0, 0);
        animate(doc, anim, node, 'rotation', times, acc(doc, new Float32Array(withTangents), 'VEC4'), 'CUBICSPLINE');
    });

    make('several_animations_shared_input', (doc, scene) => {
        const a = doc.createNode('a');
        const b = doc.createNode('b');
        scene.addChild(a).addChild(b).addChild(doc.createNode('still'));
        const times = acc(doc, new Float32Array([0, 1, 2, 3]), 'SCALAR');
        const move = acc(doc, new Float32Array([0, 0, 0, 0, 1, 0, 0, 2, 0, 0, 3, 0]), 'VEC3');
        const grow = acc(doc, new Float32Array([1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4]), 'VEC3');
        const walk = doc.createAnimation('walk');
        animate(doc, walk, a, 'translation', times, move, 'LINEAR');
        animate(doc, walk, b, 'scale', times, grow, 'LINEAR');
        const jump = doc.createAnimation('jump');
        animate(doc, jump, a, 'scale', times, grow, 'STEP');
        animate(doc, jump, b, 'rotation', times, acc(doc, new Float32Array(rotations(4)), 'VEC4'), 'LINEAR');
        const idle = doc.createAnimation('idle');
        const cubicMove = [];
        for (let k = 0; k < 4; k++) cubicMove.push(0, 0, 0, k, 0, 0, 1, 0, 0);
        animate(doc, idle, b, 'translation', times, acc(doc, new Float32Array(cubicMove), 'VEC3'), 'CUBICSPLINE');
    });

    make('quantized_rotations', (doc, scene) => {
        doc.createExtension(KHRMeshQuantization).setRequired(true);
        const a = doc.createNode('short rotation');
        const b = doc.createNode('byte rotation');
        scene.addChild(a).addChild(b);
        const times = acc(doc, new Float32Array([0, 0.5, 1, 1.5, 2]), 'SCALAR');
        const anim = doc.createAnimation('quantized');
        animate(doc, anim, a, 'rotation', times, acc(doc, quantizedQuats(rotations(5), Int16Array, 32767), 'VEC4', true), 'LINEAR');
        animate(doc, anim, b, 'rotation', times, acc(doc, quantizedQuats(rotations(5), Int8Array, 127), 'VEC4', true), 'STEP');
    });

    make('morph_weights', (doc, scene) => {
        const position = acc(doc, new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]), 'VEC3');
        const t0 = doc.createPrimitiveTarget('up').setAttribute('POSITION', acc(doc, new Float32Array([0, 0, 1, 0, 0, 1, 0, 0, 1]), 'VEC3'));
        const t1 = doc.createPrimitiveTarget('side').setAttribute('POSITION', acc(doc, new Float32Array([1, 0, 0, 1, 0, 0, 1, 0, 0]), 'VEC3'));
        const prim = doc.createPrimitive().setAttribute('POSITION', position).addTarget(t0).addTarget(t1);
        const mesh = doc.createMesh('blend').addPrimitive(prim).setWeights([0, 0]);
        const node = doc.createNode('morphed').setMesh(mesh);
        scene.addChild(node).addChild(doc.createNode('plain'));
        const times = acc(doc, new Float32Array([0, 1, 2]), 'SCALAR');
        const anim = doc.createAnimation('blend');
        animate(doc, anim, node, 'weights', times, acc(doc, new Float32Array([0, 0, 1, 0, 0, 1]), 'SCALAR'), 'LINEAR');
        const cubicAnim = doc.createAnimation('blend cubic');
        const cubic = [];
        for (let k = 0; k < 3; k++) cubic.push(0, 0, k / 2, 1 - k / 2, 0, 0);
        animate(doc, cubicAnim, node, 'weights', times, acc(doc, new Float32Array(cubic), 'SCALAR'), 'CUBICSPLINE');
    });

    // KHR_animation_pointer channels (written by the extension in animation_pointer.mjs): together
    // the three documents target every object-model type, float, float2, float3, float4, float[],
    // a float[] element, bool and int, with float, normalized and plain integer outputs.
    const pointerChannel = (doc, anim, pointer, input, output, interpolation) => {
        const pointers = doc.createExtension(KHRAnimationPointer);
        const sampler = doc.createAnimationSampler().setInput(input).setOutput(output).setInterpolation(interpolation);
        const channel = doc
            .createAnimationChannel()
            .setTargetPath('pointer')
            .setSampler(sampler)
            .setExtension('KHR_animation_pointer', pointers.createPointer(pointer));
        anim.addSampler(sampler).addChannel(channel);
    };
    // CUBICSPLINE output from values and tangents given per key (arrays of equal-sized tuples).
    const cubicKeys = (values, inTangents, outTangents) => values.flatMap((v, k) => [...inTangents[k], ...v, ...outTangents[k]]);

    make('pointer_materials', (doc, scene) => {
        const texture = doc.createTexture('checker').setImage(tinyPng()).setMimeType('image/png').setURI('checker.png');
        const transforms = doc.createExtension(KHRTextureTransform);
        const body = doc
            .createMaterial('Body')
            .setBaseColorFactor([0.8, 0.2, 0.2, 1])
            .setBaseColorTexture(texture)
            .setMetallicFactor(0.5)
            .setRoughnessFactor(0.5)
            .setNormalTexture(texture)
            .setNormalScale(0.8)
            .setEmissiveFactor([0.2, 0.1, 0])
            .setAlphaMode('MASK')
            .setAlphaCutoff(0.4);
        body.getBaseColorTextureInfo().setExtension(
            'KHR_texture_transform',
            transforms.createTransform().setOffset([0.25, 0]).setScale([2, 2]),
        );
        body.setExtension(
            'KHR_materials_emissive_strength',
            doc.createExtension(KHRMaterialsEmissiveStrength).createEmissiveStrength().setEmissiveStrength(2),
        );
        const clearcoat = doc.createExtension(KHRMaterialsClearcoat).createClearcoat().setClearcoatFactor(0.5).setClearcoatTexture(texture);
        clearcoat.getClearcoatTextureInfo().setExtension('KHR_texture_transform', transforms.createTransform().setOffset([0, 0.5]).setRotation(0.1));
        const coat = doc.createMaterial('Coat').setBaseColorFactor([0.2, 0.2, 0.8, 1]).setExtension('KHR_materials_clearcoat', clearcoat);
        const triangle = (material, x) =>
            doc
                .createPrimitive()
                .setMaterial(material)
                .setAttribute('POSITION', acc(doc, new Float32Array([x, 0, 0, x + 1, 0, 0, x, 1, 0]), 'VEC3'))
                .setAttribute('NORMAL', acc(doc, new Float32Array([0, 0, 1, 0, 0, 1, 0, 0, 1]), 'VEC3'))
                .setAttribute('TEXCOORD_0', acc(doc, new Float32Array([0, 0, 1, 0, 0, 1]), 'VEC2'));
        // Tangents where the normal texture needs them.
        const bodyTriangle = triangle(body, 0).setAttribute('TANGENT', acc(doc, new Float32Array([1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1]), 'VEC4'));
        const mesh = doc.createMesh('panels').addPrimitive(bodyTriangle).addPrimitive(triangle(coat, 2));
        scene.addChild(doc.createNode('panels').setMesh(mesh));

        const times = acc(doc, new Float32Array([0, 0.5, 1, 2]), 'SCALAR'); // shared by all three animations
        const scalars = (values) => acc(doc, new Float32Array(values), 'SCALAR');
        const pulse = doc.createAnimation('pulse');
        pointerChannel(doc, pulse, '/materials/0/pbrMetallicRoughness/baseColorFactor', times,
            acc(doc, new Float32Array([0.8, 0.2, 0.2, 1, 1, 0.5, 0.2, 1, 0.2, 0.8, 0.2, 1, 0.8, 0.2, 0.2, 1]), 'VEC4'), 'LINEAR');
        const emissive = [[0.2, 0.1, 0], [0.6, 0.3, 0], [1, 0.5, 0], [0.2, 0.1, 0]];
        const emissiveIn = [[0, 0, 0], [0.4, 0.2, 0], [0.2, 0.1, 0], [-0.3, -0.2, 0]];
        const emissiveOut = [[0.4, 0.2, 0], [0.3, 0.1, 0], [-0.2, -0.1, 0], [0, 0, 0]];
        pointerChannel(doc, pulse, '/materials/0/emissiveFactor', times,
            acc(doc, new Float32Array(cubicKeys(emissive, emissiveIn, emissiveOut)), 'VEC3'), 'CUBICSPLINE');
        pointerChannel(doc, pulse, '/materials/0/extensions/KHR_materials_emissive_strength/emissiveStrength', times,
            scalars(cubicKeys([[2], [4], [3], [2]], [[0], [2], [-1], [-0.5]], [[1], [1.5], [-1], [0]])), 'CUBICSPLINE');
        pointerChannel(doc, pulse, '/materials/0/pbrMetallicRoughness/metallicFactor', times, scalars([0.5, 1, 0, 0.5]), 'STEP');
        pointerChannel(doc, pulse, '/materials/0/pbrMetallicRoughness/roughnessFactor', times,
            acc(doc, new Uint8Array([128, 255, 0, 128]), 'SCALAR', true), 'LINEAR');
        const fade = doc.createAnimation('fade');
        pointerChannel(doc, fade, '/materials/0/alphaCutoff', times, scalars([0.4, 0.6, 0.9, 0.4]), 'LINEAR');
        pointerChannel(doc, fade, '/materials/0/normalTexture/scale', times, scalars([0.8, 1, 0.5, 0.8]), 'LINEAR');
        pointerChannel(doc, fade, '/materials/1/extensions/KHR_materials_clearcoat/clearcoatFactor', times, scalars([0.5, 1, 0.25, 0]), 'STEP');
        const scroll = doc.createAnimation('scroll');
        const baseColorTransform = '/materials/0/pbrMetallicRoughness/baseColorTexture/extensions/KHR_texture_transform';
        pointerChannel(doc, scroll, `${baseColorTransform}/offset`, times,
            acc(doc, new Float32Array([0.25, 0, 0.5, 0, 0.75, 0.25, 1, 0.5]), 'VEC2'), 'LINEAR');
        pointerChannel(doc, scroll, `${baseColorTransform}/scale`, times, acc(doc, new Float32Array([2, 2, 3, 3, 4, 2, 2, 2]), 'VEC2'), 'STEP');
        const clearcoatTransform = '/materials/1/extensions/KHR_materials_clearcoat/clearcoatTexture/extensions/KHR_texture_transform';
        const offsets = [[0, 0.5], [0.5, 0.5], [0.5, 1], [1, 1]];
        const offsetIn = [[0, 0], [1, 0.5], [0.25, 1], [0.5, 0]];
        const offsetOut = [[1, 0], [0.5, 0.25], [0.5, 0.5], [0, 0]];
        pointerChannel(doc, scroll, `${clearcoatTransform}/offset`, times,
            acc(doc, new Float32Array(cubicKeys(offsets, offsetIn, offsetOut)), 'VEC2'), 'CUBICSPLINE');
        pointerChannel(doc, scroll, `${clearcoatTransform}/rotation`, times, scalars([0.1, 0.5, 1, 1.5]), 'LINEAR');
    });

    make('pointer_lights_cameras', (doc, scene) => {
        const lights = doc.createExtension(KHRLightsPunctual);
        const key = lights.createLight('Key').setType('spot').setColor([1, 0.9, 0.8]).setIntensity(5).setInnerConeAngle(0.2).setOuterConeAngle(0.6);
        const fill = lights.createLight('Fill').setType('point').setColor([0.6, 0.7, 1]).setIntensity(2).setRange(10);
        const main = doc.createCamera('Main').setType('perspective').setYFov(0.8).setZNear(0.1).setZFar(100).setAspectRatio(1.5);
        const top = doc.createCamera('Top').setType('orthographic').setXMag(2).setYMag(2).setZNear(0.01).setZFar(50);
        const keyNode = doc.createNode('key light').setTranslation([0, 3, 3]).setExtension('KHR_lights_punctual', key);
        const fillNode = doc.createNode('fill light').setTranslation([-3, 1, 0]).setExtension('KHR_lights_punctual', fill);
        const mainNode = doc.createNode('main camera').setTranslation([0, 1, 5]).setCamera(main);
        const topNode = doc.createNode('top camera').setTranslation([0, 10, 0]).setRotation([-Q, 0, 0, Q]).setCamera(top);
        scene.addChild(keyNode).addChild(fillNode).addChild(mainNode).addChild(topNode);

        const times = acc(doc, new Float32Array([0, 1, 2]), 'SCALAR');
        const scalars = (values) => acc(doc, new Float32Array(values), 'SCALAR');
        const show = doc.createAnimation('light show');
        pointerChannel(doc, show, '/extensions/KHR_lights_punctual/lights/0/color', times,
            acc(doc, new Float32Array([1, 0.9, 0.8, 1, 0.5, 0.2, 1, 0.9, 0.8]), 'VEC3'), 'LINEAR');
        pointerChannel(doc, show, '/extensions/KHR_lights_punctual/lights/0/intensity', times,
            scalars(cubicKeys([[5], [10], [5]], [[0], [4], [-2]], [[6], [-3], [0]])), 'CUBICSPLINE');
        pointerChannel(doc, show, '/extensions/KHR_lights_punctual/lights/0/spot/innerConeAngle', times, scalars([0.2, 0.1, 0.2]), 'STEP');
        pointerChannel(doc, show, '/extensions/KHR_lights_punctual/lights/0/spot/outerConeAngle', times, scalars([0.6, 0.4, 0.6]), 'LINEAR');
        pointerChannel(doc, show, '/extensions/KHR_lights_punctual/lights/1/intensity', times,
            acc(doc, new Uint16Array([65535, 32768, 65535]), 'SCALAR', true), 'LINEAR');
        pointerChannel(doc, show, '/extensions/KHR_lights_punctual/lights/1/range', times, scalars([10, 5, 10]), 'LINEAR');
        // Classic channels on the camera nodes beside pointer channels on their cameras.
        const shot = doc.createAnimation('camera move');
        animate(doc, shot, mainNode, 'translation', times, acc(doc, new Float32Array([0, 1, 5, 1, 1, 4, 0, 1, 5]), 'VEC3'), 'LINEAR');
        pointerChannel(doc, shot, '/cameras/0/perspective/yfov', times, scalars([0.8, 0.4, 0.8]), 'LINEAR');
        pointerChannel(doc, shot, '/cameras/0/perspective/znear', times, scalars([0.1, 0.5, 0.1]), 'STEP');
        pointerChannel(doc, shot, '/cameras/1/orthographic/xmag', times,
            scalars(cubicKeys([[2], [4], [2]], [[0], [1], [-1]], [[2], [-1], [0]])), 'CUBICSPLINE');
        animate(doc, shot, topNode, 'translation', times, acc(doc, new Float32Array([0, 10, 0, 0, 12, 0, 0, 10, 0]), 'VEC3'), 'STEP');
    });

    make('pointer_nodes', (doc, scene) => {
        const position = acc(doc, new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]), 'VEC3');
        const prim = doc.createPrimitive().setAttribute('POSITION', position);
        for (const [name, delta] of [['up', [0, 0, 1]], ['side', [1, 0, 0]], ['out', [0, 1, 0]]]) {
            const d = new Float32Array([...delta, ...delta, ...delta]);
            prim.addTarget(doc.createPrimitiveTarget(name).setAttribute('POSITION', acc(doc, d, 'VEC3')));
        }
        const mesh = doc.createMesh('blob').addPrimitive(prim).setWeights([0.1, 0, 0]);
        // Rest values off the defaults, which glTF-Transform would leave out (see checkPointersPresent).
        const tilt = [0, Math.sin(0.05), 0, Math.cos(0.05)];
        const mover = doc.createNode('mover').setTranslation([1, 0, 0]).setScale([1.5, 1.5, 1.5]);
        const spinner = doc.createNode('spinner').setRotation(tilt);
        const shortSpinner = doc.createNode('short spinner').setRotation(tilt);
        const morphA = doc.createNode('morph a').setMesh(mesh).setWeights([0, 0, 0]);
        const morphB = doc.createNode('morph b').setMesh(mesh).setWeights([0, 0.5, 0]);
        const morphC = doc.createNode('morph c, mesh weights').setMesh(mesh).setTranslation([0, 2, 0]);
        const blinker = doc.createNode('blinker').setExtension('KHR_node_visibility', doc.createExtension(KHRNodeVisibility).createVisibility().setVisible(true));
        const flipbook = doc.createNode('flipbook').setExtras({ frame: 0 });
        const walker = doc.createNode('walker').setRotation(tilt);
        for (const node of [mover, spinner, shortSpinner, morphA, morphB, morphC, blinker, flipbook, walker]) scene.addChild(node);
        const index = (node) => doc.getRoot().listNodes().indexOf(node);

        const times = acc(doc, new Float32Array([0, 0.5, 1, 2]), 'SCALAR');
        const transform = doc.createAnimation('transform');
        pointerChannel(doc, transform, `/nodes/${index(mover)}/translation`, times,
            acc(doc, new Float32Array([1, 0, 0, 2, 0, 0, 2, 1, 0, 1, 0, 0]), 'VEC3'), 'LINEAR');
        pointerChannel(doc, transform, `/nodes/${index(mover)}/scale`, times,
            acc(doc, new Float32Array([1, 1, 1, 2, 2, 2, 0.5, 0.5, 0.5, 1, 1, 1]), 'VEC3'), 'STEP');
        const quats = rotations(4);
        const quatKeys = [0, 1, 2, 3].map((k) => quats.slice(4 * k, 4 * k + 4));
        const spin = [0, 1, 2, 3].map((k) => [0, 0.2 * (k + 1), 0, -0.05 * k]);
        pointerChannel(doc, transform, `/nodes/${index(spinner)}/rotation`, times,
            acc(doc, new Float32Array(cubicKeys(quatKeys, spin, spin)), 'VEC4'), 'CUBICSPLINE');
        pointerChannel(doc, transform, `/nodes/${index(shortSpinner)}/rotation`, times,
            acc(doc, quantizedQuats(quats, Int16Array, 32767), 'VEC4', true), 'LINEAR');

        // float[]: keys × 3 morph targets (× 3 again for CUBICSPLINE); one element on its own.
        const morph = doc.createAnimation('morph');
        pointerChannel(doc, morph, `/nodes/${index(morphA)}/weights`, times,
            acc(doc, new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1]), 'SCALAR'), 'LINEAR');
        const weights = [[0.1, 0, 0], [1, 0.5, 0], [0, 1, 0.5], [0.1, 0, 0]];
        const weightsIn = [[0, 0, 0], [1, 0.5, 0], [-0.5, 1, 0.5], [0, -0.5, -0.5]];
        const weightsOut = [[0.5, 0.5, 0], [0, 0.5, 0.5], [-0.5, 0, 0], [0, 0, 0]];
        pointerChannel(doc, morph, '/meshes/0/weights', times,
            acc(doc, new Float32Array(cubicKeys(weights, weightsIn, weightsOut)), 'SCALAR'), 'CUBICSPLINE');
        pointerChannel(doc, morph, `/nodes/${index(morphB)}/weights/1`, times, acc(doc, new Float32Array([0.5, 1, 0, 0.5]), 'SCALAR'), 'STEP');

        // bool (visibility, unsigned bytes) and int (an integer in extras, shorts), both STEP.
        const state = doc.createAnimation('state');
        pointerChannel(doc, state, `/nodes/${index(blinker)}/extensions/KHR_node_visibility/visible`, times,
            acc(doc, new Uint8Array([1, 0, 1, 0]), 'SCALAR'), 'STEP');
        pointerChannel(doc, state, `/nodes/${index(flipbook)}/extras/frame`, times, acc(doc, new Int16Array([0, 1, 2, 3]), 'SCALAR'), 'STEP');

        // Classic translation and scale beside a pointer rotation on the same node.
        const mixed = doc.createAnimation('mixed');
        animate(doc, mixed, walker, 'translation', times, acc(doc, new Float32Array([0, 0, 0, 0, 0, 1, 0, 0, 2, 0, 0, 3]), 'VEC3'), 'LINEAR');
        pointerChannel(doc, mixed, `/nodes/${index(walker)}/rotation`, times, acc(doc, new Float32Array(quats), 'VEC4'), 'LINEAR');
        animate(doc, mixed, walker, 'scale', times, acc(doc, new Float32Array([1, 1, 1, 1, 2, 1, 1, 1, 1, 1, 2, 1]), 'VEC3'), 'STEP');
    });
    return docs;
}

// The API documents' pointers are literal: each must name a property present in the file as
// glTF-Transform wrote it (not one defined by a default), so that a change in how it numbers or
// omits things fails here rather than leaving a dangling pointer in the corpus.
function checkPointersPresent(json, file) {
    (json.animations ?? []).forEach((anim, a) =>
        anim.channels.forEach((channel, c) => {
            const pointer = channel.target.extensions?.KHR_animation_pointer?.pointer;
            if (pointer === undefined) return;
            let value = json;
            for (const token of pointer.slice(1).split('/')) value = value?.[token.replaceAll('~1', '/').replaceAll('~0', '~')];
            if (value === undefined) throw new Error(`${file}: /animations/${a}/channels/${c} points at ${pointer}, which the file does not have`);
        }),
    );
}

// A 2×2 RGB PNG (a checker), enough for a texture the Khronos validator can read.
function tinyPng() {
    const crcTable = Array.from({ length: 256 }, (_, n) => {
        let c = n;
        for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
        return c >>> 0;
    });
    const crc32 = (bytes) => {
        let c = 0xffffffff;
        for (const b of bytes) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
        return (c ^ 0xffffffff) >>> 0;
    };
    const chunk = (type, data) => {
        const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
        const out = Buffer.alloc(8 + data.length + 4);
        out.writeUInt32BE(data.length, 0);
        body.copy(out, 4);
        out.writeUInt32BE(crc32(body), 8 + data.length);
        return out;
    };
    const header = Buffer.alloc(13);
    header.writeUInt32BE(2, 0); // width
    header.writeUInt32BE(2, 4); // height
    header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, deflate, no filter method, no interlace
    // Each row: filter byte 0, then two RGB pixels.
    const rows = Buffer.from([0, 255, 255, 255, 0, 0, 0, 0, 0, 0, 0, 255, 255, 255]);
    return new Uint8Array(
        Buffer.concat([
            Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
            chunk('IHDR', header),
            chunk('IDAT', zlib.deflateSync(rows)),
            chunk('IEND', Buffer.alloc(0)),
        ]),
    );
}

// ---------------------------------------------------------------------------------------------
// Other writers run as processes, a few at a time.

function run(cmd, args) {
    return new Promise((resolve, reject) => {
        const child = spawn(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'] });
        let stderr = '';
        child.stderr.on('data', (d) => (stderr += d));
        child.on('error', (err) =>
            reject(new Error(err.code === 'ENOENT' ? `${cmd} is not installed (Debian package ${cmd})` : `${cmd}: ${err.message}`)),
        );
        child.on('close', (code) => {
            if (code === 0) resolve();
            else reject(new Error(`${cmd} ${args.join(' ')} exited with ${code}: ${stderr.trim().slice(-500)}`));
        });
    });
}

// Runs fn with stdout and stderr silenced (the CLI reports progress on both); errors still throw.
async function quietly(fn) {
    const { write: out } = process.stdout;
    const { write: err } = process.stderr;
    process.stdout.write = process.stderr.write = () => true;
    try {
        return await fn();
    } finally {
        process.stdout.write = out;
        process.stderr.write = err;
    }
}

async function runAll(jobs, parallel = 3) {
    let next = 0;
    const worker = async () => {
        while (next < jobs.length) {
            const job = jobs[next++];
            await job();
        }
    };
    await Promise.all(Array.from({ length: parallel }, worker));
}

// ---------------------------------------------------------------------------------------------
// Seeded mutations of the fuzz corpus.

function mulberry32(seed) {
    return () => {
        seed = (seed + 0x6d2b79f5) | 0;
        let t = seed;
        t = Math.imul(t ^ (t >>> 15), t | 1);
        t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
        return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
}

// Splits a file into {json, bin, glb}; null when there is no parseable JSON.
function parseAsset(bytes, name) {
    try {
        if (name.endsWith('.glb')) {
            if (bytes.length < 20 || bytes.readUInt32LE(0) !== 0x46546c67) return null;
            const jsonLength = bytes.readUInt32LE(12);
            const json = JSON.parse(bytes.subarray(20, 20 + jsonLength).toString('utf8'));
            let bin = null;
            const binStart = 20 + jsonLength;
            if (bytes.length >= binStart + 8 && bytes.readUInt32LE(binStart + 4) === 0x004e4942) {
                bin = Buffer.from(bytes.subarray(binStart + 8, binStart + 8 + bytes.readUInt32LE(binStart)));
            }
            return { json, bin, glb: true };
        }
        return { json: JSON.parse(bytes.toString('utf8')), bin: null, glb: false };
    } catch {
        return null;
    }
}

// Each mutation changes one animation-related thing; it returns a label, or null if it does
// not apply to this asset.
const MUTATIONS = [
    function dropSamplerInput(a, rnd) {
        const s = pickSampler(a, rnd);
        if (!s) return null;
        delete s.input;
        return 'no sampler input';
    },
    function dropChannelNode(a, rnd) {
        const c = pickChannel(a, rnd);
        if (!c || !c.target) return null;
        delete c.target.node;
        return 'no target node';
    },
    function outputOutOfRange(a, rnd) {
        const s = pickSampler(a, rnd);
        if (!s) return null;
        s.output = (a.json.accessors?.length ?? 0) + Math.floor(rnd() * 3);
        return 'output index out of range';
    },
    function samplerIndexOutOfRange(a, rnd) {
        const c = pickChannel(a, rnd);
        if (!c) return null;
        c.sampler = 100 + Math.floor(rnd() * 10);
        return 'sampler index out of range';
    },
    function dropInputBounds(a, rnd) {
        const acc = pickSamplerAccessor(a, rnd, 'input');
        if (!acc) return null;
        delete acc.min;
        delete acc.max;
        return 'input without min/max';
    },
    function changeType(a, rnd) {
        const acc = pickSamplerAccessor(a, rnd, rnd() < 0.5 ? 'input' : 'output');
        if (!acc) return null;
        acc.type = pick(['SCALAR', 'VEC2', 'VEC3', 'VEC4', 'MAT2'], rnd);
        return `type ${acc.type}`;
    },
    function changeComponentType(a, rnd) {
        const acc = pickSamplerAccessor(a, rnd, rnd() < 0.5 ? 'input' : 'output');
        if (!acc) return null;
        acc.componentType = pick([BYTE, UNSIGNED_BYTE, SHORT, UNSIGNED_SHORT, UNSIGNED_INT, FLOAT], rnd);
        if (rnd() < 0.5) acc.normalized = true;
        return `componentType ${acc.componentType}`;
    },
    function changeCount(a, rnd) {
        const acc = pickSamplerAccessor(a, rnd, rnd() < 0.5 ? 'input' : 'output');
        if (!acc) return null;
        acc.count = Math.max(0, acc.count + pick([-2, -1, 1, 2], rnd));
        return `count ${acc.count}`;
    },
    function changeInterpolation(a, rnd) {
        const s = pickSampler(a, rnd);
        if (!s) return null;
        s.interpolation = pick(['STEP', 'LINEAR', 'CUBICSPLINE', 'cubic'], rnd);
        return `interpolation ${s.interpolation}`;
    },
    function changePath(a, rnd) {
        const c = pickChannel(a, rnd);
        if (!c || !c.target) return null;
        c.target.path = pick(['translation', 'rotation', 'scale', 'weights'], rnd);
        return `path ${c.target.path}`;
    },
    function dropBufferView(a, rnd) {
        const acc = pickSamplerAccessor(a, rnd, rnd() < 0.5 ? 'input' : 'output');
        if (!acc || acc.bufferView === undefined) return null;
        delete acc.bufferView;
        delete acc.byteOffset;
        return 'accessor without bufferView';
    },
    function shiftByteOffset(a, rnd) {
        const acc = pickSamplerAccessor(a, rnd, rnd() < 0.5 ? 'input' : 'output');
        if (!acc || acc.bufferView === undefined) return null;
        acc.byteOffset = (acc.byteOffset ?? 0) + pick([1, 2, 4, 64], rnd);
        return `byteOffset ${acc.byteOffset}`;
    },
    function addByteStride(a, rnd) {
        const acc = pickSamplerAccessor(a, rnd, rnd() < 0.5 ? 'input' : 'output');
        const view = acc && a.json.bufferViews?.[acc.bufferView];
        if (!view) return null;
        view.byteStride = pick([4, 8, 16, 20], rnd);
        return `byteStride ${view.byteStride}`;
    },
    function alterTime(a, rnd) {
        // Overwrites one key time in the binary chunk (GLB inputs with float times only).
        const acc = pickSamplerAccessor(a, rnd, 'input');
        const view = acc && a.json.bufferViews?.[acc.bufferView];
        if (!a.bin || !view || acc.componentType !== FLOAT || acc.count < 2 || view.buffer !== 0 || view.byteStride) return null;
        const k = Math.floor(rnd() * acc.count);
        const at = (view.byteOffset ?? 0) + (acc.byteOffset ?? 0) + 4 * k;
        if (at + 4 > a.bin.length) return null;
        const value = pick([-1, 0, NaN, Infinity, a.bin.readFloatLE(Math.max(at - 4, 0))], rnd);
        a.bin.writeFloatLE(value, at);
        return `time ${k} = ${value}`;
    },
    function alterQuaternion(a, rnd) {
        const rotation = (a.json.animations ?? []).flatMap((anim) =>
            (anim.channels ?? []).filter((c) => c.target?.path === 'rotation').map((c) => anim.samplers?.[c.sampler]),
        );
        const s = pick(rotation.filter(Boolean), rnd);
        const acc = s && a.json.accessors?.[s.output];
        const view = acc && a.json.bufferViews?.[acc.bufferView];
        if (!a.bin || !view || acc.componentType !== FLOAT || view.buffer !== 0 || view.byteStride) return null;
        const at = (view.byteOffset ?? 0) + (acc.byteOffset ?? 0) + 4 * Math.floor(rnd() * acc.count * 4);
        if (at + 4 > a.bin.length) return null;
        a.bin.writeFloatLE(a.bin.readFloatLE(at) * 3 + 0.5, at);
        return 'non-unit quaternion';
    },
];

function pick(list, rnd) {
    return list.length ? list[Math.floor(rnd() * list.length)] : undefined;
}
function pickSampler(a, rnd) {
    return pick((a.json.animations ?? []).flatMap((anim) => anim.samplers ?? []), rnd);
}
function pickChannel(a, rnd) {
    return pick((a.json.animations ?? []).flatMap((anim) => anim.channels ?? []), rnd);
}
function pickSamplerAccessor(a, rnd, which) {
    const s = pickSampler(a, rnd);
    const acc = s && a.json.accessors?.[s[which]];
    return acc && typeof acc === 'object' ? acc : undefined;
}

// The fuzz seed files the corpus uses. Left out: the one the Khronos validator cannot judge in
// reasonable time (it materializes a sparse accessor of 700 million zeros).
const KHRONOS_TOO_SLOW = new Set(['sparse_no_view_huge_count.glb']);
function fuzzFiles() {
    return fs
        .readdirSync(FUZZ_DIR)
        .filter((f) => !KHRONOS_TOO_SLOW.has(f))
        .sort();
}

function mutations(outDir, count) {
    const rnd = mulberry32(20240610);
    const sources = fuzzFiles()
        .map((name) => ({ name, bytes: fs.readFileSync(path.join(FUZZ_DIR, name)) }))
        .map((f) => ({ ...f, asset: parseAsset(f.bytes, f.name) }))
        .filter((f) => f.asset && (f.asset.json.animations ?? []).length > 0);
    let made = 0;
    for (let attempt = 0; made < count && attempt < count * 20; attempt++) {
        const source = pick(sources, rnd);
        const mutation = pick(MUTATIONS, rnd);
        const asset = { json: structuredClone(source.asset.json), bin: source.asset.bin && Buffer.from(source.asset.bin) };
        const label = mutation(asset, rnd);
        if (!label) continue;
        const stem = source.name.replace(/\.(glb|gltf)$/, '');
        const ext = source.asset.glb ? '.glb' : '.gltf';
        const name = `${String(made).padStart(2, '0')}_${stem}_${mutation.name}${ext}`;
        const file = path.join(outDir, name);
        if (source.asset.glb) writeFile(file, glbBytes(asset.json, asset.bin));
        else writeFile(file, JSON.stringify(asset.json, null, 1) + '\n');
        made++;
    }
    return made;
}

// ---------------------------------------------------------------------------------------------
// Seeded mutations of the files other tools wrote, anywhere in the file: what QA meets when an
// exporter or a hand edit breaks a rule of the whole file, not only of its animation.

// Required properties by collection, and which collection an index property names.
const REQUIRED = {
    accessors: ['componentType', 'count', 'type'],
    bufferViews: ['buffer', 'byteLength'],
    buffers: ['byteLength'],
    meshes: ['primitives'],
    animations: ['channels', 'samplers'],
    skins: ['joints'],
    cameras: ['type'],
};
const INDEX_OF = {
    bufferView: 'bufferViews', buffer: 'buffers', mesh: 'meshes', skin: 'skins', camera: 'cameras',
    material: 'materials', source: 'images', indices: 'accessors', inverseBindMatrices: 'accessors',
    skeleton: 'nodes', input: 'accessors', output: 'accessors', node: 'nodes', scene: 'scenes', index: 'textures',
    POSITION: 'accessors', NORMAL: 'accessors', TANGENT: 'accessors', TEXCOORD_0: 'accessors',
};

// Every [parent, key, path] below `value`, extras left out.
function walkJson(value, at = '', out = []) {
    if (value && typeof value === 'object') {
        for (const [k, v] of Object.entries(value)) {
            if (k === 'extras') continue;
            out.push([value, Array.isArray(value) ? Number(k) : k, `${at}/${k}`]);
            walkJson(v, `${at}/${k}`, out);
        }
    }
    return out;
}

function pickObject(a, collection, rnd) {
    return pick((a.json[collection] ?? []).filter((o) => o && typeof o === 'object'), rnd);
}

const WHOLE_FILE_MUTATIONS = [
    function removeRequired(a, rnd) {
        const collection = pick(Object.keys(REQUIRED).filter((c) => (a.json[c] ?? []).length), rnd);
        const object = collection && pickObject(a, collection, rnd);
        const key = object && pick(REQUIRED[collection].filter((k) => k in object), rnd);
        if (!key) return null;
        delete object[key];
        return `${collection} without ${key}`;
    },
    function changeType(a, rnd) {
        const leaves = walkJson(a.json).filter(([p, k]) => typeof k === 'string' && !(p[k] && typeof p[k] === 'object' && !Array.isArray(p[k]) && k === 'extensions'));
        const [parent, key] = pick(leaves, rnd) ?? [];
        if (parent === undefined) return null;
        const v = parent[key];
        parent[key] = typeof v === 'number' ? String(v) : typeof v === 'string' ? 7 : Array.isArray(v) ? {} : v && typeof v === 'object' ? [] : 1;
        return `${key} retyped`;
    },
    function indexPastItsArray(a, rnd) {
        const refs = walkJson(a.json).filter(([p, k]) => typeof k === 'string' && INDEX_OF[k] && Number.isInteger(p[k]));
        const [parent, key] = pick(refs, rnd) ?? [];
        if (parent === undefined) return null;
        parent[key] = (a.json[INDEX_OF[key]] ?? []).length + Math.floor(rnd() * 3);
        return `${key} past its array`;
    },
    function valueOutOfRange(a, rnd) {
        const options = [
            ['accessors', (o) => (o.count = 0), 'count 0'],
            ['accessors', (o) => (o.componentType = 5124), 'componentType 5124'],
            ['accessors', (o) => (o.byteOffset = 2), 'byteOffset 2'],
            ['bufferViews', (o) => (o.byteStride = 3), 'byteStride 3'],
            ['bufferViews', (o) => (o.target = 34964), 'target 34964'],
            ['samplers', (o) => (o.magFilter = 9984), 'magFilter 9984'],
            ['materials', (o) => (o.alphaCutoff = -1), 'alphaCutoff -1'],
            ['nodes', (o) => (o.rotation = [0, 0, 0, 2]), 'rotation not unit'],
            ['nodes', (o) => (o.matrix = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]), 'matrix beside TRS'],
            ['meshes', (o) => o.primitives?.[0] && (o.primitives[0].mode = 7), 'mode 7'],
        ].filter(([c]) => (a.json[c] ?? []).length);
        const [collection, change, label] = pick(options, rnd) ?? [];
        const object = collection && pickObject(a, collection, rnd);
        if (!object) return null;
        change(object);
        return label;
    },
    function growView(a, rnd) {
        const view = pickObject(a, 'bufferViews', rnd);
        if (!view || !Number.isInteger(view.byteLength)) return null;
        if (rnd() < 0.5) view.byteLength += 4 * (1 + Math.floor(rnd() * 4));
        else view.byteOffset = (view.byteOffset ?? 0) + 4 * (1 + Math.floor(rnd() * 4));
        return 'bufferView grown';
    },
    function shortenBinary(a, rnd) {
        if (!a.bin || a.bin.length < 16) return null;
        a.bin = a.bin.subarray(0, a.bin.length - 4 * (1 + Math.floor(rnd() * 3)));
        return 'binary chunk shortened';
    },
    function dropLastObject(a, rnd) {
        const collection = pick(['nodes', 'accessors', 'materials', 'meshes', 'bufferViews'].filter((c) => (a.json[c] ?? []).length > 1), rnd);
        if (!collection) return null;
        a.json[collection].pop();
        return `last of ${collection} dropped`;
    },
    function childTwice(a, rnd) {
        const node = pick((a.json.nodes ?? []).filter((n) => n && Array.isArray(n.children) && n.children.length), rnd);
        if (!node) return null;
        node.children.push(node.children[0]);
        return 'a child named twice';
    },
    function setNull(a, rnd) {
        const [parent, key] = pick(walkJson(a.json).filter(([p, k]) => p !== a.json || k !== 'asset'), rnd) ?? [];
        if (parent === undefined) return null;
        parent[key] = null;
        return `${key} null`;
    },
    function indexNegative(a, rnd) {
        const refs = walkJson(a.json).filter(([p, k]) => typeof k === 'string' && INDEX_OF[k] && Number.isInteger(p[k]));
        const [parent, key] = pick(refs, rnd) ?? [];
        if (parent === undefined) return null;
        parent[key] = -1;
        return `${key} negative`;
    },
    function unknownValue(a, rnd) {
        const options = [
            ['animations', (o) => o.samplers?.[0] && (o.samplers[0].interpolation = 'CUBIC'), 'interpolation CUBIC'],
            ['animations', (o) => o.channels?.[0]?.target && (o.channels[0].target.path = 'position'), 'path position'],
            ['accessors', (o) => (o.type = 'VEC5'), 'type VEC5'],
            ['materials', (o) => (o.alphaMode = 'CUT'), 'alphaMode CUT'],
            ['cameras', (o) => (o.type = 'fisheye'), 'camera fisheye'],
            ['nodes', (o) => (o.colour = [1, 0, 0]), 'an unknown property'],
            ['animations', (o) => o.samplers?.[0] && ([o.samplers[0].input, o.samplers[0].output] = [o.samplers[0].output, o.samplers[0].input]), 'input and output swapped'],
        ].filter(([c]) => (a.json[c] ?? []).length);
        const [collection, change, label] = pick(options, rnd) ?? [];
        const object = collection && pickObject(a, collection, rnd);
        if (!object || !change(object)) return null;
        return label;
    },
    function nodeCycle(a, rnd) {
        const parents = (a.json.nodes ?? []).map((n, i) => [n, i]).filter(([n]) => n && Array.isArray(n.children) && n.children.length);
        const [node, index] = pick(parents, rnd) ?? [];
        const child = node && a.json.nodes[node.children[0]];
        if (!child || typeof child !== 'object') return null;
        child.children = [...(Array.isArray(child.children) ? child.children : []), index];
        return 'a node its own ancestor';
    },
];

// A .gltf's external files as data URIs, so that a mutated copy stands alone.
function embedResources(json, fromDir) {
    for (const [collection, mime] of [['buffers', 'application/octet-stream'], ['images', null]]) {
        for (const object of json[collection] ?? []) {
            if (!object || typeof object.uri !== 'string' || object.uri.startsWith('data:')) continue;
            const bytes = fs.readFileSync(path.join(fromDir, decodeURIComponent(object.uri)));
            const type = mime ?? object.mimeType ?? (object.uri.endsWith('.png') ? 'image/png' : 'image/jpeg');
            object.uri = `data:${type};base64,${bytes.toString('base64')}`;
        }
    }
}

function wholeFileMutations(outDir, sourceDirs, perFile, seed) {
    const rnd = mulberry32(seed);
    let made = 0;
    for (const sourceDir of sourceDirs) {
        for (const name of fs.readdirSync(sourceDir).filter((f) => /\.(glb|gltf)$/.test(f)).sort()) {
            const source = parseAsset(fs.readFileSync(path.join(sourceDir, name)), name);
            if (!source) continue;
            for (let i = 0; i < perFile; i++) {
                const asset = { json: structuredClone(source.json), bin: source.bin && Buffer.from(source.bin) };
                let label = null;
                for (let attempt = 0; !label && attempt < 10; attempt++) label = pick(WHOLE_FILE_MUTATIONS, rnd)(asset, rnd);
                if (!label) continue;
                const stem = `${path.basename(sourceDir)}_${name.replace(/\.(glb|gltf)$/, '')}`;
                const file = path.join(outDir, `${String(made).padStart(3, '0')}_${stem}_${label.replace(/[^A-Za-z0-9]+/g, '-')}`);
                if (source.glb) {
                    writeFile(`${file}.glb`, glbBytes(asset.json, asset.bin));
                } else {
                    try {
                        embedResources(asset.json, sourceDir);
                    } catch {
                        continue;  // a resource the source names is not there: nothing to stand alone
                    }
                    writeFile(`${file}.gltf`, JSON.stringify(asset.json, null, 1) + '\n');
                }
                made++;
            }
        }
    }
    return made;
}

// ---------------------------------------------------------------------------------------------

async function main() {
    const outDir = process.argv[2];
    if (!outDir || process.argv.length > 3) {
        process.stderr.write('usage: make_corpus.mjs OUT_DIR\n');
        process.exit(64);
    }
    fs.rmSync(outDir, { recursive: true, force: true });
    const dir = (name) => {
        const d = path.join(outDir, name);
        fs.mkdirSync(d, { recursive: true });
        return d;
    };
    const started = Date.now();

    await MeshoptEncoder.ready;
    // Crafted edge cases.
    const craftedDir = dir('crafted');
    for (const { name, asset, options } of crafted()) writeRaw(craftedDir, name, asset, options);
    const pointerExpectations = {};
    for (const { name, asset, expected } of pointerCases()) {
        writeRaw(craftedDir, name, asset);
        pointerExpectations[name] = expected;
    }
    // One line per file: { "file": [ {code, pointer}, ... ], ... }.
    const manifestLines = Object.entries(pointerExpectations).map(([name, list]) => ` ${JSON.stringify(name)}: ${JSON.stringify(list)}`);
    writeFile(path.join(craftedDir, 'pointer_expectations.json'), `{\n${manifestLines.join(',\n')}\n}\n`);
    // The same files with every integer written as a float (3.0): the validator's numbers are
    // doubles, so an integral float is an integer wherever one is read.
    for (const name of ['trs_data_uri.gltf', 'sparse_output.gltf', 'shared_inputs_several_animations.gltf', 'wrong_formats.gltf']) {
        const text = fs.readFileSync(path.join(craftedDir, name), 'utf8');
        writeFile(path.join(craftedDir, name.replace(/\.gltf$/, '_integral_floats.gltf')), withIntegralFloats(text));
    }
    // Files named .gltf that are not JSON at all: a text, an empty file, a PNG.
    writeFile(path.join(craftedDir, 'not_json_text.gltf'), 'This is a text file, not glTF.\n');
    writeFile(path.join(craftedDir, 'not_json_empty.gltf'), '');
    writeFile(path.join(craftedDir, 'not_json_png.gltf'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));

    // glTF-Transform API documents: .glb, and .gltf + .bin.
    const io = new NodeIO().registerExtensions([...ALL_EXTENSIONS, KHRAnimationPointer]);
    const apiDir = dir('gltf-transform-api');
    for (const { name, doc } of apiDocuments()) {
        await io.write(path.join(apiDir, `${name}.glb`), doc);
        await io.write(path.join(apiDir, `${name}.gltf`), doc);
        checkPointersPresent(JSON.parse(fs.readFileSync(path.join(apiDir, `${name}.gltf`), 'utf8')), `${name}.gltf`);
    }

    // The Blender fixtures as exported.
    const blenderDir = dir('blender');
    const blender = fs.readdirSync(BLENDER_DIR).filter((f) => /\.(glb|gltf)$/.test(f)).sort();
    for (const f of blender) fs.copyFileSync(path.join(BLENDER_DIR, f), path.join(blenderDir, f));

    const inputs = [
        ...blender.map((f) => path.join(blenderDir, f)),
        ...fs.readdirSync(apiDir).filter((f) => f.endsWith('.glb')).sort().map((f) => path.join(apiDir, f)),
    ];
    const stem = (file) => path.basename(file).replace(/\.(glb|gltf)$/, '');

    // glTF-Transform CLI: its own command programme (the one bin/gltf-transform runs), executed in
    // this process because starting node per command costs ~1 s; the bytes are the same.
    // Every command writes .glb; a few also .gltf (+ .bin). optimize's default compression is meshopt.
    const cliDir = dir('gltf-transform-cli');
    const cliCommands = [
        { tag: 'copy', command: 'copy', gltf: true },
        { tag: 'resample', command: 'resample' },
        { tag: 'quantize', command: 'quantize' },
        { tag: 'meshopt', command: 'meshopt', gltf: true },
        { tag: 'optimize', command: 'optimize', gltf: true },
        { tag: 'optimize-compress-meshopt', command: 'optimize', options: { compress: 'meshopt' } },
        { tag: 'optimize-compress-quantize', command: 'optimize', options: { compress: 'quantize' } },
        { tag: 'dedup', command: 'dedup' },
    ];
    await cliProgramReady;
    for (const input of inputs) {
        for (const { tag, command, options, gltf } of cliCommands) {
            for (const ext of gltf ? ['.glb', '.gltf'] : ['.glb']) {
                const out = path.join(cliDir, `${stem(input)}.${tag}${ext}`);
                await quietly(() => cliProgram.exec([command, input, out], options ?? {}));
                if (!fs.existsSync(out)) throw new Error(`gltf-transform ${command} ${input} wrote nothing`);
            }
        }
    }

    // gltfpack: default, compressed (-c, -cc, -cf with its placeholder fallback buffer),
    // keeping named nodes and materials, unquantized, and .gltf output.
    const packDir = dir('gltfpack');
    const packVariants = [
        { tag: 'default', args: [], ext: '.glb' },
        { tag: 'c', args: ['-c'], ext: '.glb' },
        { tag: 'cc', args: ['-cc'], ext: '.glb' },
        { tag: 'cf', args: ['-cf'], ext: '.glb' },
        { tag: 'kn-km', args: ['-kn', '-km'], ext: '.glb' },
        { tag: 'noq-kn-ac', args: ['-noq', '-kn', '-ac'], ext: '.glb' },
        { tag: 'c-kn', args: ['-c', '-kn', '-af', '24'], ext: '.gltf' },
        { tag: 'default', args: [], ext: '.gltf' },
    ];
    const jobs = [];
    for (const input of inputs) {
        for (const { tag, args, ext } of packVariants) {
            const out = path.join(packDir, `${stem(input)}.${tag}${ext}`);
            jobs.push(() => run('gltfpack', ['-i', input, '-o', out, ...args]));
        }
    }
    await runAll(jobs, 2);

    // The fuzz seed corpus, and seeded mutations of it.
    const fuzzDir = dir('fuzz');
    for (const f of fuzzFiles()) fs.copyFileSync(path.join(FUZZ_DIR, f), path.join(fuzzDir, f));
    mutations(dir('mutations'), 40);
    const toolDirs = ['blender', 'gltf-transform-api', 'gltf-transform-cli', 'gltfpack'].map((d) => path.join(outDir, d));
    wholeFileMutations(dir('wholefile'), toolDirs, Number(process.env.WHOLEFILE_PER_FILE ?? 6),
        Number(process.env.WHOLEFILE_SEED ?? 20261205));

    const counts = fs
        .readdirSync(outDir)
        .sort()
        .map((d) => `${d} ${fs.readdirSync(path.join(outDir, d)).filter((f) => /\.(glb|gltf)$/.test(f)).length}`);
    process.stdout.write(`make_corpus: ${counts.join(', ')} (${((Date.now() - started) / 1000).toFixed(1)} s)\n`);
}

main().catch((err) => {
    process.stderr.write(`make_corpus: ${err?.stack ?? err}\n`);
    process.exit(1);
});
