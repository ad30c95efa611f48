#!/usr/bin/env node
// The errors `tangent simplify --strict` and `tangent diff` report, confirmed by an evaluator
// written outside core/ (bench/simplify/evaluate.mjs: the glTF 2.0 spec's sampling in
// JavaScript, on the files as glTF-Transform reads them).
//
//   node confirm_errors.mjs --tangent EXE --work DIR
//
// Inputs: two Blender exports (tests/data/blender, CUBICSPLINE) and gltfpack's 30 Hz resampling
// of each, and glTF-Transform's LINEAR bakes (bench/simplify/make_crafted.mjs at 30 fps). The
// resamplings and the bakes are simplified with --strict; diff compares each export with its
// resampling and with the simplified resampling, and each bake with its simplified self. For every channel the CLI reports an error for:
//   - at the reported time the evaluator finds at least the reported error, less float slack
//     (the CLI did find that much there);
//   - sampling densely (every key of either side and 64 points between neighbouring ones, the
//     clamped ends included) finds no error above the reported one plus that slack (nothing
//     bigger was missed). Where the CLI says it measured only at samples (a bake's segments),
//     the bound is checked at the reference's keys, which every measure includes.
// Every file written here passes the Khronos validator. One line per failure, then a summary;
// exit 0 all confirmed, 1 a failure, 2 something needed is missing.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BENCH = path.join(ROOT, 'bench/simplify');
const SAMPLES_PER_INTERVAL = 64;
// Float slack between Tangent's evaluation and this double one of the same data, absolute in
// the path's unit plus relative to the reported error. Tangent holds decoded values as floats
// (a relative 6e-8): a quaternion's dot product moves by that much, and the angle 2 acos|dot|
// by 2 * 6e-8 / sin(angle / 2), a relative 1e-5 at 8 degrees (gltfpack's shorts, measured).
const SLACK = { translation: 1e-6, rotation: 1e-4, scale: 1e-6, weights: 1e-6 };
const RELATIVE_SLACK = { translation: 1e-6, rotation: 3e-5, scale: 1e-6, weights: 1e-6 };

function fail(message) {
    process.stderr.write(`confirm_errors: ${message}\n`);
    process.exit(2);
}

const args = process.argv.slice(2);
const option = (name) => {
    const i = args.indexOf(name);
    if (i < 0 || i + 1 >= args.length) fail(`usage: confirm_errors.mjs --tangent EXE --work DIR (${name} is missing)`);
    return args[i + 1];
};
const tangent = option('--tangent');
const work = path.resolve(option('--work'));
if (!fs.existsSync(tangent)) fail(`the tangent executable ${tangent} does not exist (build it first)`);
for (const dir of ['tools/corpus/node_modules', 'tools/validator/node_modules'])
    if (!fs.existsSync(path.join(ROOT, dir))) fail(`${dir} is missing: run "npm ci" in ${path.dirname(dir)} (or ./dev.sh setup)`);

const { openIO } = await import(path.join(BENCH, 'gltf.mjs'));
const { Player, error, readTrack } = await import(path.join(BENCH, 'evaluate.mjs'));

function run(program, programArgs) {
    const r = spawnSync(program, programArgs, { encoding: 'utf8', maxBuffer: 1 << 28 });
    if (r.error) fail(`${program} cannot be run (${r.error.message}): is it installed? (./dev.sh setup)`);
    return r;
}

// ---------------------------------------------------------------------------------------------
// The inputs, written by other tools.

fs.rmSync(work, { recursive: true, force: true });
const inputs = path.join(work, 'inputs');
const outputs = path.join(work, 'outputs');
fs.mkdirSync(inputs, { recursive: true });
fs.mkdirSync(outputs, { recursive: true });

const crafted = run('node', [path.join(BENCH, 'make_crafted.mjs'), inputs, '--fps', '30']);
if (crafted.status !== 0) fail(`make_crafted.mjs failed: ${crafted.stderr}`);
const blender = ['smooth_trs_1', 'multi_object_1'].map((n) => path.join(ROOT, 'tests/data/blender', `${n}.glb`));
const bakes = ['sine', 'rotation', 'pulses', 'steps'].map((n) => path.join(inputs, `crafted_${n}_30.glb`));
// gltfpack's 30 Hz LINEAR resampling of each export (rotations as normalized shorts): the
// exports' own few CUBICSPLINE keys leave simplify nothing to do.
const packed = blender.map((file) => {
    const out = path.join(inputs, path.basename(file).replace(/\.glb$/, '.gltfpack.glb'));
    const pack = run('gltfpack', ['-i', file, '-o', out]);
    if (pack.status !== 0) fail(`gltfpack failed: ${pack.stderr}`);
    return out;
});

const failures = [];
const written = [...bakes, ...packed];
let confirmed = 0;
const worstGap = { below: 0, above: 0 }; // largest reported - found at its time; largest dense - reported

const io = await openIO();
const documents = new Map();
async function channelTrack(file, animation, channel) {
    if (!documents.has(file)) documents.set(file, await io.read(file));
    const c = documents.get(file).getRoot().listAnimations()[animation]?.listChannels()[channel];
    if (!c) throw new Error(`${path.basename(file)} has no channel ${animation}:${channel}`);
    return readTrack(c);
}

// Checks one reported error of `result` against `reference`.
function confirm(what, reference, result, reported, at, measure) {
    const p = reference.path;
    if (!(p in SLACK)) {
        failures.push(`${what}: path ${p} has no slack here`);
        return;
    }
    const slack = SLACK[p] + RELATIVE_SLACK[p] * reported;
    const found = error(p, new Player(reference).at(at), new Player(result).at(at));
    worstGap.below = Math.max(worstGap.below, reported - found);
    if (found < reported - slack)
        failures.push(`${what}: reported ${reported} at ${at} s, the evaluator finds only ${found} there`);

    let times;
    if (measure === undefined || measure === null || measure === 'everywhere') {
        const keys = Float64Array.from([...reference.times, ...result.times]).sort();
        times = [keys[0] - 1, keys[keys.length - 1] + 1]; // clamped ends
        for (let j = 0; j + 1 < keys.length; ++j) {
            if (!(keys[j + 1] > keys[j])) continue;
            for (let s = 0; s < SAMPLES_PER_INTERVAL; ++s) times.push(keys[j] + ((keys[j + 1] - keys[j]) * s) / SAMPLES_PER_INTERVAL);
        }
        times.push(keys[keys.length - 1]);
        times.sort((x, y) => x - y);
    } else if (measure === 'at samples' || measure === 'mixed') {
        times = Array.from(reference.times);
    } else {
        failures.push(`${what}: unknown measure '${measure}'`);
        return;
    }
    const a = new Player(reference), b = new Player(result);
    let worst = 0, worstAt = 0;
    for (const t of times) {
        const e = error(p, a.at(t), b.at(t));
        if (e > worst) [worst, worstAt] = [e, t];
    }
    worstGap.above = Math.max(worstGap.above, worst - reported);
    if (worst > reported + slack)
        failures.push(`${what}: reported at most ${reported}, the evaluator finds ${worst} at ${worstAt} s`);
    confirmed++;
}

function json(r, what) {
    try {
        return JSON.parse(r.stdout);
    } catch {
        failures.push(`${what}: no JSON (exit ${r.status}): ${r.stderr.trim()}`);
        return null;
    }
}

async function checkDiff(a, b) {
    const what = `diff ${path.basename(a)} ${path.basename(b)}`;
    const r = run(tangent, ['diff', a, b, '--json']);
    const report = json(r, what);
    if (!report) return;
    if (!report.channels?.length) failures.push(`${what}: no channel compared`);
    for (const c of report.channels ?? []) {
        const name = `${what} · ${c.nodeName} ${c.path}`;
        if (!c.compared) {
            failures.push(`${name}: not compared (${c.notCompared})`);
            continue;
        }
        const reference = await channelTrack(a, c.a.animation, c.a.channel);
        const result = await channelTrack(b, c.b.animation, c.b.channel);
        confirm(name, reference, result, c.maxError, c.at, c.measure);
    }
}

// Simplifies `input` (--strict), checks what it reports and the diff of `input` and each of
// `references` (files the input was made from) against the result. Returns the result. The
// animation data never grows. `mustChange`: some channel must be simplified (gltfpack's bakes
// share one input accessor among all channels, so a channel rewritten alone saves only its
// values: --strict fits of its 30 Hz bakes are not smaller, and the file keeps them).
async function checkSimplify(input, references = [], mustChange = true) {
    const output = path.join(outputs, path.basename(input).replace(/\.glb$/, '.simplified.glb'));
    const what = `simplify --strict ${path.basename(input)}`;
    const r = run(tangent, ['simplify', input, '-o', output, '--strict', '--json']);
    if (r.status !== 0) {
        failures.push(`${what}: exit ${r.status}: ${r.stderr.trim()}`);
        return;
    }
    written.push(output);
    const report = json(r, what);
    if (!report) return;
    const changed = (report.channels ?? []).filter((c) => c.changed);
    if (mustChange && changed.length === 0) failures.push(`${what}: no channel simplified, nothing to confirm`);
    if (!(report.bytes.after <= report.bytes.before))
        failures.push(`${what}: animation data grew from ${report.bytes.before} to ${report.bytes.after} bytes`);
    for (const c of changed) {
        const name = `${what} · ${c.nodeName} ${c.path}`;
        const reference = await channelTrack(input, c.animation, c.channel);
        const result = await channelTrack(output, c.animation, c.channel);
        confirm(name, reference, result, c.maxError, c.at, c.measure);
        // --strict measures everywhere: what it reports is the error anywhere.
        if (Math.abs(c.maxErrorAnywhere - c.maxError) > SLACK[c.path] + RELATIVE_SLACK[c.path] * c.maxError)
            failures.push(`${name}: --strict reports ${c.maxError}, but ${c.maxErrorAnywhere} anywhere`);
    }
    for (const reference of [input, ...references]) await checkDiff(reference, output);
}

for (let i = 0; i < blender.length; i++) {
    await checkDiff(blender[i], packed[i]);
    await checkSimplify(packed[i], [blender[i]], false);
}
for (const input of bakes) await checkSimplify(input);

const validation = run('node', [path.join(ROOT, 'tools/validator/validate.mjs'), ...written]);
if (validation.status !== 0) failures.push(`Khronos validator:\n${validation.stdout}${validation.stderr}`);

failures.forEach((f) => process.stdout.write(`${f}\n`));
process.stdout.write(
    `confirm_errors ${failures.length ? 'FAILED' : 'passed'}: ${confirmed} reported errors checked on ${written.length} written ` +
        `files, ${failures.length} failures; largest reported - found at its time ${worstGap.below.toExponential(2)}, ` +
        `largest found - reported ${worstGap.above.toExponential(2)}\n`,
);
process.exitCode = failures.length ? 1 : 0;
