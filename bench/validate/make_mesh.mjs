// Writes the whole-file validate benchmark's mesh with glTF-Transform (another writer than
// Tangent): textured_grid.glb, a grid of 708 x 708 vertices (999,698 triangles) with positions,
// normals, tangents and texture coordinates, 32-bit indices, and a material with a base colour
// and a normal texture (256 x 256 PNGs written here with node's zlib).
// Usage: node make_mesh.mjs OUTDIR
import { createRequire } from 'node:module';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(path.join(here, '../../tools/corpus/package.json'));
const { Document, NodeIO } = require('@gltf-transform/core');

const SIDE = 708;

// A PNG of RGB pixels from pixel(x, y) -> [r, g, b].
function png(width, height, pixel) {
    const crcTable = Array.from({ length: 256 }, (_, n) => {
        let c = n;
        for (let k = 0; k < 8; ++k) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
        return c >>> 0;
    });
    const crc = (bytes) => {
        let c = 0xffffffff;
        for (const b of bytes) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
        return (c ^ 0xffffffff) >>> 0;
    };
    const chunk = (type, data) => {
        const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
        const out = Buffer.alloc(body.length + 8);
        out.writeUInt32BE(data.length, 0);
        body.copy(out, 4);
        out.writeUInt32BE(crc(body), body.length + 4);
        return out;
    };
    const raw = Buffer.alloc((width * 3 + 1) * height);
    for (let y = 0; y < height; ++y)
        for (let x = 0; x < width; ++x) raw.set(pixel(x, y), y * (width * 3 + 1) + 1 + x * 3);
    const header = Buffer.alloc(13);
    header.writeUInt32BE(width, 0);
    header.writeUInt32BE(height, 4);
    header.set([8, 2, 0, 0, 0], 8);  // 8 bits, RGB
    return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header),
                          chunk('IDAT', zlib.deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

const doc = new Document();
const buffer = doc.createBuffer();
const n = SIDE * SIDE;
const positions = new Float32Array(n * 3), normals = new Float32Array(n * 3);
const tangents = new Float32Array(n * 4), uvs = new Float32Array(n * 2);
const indices = new Uint32Array((SIDE - 1) * (SIDE - 1) * 6);
let k = 0;
for (let y = 0; y < SIDE; ++y) {
    for (let x = 0; x < SIDE; ++x) {
        const v = y * SIDE + x, u = x / (SIDE - 1), w = y / (SIDE - 1);
        // A gentle wave: the normal and tangent follow its slope.
        const h = 0.05 * Math.sin(8 * u) * Math.cos(8 * w);
        const dx = 0.4 * Math.cos(8 * u) * Math.cos(8 * w), dy = -0.4 * Math.sin(8 * u) * Math.sin(8 * w);
        const nl = Math.hypot(dx, dy, 1), tl = Math.hypot(1, dx);
        positions.set([u, h, w], v * 3);
        normals.set([-dx / nl, 1 / nl, -dy / nl], v * 3);
        tangents.set([1 / tl, dx / tl, 0, 1], v * 4);
        uvs.set([u, w], v * 2);
        if (x + 1 < SIDE && y + 1 < SIDE) indices.set([v, v + SIDE, v + 1, v + 1, v + SIDE, v + SIDE + 1], (k++) * 6);
    }
}
const accessor = (type, array) => doc.createAccessor().setType(type).setArray(array).setBuffer(buffer);
const texture = (name, pixel) => doc.createTexture(name).setImage(png(256, 256, pixel)).setMimeType('image/png');
const material = doc
    .createMaterial('Checker')
    .setBaseColorTexture(texture('BaseColor', (x, y) => ((x >> 5) + (y >> 5)) % 2 ? [230, 230, 230] : [40, 90, 160]))
    .setNormalTexture(texture('Normal', () => [128, 128, 255]));
const prim = doc
    .createPrimitive()
    .setAttribute('POSITION', accessor('VEC3', positions))
    .setAttribute('NORMAL', accessor('VEC3', normals))
    .setAttribute('TANGENT', accessor('VEC4', tangents))
    .setAttribute('TEXCOORD_0', accessor('VEC2', uvs))
    .setIndices(accessor('SCALAR', indices))
    .setMaterial(material);
const scene = doc.createScene('Scene');
doc.getRoot().setDefaultScene(scene);
scene.addChild(doc.createNode('Grid').setMesh(doc.createMesh('Grid').addPrimitive(prim)));

const out = process.argv[2];
if (!out) {
    console.error('usage: make_mesh.mjs OUTDIR');
    process.exit(64);
}
mkdirSync(out, { recursive: true });
await new NodeIO().write(path.join(out, 'textured_grid.glb'), doc);
