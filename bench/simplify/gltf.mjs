// Shared by the simplify benchmark's Node scripts: glTF-Transform and the meshopt decoder from the
// project's pinned tools (tools/corpus), an IO that reads every writer's files, and the
// animation byte count.
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const here = path.dirname(fileURLToPath(import.meta.url));
// The scripts live outside tools/corpus, so resolve its packages from there.
export const requireCorpus = createRequire(path.join(here, '..', '..', 'tools', 'corpus', 'package.json'));

export const core = requireCorpus('@gltf-transform/core');
export const extensions = requireCorpus('@gltf-transform/extensions');
const { MeshoptDecoder, MeshoptEncoder } = requireCorpus('meshoptimizer');

export async function openIO() {
    await MeshoptDecoder.ready;
    await MeshoptEncoder.ready;
    return new core.NodeIO()
        .registerExtensions(extensions.ALL_EXTENSIONS)
        .registerDependencies({ 'meshopt.decoder': MeshoptDecoder, 'meshopt.encoder': MeshoptEncoder });
}

// The bytes of the animation data as stored: every accessor a sampler uses, once.
export function animationBytes(document) {
    const accessors = new Set();
    for (const animation of document.getRoot().listAnimations()) {
        for (const sampler of animation.listSamplers()) {
            if (sampler.getInput()) accessors.add(sampler.getInput());
            if (sampler.getOutput()) accessors.add(sampler.getOutput());
        }
    }
    let bytes = 0;
    for (const a of accessors) bytes += a.getCount() * a.getElementSize() * a.getComponentSize();
    return bytes;
}

export function animationKeys(document) {
    let keys = 0;
    for (const animation of document.getRoot().listAnimations())
        for (const channel of animation.listChannels()) keys += channel.getSampler()?.getInput()?.getCount() ?? 0;
    return keys;
}
