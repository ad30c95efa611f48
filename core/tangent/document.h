#pragma once
// A loaded glTF file: the original JSON (kept for a lossless save), its buffers, and every
// animation channel decoded into a Track.
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "tangent/finding.h"
#include "tangent/object_model.h"
#include "tangent/track.h"

namespace tangent {

namespace detail {
class BufferSource;
}

class TrackPatch;

using Json = nlohmann::ordered_json;  // keeps the file's key order on save

// Thrown when a file cannot be read or written; what() is one sentence naming the file and,
// where there is one, the place (a JSON pointer or a byte offset).
class FileError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// The GLB container is broken so that its JSON cannot be had: `findings` are what the Khronos
// validator reports about the container (GLB_... codes, Finding::offset), the last one the
// problem that stopped the reading.
class GlbError : public FileError {
public:
    GlbError(const std::string& what, Findings container) : FileError(what), findings(std::move(container)) {}
    Findings findings;
};

// The file's bytes could not be had at all (missing, unreadable): nothing to report about them.
class FileReadError : public FileError {
public:
    using FileError::FileError;
};

struct Channel {
    int index = -1;        // in animations[a].channels
    int sampler = -1;      // in animations[a].samplers
    int node = -1;         // target.node, -1 when absent
    std::string nodeName;  // of target.node, or of the node a pointer animates
    std::string pathName;  // target.path as written ("translation", "pointer", ...)
    // KHR_animation_pointer: the pointer as written ("" for a classic target) and what it
    // resolves to in this file.
    std::string targetPointer;
    PointerTarget pointerTarget;
    // For people, one line: "Body · rotation", "material "Skin" · emissiveFactor".
    std::string label;
    bool supported = false;  // decoded into `track` (a target Tangent can play, valid data)
    Track track;
    int inputAccessor = -1;  // where the track came from, for a lossless save
    int outputAccessor = -1;
    bool edited = false;          // track differs from the file's (saved re-encoded); undo to it clears it
    std::string pointer() const;  // "/animations/A/channels/C", filled in by the loader
    // A weights channel's morph target names, from its node's mesh's extras.targetNames (Blender
    // and other exporters write them); empty when the file names none.
    std::vector<std::string> targetNames;
    // The node whose property the channel moves: target.node, or a /nodes/N/... pointer's N (-1 if none).
    int targetNode() const { return targetPointer.empty() ? node : pointerTarget.node; }
    int animation = -1;
};

// A component's name for people: x y z w for vectors, a morph weight's target name (else w0 w1
// ...), r g b a for a colour, "value" for the one number of another property.
std::string componentName(const Channel&, int component);

struct Animation {
    int index = -1;
    std::string name;
    std::vector<Channel> channels;
    double duration() const;  // last key time over all supported channels
    // The frames its keys are timed in, per second: the animation's extras[kFrameRateExtra] when
    // the file holds one, else the rate its key times sit on (detectFrameRate; 30 when they sit
    // on none). The editor sets it; a save writes it into extras only where the saved keys alone
    // would not tell it again, so an edit never changes the frame numbers a file reopens with.
    double frameRate = 30;
    // Whether the clip is meant to loop, so its ends are checked (tangent/loops.h): the
    // animation's extras[kLoopExtra] is true. The editor sets it; a save writes or removes it
    // where it differs from the file's.
    bool loops = false;
};

// The extras member that keeps an animation's frame rate (written by Tangent's saves).
inline constexpr const char* kFrameRateExtra = "TANGENT_frameRate";
// The rate an animation's JSON holds in extras[kFrameRateExtra], or 0 when it holds none that
// could be one (extras are anyone's to write): the loader takes it, the save compares with it.
double storedFrameRate(const Json& animation);
// The extras member that says an animation loops (true), so the editor checks its ends.
inline constexpr const char* kLoopExtra = "TANGENT_loop";

enum class FileFormat { Gltf, Glb };

enum class LoadMode {
    Strict,   // the first error in animation data throws FileError (the editor, sample, convert)
    Lenient,  // errors become findings and the channel is left unsupported (validate, inspect)
};

// Thrown by Document::load when its progress callback asked it to stop.
class LoadCancelled : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// Called now and then while a file loads with the fraction done (0 to 1); returning false
// stops the load (LoadCancelled). May be called from the loading thread.
using LoadProgress = std::function<bool(double fraction)>;

class Document {
public:
    // Reads a .gltf or .glb file. External buffers resolve only inside the file's folder.
    static Document load(const std::string& path, LoadMode mode = LoadMode::Strict, const LoadProgress& progress = {});
    // The same from bytes in memory; `baseDir` resolves external URIs ("" refuses them).
    static Document fromBytes(const std::vector<std::uint8_t>& bytes, const std::string& name,
                              const std::string& baseDir, LoadMode mode = LoadMode::Strict);

    // Reads a file as load() does, one channel at a time: each channel (supported or not, in
    // document order) is handed to `visit` as soon as it is decoded, and its keys are released
    // before the next is read. Buffers stay on disk; each accessor's bytes are read once. For
    // passes over a whole file (validate, inspect): memory stays at a channel a thread, not the file.
    // The result has every channel's metadata and kind but no keys, and no buffers: it cannot
    // be saved or edited (scanned() is true). A visited track's handle modes are not inferred
    // (all Aligned): they serve editing only. A visitor may take the channel's keys (move its
    // track out and leave another's arrays under the same interpolation, path, components and
    // kind): the scan decodes the next channel into whatever arrays it is left.
    using ChannelVisitor = std::function<void(const Document&, Channel&)>;
    // A scan may also check each supported channel's keys after its visit (`checkKeys`, given
    // the channel's place among the file's channels in document order, 0 on). A Lenient scan
    // then decodes on every thread parallelFor uses: the threads take turns at decoding and
    // visiting (one at a time, in document order), and each checks the keys it decoded while
    // another decodes the next channel, so that a channel's bytes are read, decoded and
    // checked on one core. checkKeys runs concurrently with other channels' checks and visits
    // and reads the channel alone. A Strict scan, or one thread, runs it after each visit.
    using KeyCheck = std::function<void(const Channel&, std::size_t place)>;
    static Document scan(const std::string& path, LoadMode mode, const ChannelVisitor& visit,
                         const KeyCheck& checkKeys = {});
    static Document scanBytes(const std::vector<std::uint8_t>& bytes, const std::string& name,
                              const std::string& baseDir, LoadMode mode, const ChannelVisitor& visit,
                              const KeyCheck& checkKeys = {});
    bool scanned() const { return scanned_; }
    // Where a scanned document's buffers are read from (null for a loaded one: see buffers()).
    const std::shared_ptr<detail::BufferSource>& streamedBuffers() const { return streamed_; }

    const std::string& fileName() const { return fileName_; }
    const std::string& baseDir() const { return baseDir_; }  // resolves external URIs
    FileFormat format() const { return format_; }
    const Json& json() const { return json_; }
    const std::vector<std::vector<std::uint8_t>>& buffers() const { return buffers_; }
    // Problems met while decoding (Lenient mode keeps going past errors).
    const Findings& loadFindings() const { return loadFindings_; }

    std::vector<Animation>& animations() { return animations_; }
    const std::vector<Animation>& animations() const { return animations_; }
    Channel* channel(int animation, int channel);
    const Channel* channel(int animation, int channel) const;

    // Replaces a channel's track (the edit API's single entry into the document).
    void setTrack(int animation, int channel, Track track);
    // Applies a patch to a channel's track in place, as setTrack would set the patched track
    // (the channel is marked edited), and turns the patch into its inverse (tangent/patch.h).
    void patchTrack(int animation, int channel, TrackPatch& patch);
    bool modified() const;

    std::string nodeName(int node) const;
    int morphTargetCount(int node) const;  // of the node's mesh, 0 if none

    // The builder's way in: a document from JSON and buffers made in memory.
    static Document fromParts(Json json, std::vector<std::vector<std::uint8_t>> buffers, const std::string& name,
                              LoadMode mode = LoadMode::Strict);

private:
    friend class DocumentLoader;
    friend class DocumentWriter;
    std::string fileName_;
    std::string baseDir_;
    FileFormat format_ = FileFormat::Gltf;
    bool scanned_ = false;
    std::shared_ptr<detail::BufferSource> streamed_;
    Json json_;
    std::vector<std::vector<std::uint8_t>> buffers_;
    std::vector<Animation> animations_;
    Findings loadFindings_;
};

struct SaveOptions {
    // FromExtension: .gltf or .glb (in any case); any other name is refused, not guessed.
    enum class Format { FromExtension, Gltf, Glb } format = Format::FromExtension;
    // For .gltf: put every buffer into the JSON as a data URI instead of a .bin beside it.
    bool embedBuffers = false;
};

// The format a save to `path` writes: the options' when they name one, else the extension's.
// Empty for another extension with Format::FromExtension (save() refuses it).
std::optional<FileFormat> saveFormat(const std::string& path, const SaveOptions& options = {});

// Writes `doc` to `path` atomically (nothing is replaced unless every file was written).
// Unedited data keeps its bytes; edited channels are re-encoded as float accessors, and the
// data they replaced leaves the file: its accessors take the new data or are left without
// bytes, and bufferViews nothing names any more are removed with their bytes.
//
// A .gltf with files beside it never replaces a file it was not asked to write:
// - saved in place (to the file it was loaded from), each external buffer keeps its URI and a
//   changed one is rewritten in that file; files that did not change are not written;
// - saved anywhere else, every buffer with bytes goes into a file named after the output, as
//   glTF-Transform names them (hero.gltf: hero.bin, then hero_1.bin, ...), never after the
//   source's file; external images are copied along under their own URI;
// - a buffer held in a data URI stays in one;
// - a file is written only where nothing is, or where the output's own file is (one that the
//   .gltf being replaced names, or the document saved in place); an image may also use an
//   existing file that holds exactly its bytes. Any other name is taken: the resource goes to
//   the next free one (NAME_1.EXT, NAME_2.EXT, ...) and its URI says so.
// Throws FileError naming the file when it cannot be written or its extension names no format.
void save(const Document& doc, const std::string& path, const SaveOptions& options = {});

// A track written in place of a channel's in one save; the document is left as it is.
struct TrackReplacement {
    int animation = -1;
    int channel = -1;
    // Of the channel's path and component count. A LINEAR or STEP track may come without
    // tangents and modes: the file stores neither.
    Track track;
};

// save() with each replacement written in place of its channel's track. Each is freed as soon as
// its bytes are in the output, so a command that rewrites every channel (convert) holds each
// result once, not as a track and again as the bytes to write.
void saveReplacing(const Document& doc, const std::string& path, std::vector<TrackReplacement> replacements,
                   const SaveOptions& options = {});

// The same, to bytes (the whole file, .glb or .gltf with embedded buffers).
std::vector<std::uint8_t> saveToBytes(const Document& doc, FileFormat format);

}  // namespace tangent
