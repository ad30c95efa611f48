// A second implementation of scene evaluation: three.js's GLTFLoader and AnimationMixer (the
// pinned npm `three` in tools/corpus) play one animation of a .glb at given times and print
// every glTF node's matrixWorld, column-major as glTF stores matrices:
//   node three_pose.mjs FILE.glb ANIMATION T1,T2,...
//   -> {"animations": n, "poses": [{"t": t, "nodes": [{"index": i, "world": [16]}]}]}
// Node indices come from the loader's parser.associations (three.js renames nodes and adds a
// Scene root, so names would not match). Runs in node: no DOM, textures are not loaded.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

// three lives in tools/corpus/node_modules, next to this repository's other pinned tools. The
// loader imports 'three' itself, which resolves to the same module file.
const here = dirname(fileURLToPath(import.meta.url));
const threeDir = join(here, '..', '..', 'tools', 'corpus', 'node_modules', 'three');
const THREE = await import(pathToFileURL(join(threeDir, 'build', 'three.module.js')).href);
const { GLTFLoader } = await import(pathToFileURL(join(threeDir, 'examples', 'jsm', 'loaders', 'GLTFLoader.js')).href);

const [file, animationArg, timesArg] = process.argv.slice(2);
if (!file || animationArg === undefined || !timesArg) {
    console.error('usage: node three_pose.mjs FILE.glb ANIMATION T1,T2,...');
    process.exit(64);
}
const times = timesArg.split(',').map(Number);
const bytes = readFileSync(file);
const arrayBuffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);

const gltf = await new Promise((resolve, reject) => new GLTFLoader().parse(arrayBuffer, '', resolve, reject));

// glTF node index -> the Object3D three.js made for it.
const objects = new Map();
gltf.scene.traverse((object) => {
    const association = gltf.parser.associations.get(object);
    if (association && association.nodes !== undefined && !objects.has(association.nodes))
        objects.set(association.nodes, object);
});

const animation = Number(animationArg);
const mixer = new THREE.AnimationMixer(gltf.scene);
const action = animation >= 0 && animation < gltf.animations.length ? mixer.clipAction(gltf.animations[animation]) : null;
if (action) {
    // Played once and held at the end, as the glTF spec clamps outside the keys.
    action.setLoop(THREE.LoopOnce, 1);
    action.clampWhenFinished = true;
}

const poses = [];
for (const t of times) {
    // A finished LoopOnce action pauses itself: start it afresh for every time.
    if (action) action.reset().play();
    mixer.setTime(t);
    gltf.scene.updateMatrixWorld(true);
    const nodes = [...objects.keys()].sort((a, b) => a - b).map((index) => ({
        index,
        world: Array.from(objects.get(index).matrixWorld.elements),
    }));
    poses.push({ t, nodes });
}
console.log(JSON.stringify({ animations: gltf.animations.length, poses }));
