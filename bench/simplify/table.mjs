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
