// The baseline of bench_pose: three.js (the npm `three` pinned in tools/corpus) playing the same
// file as a renderer would each frame: AnimationMixer.update(1/60) (every track's interpolant
// and the property mixers) and scene.updateMatrixWorld(true) (every node's local and world
// matrix). One warm-up sweep for the JIT, then one measured sweep; prints the median and the
// 95th percentile in ms per frame as JSON.
//   node three_pose_bench.mjs FILE.glb FRAMES
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const threeDir = join(here, '..', '..', 'tools', 'corpus', 'node_modules', 'three');
const THREE = await import(pathToFileURL(join(threeDir, 'build', 'three.module.js')).href);
const { GLTFLoader } = await import(pathToFileURL(join(threeDir, 'examples', 'jsm', 'loaders', 'GLTFLoader.js')).href);

const [file, framesArg] = process.argv.slice(2);
const frames = Number(framesArg);
const bytes = readFileSync(file);
const arrayBuffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
const gltf = await new Promise((resolve, reject) => new GLTFLoader().parse(arrayBuffer, '', resolve, reject));
const mixer = new THREE.AnimationMixer(gltf.scene);
mixer.clipAction(gltf.animations[0]).play();

function sweep() {
    mixer.setTime(0);
    const ms = new Float64Array(frames);
    for (let i = 0; i < frames; ++i) {
        const start = performance.now();
        mixer.update(1 / 60);
        gltf.scene.updateMatrixWorld(true);
        ms[i] = performance.now() - start;
    }
    return ms.sort();
}
sweep();
const ms = sweep();
console.log(JSON.stringify({ median: ms[Math.floor(frames / 2)], p95: ms[Math.floor(frames * 0.95)], frames }));
