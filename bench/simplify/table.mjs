// The simplify benchmark's table: markdown from measure.mjs's JSON lines.
//
//   node table.mjs RESULTS.jsonl
//
// Errors are shown as a multiple of the path's tolerance (1 = exactly at the tolerance), the
// worst path of the file: at the source's keys / anywhere (64 points per interval).
import fs from 'node:fs';

const rows = fs.readFileSync(process.argv[2], 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
const short = { translation: 'T', rotation: 'R', scale: 'S', weights: 'W' };

function worst(error, tolerances, which) {
    let best = { ratio: 0, path: '' };
    for (const [path, e] of Object.entries(error ?? {})) {
        const ratio = e[which] / tolerances[path];
        if (ratio >= best.ratio) best = { ratio, path };
    }
    return `${best.ratio < 0.005 ? best.ratio.toExponential(0) : best.ratio.toFixed(2)}${short[best.path] ?? ''}`;
}

const kb = (bytes) => (bytes >= 1e6 ? `${(bytes / 1e6).toFixed(2)} M` : bytes >= 1e4 ? `${(bytes / 1e3).toFixed(1)} k` : `${bytes}`);
const seconds = (s) => (s === undefined || Number.isNaN(s) ? '–' : s < 0.1 ? s.toFixed(3) : s.toFixed(2));

console.log('| input | tolerance | keys | bytes | Tangent keys | Tangent bytes | Tangent s | err keys / anywhere | resample keys | resample bytes | resample s | err keys / anywhere | bytes Tangent / resample |');
console.log('|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|');
for (const row of rows) {
    const t = row.tools.tangent ?? {}, r = row.tools.resample ?? {};
    const cell = (tool) => !tool.output ? ['–', '–', '–', '–'] : tool.failure ? [`failed: ${tool.failure}`, '', '', ''] :
        [tool.keys, kb(tool.bytes), seconds(tool.seconds), `${worst(tool.error, row.tolerances, 'atKeys')} / ${worst(tool.error, row.tolerances, 'anywhere')}`];
    const ratio = t.bytes && r.bytes ? (t.bytes / r.bytes).toFixed(3) : '–';
    console.log(`| ${row.label} | ${row.tolerance} | ${row.keys} | ${kb(row.bytes)} | ${cell(t).join(' | ')} | ${cell(r).join(' | ')} | ${ratio} |`);
}

// Against the targets. Smooth motion: every input but those with corners on purpose
// (the bounce's contacts, the held steps, the broken-tangent fixture).
// Tangent's report certifies its maximum anywhere; sampling 64 points per interval finds at
// most that (the file stores float32, so allow a rounding's worth).
const agrees = (rows) => rows.filter((r) => Object.entries(r.tools.tangent.error ?? {}).every(([p, e]) => {
    const reported = r.tools.tangent.reported?.[p]?.maxErrorAnywhere;
    return reported !== undefined && e.anywhere <= reported * (1 + 1e-6) + 1e-6 * r.tolerances[p];
}));
const smooth = (label) => !/bounce|steps|broken/.test(label);
console.log();
for (const tolerance of [...new Set(rows.map((r) => r.tolerance))]) {
    const measured = rows.filter((r) => r.tolerance === tolerance && r.tools.tangent?.bytes && r.tools.resample?.bytes);
    if (!measured.length) continue;
    const fewer = measured.filter((r) => r.tools.tangent.bytes < r.tools.resample.bytes);
    const smoothRows = measured.filter((r) => smooth(r.label));
    const threeTimes = smoothRows.filter((r) => r.tools.resample.bytes >= 3 * r.tools.tangent.bytes);
    const within = measured.filter((r) => Object.entries(r.tools.tangent.error ?? {}).every(([p, e]) => e.atKeys <= r.tolerances[p] * (1 + 1e-6)));
    console.log(`- ${tolerance} tolerances: Tangent has fewer bytes than resample on ${fewer.length} of ${measured.length} files` +
        (fewer.length < measured.length ? ` (not on ${measured.filter((r) => !fewer.includes(r)).map((r) => r.label).join(', ')})` : '') +
        `; >= 3x fewer on ${threeTimes.length} of ${smoothRows.length} bakes of smooth motion` +
        (threeTimes.length < smoothRows.length ? ` (not on ${smoothRows.filter((r) => !threeTimes.includes(r)).map((r) => r.label).join(', ')})` : '') +
        `; within tolerance at the source's keys (independent check) on ${within.length} of ${measured.length}` +
        (measured.some((r) => r.tools.tangent.reported) ? `; Tangent's reported maxErrorAnywhere at least the check's dense maximum (less 1e-6 relative, float32 storage) on ${agrees(measured).length} of ${measured.length}` : '') + '.');
}
