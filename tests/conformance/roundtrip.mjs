#!/usr/bin/env node
// simplify, then diff at the same options, over every file of the conformance corpus that the
// Khronos glTF-Validator calls valid: `tangent diff SOURCE RESULT` must never fail what
// `tangent simplify` wrote (one error measure for both), with the default tolerances and with
// --strict, and every file simplify writes must pass the Khronos validator. diff's gate fails on
// channels it cannot evaluate and on files with nothing to compare: that answer is the right one
// when it is the only reason (diffVerdict).
//
// Usage: node roundtrip.mjs --tangent EXE --corpus DIR --work DIR [--report FILE]
// Exit status: 0 when every file holds, 1 when one does not, 2 when the set-up is missing.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const VALIDATOR = path.join(ROOT, 'tools/validator/validate.mjs');
const BATCH = 40; // files per validator call

// Valid files simplify refuses on purpose, each with why and the sentence it must give. A refusal
// not listed here fails, and so does a listed file that no longer gets its refusal.
const REFUSALS = {
    'fuzz/deep_json.gltf': {
        why: 'the reader bounds JSON nesting at 256 levels against hostile input; Khronos parses deeper',
        says: /nests deeper than 256 levels/,
    },
    'fuzz/uri_escape_absolute.gltf': {
        why: "a buffer URI outside the asset's folder is never read, so the file cannot be written back whole",
        says: /is not a relative path inside the asset's folder/,
    },
};

function fail(message) {
    process.stderr.write(`roundtrip: ${message}\n`);
    process.exit(2);
}

function parseArgs(argv) {
    const opts = {};
    for (let i = 0; i < argv.length; i++) {
        const value = () => (i + 1 < argv.length ? argv[++i] : fail(`${argv[i]} needs a value`));
        if (argv[i] === '--tangent') opts.tangent = value();
        else if (argv[i] === '--corpus') opts.corpus = value();
        else if (argv[i] === '--work') opts.work = value();
        else if (argv[i] === '--report') opts.report = value();
        else fail(`unknown argument ${argv[i]}`);
    }
    if (!opts.tangent || !opts.corpus || !opts.work) fail('usage: roundtrip.mjs --tangent EXE --corpus DIR --work DIR [--report FILE]');
    if (!fs.existsSync(opts.tangent)) fail(`the tangent executable ${opts.tangent} does not exist (build it first)`);
    if (!fs.existsSync(opts.corpus)) fail(`the corpus ${opts.corpus} does not exist (conformance.corpus makes it)`);
    if (!fs.existsSync(path.join(ROOT, 'tools/validator/node_modules'))) fail('tools/validator/node_modules is missing: run ./dev.sh setup');
    return opts;
}

function run(cmd, args) {
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

function corpusFiles(corpus) {
    const out = [];
    const walk = (dir) => {
        for (const entry of fs.readdirSync(path.join(corpus, dir), { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
            const rel = path.join(dir, entry.name);
            // The whole-file mutations are for comparing findings: those the validator passes are
            // broken where it does not look (EXT_meshopt_compression's object, a component type it
            // only warns of), not files to edit.
            if (entry.isDirectory() && rel !== 'wholefile') walk(rel);
            else if (/\.(glb|gltf)$/.test(entry.name)) out.push(rel);
        }
    };
    walk('');
    return out;
}

// The Khronos validator's reports, by absolute path: {errors} or {fatal}.
async function khronos(files) {
    const reports = new Map();
    const batches = [];
    for (let i = 0; i < files.length; i += BATCH) batches.push(files.slice(i, i + BATCH));
    await inParallel(batches, 2, async (batch) => {
        const r = await run(process.execPath, [VALIDATOR, '--json', ...batch]);
        let parsed;
        try {
            parsed = JSON.parse(r.stdout);
        } catch {
            fail(`the Khronos validator gave no JSON for ${batch[0]} and ${batch.length - 1} more: ${r.stderr.trim()}`);
        }
        batch.forEach((file, i) => {
            const report = parsed[i];
            reports.set(file, report.fatal ? { fatal: report.fatal } : { errors: report.issues.numErrors, messages: report.issues.messages });
        });
    });
    return reports;
}

const firstLine = (text) => text.trim().split('\n').pop() ?? '';

// What is wrong with diff's answer on simplify's output, or null when it is the right one: a
// pass; or a fail whose every failing channel is one neither side could decode (simplify keeps
// such a channel byte for byte, and a gate cannot vouch for what it cannot evaluate), which
// includes a file with no animation at all (nothing compared is never a pass).
function diffVerdict(d) {
    if (d.code !== 0 && d.code !== 1) return `exit ${d.signal ?? d.code}: ${firstLine(d.stderr)}`;
    let report;
    try {
        report = JSON.parse(d.stdout);
    } catch {
        return `exit ${d.code} without JSON: ${firstLine(d.stderr)}`;
    }
    if (report.summary?.pass !== (d.code === 0)) return `exit ${d.code} but the summary says pass ${report.summary?.pass}`;
    if (d.code === 0) return null;
    const failing = report.channels.filter((c) => c.fails);
    const wrong = failing.filter((c) => c.verdict !== 'undecoded');
    if (wrong.length) return `${wrong.length} channel(s) fail, e.g. ${wrong[0].nodeName} ${wrong[0].path}: ${wrong[0].verdict} ${wrong[0].maxError ?? ''} at ${wrong[0].at ?? '-'}`;
    if (report.summary.compared > 0 && failing.length === 0) return 'exit 1 with no failing channel';
    return null;
}

async function main() {
    const opts = parseArgs(process.argv.slice(2));
    const corpus = path.resolve(opts.corpus);
    fs.rmSync(opts.work, { recursive: true, force: true });
    fs.mkdirSync(opts.work, { recursive: true });
    const names = corpusFiles(corpus);
    if (names.length === 0) fail(`no .glb/.gltf files in ${corpus}`);
    const lines = [];
    const say = (line) => {
        lines.push(line);
        process.stdout.write(line + '\n');
    };

    const sources = await khronos(names.map((n) => path.join(corpus, n)));
    const valid = names.filter((n) => sources.get(path.join(corpus, n)).errors === 0);
    for (const name of Object.keys(REFUSALS))
        if (!valid.includes(name)) fail(`${name} is listed as a refusal but is not a valid file of the corpus`);
    const modes = [
        { name: 'default', flags: [] },
        { name: 'strict', flags: ['--strict'] },
    ];
    let problems = 0;
    let simplified = 0;
    const outputs = [];
    const results = await inParallel(valid, 2, async (name) => {
        const source = path.join(corpus, name);
        const said = [];
        for (const mode of modes) {
            // Each output in a folder of its own, named as its source (a .gltf writes a .bin beside it).
            const dir = path.join(opts.work, mode.name, path.dirname(name), path.basename(name).replace(/\./g, '_'));
            fs.mkdirSync(dir, { recursive: true });
            const output = path.join(dir, path.basename(name));
            const s = await run(opts.tangent, ['simplify', source, '-o', output, ...mode.flags]);
            const refusal = REFUSALS[name];
            if (refusal) {
                if (s.code !== 2 || !refusal.says.test(s.stderr))
                    said.push(`${name} · simplify ${mode.name} should refuse (${refusal.why}) but exit ${s.signal ?? s.code}: ${firstLine(s.stderr)}`);
                continue;
            }
            if (s.code !== 0) {
                said.push(`${name} · simplify ${mode.name} exit ${s.signal ?? s.code}: ${firstLine(s.stderr)}`);
                continue;
            }
            const d = await run(opts.tangent, ['diff', source, output, '--json', ...mode.flags]);
            const verdict = diffVerdict(d);
            if (verdict) said.push(`${name} · diff ${mode.name} of simplify's output: ${verdict}`);
            else outputs.push(output);
        }
        return said;
    });
    for (const said of results) {
        said.forEach(say);
        problems += said.length;
    }
    simplified = outputs.length;

    const written = await khronos(outputs);
    for (const [file, report] of written) {
        if (report.fatal || report.errors > 0) {
            problems++;
            const first = report.fatal ?? report.messages.find((m) => m.severity === 0);
            say(`${path.relative(opts.work, file)} · simplify wrote a file the Khronos validator rejects: ${report.fatal ?? `${first.code} at ${first.pointer}`}`);
        }
    }
    say(
        `roundtrip: ${names.length} corpus files, ${valid.length} valid by Khronos, ${simplified} simplify+diff passes ` +
            `(default and --strict), ${problems} problems`,
    );
    if (opts.report) fs.writeFileSync(opts.report, lines.join('\n') + '\n');
    process.exit(problems > 0 ? 1 : 0);
}

main();
