// Checks evaluate.mjs against three.js r187's GLTFLoader interpolants stored beside the Blender
// fixtures (tests/data/blender/NAME.threejs.json): the independent checker must agree with a
// player before its figures mean anything. Exits 1 when any track is off by more than float
// precision allows.
//
//   node verify_evaluator.mjs FIXTURE_DIR
import fs from 'node:fs';
import { openIO } from './gltf.mjs';
import { Player, readTrack, error } from './evaluate.mjs';
import path from 'node:path';

const fixtures = process.argv[2];
if (!fixtures) {
    console.error('usage: node verify_evaluator.mjs FIXTURE_DIR');
    process.exit(64);
}
// three.js stores float32 values: 1e-6 units, 1e-4 degrees.
const allowed = { translation: 1e-6, rotation: 1e-4, scale: 1e-6, weights: 1e-6 };
let failed = false;
const io = await openIO();
for (const name of ['smooth_trs_1','broken_trs_1','morph_weights_1','multi_object_1']) {
  const d = await io.read(path.join(fixtures, `${name}.glb`));
  const ref = JSON.parse(fs.readFileSync(path.join(fixtures, `${name}.threejs.json`)));
  const paths = {position:'translation', quaternion:'rotation', scale:'scale', morphTargetInfluences:'weights'};
  for (const tr of ref.tracks) {
    const [node, prop] = tr.name.split('.');
    const ch = d.getRoot().listAnimations().flatMap(a=>a.listChannels()).find(c=>c.getTargetPath()===paths[prop] && (c.getTargetNode().getName()===node || paths[prop]==='weights'));
    if (!ch) { console.log(`${name}: no channel for ${tr.name}`); failed = true; continue; }
    const p = new Player(readTrack(ch)); let worst = 0;
    tr.times.forEach((t,i)=>{ worst=Math.max(worst, error(paths[prop], p.at(t), tr.values[i])); });
    if (!(worst <= allowed[paths[prop]])) failed = true;
    console.log(`${name} ${tr.name}: ${worst.toExponential(2)}`);
  }
}
if (failed) console.log('verify_evaluator: the evaluator disagrees with three.js');
process.exit(failed ? 1 : 0);
