// Prints every accessor of a glTF file as glTF-Transform decodes it (EXT_meshopt_compression
// through the npm meshoptimizer decoder, normalized integers mapped to floats): an independent
// reference for Tangent's decoding. Usage: node dump_accessors.mjs FILE > accessors.json
import { NodeIO } from '@gltf-transform/core';
import { ALL_EXTENSIONS } from '@gltf-transform/extensions';
import { MeshoptDecoder } from 'meshoptimizer';

await MeshoptDecoder.ready;
const io = new NodeIO().registerExtensions(ALL_EXTENSIONS).registerDependencies({ 'meshopt.decoder': MeshoptDecoder });
const doc = await io.read(process.argv[2]);
const accessors = doc.getRoot().listAccessors().map((a) => {
    const values = [];
    const element = [];
    for (let i = 0; i < a.getCount(); i++) values.push(...a.getElement(i, element));
    return { type: a.getType(), count: a.getCount(), values };
});
process.stdout.write(JSON.stringify({ accessors }));
