// Rewrites a glTF file with glTF-Transform, every node channel turned into the same animation
// expressed with KHR_animation_pointer ({node: N, path: P} becomes the pointer /nodes/N/P):
//
//   node tools/corpus/to_pointer_channels.mjs IN.glb|IN.gltf OUT.glb|OUT.gltf
//
// For benchmarks: the same keys in the layout a pointer-writing exporter produces.
import { NodeIO } from '@gltf-transform/core';
import { ALL_EXTENSIONS } from '@gltf-transform/extensions';
import { KHRAnimationPointer } from './animation_pointer.mjs';

const [input, output] = process.argv.slice(2);
if (!input || !output) {
    console.error('usage: node to_pointer_channels.mjs IN.glb|IN.gltf OUT.glb|OUT.gltf');
    process.exit(64);
}
const io = new NodeIO().registerExtensions([...ALL_EXTENSIONS, KHRAnimationPointer]);
const document = await io.read(input);
const pointers = document.createExtension(KHRAnimationPointer);
// Nodes are written in the order the root lists them: that index is the one a pointer names.
const nodeIndex = new Map(document.getRoot().listNodes().map((node, i) => [node, i]));
for (const animation of document.getRoot().listAnimations())
    for (const channel of animation.listChannels()) {
        const node = channel.getTargetNode();
        if (!node) continue;
        const pointer = `/nodes/${nodeIndex.get(node)}/${channel.getTargetPath()}`;
        channel.setTargetNode(null).setTargetPath('pointer').setExtension('KHR_animation_pointer', pointers.createPointer(pointer));
    }
await io.write(output, document);
