# A Blender bake of a glTF file, the simplify benchmark's input as Blender writes it: the file
# imported, then exported with "Always Sample Animations" (a LINEAR key every frame).
#
#   blender --background --factory-startup --python bake_blender.py -- IN OUT FPS
#
# The scene's frame rate is set before the import, so the importer places the keys (seconds in
# glTF) on frames of that rate, and the exporter samples every frame of it.
import sys

import bpy
import numpy

# Debian's Blender 3.4 glTF add-on still says numpy.bool, an alias NumPy 1.24 removed.
if not hasattr(numpy, "bool_alias_restored"):
    numpy.bool = bool
    numpy.bool_alias_restored = True


def main():
    args = sys.argv[sys.argv.index("--") + 1:] if "--" in sys.argv else []
    if len(args) != 3 or not args[2].isdigit():
        print("usage: blender --background --python bake_blender.py -- IN OUT FPS", file=sys.stderr)
        sys.exit(64)
    source, output, fps = args[0], args[1], int(args[2])

    bpy.ops.wm.read_factory_settings(use_empty=True)
    scene = bpy.context.scene
    scene.render.fps = fps
    scene.render.fps_base = 1.0
    bpy.ops.import_scene.gltf(filepath=source)

    bpy.ops.export_scene.gltf(
        filepath=output,
        export_format="GLB",
        export_animations=True,
        export_force_sampling=True,       # "Always Sample Animations"
        export_frame_step=1,              # every frame
        export_frame_range=False,         # each action's own range, not the playback range
        export_optimize_animation_size=False,  # keep every sampled key, as a bake has them
        export_nla_strips=True,
    )


try:
    main()
except Exception as error:  # Blender would go on to exit 0
    print(f"bake_blender.py: {error}", file=sys.stderr)
    sys.exit(1)
