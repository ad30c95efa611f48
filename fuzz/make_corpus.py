#!/usr/bin/env python3
"""Writes the hand-made seeds of fuzz/corpus/ (the Blender fixtures are copied as they are).

Each seed is small and aims at one hostile or unusual feature: broken GLB framing, huge counts,
deep JSON, data URIs, sparse accessors, normalized integer outputs, byteStride, zero-length
segments, zero quaternions, escaping URIs. Run it again after changing it; the output is
deterministic. Usage: fuzz/make_corpus.py [OUT_DIR]  (default: fuzz/corpus next to this file)
"""
import base64
import json
import math
import os
import shutil
import struct
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "corpus")
FIXTURES = os.path.join(HERE, "..", "tests", "data", "blender")

FLOAT, BYTE, UBYTE, SHORT, USHORT, UINT = 5126, 5120, 5121, 5122, 5123, 5125


def glb(doc, bin_=b"", json_len=None, bin_len=None, total=None, first_type=0x4E4F534A):
    text = json.dumps(doc, separators=(",", ":")).encode()
    text += b" " * (-len(text) % 4)
    bin_ += b"\0" * (-len(bin_) % 4)
    body = struct.pack("<II", len(text) if json_len is None else json_len, first_type) + text
    if bin_:
        body += struct.pack("<II", len(bin_) if bin_len is None else bin_len, 0x004E4942) + bin_
    size = 12 + len(body) if total is None else total
    return struct.pack("<III", 0x46546C67, 2, size) + body


def embedded(doc, bin_):
    doc = json.loads(json.dumps(doc))
    if bin_:
        doc["buffers"][0]["uri"] = "data:application/octet-stream;base64," + base64.b64encode(bin_).decode()
    return json.dumps(doc, indent=1).encode()


class Doc:
    """A minimal glTF with one node (a mesh with morph targets when asked) and one animation."""

    def __init__(self, targets=0):
        self.bin = bytearray()
        self.json = {"asset": {"version": "2.0"}, "scene": 0, "scenes": [{"nodes": [0]}],
                     "nodes": [{"name": "n"}], "buffers": [{"byteLength": 0}],
                     "bufferViews": [], "accessors": [],
                     "animations": [{"name": "a", "channels": [], "samplers": []}]}
        if targets:
            self.json["nodes"][0]["mesh"] = 0
            pos = self.view(struct.pack("<9f", 0, 0, 0, 1, 0, 0, 0, 1, 0))
            self.json["accessors"].append({"bufferView": pos, "componentType": FLOAT, "count": 3,
                                           "type": "VEC3", "min": [0, 0, 0], "max": [1, 1, 0]})
            self.json["meshes"] = [{"primitives": [{"attributes": {"POSITION": 0},
                                                    "targets": [{"POSITION": 0}] * targets}],
                                    "weights": [0] * targets}]

    def view(self, data, stride=None):
        while len(self.bin) % 4:
            self.bin.append(0)
        v = {"buffer": 0, "byteOffset": len(self.bin), "byteLength": len(data)}
        if stride:
            v["byteStride"] = stride
        self.bin += data
        self.json["bufferViews"].append(v)
        self.json["buffers"][0]["byteLength"] = len(self.bin)
        return len(self.json["bufferViews"]) - 1

    def accessor(self, data, fmt, ctype, type_, count, normalized=False, stride=None, **extra):
        a = {"bufferView": self.view(struct.pack("<" + fmt, *data), stride), "componentType": ctype,
             "count": count, "type": type_}
        if normalized:
            a["normalized"] = True
        a.update(extra)
        self.json["accessors"].append(a)
        return len(self.json["accessors"]) - 1

    def times(self, ts):
        return self.accessor(ts, "%df" % len(ts), FLOAT, "SCALAR", len(ts), min=[min(ts)], max=[max(ts)])

    def channel(self, path, interp, inp, out, node=0):
        anim = self.json["animations"][0]
        anim["samplers"].append({"input": inp, "output": out, "interpolation": interp})
        anim["channels"].append({"sampler": len(anim["samplers"]) - 1, "target": {"node": node, "path": path}})

    def glb(self, **kw):
        return glb(self.json, bytes(self.bin), **kw)

    def gltf(self):
        return embedded(self.json, bytes(self.bin))


def cubic_vec3(d, ts, values):
    """CUBICSPLINE VEC3 output: per key in-tangent, value, out-tangent."""
    data = []
    for v in values:
        data += [0.5, -0.5, 1.0] + list(v) + [0.5, -0.5, 1.0]
    return d.accessor(data, "%df" % len(data), FLOAT, "VEC3", 3 * len(ts))


seeds = {}


def add(name, data):
    seeds[name] = data


# --- Well-formed documents that reach each decoding path -------------------------------------
d = Doc()
t = d.times([0, 0.5, 1.25, 2])
d.channel("translation", "CUBICSPLINE", t, cubic_vec3(d, [0] * 4, [(0, 0, 0), (1, 2, 3), (-1, 0, 4), (0, 0, 0)]))
d.channel("scale", "LINEAR", t, d.accessor([1] * 12, "12f", FLOAT, "VEC3", 4))
d.channel("translation", "STEP", t, d.accessor(range(12), "12f", FLOAT, "VEC3", 4))
add("trs_small.glb", d.glb())
add("trs_small_embedded.gltf", d.gltf())

# Rotations as normalized shorts (LINEAR and CUBICSPLINE) and bytes; weights as ubytes.
d = Doc(targets=2)
t = d.times([0, 1, 2])
q = [0, 0, 0, 32767, 0, 23170, 0, 23170, 0, 32767, 0, 0]
d.channel("rotation", "LINEAR", t, d.accessor(q, "12h", SHORT, "VEC4", 3, normalized=True))
qc = [0, 0, 0, 0] + q[0:4] + [100, 0, 0, 0] + [0, 0, 0, 0] + q[4:8] + [0, 0, 0, 0] + [0, 0, 0, 0] + q[8:12] + [0, 0, 0, 0]
qc = qc + [0] * (-len(qc) % 2)
d.channel("rotation", "CUBICSPLINE", t, d.accessor(qc, "36h", SHORT, "VEC4", 9, normalized=True))
d.channel("rotation", "STEP", t, d.accessor([0, 0, 0, 127, 0, 0, 127, 0, -128, 0, 0, 0], "12b", BYTE, "VEC4", 3, normalized=True))
d.channel("weights", "LINEAR", t, d.accessor([0, 255, 128, 64, 255, 0], "6B", UBYTE, "SCALAR", 6, normalized=True))
d.channel("weights", "CUBICSPLINE", t, d.accessor([0] * 18, "18H", USHORT, "SCALAR", 18, normalized=True))
add("normalized_outputs.glb", d.glb())
add("normalized_outputs_embedded.gltf", d.gltf())

# Interleaved output with byteStride, and a stride smaller than an element.
d = Doc()
t = d.times([0, 1, 3])
inter = []
for k in range(3):
    inter += [k, k * 2, k * 3, 99]  # VEC3 + one padding float: stride 16
d.channel("translation", "LINEAR", t, d.accessor(inter, "12f", FLOAT, "VEC3", 3, stride=16))
d.channel("scale", "LINEAR", t, d.accessor(inter, "12f", FLOAT, "VEC3", 3, stride=252))
add("byte_stride.glb", d.glb())
d.json["bufferViews"][-1]["byteStride"] = 4
add("byte_stride_too_small.glb", d.glb())

# Sparse accessors: a valid one over a bufferView, one without, and hostile variants.
def sparse_doc(count=4, indices=(1, 3), sparse_count=None, index_type=USHORT, with_view=True):
    d = Doc()
    t = d.times([0, 1, 2, 3])
    base = d.accessor([0] * (3 * count), "%df" % (3 * count), FLOAT, "VEC3", count)
    fmt = {UBYTE: "B", USHORT: "H", UINT: "I"}[index_type]
    iv = d.view(struct.pack("<%d%s" % (len(indices), fmt), *indices))
    vv = d.view(struct.pack("<%df" % (3 * len(indices)), *range(3 * len(indices))))
    a = d.json["accessors"][base]
    if not with_view:
        del a["bufferView"]
    a["sparse"] = {"count": len(indices) if sparse_count is None else sparse_count,
                   "indices": {"bufferView": iv, "componentType": index_type},
                   "values": {"bufferView": vv}}
    d.channel("translation", "LINEAR", t, base)
    return d

add("sparse_ok.glb", sparse_doc().glb())
add("sparse_no_view_embedded.gltf", sparse_doc(with_view=False, index_type=UBYTE).gltf())
add("sparse_index_out_of_range.glb", sparse_doc(indices=(1, 4000000000), index_type=UINT).glb())
add("sparse_count_too_big.glb", sparse_doc(sparse_count=9).glb())
d = sparse_doc(with_view=False)
d.json["accessors"][1]["count"] = 2000000000
add("sparse_no_view_huge_count.glb", d.glb())

# Zero-length segment, zero quaternions, extreme but finite values, NaN, negative time.
d = Doc()
t = d.times([0, 1e-7, 2e-7])
big = 3.4e38
d.channel("translation", "CUBICSPLINE", t, d.accessor([big, -big, big] * 9, "27f", FLOAT, "VEC3", 9))
d.channel("rotation", "CUBICSPLINE", t, d.accessor([0.0] * 36, "36f", FLOAT, "VEC4", 9))
d.channel("rotation", "LINEAR", t, d.accessor([0.0] * 4 + [big] * 4 + [0, 0, 0, 1], "12f", FLOAT, "VEC4", 3))
add("extreme_values.glb", d.glb())
d = Doc()
d.channel("translation", "LINEAR", d.times([0, 1, 1, 2]), d.accessor([0] * 12, "12f", FLOAT, "VEC3", 4))
d.channel("translation", "LINEAR", d.times([-1, 1]), d.accessor([0] * 6, "6f", FLOAT, "VEC3", 2))
d.channel("scale", "LINEAR", d.times([0, 1]), d.accessor([math.nan, math.inf, 0, 0, 0, 0], "6f", FLOAT, "VEC3", 2))
d.channel("scale", "CUBICSPLINE", d.times([0]), d.accessor([0] * 9, "9f", FLOAT, "VEC3", 3))
add("bad_times_and_nan.glb", d.glb())

# Huge counts against a tiny buffer.
d = Doc()
t = d.times([0, 1])
d.channel("translation", "LINEAR", t, d.accessor([0] * 6, "6f", FLOAT, "VEC3", 2))
d.json["accessors"][1]["count"] = 2147483647
add("huge_count.glb", d.glb())
d.json["accessors"][1]["count"] = 4294967296
add("huge_count_64bit.glb", d.glb())
del d.json["accessors"][1]["bufferView"]
d.json["accessors"][1]["count"] = 700000000
add("huge_count_no_view.glb", d.glb())

# GLB framing.
base = Doc()
base.channel("translation", "LINEAR", base.times([0, 1]), base.accessor([0] * 6, "6f", FLOAT, "VEC3", 2))
good = base.glb()
add("glb_truncated.glb", good[: len(good) * 2 // 3])
add("glb_json_chunk_length_overflow.glb", base.glb(json_len=0xFFFFFFF8))
add("glb_bin_chunk_length_overflow.glb", base.glb(bin_len=0xFFFFFFFC))
add("glb_total_length_small.glb", base.glb(total=12))
add("glb_total_length_huge.glb", base.glb(total=0xFFFFFFFF))
add("glb_first_chunk_bin.glb", base.glb(first_type=0x004E4942))
add("glb_header_only.glb", struct.pack("<III", 0x46546C67, 2, 12))
add("glb_version1.glb", struct.pack("<III", 0x46546C67, 1, 20) + b"\0" * 8)
extra = bytearray(good) + struct.pack("<II", 4, 0x12345678) + b"abcd" + struct.pack("<II", 8, 0x004E4942) + b"\1" * 8
struct.pack_into("<I", extra, 8, len(extra))
add("glb_extra_chunks.glb", bytes(extra))

# Data URIs: larger than byteLength, shorter, not base64, not base64-declared.
text = json.loads(base.gltf())
text["buffers"][0]["byteLength"] = 4
add("data_uri_larger_than_bytelength.gltf", json.dumps(text).encode())
text["buffers"][0]["byteLength"] = 4096
add("data_uri_shorter_than_bytelength.gltf", json.dumps(text).encode())
text["buffers"][0]["byteLength"] = 32
text["buffers"][0]["uri"] = "data:application/octet-stream;base64,***not base64***"
add("data_uri_not_base64.gltf", json.dumps(text).encode())
text["buffers"][0]["uri"] = "data:,plain"
add("data_uri_plain.gltf", json.dumps(text).encode())

# URIs that try to leave the asset's folder (buffers and images).
for name, uri in [("parent", "../secret.bin"), ("absolute", "/etc/passwd"), ("http", "http://example.com/x.bin"),
                  ("percent", "sub/%2E%2E/%2E%2E/x.bin"), ("backslash", "..\\x.bin")]:
    text = json.loads(base.gltf())
    text["buffers"].append({"byteLength": 8, "uri": uri})
    add("uri_escape_%s.gltf" % name, json.dumps(text).encode())
text = json.loads(base.gltf())
text["images"] = [{"uri": "../../etc/passwd"}, {"uri": "data:image/png;base64,iVBORw0KGgo="}]
add("image_uri_escape.gltf", json.dumps(text).encode())

# Several buffers (a second one as a data URI) and a bufferView naming a missing buffer.
text = json.loads(base.gltf())
text["buffers"].append({"byteLength": 8, "uri": "data:application/octet-stream;base64," + base64.b64encode(bytes(range(8))).decode()})
text["bufferViews"].append({"buffer": 1, "byteLength": 8})
add("two_buffers.gltf", json.dumps(text).encode())
text["bufferViews"].append({"buffer": 7, "byteLength": 8})
add("view_of_missing_buffer.gltf", json.dumps(text).encode())

# Deep JSON: just under the loader's limit, and far over it.
add("deep_json_ok.gltf", ('{"asset":{"version":"2.0"},"extras":' + "[" * 250 + "]" * 250 + "}").encode())
add("deep_json.gltf", ('{"asset":{"version":"2.0"},"extras":' + "[" * 5000 + "]" * 5000 + "}").encode())

# Channel oddities: KHR_animation_pointer, missing node, shared sampler, sampler out of range.
text = json.loads(base.gltf())
ch = text["animations"][0]["channels"]
ch.append({"sampler": 0, "target": {"path": "pointer", "extensions": {"KHR_animation_pointer": {"pointer": "/nodes/0/scale"}}}})
ch.append({"sampler": 0, "target": {"node": 0, "path": "scale"}})
ch.append({"sampler": 9, "target": {"node": 0, "path": "scale"}})
ch.append({"sampler": 0, "target": {"node": 99, "path": "scale"}})
ch.append({"sampler": 0, "target": {"node": 0, "path": "weights"}})
add("channel_oddities.gltf", json.dumps(text).encode())

# KHR_animation_pointer channels of every target type, and pointers that break its rules.
d = Doc(targets=2)
d.json["extensionsUsed"] = ["KHR_animation_pointer", "KHR_node_visibility", "KHR_lights_punctual"]
d.json["nodes"][0]["extensions"] = {"KHR_node_visibility": {"visible": True}}
d.json["nodes"][0]["extras"] = {"frame": 2}
d.json["materials"] = [{"name": "m", "pbrMetallicRoughness": {}}]
d.json["extensions"] = {"KHR_lights_punctual": {"lights": [{"type": "point"}]}}
t = d.times([0, 1, 2])
ptr_anim = d.json["animations"][0]


def pointer_channel(pointer, interp, out):
    ptr_anim["samplers"].append({"input": t, "output": out, "interpolation": interp})
    ptr_anim["channels"].append({"sampler": len(ptr_anim["samplers"]) - 1,
                                 "target": {"path": "pointer", "extensions": {"KHR_animation_pointer": {"pointer": pointer}}}})


pointer_channel("/materials/0/pbrMetallicRoughness/baseColorFactor", "LINEAR",
                d.accessor([255, 0, 0, 255] * 3, "12B", UBYTE, "VEC4", 3, normalized=True))
pointer_channel("/extensions/KHR_lights_punctual/lights/0/intensity", "CUBICSPLINE", d.accessor(range(9), "9f", FLOAT, "SCALAR", 9))
pointer_channel("/nodes/0/extensions/KHR_node_visibility/visible", "STEP", d.accessor([1, 0, 1], "3B", UBYTE, "SCALAR", 3))
pointer_channel("/nodes/0/extras/frame", "STEP", d.accessor([1, -2, 3], "3h", SHORT, "SCALAR", 3))
pointer_channel("/nodes/0/weights", "LINEAR", d.accessor([0, 1, 1, 0, 0.5, 0.5], "6f", FLOAT, "SCALAR", 6))
pointer_channel("/nodes/0/rotation", "LINEAR", d.accessor([0, 0, 0, 1] * 3, "12f", FLOAT, "VEC4", 3))
add("pointer_targets.glb", d.glb())
for pointer, interp in (("/nodes/0/weights/1", "LINEAR"), ("/nodes/0/matrix", "LINEAR"), ("/materials/9/emissiveFactor", "STEP"),
                        ("nodes/0", "LINEAR"), ("/nodes/0/extensions/KHR_node_visibility/visible", "LINEAR"), ("/~0~1/x", "STEP")):
    pointer_channel(pointer, interp, d.accessor(range(3), "3f", FLOAT, "SCALAR", 3))
add("pointer_oddities.gltf", d.gltf())

# --- Compressed files as other tools write them (EXT_meshopt_compression, placeholder buffers) -
# gltfpack (Debian) and the pinned glTF-Transform (tools/corpus), both installed by ./dev.sh.
TOOLS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tools", "corpus", "node_modules", ".bin")
with tempfile.TemporaryDirectory() as tmp:
    for fixture, tool, args, name in [
        ("smooth_trs_1.glb", "gltfpack", ["-c"], "meshopt_gltfpack_c.glb"),
        ("morph_weights_1.glb", "gltfpack", ["-cc"], "meshopt_gltfpack_cc_weights.glb"),
        ("broken_trs_1.glb", os.path.join(TOOLS, "gltf-transform"), ["meshopt"], "meshopt_gltf_transform.glb"),
    ]:
        out = os.path.join(tmp, name)
        src = os.path.join(FIXTURES, fixture)
        cmd = [tool, "-i", src, "-o", out] + args if tool == "gltfpack" else [tool] + args + [src, out]
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        with open(out, "rb") as f:
            add(name, f.read())

# --- Write ------------------------------------------------------------------------------------
if os.path.isdir(OUT):
    for f in os.listdir(OUT):
        os.remove(os.path.join(OUT, f))
else:
    os.makedirs(OUT)
for f in sorted(os.listdir(FIXTURES)):
    if f.endswith(".glb"):
        shutil.copyfile(os.path.join(FIXTURES, f), os.path.join(OUT, "fixture_" + f))
for name, data in seeds.items():
    with open(os.path.join(OUT, name), "wb") as out:
        out.write(data)
total = sum(os.path.getsize(os.path.join(OUT, f)) for f in os.listdir(OUT))
print("%d seeds, %d bytes in %s" % (len(os.listdir(OUT)), total, OUT))
