// KHR_animation_pointer for glTF-Transform, which (as of 4.5.1) does not support it.
//
// A channel becomes a pointer channel by carrying an AnimationPointer (this extension's property)
// and having no target node; its target path is written as "pointer". glTF-Transform writes such a
// channel as { sampler, target: { path } } and write() below adds the pointer object to it.
//
//   const pointers = doc.createExtension(KHRAnimationPointer);
//   const channel = doc.createAnimationChannel().setSampler(sampler)
//       .setTargetPath('pointer').setExtension('KHR_animation_pointer', pointers.createPointer('/materials/0/alphaCutoff'));
//
// The pointer is a literal JSON pointer, so its indices are those of the document as written
// (glTF-Transform writes materials, nodes, meshes, cameras and lights in creation order).

import { Extension, ExtensionProperty, PropertyType } from '@gltf-transform/core';

const NAME = 'KHR_animation_pointer';

export class AnimationPointer extends ExtensionProperty {
    static EXTENSION_NAME = NAME;

    init() {
        this.extensionName = NAME;
        this.propertyType = 'AnimationPointer';
        this.parentTypes = [PropertyType.ANIMATION_CHANNEL];
    }

    getDefaults() {
        return Object.assign(super.getDefaults(), { pointer: '' });
    }

    getPointer() {
        return this.get('pointer');
    }

    setPointer(pointer) {
        return this.set('pointer', pointer);
    }
}

export class KHRAnimationPointer extends Extension {
    static EXTENSION_NAME = NAME;
    extensionName = NAME;

    createPointer(pointer = '') {
        return new AnimationPointer(this.document.getGraph()).setPointer(pointer);
    }

    read(context) {
        (context.jsonDoc.json.animations ?? []).forEach((animationDef, a) => {
            const channels = context.animations[a].listChannels();
            (animationDef.channels ?? []).forEach((channelDef, c) => {
                const pointer = channelDef.target?.extensions?.[NAME]?.pointer;
                if (typeof pointer === 'string') channels[c].setExtension(NAME, this.createPointer(pointer));
            });
        });
        return this;
    }

    write(context) {
        const animationDefs = context.jsonDoc.json.animations ?? [];
        this.document
            .getRoot()
            .listAnimations()
            .forEach((animation) => {
                const animationDef = animationDefs[context.animationIndexMap.get(animation)];
                animation.listChannels().forEach((channel, c) => {
                    const pointer = channel.getExtension(NAME);
                    if (!pointer) return;
                    if (channel.getTargetNode()) throw new Error(`${NAME}: channel ${c} of "${animation.getName()}" has a target node`);
                    const target = animationDef.channels[c].target;
                    target.path = 'pointer';
                    target.extensions = { ...target.extensions, [NAME]: { pointer: pointer.getPointer() } };
                });
            });
        return this;
    }
}
