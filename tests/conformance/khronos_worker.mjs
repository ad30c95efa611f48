// Worker thread for conformance.mjs: validates one file at a time with the pinned Khronos
// glTF-Validator (a worker so that a file the validator takes too long on can be stopped).
import fs from 'node:fs';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';

const { validateBytes } = await import(pathToFileURL(workerData.validatorModule).href);

parentPort.on('message', async (file) => {
    const baseDir = path.dirname(path.resolve(file));
    const options = {
        uri: file,
        maxIssues: 0, // unlimited
        writeTimestamp: false,
        format: file.endsWith('.glb') ? 'glb' : 'gltf',
        externalResourceFunction: async (uri) => {
            try {
                return new Uint8Array(fs.readFileSync(path.resolve(baseDir, decodeURIComponent(uri))));
            } catch (e) {
                throw `${uri}: ${e.code ?? e.message}`; // the validator reports it as IO_ERROR
            }
        },
    };
    try {
        const report = await validateBytes(new Uint8Array(fs.readFileSync(file)), options);
        parentPort.postMessage({ report });
    } catch (e) {
        parentPort.postMessage({ fatal: String(e?.message ?? e) });
    }
});
