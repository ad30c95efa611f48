// A second implementation of scene evaluation: three.js's GLTFLoader and AnimationMixer (the
// pinned npm `three` in tools/corpus) play one animation of a .glb at given times and print
// every glTF node's matrixWorld, column-major as glTF stores matrices:
//   node three_pose.mjs FILE.glb ANIMATION T1,T2,... [--vertices]
//   -> {"animations": n, "poses": [{"t": t, "nodes": [{"index": i, "world": [16]}],
//        "meshes": [{"node": i, "mesh": m, "primitive": p, "positions": [[x, y, z], ...]}]}]}
// With --vertices, every mesh primitive's vertex positions as the pose deforms them (morph
// targets, then the skin), in world space; see `worldPositions` for how three's spaces map to
// the spec's.
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
const vertices = process.argv[5] === '--vertices';
if (!file || animationArg === undefined || !timesArg || (process.argv[5] !== undefined && !vertices)) {
    console.error('usage: node three_pose.mjs FILE.glb ANIMATION T1,T2,... [--vertices]');
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

// glTF (node, mesh, primitive) -> the Mesh three.js made for that primitive. A node with a
// one-primitive mesh is that Mesh itself (associations: nodes, meshes, primitives); with more
// primitives the node is a Group (nodes, meshes) whose children are the primitives' Meshes.
const primitives = [];
gltf.scene.traverse((object) => {
    if (!object.isMesh) return;
    const association = gltf.parser.associations.get(object);
    if (!association || association.primitives === undefined) return;
    const owner = association.nodes !== undefined ? association : gltf.parser.associations.get(object.parent);
    if (!owner || owner.nodes === undefined) throw new Error('a mesh primitive without its glTF node');
    primitives.push({ node: owner.nodes, mesh: association.meshes, primitive: association.primitives, object });
});
primitives.sort((a, b) => a.node - b.node || a.primitive - b.primitive);

// Vertex positions in world space. Mesh.getVertexPosition(i) is the vertex with the morph
// targets applied (glTF targets are relative: v + Σ weight·target), in the mesh's local space.
// For a SkinnedMesh it then calls applyBoneTransform(i), which computes
//     bindMatrixInverse · Σ_k w_k · (bone_k.matrixWorld · boneInverses_k) · bindMatrix · v.
// GLTFLoader binds every SkinnedMesh with bindMatrix = identity (mesh.bind(skeleton,
// identity)), boneInverses = the skin's inverseBindMatrices, and the default AttachedBindMode
// sets bindMatrixInverse = inverse(mesh.matrixWorld) in updateMatrixWorld. So
//     mesh.matrixWorld · getVertexPosition(i) = Σ_k w_k · world(joint_k) · IBM_k · v,
// the spec's skinned vertex in world space, the mesh node's own transform cancelled (the spec
// says it is ignored). For a plain Mesh, matrixWorld · getVertexPosition(i) is the morphed
// vertex placed by its node. (three also rescales float weights to sum 1; the files' weights
// sum to 1 within float rounding.)
const vertex = new THREE.Vector3();
function worldPositions(object) {
    const count = object.geometry.getAttribute('position').count;
    const out = [];
    for (let i = 0; i < count; ++i) {
        object.getVertexPosition(i, vertex);
        vertex.applyMatrix4(object.matrixWorld);
        out.push([vertex.x, vertex.y, vertex.z]);
    }
    return out;
}

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
    const pose = { t, nodes };
    if (vertices)
        pose.meshes = primitives.map(({ node, mesh, primitive, object }) => ({
            node, mesh, primitive, positions: worldPositions(object),
        }));
    poses.push(pose);
}
console.log(JSON.stringify({ animations: gltf.animations.length, poses }));
