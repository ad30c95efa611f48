// Rewrites a glTF file with glTF-Transform's own writer, giving every animation accessor a
// bufferView of its own (`gltf-transform copy` puts them all in one):
//
//   node tools/corpus/view_per_accessor.mjs IN.glb|IN.gltf OUT.glb|OUT.gltf
//
// glTF-Transform packs accessors into one bufferView per usage group and lets extensions assign
// the groups before writing (EXT_meshopt_compression does so). This writer-only extension puts
// each animation accessor in a group of its own, so the writer lays out one view per accessor,
// unstrided and padded as it always does; the extension leaves no trace in the file.
import { Extension, NodeIO, PropertyType } from '@gltf-transform/core';
import { ALL_EXTENSIONS } from '@gltf-transform/extensions';

const NAME = 'TANGENT_view_per_accessor';

class ViewPerAccessor extends Extension {
    static EXTENSION_NAME = NAME;
    extensionName = NAME;
    prewriteTypes = [PropertyType.ACCESSOR];

    prewrite(context) {
        let group = 0;
        for (const accessor of this.document.getRoot().listAccessors()) {
            const animated = accessor.listParents().some((p) => p.propertyType === PropertyType.ANIMATION_SAMPLER);
            if (animated && context.getAccessorUsage(accessor) === 'OTHER')
                context.addAccessorToUsageGroup(accessor, `OTHER_ANIMATION_${group++}`);
        }
        return this;
    }

    read() {
        return this;
    }

    write(context) {
        // Not an extension of the format: keep its name out of extensionsUsed.
        const json = context.jsonDoc.json;
        json.extensionsUsed = (json.extensionsUsed || []).filter((name) => name !== NAME);
        return this;
    }
}

const [input, output] = process.argv.slice(2);
if (!input || !output) {
    console.error('usage: node view_per_accessor.mjs IN.glb|IN.gltf OUT.glb|OUT.gltf');
    process.exit(64);
}
const io = new NodeIO().registerExtensions([...ALL_EXTENSIONS, ViewPerAccessor]);
const document = await io.read(input);
document.createExtension(ViewPerAccessor);
await io.write(output, document);
