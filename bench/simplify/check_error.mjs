// The benchmark's independent error check: how far a simplified file's played animation is from
// its source's, evaluated here per the glTF 2.0 spec (not with Tangent's evaluator).
//
//   node check_error.mjs SOURCE SIMPLIFIED [--samples N] [--json]
//
// Channels are matched by animation, node name and path (index where a name is missing). Both
// curves are evaluated at every source key and at N points (default 64) on every interval
// between the key times of either file, clamped outside their ranges as players do. Errors are
// in Tangent's units: translation distance, rotation degrees 2 acos|q1.q2| of the normalized
// quaternions, scale per component |a-b| / max(1,|a|,|b|), weights per component |a-b|.
import { openIO } from './gltf.mjs';
import { Player, error, readTrack } from './evaluate.mjs';

const args = process.argv.slice(2);
let samples = 64;
let json = false;
const files = [];
for (let i = 0; i < args.length; ++i) {
    if (args[i] === '--samples') samples = Number(args[++i]);
    else if (args[i] === '--json') json = true;
    else files.push(args[i]);
}
if (files.length !== 2 || !(samples >= 2)) {
    console.error('usage: node check_error.mjs SOURCE SIMPLIFIED [--samples N] [--json]');
    process.exit(64);
}

function channelsByKey(document) {
    const map = new Map();
    document.getRoot().listAnimations().forEach((animation, ai) => {
        animation.listChannels().forEach((channel, ci) => {
            const node = channel.getTargetNode();
            const nodeName = node?.getName() || `#${document.getRoot().listNodes().indexOf(node)}`;
            const key = `${animation.getName() || '#' + ai}/${nodeName}/${channel.getTargetPath()}`;
            map.set(map.has(key) ? `${key}@${ci}` : key, channel);
        });
    });
    return map;
}

function compare(source, result) {
    const a = new Player(source), b = new Player(result);
    const worst = { atKeys: 0, atKeysTime: 0, anywhere: 0, anywhereTime: 0 };
    for (const t of source.times) {
        const e = error(source.path, a.at(t), b.at(t));
        if (e > worst.atKeys) Object.assign(worst, { atKeys: e, atKeysTime: t });
    }
    // Every key time of either, then `samples` points on each interval between them.
    const merged = Float64Array.from([...source.times, ...result.times]).sort();
    const first = new Player(source), second = new Player(result);
    for (let j = 0; j + 1 < merged.length; ++j) {
        const t0 = merged[j], t1 = merged[j + 1];
        if (t1 <= t0) continue;
        for (let s = 0; s <= samples; ++s) {
            const t = t0 + ((t1 - t0) * s) / samples;
            const e = error(source.path, first.at(t), second.at(t));
            if (e > worst.anywhere) Object.assign(worst, { anywhere: e, anywhereTime: t });
        }
    }
    worst.anywhere = Math.max(worst.anywhere, worst.atKeys);
    return worst;
}

const io = await openIO();
const [sourceDoc, resultDoc] = await Promise.all(files.map((f) => io.read(f)));
const sourceChannels = channelsByKey(sourceDoc), resultChannels = channelsByKey(resultDoc);
const perPath = {};
const missing = [];
for (const [key, channel] of sourceChannels) {
    const other = resultChannels.get(key);
    if (!other) { missing.push(key); continue; }
    const worst = compare(readTrack(channel), readTrack(other));
    const path = channel.getTargetPath();
    const p = (perPath[path] ??= { channels: 0, atKeys: 0, anywhere: 0, worstAtKeys: '', worstAnywhere: '' });
    p.channels++;
    if (worst.atKeys >= p.atKeys) Object.assign(p, { atKeys: worst.atKeys, worstAtKeys: `${key} t=${worst.atKeysTime}` });
    if (worst.anywhere >= p.anywhere) Object.assign(p, { anywhere: worst.anywhere, worstAnywhere: `${key} t=${worst.anywhereTime}` });
}
const extra = [...resultChannels.keys()].filter((k) => !sourceChannels.has(k));
const report = { source: files[0], result: files[1], samples, paths: perPath, missing, extra };
if (json) {
    console.log(JSON.stringify(report));
} else {
    for (const [path, p] of Object.entries(perPath))
        console.log(`${path}: ${p.channels} channels, max at source keys ${p.atKeys.toExponential(3)} (${p.worstAtKeys}), anywhere ${p.anywhere.toExponential(3)} (${p.worstAnywhere})`);
    if (missing.length) console.log(`missing in ${files[1]}: ${missing.join(', ')}`);
    if (extra.length) console.log(`only in ${files[1]}: ${extra.join(', ')}`);
}
process.exit(missing.length ? 1 : 0);
