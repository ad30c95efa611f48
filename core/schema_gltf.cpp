// The glTF 2.0 core schema as data: each object kind with its properties in the order the
// Khronos glTF-Validator reads them, and what each may hold (types, bounds, allowed values,
// what an index names). schema.cpp walks a document against it.
#include <limits>

#include "schema.h"

namespace tangent::detail {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kPi = 3.14159265358979323846;

SchemaProperty property(const char* name, SchemaType type) {
    SchemaProperty p;
    p.name = name;
    p.type = type;
    return p;
}

SchemaProperty required(SchemaProperty p) {
    p.required = true;
    return p;
}

SchemaProperty index(const char* name, SchemaRef ref) {
    SchemaProperty p = property(name, SchemaType::Index);
    p.ref = ref;
    return p;
}

// An index that does not make what it names used (UNUSED_OBJECT still reports it).
SchemaProperty unused(SchemaProperty p) {
    p.notMarkingUse = true;
    return p;
}

SchemaProperty indexList(const char* name, SchemaRef ref) {
    SchemaProperty p = property(name, SchemaType::IndexList);
    p.ref = ref;
    return p;
}

SchemaProperty integer(const char* name, double min = 0, double max = kInf) {
    SchemaProperty p = property(name, SchemaType::Integer);
    p.min = min;
    p.max = max;
    return p;
}

SchemaProperty integerOf(const char* name, std::vector<double> allowed) {
    SchemaProperty p = property(name, SchemaType::Integer);
    p.numbers = std::move(allowed);
    return p;
}

SchemaProperty number(const char* name, double min = -kInf, double max = kInf, bool exclusiveMin = false) {
    SchemaProperty p = property(name, SchemaType::Number);
    p.min = min;
    p.max = max;
    p.exclusiveMin = exclusiveMin;
    return p;
}

SchemaProperty positive(const char* name) {
    return number(name, 0, kInf, true);
}

SchemaProperty fraction(const char* name) {
    return number(name, 0, 1);
}

SchemaProperty byRule(const char* name, const SchemaObject* kind = nullptr) {
    SchemaProperty p = property(name, SchemaType::ByRule);
    p.object = kind;
    return p;
}

SchemaProperty numbers(const char* name, int length = 0, double min = -kInf, double max = kInf) {
    SchemaProperty p = property(name, SchemaType::NumberList);
    p.length = length;
    p.min = min;
    p.max = max;
    return p;
}

SchemaProperty string(const char* name, std::vector<std::string> allowed = {}) {
    SchemaProperty p = property(name, SchemaType::String);
    p.strings = std::move(allowed);
    return p;
}

SchemaProperty versionString(const char* name) {
    SchemaProperty p = string(name);
    p.version = true;
    return p;
}

SchemaProperty object(const char* name, const SchemaObject& kind) {
    SchemaProperty p = property(name, SchemaType::Object);
    p.object = &kind;
    return p;
}

SchemaProperty objects(const char* name, const SchemaObject& kind) {
    SchemaProperty p = property(name, SchemaType::ObjectList);
    p.object = &kind;
    return p;
}

// The kinds, each made once, in dependency order.
struct Kinds {
    SchemaObject asset{"asset",
                       {string("copyright"), string("generator"), required(versionString("version")),
                        versionString("minVersion")}};

    SchemaObject sparseIndices{"accessor.sparse.indices",
                               {required(index("bufferView", SchemaRef::BufferViews)), integer("byteOffset"),
                                required(integerOf("componentType", {5121, 5123, 5125}))}};
    SchemaObject sparseValues{"accessor.sparse.values",
                              {required(index("bufferView", SchemaRef::BufferViews)), integer("byteOffset")}};
    SchemaObject sparse{"accessor.sparse",
                        {required(integer("count", 1)), required(object("indices", sparseIndices)),
                         required(object("values", sparseValues))}};
    SchemaObject accessor{
            "accessor",
            {index("bufferView", SchemaRef::BufferViews), integer("byteOffset"),
             required(integerOf("componentType", {5120, 5121, 5122, 5123, 5125, 5126})), required(integer("count", 1)),
             required(string("type", {"SCALAR", "VEC2", "VEC3", "VEC4", "MAT2", "MAT3", "MAT4"})),
             property("normalized", SchemaType::Boolean), numbers("max"), numbers("min"), object("sparse", sparse)}};

    SchemaObject target{"animation.channel.target",
                        {index("node", SchemaRef::Nodes),
                         required(string("path", {"translation", "rotation", "scale", "weights"}))}};
    SchemaObject channel{
            "animation.channel",
            {required(index("sampler", SchemaRef::AnimationSamplers)), required(object("target", target))}};
    SchemaObject animationSampler{
            "animation.sampler",
            {required(index("input", SchemaRef::Accessors)), string("interpolation", {"LINEAR", "STEP", "CUBICSPLINE"}),
             required(index("output", SchemaRef::Accessors))}};
    SchemaObject animation{"animation",
                           {required(objects("channels", channel)), required(objects("samplers", animationSampler))}};

    SchemaObject buffer{"buffer", {string("uri"), required(integer("byteLength", 1))}};
    SchemaObject bufferView{
            "bufferView",
            {required(index("buffer", SchemaRef::Buffers)), integer("byteOffset"), required(integer("byteLength", 1)),
             integer("byteStride", 4, 252), integerOf("target", {34962, 34963})}};

    SchemaObject orthographic{"camera.orthographic",
                              {required(number("xmag")), required(number("ymag")),
                               required(number("zfar", 0, kInf, true)), required(number("znear", 0))}};
    SchemaObject perspective{"camera.perspective",
                             {number("aspectRatio", 0, kInf, true), required(number("yfov", 0, kInf, true)),
                              number("zfar", 0, kInf, true), required(number("znear", 0, kInf, true))}};
    SchemaObject camera{"camera",
                        {required(string("type", {"perspective", "orthographic"})),
                         object("orthographic", orthographic), object("perspective", perspective)}};

    SchemaObject image{"image",
                       {index("bufferView", SchemaRef::BufferViews), string("mimeType", {"image/jpeg", "image/png"}),
                        string("uri")}};

    SchemaObject textureInfo{"textureInfo", {required(index("index", SchemaRef::Textures)), integer("texCoord")}};
    SchemaObject normalTextureInfo{
            "normalTextureInfo", {required(index("index", SchemaRef::Textures)), integer("texCoord"), number("scale")}};
    SchemaObject occlusionTextureInfo{
            "occlusionTextureInfo",
            {required(index("index", SchemaRef::Textures)), integer("texCoord"), number("strength", 0, 1)}};
    SchemaObject pbrMetallicRoughness{"material.pbrMetallicRoughness",
                                      {numbers("baseColorFactor", 4, 0, 1), object("baseColorTexture", textureInfo),
                                       number("metallicFactor", 0, 1), number("roughnessFactor", 0, 1),
                                       object("metallicRoughnessTexture", textureInfo)}};
    SchemaObject material{
            "material",
            {object("pbrMetallicRoughness", pbrMetallicRoughness), object("normalTexture", normalTextureInfo),
             object("occlusionTexture", occlusionTextureInfo), object("emissiveTexture", textureInfo),
             numbers("emissiveFactor", 3, 0, 1), string("alphaMode", {"OPAQUE", "MASK", "BLEND"}),
             number("alphaCutoff", 0), property("doubleSided", SchemaType::Boolean)}};

    SchemaObject primitive{"mesh.primitive", {}};
    SchemaObject mesh{"mesh", {required(objects("primitives", primitive)), numbers("weights")}};

    SchemaObject node{
            "node",
            {index("camera", SchemaRef::Cameras), indexList("children", SchemaRef::Nodes),
             index("skin", SchemaRef::Skins), numbers("matrix", 16), index("mesh", SchemaRef::Meshes),
             numbers("rotation", 4, -1, 1), numbers("scale", 3), numbers("translation", 3), numbers("weights")}};

    SchemaObject sampler{
            "sampler",
            {integerOf("magFilter", {9728, 9729}), integerOf("minFilter", {9728, 9729, 9984, 9985, 9986, 9987}),
             integerOf("wrapS", {33071, 33648, 10497}), integerOf("wrapT", {33071, 33648, 10497})}};
    SchemaObject scene{"scene", {indexList("nodes", SchemaRef::Nodes)}};
    SchemaObject skin{"skin",
                      {index("inverseBindMatrices", SchemaRef::Accessors), unused(index("skeleton", SchemaRef::Nodes)),
                       required(indexList("joints", SchemaRef::Nodes))}};
    SchemaObject texture{"texture", {index("sampler", SchemaRef::Samplers), index("source", SchemaRef::Images)}};

    // Extensions' objects (the validator's 2.0.0-dev.3.10 reads these).
    SchemaObject lightSpot{"KHR_lights_punctual.light.spot", {}};
    SchemaObject light{"KHR_lights_punctual.light",
                       {numbers("color", 3, 0, 1), number("intensity", 0), byRule("spot", &lightSpot),
                        required(string("type", {"directional", "point", "spot"})), positive("range")}};
    SchemaObject lights{"KHR_lights_punctual", {required(objects("lights", light))}};
    SchemaObject nodeLight{"KHR_lights_punctual.node", {required(index("light", SchemaRef::Lights))}};

    SchemaObject anisotropy{
            "KHR_materials_anisotropy",
            {fraction("anisotropyStrength"), number("anisotropyRotation"), object("anisotropyTexture", textureInfo)}};
    SchemaObject clearcoat{
            "KHR_materials_clearcoat",
            {fraction("clearcoatFactor"), object("clearcoatTexture", textureInfo), fraction("clearcoatRoughnessFactor"),
             object("clearcoatRoughnessTexture", textureInfo), object("clearcoatNormalTexture", normalTextureInfo)}};
    SchemaObject dispersion{"KHR_materials_dispersion", {number("dispersion", 0)}};
    SchemaObject emissiveStrength{"KHR_materials_emissive_strength", {number("emissiveStrength", 0)}};
    SchemaObject ior{"KHR_materials_ior", {}};
    SchemaObject iridescence{
            "KHR_materials_iridescence",
            {fraction("iridescenceFactor"), object("iridescenceTexture", textureInfo), number("iridescenceIor", 1),
             number("iridescenceThicknessMinimum", 0), number("iridescenceThicknessMaximum", 0),
             object("iridescenceThicknessTexture", textureInfo)}};
    SchemaObject specularGlossiness{"KHR_materials_pbrSpecularGlossiness",
                                    {numbers("diffuseFactor", 4, 0, 1), object("diffuseTexture", textureInfo),
                                     numbers("specularFactor", 3, 0, 1), fraction("glossinessFactor"),
                                     object("specularGlossinessTexture", textureInfo)}};
    SchemaObject sheen{"KHR_materials_sheen",
                       {numbers("sheenColorFactor", 3, 0, 1), object("sheenColorTexture", textureInfo),
                        fraction("sheenRoughnessFactor"), object("sheenRoughnessTexture", textureInfo)}};
    SchemaObject specular{"KHR_materials_specular",
                          {fraction("specularFactor"), object("specularTexture", textureInfo),
                           numbers("specularColorFactor", 3, 0), object("specularColorTexture", textureInfo)}};
    SchemaObject transmission{"KHR_materials_transmission",
                              {fraction("transmissionFactor"), object("transmissionTexture", textureInfo)}};
    SchemaObject unlit{"KHR_materials_unlit", {}};
    SchemaObject volume{"KHR_materials_volume",
                        {numbers("attenuationColor", 3, 0, 1), positive("attenuationDistance"),
                         number("thicknessFactor", 0), object("thicknessTexture", textureInfo)}};

    SchemaObject variant{"KHR_materials_variants.variant", {required(string("name"))}};
    SchemaObject variants{"KHR_materials_variants", {required(objects("variants", variant))}};
    SchemaObject mapping{"KHR_materials_variants.mapping",
                         {required(indexList("variants", SchemaRef::Variants)),
                          required(index("material", SchemaRef::Materials)), string("name")}};
    SchemaObject primitiveVariants{"KHR_materials_variants.primitive", {required(objects("mappings", mapping))}};

    SchemaObject textureTransform{"KHR_texture_transform",
                                  {numbers("offset", 2), number("rotation"), numbers("scale", 2), integer("texCoord")}};
    SchemaObject webp{"EXT_texture_webp", {index("source", SchemaRef::Images)}};

    std::vector<SchemaExtension> extensions;

    SchemaObject root{"gltf", {}};

    Kinds() {
        // The spot's bounds are exclusive at the open ends of the cone.
        SchemaProperty inner = number("innerConeAngle", 0, kPi / 2);
        inner.exclusiveMax = true;
        lightSpot.properties = {inner, number("outerConeAngle", 0, kPi / 2, true)};
        SchemaProperty iorValue = number("ior", 1);
        iorValue.zeroAllowed = true;
        ior.properties = {iorValue};
        extensions = {
                {"EXT_texture_webp", {{"texture", &webp}}},
                {"KHR_animation_pointer", {{"animation.channel.target", nullptr}}},
                {"KHR_lights_punctual", {{"gltf", &lights}, {"node", &nodeLight}}},
                {"KHR_materials_anisotropy", {{"material", &anisotropy}}},
                {"KHR_materials_clearcoat", {{"material", &clearcoat}}},
                {"KHR_materials_dispersion", {{"material", &dispersion}}},
                {"KHR_materials_emissive_strength", {{"material", &emissiveStrength}}},
                {"KHR_materials_ior", {{"material", &ior}}},
                {"KHR_materials_iridescence", {{"material", &iridescence}}},
                {"KHR_materials_pbrSpecularGlossiness", {{"material", &specularGlossiness}}},
                {"KHR_materials_sheen", {{"material", &sheen}}},
                {"KHR_materials_specular", {{"material", &specular}}},
                {"KHR_materials_transmission", {{"material", &transmission}}},
                {"KHR_materials_unlit", {{"material", &unlit}}},
                {"KHR_materials_variants", {{"gltf", &variants}, {"mesh.primitive", &primitiveVariants}}},
                {"KHR_materials_volume", {{"material", &volume}}},
                {"KHR_mesh_quantization", {}, true},
                {"KHR_texture_transform",
                 {{"textureInfo", &textureTransform},
                  {"normalTextureInfo", &textureTransform},
                  {"occlusionTextureInfo", &textureTransform}}},
        };
        SchemaProperty attributes = property("attributes", SchemaType::IndexMap);
        attributes.required = true;
        attributes.ref = SchemaRef::Accessors;
        SchemaProperty targets = property("targets", SchemaType::IndexMapList);
        targets.ref = SchemaRef::Accessors;
        primitive.properties = {attributes, index("indices", SchemaRef::Accessors),
                                index("material", SchemaRef::Materials), integer("mode", 0, 6), targets};
        SchemaProperty extensionsUsed = property("extensionsUsed", SchemaType::StringList);
        SchemaProperty extensionsRequired = property("extensionsRequired", SchemaType::StringList);
        root.properties = {extensionsUsed,
                           extensionsRequired,
                           objects("accessors", accessor),
                           objects("animations", animation),
                           required(object("asset", asset)),
                           objects("buffers", buffer),
                           objects("bufferViews", bufferView),
                           objects("cameras", camera),
                           objects("images", image),
                           objects("materials", material),
                           objects("meshes", mesh),
                           objects("nodes", node),
                           objects("samplers", sampler),
                           index("scene", SchemaRef::Scenes),
                           objects("scenes", scene),
                           objects("skins", skin),
                           objects("textures", texture)};
    }
};

const Kinds& kinds() {
    static const Kinds made;
    return made;
}

}  // namespace

const SchemaObject& gltfSchema() {
    return kinds().root;
}

const std::vector<SchemaExtension>& knownExtensions() {
    return kinds().extensions;
}

const SchemaExtension* knownExtension(const std::string& name) {
    for (const SchemaExtension& e : knownExtensions())
        if (name == e.name) return &e;
    return nullptr;
}

}  // namespace tangent::detail
