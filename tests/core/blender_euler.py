# Writes the reference for tests/core/test_eulercurve.cpp: Blender's unwrapped Euler angles, in
# all six orders, of a played rotation sampled densely (120 times a second). The rotations come
# from `tangent sample --json` (its evaluation is checked against three.js in test_fixtures.cpp);
# the Euler angles and their unwrapping are Blender's: mathutils' Quaternion.to_euler(order,
# previous) picks, of the Euler triples of a rotation, one near the previous sample's.
#
#   T=$(python3 -c 'print(",".join(str(i / 120) for i in range(356)))')
#   tangent sample tests/data/blender/broken_trs_1.glb --channel 0:1 --times $T --json > mover.json
#   blender --background --python tests/core/blender_euler.py -- \
#       tests/data/blender/broken_trs_1.euler.json mover.json
#
# (multi_object_1: --channel 3:1 and 786 times.) Blender takes about 8 s, most of it starting.
import json
import math
import sys

import bpy
import mathutils

target, *sources = sys.argv[sys.argv.index("--") + 1:]
channels = []
for source in sources:
    with open(source) as f:
        sampled = json.load(f)
    quaternions = [mathutils.Quaternion((s["value"][3], s["value"][0], s["value"][1], s["value"][2]))
                   for s in sampled["samples"]]
    orders = {}
    for order in ("XYZ", "XZY", "YXZ", "YZX", "ZXY", "ZYX"):
        degrees = []
        previous = None
        for q in quaternions:
            e = q.to_euler(order) if previous is None else q.to_euler(order, previous)
            previous = e
            degrees.append([round(math.degrees(a), 6) for a in e])  # 1e-6°: below the tests' 1e-4°
        orders[order] = degrees
    channels.append({"animation": sampled["animation"], "channel": sampled["channel"], "node": sampled["nodeName"],
                     "times": [s["t"] for s in sampled["samples"]], "degrees": orders})

with open(target, "w") as f:
    version = ".".join(map(str, bpy.app.version))
    json.dump({"source": "Blender " + version + " mathutils Quaternion.to_euler(order, previous)",
               "channels": channels}, f, separators=(",", ":"))
    f.write("\n")
