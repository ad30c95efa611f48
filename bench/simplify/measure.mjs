// One row of the simplify benchmark: keys and animation bytes of a source and of each tool's
// output, with the independent error check (check_error.mjs) of each output against the source.
//
//   node measure.mjs SOURCE [--label L] [--tolerances JSON] [--tool NAME OUT SECONDS]... [--report JSON]
//
// --report: Tangent's `simplify --json` report for the tool named tangent; its figures per path
// are kept beside the independent check's, to compare.
// Prints one JSON line: {source, label, tolerances, keys, bytes, tools: {NAME: {output, keys,
// bytes, seconds, error: {path: {atKeys, anywhere}}}}}.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import fs from 'node:fs';
import path from 'node:path';
import { animationBytes, animationKeys, openIO } from './gltf.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const row = { source: args[0], label: path.basename(args[0]), tolerances: null, tools: {} };
const tools = [];
for (let i = 1; i < args.length; ++i) {
    if (args[i] === '--label') row.label = args[++i];
    else if (args[i] === '--tolerances') row.tolerances = JSON.parse(args[++i]);
    else if (args[i] === '--report') row.report = args[++i];
    else if (args[i] === '--tool') { tools.push({ name: args[i + 1], output: args[i + 2], seconds: Number(args[i + 3]) }); i += 3; }
    else { console.error(`measure.mjs: unknown argument ${args[i]}`); process.exit(64); }
}

// The largest maxError (as Tangent measured it) and maxErrorAnywhere per path of its report.
function reportedPerPath(file) {
    try {
        const report = JSON.parse(fs.readFileSync(file, 'utf8'));
        const perPath = {};
        for (const c of report.channels ?? []) {
            const p = (perPath[c.path] ??= { maxError: 0, maxErrorAnywhere: 0 });
            p.maxError = Math.max(p.maxError, c.maxError ?? 0);
            p.maxErrorAnywhere = Math.max(p.maxErrorAnywhere, c.maxErrorAnywhere ?? 0);
        }
        return perPath;
    } catch (e) {
        return { failure: `${file}: ${e.message}` };
    }
}

const io = await openIO();
const source = await io.read(row.source);
row.keys = animationKeys(source);
row.bytes = animationBytes(source);
for (const tool of tools) {
    const result = { output: tool.output, seconds: tool.seconds };
    try {
        const document = await io.read(tool.output);
        result.keys = animationKeys(document);
        result.bytes = animationBytes(document);
        const run = spawnSync('node', [path.join(here, 'check_error.mjs'), row.source, tool.output, '--json'],
            { maxBuffer: 1 << 26, encoding: 'utf8' });
        if (!run.stdout.trim()) throw new Error(`check_error.mjs: ${run.stderr.trim()}`);
        const check = JSON.parse(run.stdout);
        result.error = check.paths;
        if (check.missing.length) result.failure = `channels missing in the output: ${check.missing.join(', ')}`;
    } catch (e) {
        result.failure = String(e.message).split('\n')[0];
    }
    if (tool.name === 'tangent' && row.report) result.reported = reportedPerPath(row.report);
    row.tools[tool.name] = result;
}
console.log(JSON.stringify(row));
