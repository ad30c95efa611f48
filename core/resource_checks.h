#pragma once
// What the Khronos glTF-Validator says of what a glTF file refers to outside its JSON, reported
// as it reports it (same codes, severities and JSON pointers): buffers' and images' URIs, each
// image's bytes read as far as its header, and the image formats textures may use. Internal to
// core: checks.cpp appends these to the spec checks' findings.
#include "accessor.h"
#include "tangent/document.h"
#include "tangent/finding.h"

namespace tangent::detail {

// Every finding about the document's buffers' URIs (IO_ERROR is the loader's), its images and
// its textures' sources, in that order. `data`: the document's buffers, from which images in
// bufferViews are read (null: they are not). Image files are read inside the asset's folder
// only, a header's worth.
Findings resourceFindings(const Document& doc, BufferSource* data);

}  // namespace tangent::detail
