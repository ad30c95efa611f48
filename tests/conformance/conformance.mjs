#!/usr/bin/env node
// Conformance of `tangent validate` and `tangent convert --to keep` with the pinned Khronos
// glTF-Validator, over the corpus that tools/corpus/make_corpus.mjs writes.
//
// Usage: node conformance.mjs --tangent EXE --corpus DIR [--check findings|resave|all]
//                             [--work DIR] [--report FILE] [FILE...]
//
//   findings  every issue the Khronos validator reports must come from Tangent too (same code,
//             severity, JSON pointer, as many times; NOT_COMPARED lists the one code about the
//             validator itself); Tangent reports no other non-TANGENT_ code; the verdicts agree:
//             a file gets a Tangent error exactly when it gets a Khronos error.
//   resave    every file with no Khronos error that Tangent can open is re-saved with
//             `tangent convert IN -o OUT --to keep` (.glb, and .gltf for .gltf inputs); OUT has no
//             Khronos error, the same accessor elements (bit for bit) and the same JSON apart from
//             where the data lives.
// FILE... limits the run to those corpus files (paths as printed, relative to the corpus).
// One line per disagreement on stdout, then a summary. Exit 0 when all agree, 1 on any
// disagreement, 2 when something needed is missing.

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

// Every exclusion is an entry here, with its reason; an entry that excuses nothing in a run over
// the whole corpus is itself a disagreement, so the lists stay true.
//
// Deliberate differences from the Khronos validator: { file: RegExp, code, pointer, reason }.
// Only where Tangent is right, or deliberately stricter; otherwise Tangent gets fixed.
const REFUSED_AS_NOT_GLTF_2 =
    'Tangent reads no further than an asset that does not say glTF 2.x or JSON that is not an object: one ' +
    'TANGENT_FILE_UNLOADABLE error naming the place stands for the schema findings (both verdicts: errors).';
const EXCEPTIONS = [
    { file: /^base\/data\/asset\/empty_array\.gltf$/, code: 'UNDEFINED_PROPERTY', pointer: '/asset', reason: REFUSED_AS_NOT_GLTF_2 },
    { file: /^base\/data\/asset\/1_0_version\.gltf$/, code: 'UNKNOWN_ASSET_MAJOR_VERSION', pointer: '/asset/version', reason: REFUSED_AS_NOT_GLTF_2 },
    { file: /^base\/data\/asset\/invalid_version\.gltf$/, code: 'PATTERN_MISMATCH', pointer: '/asset/version', reason: REFUSED_AS_NOT_GLTF_2 },
    { file: /^base\/data\/glb\/empty_json_object\.glb$/, code: 'UNDEFINED_PROPERTY', pointer: '/', reason: REFUSED_AS_NOT_GLTF_2 },
    { file: /^base\/data\/root\/empty_object\.gltf$/, code: 'UNDEFINED_PROPERTY', pointer: '/', reason: REFUSED_AS_NOT_GLTF_2 },
    { file: /^base\/data\/json\/invalid_object\.gltf$/, code: 'TYPE_MISMATCH', pointer: '', reason: REFUSED_AS_NOT_GLTF_2 },
    // every finding of such a file: Tangent reads none of the rest
    { file: /^wholefile\/.*_(version|asset)-(retyped|null)\.gl(b|tf)$/, code: /^/, pointer: /^/, reason: REFUSED_AS_NOT_GLTF_2 },
    {
        file: /^wholefile\/.*_bufferView-grown\.gl(b|tf)$/,
        // every code the validator finds in accessor values
        code: /^ACCESSOR_(INVALID_FLOAT|(MIN|MAX)_MISMATCH|ELEMENT_OUT_OF_(MIN|MAX)_BOUND|ANIMATION_INPUT_NON_INCREASING|ANIMATION_INPUT_NEGATIVE|ANIMATION_SAMPLER_OUTPUT_NON_NORMALIZED_QUATERNION)$/,
        pointer: /^\/(accessors|animations)\//,
        reason: 'a bufferView that runs past its buffer (BUFFER_VIEW_TOO_LONG, an error to both): the validator still ' +
            'reads the accessors inside it from whatever bytes the buffer has, Tangent reads no data through a view ' +
            'the file declares broken (a choice: the values are the shifted bytes of other data).',
    },
    {
        file: /^wholefile\//,
        extension: 'EXT_meshopt_compression', // in the file's extensionsUsed
        rare: true, // seen with more mutations than CI makes (WHOLEFILE_PER_FILE, WHOLEFILE_SEED): may excuse nothing
        code: /^ACCESSOR_(INVALID_FLOAT|(MIN|MAX)_MISMATCH|ELEMENT_OUT_OF_(MIN|MAX)_BOUND|ANIMATION_INPUT_NON_INCREASING|ANIMATION_INPUT_NEGATIVE|ANIMATION_SAMPLER_OUTPUT_NON_NORMALIZED_QUATERNION)$/,
        pointer: /^\/(accessors|animations)\//,
        reason: 'data the validator cannot read: it does not decode EXT_meshopt_compression (and the uncompressed ' +
            'fallback buffer gltfpack names is not there), Tangent decodes it and checks the values, which a ' +
            'mutation of the compressed views or of an accessor reading them has made wrong.',
    },
    ...['NODE_EMPTY', 'UNUSED_OBJECT'].map((code) => ({
        file: /^wholefile\/.*_sampler-(retyped|null)\.gl(b|tf)$/,
        code,
        pointer: /^\/(animations\/(\d+\/channels\/)?)?([A-Za-z]+|animations\/\d+\/samplers)\/\d+$/,
        reason: "after a channel's sampler that is not an integer, the validator names what it finds next under " +
            'that animation (/animations/nodes/0 for /nodes/0): its path is left pointing there. Tangent names the ' +
            'objects themselves.',
    })),
    {
        file: /^base\/data\/animation\/empty_objects\.gltf$/,
        code: 'UNUSED_OBJECT',
        pointer: '/animations/2/channels/0/samplers/0',
        reason: 'the validator names the unused sampler /animations/2/samplers/0 under the channel before it (its ' +
            'path is left pointing into a channel without a sampler); Tangent names the sampler',
    },
    {
        file: /^base\/data\/animation\/empty_objects\.gltf$/,
        code: 'UNUSED_OBJECT',
        pointer: '/animations/2/samplers/0',
        reason: 'the same sampler, named where it is (the entry above)',
    },
    {
        file: /^fuzz\/glb_bin_chunk_length_overflow\.glb$/,
        code: 'NODE_EMPTY',
        pointer: '/nodes/0',
        reason: 'a GLB whose BIN chunk runs past the file: Tangent stops at the container errors (the file is not ' +
            'checked, exit 2), where the validator goes on to read the JSON chunk',
    },
    {
        file: /^fuzz\/deep_json\.gltf$/,
        code: 'NON_OBJECT_EXTRAS',
        pointer: '/extras',
        reason: 'JSON nested deeper than Tangent reads (the entry below): not read, so not schema-checked.',
    },
    {
        file: /^fuzz\/deep_json\.gltf$/,
        code: 'TANGENT_FILE_UNLOADABLE',
        pointer: '',
        reason: 'Tangent refuses JSON nested deeper than 256 levels (5000 here): copies and comparisons of ' +
            'nlohmann::json recurse, and a bound keeps a hostile file from exhausting the stack.',
    },
];

// Khronos codes under /animations that say something about the validator, not about the file:
// not compared. { code, reason }.
const NOT_COMPARED = [
    {
        code: 'INCOMPLETE_EXTENSION_SUPPORT',
        reason: 'the validator saying it does not check everything KHR_animation_pointer defines (an info at ' +
            'each pointer object): a fact about the validator',
    },
];

// Khronos-valid files the re-save check leaves out: { file: RegExp, code, reason }, code being the
// Tangent finding that keeps the file from being opened for a save. Any other Khronos-valid file
// that Tangent does not open fails the check.
const RESAVE_EXCLUSIONS = [
    {
        file: /^fuzz\/deep_json\.gltf$/,
        code: 'TANGENT_FILE_UNLOADABLE',
        reason: 'JSON nested deeper than Tangent reads (the deliberate difference EXCEPTIONS lists): nothing to save.',
    },
    {
        file: /^fuzz\/uri_escape_absolute\.gltf$/,
        code: 'TANGENT_BUFFER_UNREAD',
        reason: "a buffer at '/etc/passwd': Tangent reads no file outside the asset's folder (the validator here " +
            'reads what it is given), and convert refuses to write a file whose buffer it could not carry along.',
    },
];

const KHRONOS_SEVERITY = ['error', 'warning', 'info', 'hint'];
const TANGENT_BATCH = 40; // files per `tangent validate` call
const KHRONOS_TIMEOUT_MS = 60000;

// ---------------------------------------------------------------------------------------------
// Set-up: the tools, each one failing loudly when missing.

function fail(message) {
    process.stderr.write(`conformance: ${message}\n`);
    process.exit(2);
}

function parseArgs(argv) {
    const opts = { check: 'all', files: [] };
    for (let i = 0; i < argv.length; i++) {
        const arg = argv[i];
        const value = () => {
            if (i + 1 >= argv.length) fail(`${arg} needs a value`);
            return argv[++i];
        };
        if (arg === '--tangent') opts.tangent = value();
        else if (arg === '--corpus') opts.corpus = value();
        else if (arg === '--check') opts.check = value();
        else if (arg === '--work') opts.work = value();
        else if (arg === '--report') opts.report = value();
        else if (arg.startsWith('--')) fail(`unknown option ${arg}`);
        else opts.files.push(arg);
    }
    if (!opts.tangent || !opts.corpus) fail('usage: conformance.mjs --tangent EXE --corpus DIR [--check findings|resave|all] [--work DIR] [--report FILE] [FILE...]');
    if (!['findings', 'resave', 'all'].includes(opts.check)) fail(`--check must be findings, resave or all, not ${opts.check}`);
    if (!fs.existsSync(opts.tangent)) fail(`the tangent executable ${opts.tangent} does not exist (build it first)`);
    if (!fs.existsSync(opts.corpus)) fail(`the corpus ${opts.corpus} does not exist (run tools/corpus/make_corpus.mjs first)`);
    opts.work ??= path.join(path.dirname(path.resolve(opts.corpus)), 'conformance-resave');
    return opts;
}

function modulePath(nodeModules, name, entry) {
    const file = path.join(nodeModules, name, entry);
    if (!fs.existsSync(file)) fail(`${file} is missing: run "npm ci" in ${path.relative(ROOT, path.dirname(nodeModules))}`);
    return file;
}

async function importFrom(nodeModules, name, entry) {
    return import(pathToFileURL(modulePath(nodeModules, name, entry)).href);
}

// ---------------------------------------------------------------------------------------------
// Reading glTF files: JSON, GLB binary chunk, buffers, accessor elements.

// {json, bin} of a .glb or .gltf; json is null when it cannot be parsed.
function splitAsset(bytes) {
    const isGlb = bytes.length >= 12 && bytes.readUInt32LE(0) === 0x46546c67;
    try {
        if (!isGlb) return { json: JSON.parse(bytes.toString('utf8')), bin: null, glb: false };
        const jsonLength = bytes.readUInt32LE(12);
        const json = JSON.parse(bytes.subarray(20, 20 + jsonLength).toString('utf8'));
        const binStart = 20 + jsonLength;
        let bin = null;
        if (bytes.length >= binStart + 8 && bytes.readUInt32LE(binStart + 4) === 0x004e4942) {
            bin = bytes.subarray(binStart + 8, binStart + 8 + bytes.readUInt32LE(binStart));
        }
        return { json, bin, glb: true };
    } catch {
        return { json: null, bin: null, glb: isGlb };
    }
}

const list = (x) => (Array.isArray(x) ? x : []);
const isIndex = (x) => Number.isInteger(x) && x >= 0;

// The TANGENT_POINTER_* findings each crafted pointer case must get, by corpus file name.
function readPointerExpectations(corpus) {
    const file = path.join(corpus, 'crafted/pointer_expectations.json');
    if (!fs.existsSync(file)) return new Map();
    return new Map(Object.entries(JSON.parse(fs.readFileSync(file, 'utf8'))).map(([name, list]) => [`crafted/${name}`, list]));
}

// Every Khronos code is compared, wherever it points, but those NOT_COMPARED lists.
function inScope(code) {
    return !NOT_COMPARED.some((n) => n.code === code);
}

// Loads every buffer's bytes (null: a placeholder without data or unreadable).
function loadBuffers(file, json, bin, glb) {
    return list(json.buffers).map((buffer, i) => {
        if (buffer?.uri === undefined) return glb && i === 0 ? bin : null;
        const uri = String(buffer.uri);
        if (uri.startsWith('data:')) {
            const comma = uri.indexOf(',');
            const base64 = uri.slice(0, comma).endsWith(';base64');
            return base64 ? Buffer.from(uri.slice(comma + 1), 'base64') : Buffer.from(decodeURIComponent(uri.slice(comma + 1)), 'latin1');
        }
        try {
            return fs.readFileSync(path.resolve(path.dirname(file), decodeURIComponent(uri)));
        } catch {
            return null;
        }
    });
}

const COMPONENT_SIZE = { 5120: 1, 5121: 1, 5122: 2, 5123: 2, 5125: 4, 5126: 4 };
const COMPONENTS = { SCALAR: 1, VEC2: 2, VEC3: 3, VEC4: 4, MAT2: 4, MAT3: 9, MAT4: 16 };

// Reads every accessor's elements, tightly packed, decoding EXT_meshopt_compression with the
// reference decoder. Returns [{elements: Buffer | null, why}] in accessor order. (Matrix column
// padding for 1- and 2-byte components is not undone: no animation or mesh data here has it.)
export function decodeAccessors(file, decoder) {
    const { json, bin, glb } = splitAsset(fs.readFileSync(file));
    const buffers = loadBuffers(file, json, bin, glb);
    const viewCache = new Map();
    const viewBytes = (v) => {
        if (viewCache.has(v)) return viewCache.get(v);
        const view = list(json.bufferViews)[v];
        let bytes = null;
        const meshopt = view?.extensions?.EXT_meshopt_compression;
        if (meshopt) {
            const source = buffers[meshopt.buffer];
            if (source) {
                const compressed = source.subarray(meshopt.byteOffset ?? 0, (meshopt.byteOffset ?? 0) + meshopt.byteLength);
                const target = new Uint8Array(meshopt.count * meshopt.byteStride);
                decoder.decodeGltfBuffer(target, meshopt.count, meshopt.byteStride, compressed, meshopt.mode, meshopt.filter ?? 'NONE');
                bytes = Buffer.from(target.buffer);
            }
        } else if (view && buffers[view.buffer]) {
            bytes = buffers[view.buffer].subarray(view.byteOffset ?? 0, (view.byteOffset ?? 0) + view.byteLength);
        }
        viewCache.set(v, bytes);
        return bytes;
    };
    return list(json.accessors).map((acc) => {
        const size = COMPONENT_SIZE[acc.componentType] * COMPONENTS[acc.type];
        const out = Buffer.alloc(size * acc.count); // no bufferView: zeros
        if (acc.bufferView !== undefined) {
            const bytes = viewBytes(acc.bufferView);
            if (!bytes) return { elements: null, why: `bufferView ${acc.bufferView} has no data` };
            const stride = list(json.bufferViews)[acc.bufferView].byteStride ?? size;
            for (let i = 0; i < acc.count; i++) {
                const at = (acc.byteOffset ?? 0) + i * stride;
                bytes.copy(out, i * size, at, at + size);
            }
        }
        if (acc.sparse) {
            const { count, indices, values } = acc.sparse;
            const ib = viewBytes(indices.bufferView);
            const vb = viewBytes(values.bufferView);
            if (!ib || !vb) return { elements: null, why: 'sparse data missing' };
            const isz = COMPONENT_SIZE[indices.componentType];
            for (let k = 0; k < count; k++) {
                const at = (indices.byteOffset ?? 0) + k * isz;
                const index = isz === 1 ? ib.readUInt8(at) : isz === 2 ? ib.readUInt16LE(at) : ib.readUInt32LE(at);
                vb.copy(out, index * size, (values.byteOffset ?? 0) + k * size, (values.byteOffset ?? 0) + (k + 1) * size);
            }
        }
        return { elements: out };
    });
}

// ---------------------------------------------------------------------------------------------
// Running the tools.

function runProcess(cmd, args) {
    return new Promise((resolve) => {
        const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
        const out = [];
        const err = [];
        child.stdout.on('data', (d) => out.push(d));
        child.stderr.on('data', (d) => err.push(d));
        child.on('error', (e) => resolve({ code: -1, stdout: '', stderr: e.message }));
        child.on('close', (code, signal) =>
            resolve({ code: code ?? -1, signal, stdout: Buffer.concat(out).toString(), stderr: Buffer.concat(err).toString() }),
        );
    });
}

async function inParallel(items, parallel, fn) {
    const results = new Array(items.length);
    let next = 0;
    const worker = async () => {
        while (next < items.length) {
            const i = next++;
            results[i] = await fn(items[i], i);
        }
    };
    await Promise.all(Array.from({ length: parallel }, worker));
    return results;
}

// The Khronos validator in worker threads, one file per worker at a time; a file it has not
// judged after KHRONOS_TIMEOUT_MS is reported as such (the worker is replaced).
function khronosPool(validatorModule, size) {
    const idle = [];
    const waiting = [];
    const spawnWorker = () => new Worker(new URL('./khronos_worker.mjs', import.meta.url), { workerData: { validatorModule } });
    for (let i = 0; i < size; i++) idle.push(spawnWorker());
    const acquire = () => (idle.length ? Promise.resolve(idle.pop()) : new Promise((r) => waiting.push(r)));
    const release = (w) => (waiting.length ? waiting.shift()(w) : idle.push(w));
    const validate = async (file) => {
        const worker = await acquire();
        return new Promise((resolve) => {
            const timer = setTimeout(() => {
                worker.removeAllListeners('message');
                worker.terminate();
                release(spawnWorker());
                resolve({ fatal: `no report after ${KHRONOS_TIMEOUT_MS / 1000} s` });
            }, KHRONOS_TIMEOUT_MS);
            worker.once('message', (result) => {
                clearTimeout(timer);
                release(worker);
                resolve(result);
            });
            worker.postMessage(path.resolve(file));
        });
    };
    const close = () => idle.forEach((w) => w.terminate());
    return { validate, close };
}

// `tangent validate --json` over many files per call; a call that does not give JSON for every
// file (a crash) is retried file by file so that the culprit is named.
async function tangentValidate(tangent, files) {
    const batches = [];
    for (let i = 0; i < files.length; i += TANGENT_BATCH) batches.push(files.slice(i, i + TANGENT_BATCH));
    const results = new Map();
    const runBatch = async (batch) => {
        const r = await runProcess(tangent, ['validate', '--json', '--severity', 'info', ...batch]); // every finding: Khronos's infos are compared too
        let parsed = null;
        try {
            parsed = JSON.parse(r.stdout);
        } catch {
            parsed = null;
        }
        const ok =
            parsed &&
            Array.isArray(parsed.files) &&
            parsed.files.length === batch.length &&
            parsed.files.every((f, i) => f?.file === batch[i] && Array.isArray(f.findings)) &&
            [0, 1, 2].includes(r.code);
        if (ok) {
            batch.forEach((f, i) => results.set(f, parsed.files[i]));
        } else if (batch.length > 1) {
            for (const f of batch) await runBatch([f]);
        } else {
            const why = r.signal ? `killed by ${r.signal}` : `exit ${r.code}`;
            results.set(batch[0], { failed: `tangent validate gave no JSON (${why}): ${r.stderr.trim().split('\n').slice(-3).join(' | ')}` });
        }
    };
    await inParallel(batches, 2, runBatch);
    return results;
}

// ---------------------------------------------------------------------------------------------
// The findings comparison.

const usedExceptions = new Set();
const usedResaveExclusions = new Set();

// An entry's code or pointer: the string itself, or a RegExp it must match.
function matches(pattern, value) {
    return pattern instanceof RegExp ? pattern.test(value) : pattern === value;
}

function isException(file, code, pointer, report) {
    const e = EXCEPTIONS.find(
        (e) =>
            e.file.test(file) &&
            matches(e.code, code) &&
            matches(e.pointer, pointer) &&
            (!e.extension || (report.info?.extensionsUsed ?? []).includes(e.extension)),
    );
    if (e) usedExceptions.add(e);
    return e !== undefined;
}

// The entries of `entries` that `used` lacks, as disagreement lines.
function staleEntries(listName, entries, used, names) {
    return entries
        .filter((e) => !used.has(e) && !e.rare && names.some((n) => e.file.test(n)))
        .map((e) => `${listName} entry ${e.file} · ${e.code} excused nothing: remove it (or the file is missing from the corpus)`);
}

function countBy(issues) {
    const groups = new Map();
    for (const { code, pointer, severity } of issues) {
        const key = `${code}\u0000${pointer}`;
        if (!groups.has(key)) groups.set(key, { code, pointer, severities: {} });
        const g = groups.get(key);
        g.severities[severity] = (g.severities[severity] ?? 0) + 1;
    }
    return groups;
}

const total = (sev) => Object.values(sev).reduce((a, b) => a + b, 0);
const sevText = (sev) =>
    Object.entries(sev)
        .sort()
        .map(([s, n]) => (Object.keys(sev).length > 1 ? `${n} ${s}` : s))
        .join('+');

function compareFindings(name, report, tangentResult) {
    const lines = [];
    const khronosIssues = report.issues.messages.map((m) => ({
        code: m.code,
        pointer: m.pointer ?? '',
        severity: KHRONOS_SEVERITY[m.severity] ?? String(m.severity),
    }));
    if (tangentResult.failed) return { lines: [`${name} · ${tangentResult.failed}`], inScope: 0 };
    const tangentIssues = tangentResult.findings.map((f) => ({ code: f.code, pointer: f.pointer ?? '', severity: f.severity }));

    const kScoped = khronosIssues.filter((i) => inScope(i.code));
    const tScoped = tangentIssues.filter((i) => !i.code.startsWith('TANGENT_') && inScope(i.code));
    const k = countBy(kScoped);
    const t = countBy(tScoped);
    for (const key of new Set([...k.keys(), ...t.keys()])) {
        const kg = k.get(key) ?? { ...t.get(key), severities: {} };
        const tg = t.get(key) ?? { ...k.get(key), severities: {} };
        const same = JSON.stringify(Object.entries(kg.severities).sort()) === JSON.stringify(Object.entries(tg.severities).sort());
        if (same || isException(name, kg.code, kg.pointer, report)) continue;
        let line = `${name} · ${kg.code} · ${kg.pointer || '(no pointer)'} · Khronos ${total(kg.severities)} vs Tangent ${total(tg.severities)}`;
        const kn = total(kg.severities);
        const tn = total(tg.severities);
        if (kn > 0 && tn > 0 && sevText(kg.severities) !== sevText(tg.severities)) {
            line += ` (Khronos ${sevText(kg.severities)}, Tangent ${sevText(tg.severities)})`;
        }
        lines.push(line);
    }
    // A file Khronos calls valid gets no Tangent error at all.
    if (report.issues.numErrors === 0) {
        for (const f of tangentIssues.filter((i) => i.severity === 'error')) {
            if (inScope(f.code) && !f.code.startsWith('TANGENT_')) continue; // already listed above
            if (isException(name, f.code, f.pointer, report)) continue;
            lines.push(`${name} · ${f.code} · ${f.pointer || '(no pointer)'} · Khronos 0 errors in the file vs Tangent 1 error`);
        }
    }
    return { lines, inScope: kScoped.length };
}

// ---------------------------------------------------------------------------------------------
// The re-save comparison.

// The JSON tree with where-the-data-lives normalized away.
function meaning(json) {
    const j = structuredClone(json);
    delete j.buffers;
    delete j.bufferViews;
    for (const acc of list(j.accessors).filter((a) => a && typeof a === 'object')) {
        delete acc.bufferView;
        delete acc.byteOffset;
        for (const part of [acc.sparse?.indices, acc.sparse?.values]) {
            if (part) {
                delete part.bufferView;
                delete part.byteOffset;
            }
        }
    }
    for (const image of list(j.images).filter((i) => i && typeof i === 'object')) {
        delete image.bufferView;
        delete image.uri;
    }
    return j;
}

function jsonDifferences(a, b, where, out) {
    if (out.length >= 20) return;
    const kind = (x) => (Array.isArray(x) ? 'array' : x === null ? 'null' : typeof x);
    if (kind(a) !== kind(b)) {
        out.push(`${where || '/'}: ${short(a)} became ${short(b)}`);
    } else if (kind(a) === 'array') {
        if (a.length !== b.length) out.push(`${where || '/'}: ${a.length} items became ${b.length}`);
        for (let i = 0; i < Math.min(a.length, b.length); i++) jsonDifferences(a[i], b[i], `${where}/${i}`, out);
    } else if (kind(a) === 'object') {
        for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
            const p = `${where}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
            if (!(key in b)) out.push(`${p}: ${short(a[key])} was dropped`);
            else if (!(key in a)) out.push(`${p}: ${short(b[key])} was added`);
            else jsonDifferences(a[key], b[key], p, out);
        }
    } else if (!Object.is(a, b)) {
        out.push(`${where || '/'}: ${short(a)} became ${short(b)}`);
    }
}

function short(x) {
    const s = JSON.stringify(x) ?? String(x);
    return s.length > 60 ? `${s.slice(0, 57)}...` : s;
}

function accessorDifferences(before, after, beforeJson, afterJson) {
    const out = [];
    const ab = list(beforeJson.accessors);
    const aa = list(afterJson.accessors);
    for (let i = 0; i < ab.length && i < aa.length; i++) {
        const e0 = before[i];
        const e1 = after[i];
        if (!e0.elements) {
            // Inputs are Khronos-valid: data this decoder cannot read would be a check that
            // compared nothing.
            out.push(`accessor ${i} of the input not compared: ${e0.why} · /accessors/${i}`);
            continue;
        }
        if (!e1.elements) {
            out.push(`accessor ${i} unreadable after re-save (${e1.why}) · /accessors/${i}`);
            continue;
        }
        if (e0.elements.equals(e1.elements)) continue;
        const size = COMPONENT_SIZE[ab[i].componentType] * COMPONENTS[ab[i].type];
        let k = 0;
        while (k < ab[i].count && e0.elements.subarray(k * size, (k + 1) * size).equals(e1.elements.subarray(k * size, (k + 1) * size))) k++;
        out.push(`accessor ${i} element ${k} changed (${e0.elements.subarray(k * size, (k + 1) * size).toString('hex')} became ${e1.elements.subarray(k * size, (k + 1) * size).toString('hex')}) · /accessors/${i}`);
    }
    return out;
}

// ---------------------------------------------------------------------------------------------

function corpusFiles(corpus, only) {
    if (only.length) return only.map((f) => (fs.existsSync(f) ? path.relative(corpus, path.resolve(f)) : f));
    const out = [];
    const walk = (dir) => {
        for (const entry of fs.readdirSync(path.join(corpus, dir), { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
            const rel = path.join(dir, entry.name);
            if (entry.isDirectory()) walk(rel);
            else if (/\.(glb|gltf)$/.test(entry.name)) out.push(rel);
        }
    };
    walk('');
    return out;
}

async function main() {
    const opts = parseArgs(process.argv.slice(2));
    const validatorModule = modulePath(path.join(ROOT, 'tools/validator/node_modules'), 'gltf-validator', 'module.mjs');
    const { MeshoptDecoder } = await importFrom(path.join(ROOT, 'tools/corpus/node_modules'), 'meshoptimizer', 'meshopt_decoder.mjs');
    await MeshoptDecoder.ready;
    const pool = khronosPool(validatorModule, 2);
    const khronos = pool.validate;
    const corpus = path.resolve(opts.corpus);
    const names = corpusFiles(corpus, opts.files);
    if (names.length === 0) fail(`no .glb/.gltf files in ${corpus}`);
    for (const n of names) if (!fs.existsSync(path.join(corpus, n))) fail(`${n} is not in the corpus ${corpus}`);
    const started = Date.now();
    const output = [];
    const say = (line) => {
        output.push(line);
        process.stdout.write(line + '\n');
    };

    const abs = names.map((n) => path.join(corpus, n));
    const [reports, tangent] = await Promise.all([inParallel(abs, 2, khronos), tangentValidate(opts.tangent, abs)]);
    const summaries = [];
    let failed = false;

    if (opts.check !== 'resave') {
        let disagreements = 0;
        let filesDisagreeing = 0;
        let scoped = 0;
        // The file-level verdict: a file with a Khronos error gets a Tangent error (the converse
        // is compareFindings').
        let khronosErrorFiles = 0;
        let bothErrorFiles = 0;
        for (let i = 0; i < names.length; i++) {
            const { report, fatal } = reports[i];
            if (fatal) {
                say(`${names[i]} · the Khronos validator could not read it: ${fatal}`);
                disagreements++;
                filesDisagreeing++;
                continue;
            }
            const { lines, inScope: n } = compareFindings(names[i], report, tangent.get(abs[i]));
            if (report.issues.numErrors > 0) {
                khronosErrorFiles++;
                if (tangent.get(abs[i])?.findings?.some((f) => f.severity === 'error')) bothErrorFiles++;
                else if (!tangent.get(abs[i])?.failed) lines.push(`${names[i]} · Khronos reports errors, Tangent none`);
            }
            scoped += n;
            lines.forEach(say);
            disagreements += lines.length;
            if (lines.length) filesDisagreeing++;
        }
        // Tangent's KHR_animation_pointer checks go beyond the validator: the crafted cases
        // list what each must report, and documents glTF-Transform built must get none.
        const expectations = readPointerExpectations(corpus);
        let pointerCases = 0;
        for (let i = 0; i < names.length; i++) {
            const result = tangent.get(abs[i]);
            if (!result || result.failed) continue;
            const expected = expectations.get(names[i]) ?? (names[i].startsWith('gltf-transform-api/') ? [] : null);
            if (!expected) continue;
            pointerCases++;
            const key = (f) => `${f.code} · ${f.pointer}`;
            const got = result.findings.filter((f) => f.code.startsWith('TANGENT_POINTER_')).map(key).sort();
            const want = expected.map(key).sort();
            for (const k of want.filter((k) => !got.includes(k))) say(`${names[i]} · Tangent misses ${k}`);
            for (const k of got.filter((k) => !want.includes(k))) say(`${names[i]} · Tangent adds ${k}`);
            for (const f of result.findings.filter((f) => f.code.startsWith('TANGENT_POINTER_') && f.severity !== 'warning'))
                say(`${names[i]} · ${key(f)} is a ${f.severity}, not a warning`);
            const wrong = want.filter((k) => !got.includes(k)).length + got.filter((k) => !want.includes(k)).length;
            disagreements += wrong;
            if (wrong) filesDisagreeing++;
        }
        if (opts.files.length === 0 && expectations.size === 0 && fs.existsSync(path.join(corpus, 'crafted'))) {
            say('crafted/pointer_expectations.json is missing from the corpus');
            disagreements++;
        }
        if (opts.files.length === 0) {
            const stale = staleEntries('EXCEPTIONS', EXCEPTIONS, usedExceptions, names);
            stale.forEach(say);
            disagreements += stale.length;
        }
        summaries.push(
            `findings: ${names.length} files, ${scoped} Khronos issues compared, ` +
                `${bothErrorFiles} of the ${khronosErrorFiles} files with Khronos errors get a Tangent error, ` +
                `${pointerCases} files with Tangent's pointer checks listed, ` +
                `${disagreements} disagreements in ${filesDisagreeing} files`,
        );
        failed ||= disagreements > 0;
    }

    if (opts.check !== 'findings') {
        const candidates = names
            .map((name, i) => ({ name, file: abs[i], report: reports[i].report, tangent: tangent.get(abs[i]) }))
            // The whole-file mutations the validator passes are broken where it does not look
            // (EXT_meshopt_compression's object, a component type it only warns of): findings only.
            .filter((c) => c.report && c.report.issues.numErrors === 0 && !c.name.startsWith('wholefile/'));
        // A valid file Tangent does not open is left out only when RESAVE_EXCLUSIONS lists it.
        const openable = [];
        const dropLines = [];
        let excluded = 0;
        for (const c of candidates) {
            if (!c.tangent || c.tangent.failed) {
                dropLines.push(`${c.name} · Khronos-valid but not re-saved: ${c.tangent?.failed ?? 'tangent validate did not report it'}`);
                continue;
            }
            const blocking = c.tangent.findings.find((f) => f.code === 'TANGENT_FILE_UNLOADABLE' || f.code === 'TANGENT_BUFFER_UNREAD');
            if (!blocking) {
                openable.push(c);
                continue;
            }
            const entry = RESAVE_EXCLUSIONS.find((e) => e.file.test(c.name) && e.code === blocking.code);
            if (entry) {
                usedResaveExclusions.add(entry);
                excluded++;
            } else {
                dropLines.push(
                    `${c.name} · Khronos-valid but not re-saved: Tangent reports ${blocking.code} at ${blocking.pointer || '(no pointer)'} ` +
                        `(${blocking.message}) and RESAVE_EXCLUSIONS does not list it`,
                );
            }
        }
        if (opts.files.length === 0) dropLines.push(...staleEntries('RESAVE_EXCLUSIONS', RESAVE_EXCLUSIONS, usedResaveExclusions, names));
        dropLines.forEach(say);
        fs.rmSync(opts.work, { recursive: true, force: true });
        const jobs = [];
        for (const c of openable) {
            const exts = c.name.endsWith('.gltf') ? ['.glb', '.gltf'] : ['.glb'];
            for (const ext of exts) jobs.push({ ...c, out: path.join(opts.work, c.name.replace(/\.(glb|gltf)$/, `.resaved${ext}`)) });
        }
        const resaveLines = await inParallel(jobs, 2, async (job) => {
            fs.mkdirSync(path.dirname(job.out), { recursive: true });
            const what = path.extname(job.out);
            const r = await runProcess(opts.tangent, ['convert', job.file, '-o', job.out, '--to', 'keep']);
            if (r.code !== 0) return [`${job.name} · convert to ${what} failed (exit ${r.code}) · ${r.stderr.trim().split('\n').pop()}`];
            const lines = [];
            const { report, fatal } = await khronos(job.out);
            if (fatal) return [`${job.name} · re-saved ${what} unreadable by Khronos · ${fatal}`];
            for (const m of report.issues.messages.filter((m) => m.severity === 0)) {
                lines.push(`${job.name} · re-saved ${what} has Khronos error ${m.code} · ${m.pointer ?? '(no pointer)'}`);
            }
            const before = splitAsset(fs.readFileSync(job.file)).json;
            const after = splitAsset(fs.readFileSync(job.out)).json;
            if (!after) return [...lines, `${job.name} · re-saved ${what} has no readable JSON · /`];
            try {
                const diffs = accessorDifferences(decodeAccessors(job.file, MeshoptDecoder), decodeAccessors(job.out, MeshoptDecoder), before, after);
                lines.push(...diffs.map((d) => `${job.name} · re-saved ${what}: ${d}`));
            } catch (e) {
                lines.push(`${job.name} · re-saved ${what}: accessors could not be decoded (${e.message}) · /accessors`);
            }
            const jd = [];
            jsonDifferences(meaning(before), meaning(after), '', jd);
            lines.push(...jd.map((d) => `${job.name} · re-saved ${what}: JSON changed · ${d}`));
            return lines;
        });
        const flat = resaveLines.flat();
        flat.forEach(say);
        summaries.push(
            `re-save: ${candidates.length} files without Khronos errors, ${openable.length} that Tangent opens, ` +
                `${excluded} left out as RESAVE_EXCLUSIONS lists, ${dropLines.length} left out or listed wrongly, ` +
                `${jobs.length} re-saves, ${flat.length} differences in ${resaveLines.filter((l) => l.length).length} re-saves`,
        );
        failed ||= flat.length > 0 || dropLines.length > 0;
    }

    const summary = `conformance ${failed ? 'FAILED' : 'passed'}: ${summaries.join('; ')} (${((Date.now() - started) / 1000).toFixed(1)} s)`;
    say(summary);
    pool.close();
    if (opts.report) fs.writeFileSync(opts.report, output.join('\n') + '\n');
    process.exitCode = failed ? 1 : 0;
}

// Run as a script (not when imported, e.g. to reuse the accessor decoder).
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
    main().catch((e) => {
        process.stderr.write(`conformance: ${e?.stack ?? e}\n`);
        process.exit(2);
    });
}
