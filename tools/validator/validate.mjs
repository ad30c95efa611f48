#!/usr/bin/env node
// Validates glTF 2.0 assets (.gltf or .glb) with the pinned Khronos glTF-Validator.
//
// Usage: node validate.mjs [--json] [--config CONFIG.yaml] FILE...
//
// --config reads the Khronos command-line validator's YAML configuration (max-issues, ignore,
// only, override; see its docs/config-example.yaml) and passes it to the validator as its
// options, with the same checks of the file's form as the Khronos CLI makes.
//
// Text output (default): for each file one summary line
//   FILE: N errors, N warnings, N infos, N hints
// followed by one indented line per error: "  error CODE at POINTER: MESSAGE".
// With --json the full validator reports are printed as one JSON array instead
// (a file that could not be read or parsed appears as {"uri": ..., "fatal": ...}).
//
// Exit status: 0 if no file has errors, 1 if any file has errors,
// 2 if any file could not be read or was not recognised as glTF/GLB (takes precedence),
// 64 on a usage error.

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import process from 'node:process';
import { validateBytes, version } from 'gltf-validator';
import YAML from 'yaml';

const SEVERITY_ERROR = 0;

function usage(stream) {
    stream.write(
        'usage: validate.mjs [--json] [--config CONFIG.yaml] FILE...\n' +
            `Validates .gltf/.glb files with glTF-Validator ${version()}.\n` +
            'Exit status: 0 no errors, 1 errors found, 2 a file could not be read.\n',
    );
}

function parseArgs(argv) {
    const opts = { json: false, config: undefined, files: [] };
    let onlyFiles = false;
    for (let i = 0; i < argv.length; ++i) {
        const arg = argv[i];
        if (onlyFiles) {
            opts.files.push(arg);
        } else if (arg === '--') {
            onlyFiles = true;
        } else if (arg === '--json') {
            opts.json = true;
        } else if (arg === '--config' && i + 1 < argv.length) {
            opts.config = argv[++i];
        } else if (arg === '-h' || arg === '--help') {
            usage(process.stdout);
            process.exit(0);
        } else if (arg.startsWith('-') && arg !== '-') {
            process.stderr.write(`validate.mjs: unknown option ${arg}\n`);
            usage(process.stderr);
            process.exit(64);
        } else {
            opts.files.push(arg);
        }
    }
    if (opts.files.length === 0) {
        usage(process.stderr);
        process.exit(64);
    }
    return opts;
}

// The validator's options from a YAML configuration, read as the Khronos CLI reads it
// (lib/cmd_line.dart, _getValidationOptionsFromYaml): a map whose 'max-issues' is a
// non-negative integer, 'ignore' and 'only' sequences of strings (not both), 'override' a map
// from code to severity 0 (error) to 3 (hint). A mistake ends the run with exit status 64.
async function readConfig(file) {
    const abort = (message) => {
        process.stderr.write(`validate.mjs: ${file}: ${message}\n`);
        process.exit(64);
    };
    let yaml;
    try {
        yaml = YAML.parse(await readFile(file, 'utf8'));
    } catch (err) {
        abort(err?.message ?? String(err));
    }
    const invalid = 'Invalid configuration file format:';
    if (yaml === null || typeof yaml !== 'object' || Array.isArray(yaml)) abort(`${invalid} document must be a map.`);
    const options = {};
    const maxIssues = yaml['max-issues'];
    if (Number.isInteger(maxIssues) && maxIssues >= 0) options.maxIssues = maxIssues;
    else if (maxIssues != null) abort(`${invalid} 'max-issues' must be a non-negative integer.`);
    const codes = (key) => {
        const list = yaml[key];
        if (list == null) return undefined;
        if (!Array.isArray(list)) abort(`${invalid} '${key}' must be a sequence.`);
        if (!list.every((entry) => typeof entry === 'string')) abort(`${invalid} each entry in '${key}' must be a string.`);
        return list;
    };
    const ignored = codes('ignore');
    const only = codes('only');
    if (ignored !== undefined && only !== undefined) abort(`${invalid} option 'only' cannot be used along with option 'ignore'.`);
    if (ignored !== undefined) options.ignoredIssues = ignored;
    if (only !== undefined) options.onlyIssues = only;
    const overrides = yaml.override;
    if (overrides != null) {
        if (typeof overrides !== 'object' || Array.isArray(overrides)) abort(`${invalid} 'override' must be a map.`);
        for (const value of Object.values(overrides))
            if (!Number.isInteger(value) || value < 0 || value > 3)
                abort(`${invalid} each entry in 'override' must have a string key and an integer value.`);
        options.severityOverrides = overrides;
    }
    return options;
}

// Loads an external resource (buffer or image URI) relative to the asset's directory.
function externalResourceLoader(assetPath) {
    const baseDir = path.dirname(path.resolve(assetPath));
    return async (uri) => {
        const resolved = path.resolve(baseDir, decodeURIComponent(uri));
        try {
            return new Uint8Array(await readFile(resolved));
        } catch (err) {
            // The validator turns a rejection into an IO_ERROR issue in the report.
            throw `${resolved}: ${err.code ?? err.message ?? err}`;
        }
    };
}

// Returns { report } on success or { fatal } when the file could not be read or parsed.
async function validateFile(file, configOptions) {
    let data;
    try {
        data = new Uint8Array(await readFile(file));
    } catch (err) {
        return { fatal: `cannot read file: ${err?.message ?? err}` };
    }
    const ext = path.extname(file).toLowerCase();
    const options = {
        uri: file,
        maxIssues: 0, // unlimited
        writeTimestamp: false,
        externalResourceFunction: externalResourceLoader(file),
        ...configOptions,
    };
    if (ext === '.glb') options.format = 'glb';
    else if (ext === '.gltf') options.format = 'gltf';
    try {
        return { report: await validateBytes(data, options) };
    } catch (err) {
        // Rejection: invalid arguments or undetectable format. The value is usually a string.
        return { fatal: `validator rejected the file: ${err?.message ?? String(err)}` };
    }
}

function describeIssue(msg) {
    let where = '(asset)';
    if (msg.pointer !== undefined) where = msg.pointer === '' ? '(root)' : msg.pointer;
    else if (msg.offset !== undefined) where = `byte ${msg.offset}`;
    return `  error ${msg.code} at ${where}: ${msg.message}`;
}

async function main() {
    const opts = parseArgs(process.argv.slice(2));
    const configOptions = opts.config === undefined ? {} : await readConfig(opts.config);
    let exitCode = 0;
    const reports = [];
    for (const file of opts.files) {
        const { report, fatal } = await validateFile(file, configOptions);
        if (fatal !== undefined) {
            exitCode = 2;
            if (opts.json) reports.push({ uri: file, fatal });
            else process.stdout.write(`${file}: FATAL ${fatal}\n`);
            continue;
        }
        const issues = report.issues;
        if (issues.numErrors > 0 && exitCode === 0) exitCode = 1;
        if (opts.json) {
            reports.push(report);
            continue;
        }
        process.stdout.write(
            `${file}: ${issues.numErrors} errors, ${issues.numWarnings} warnings, ` +
                `${issues.numInfos} infos, ${issues.numHints} hints\n`,
        );
        for (const msg of issues.messages) {
            if (msg.severity === SEVERITY_ERROR) process.stdout.write(describeIssue(msg) + '\n');
        }
    }
    if (opts.json) process.stdout.write(JSON.stringify(reports, null, 2) + '\n');
    return exitCode;
}

main().then(
    (code) => {
        process.exitCode = code;
    },
    (err) => {
        process.stderr.write(`validate.mjs: ${err?.stack ?? err}\n`);
        process.exitCode = 2;
    },
);
