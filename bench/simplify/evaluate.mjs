// The glTF 2.0 spec's animation sampling, written here from the spec for the benchmark's
// independent error check (check_error.mjs): STEP, LINEAR (slerp for rotation), CUBICSPLINE
// Hermite, values clamped outside the key range, rotations normalized; and the error in
// Tangent's units.

// Normalized integers to floats, as the spec maps them.
export function decode(accessor) {
    const array = accessor.getArray();
    const out = Float64Array.from(array);
    if (!accessor.getNormalized() || array instanceof Float32Array) return out;
    const divisor = { 5120: 127, 5121: 255, 5122: 32767, 5123: 65535 }[accessor.getComponentType()];
    for (let i = 0; i < out.length; ++i) out[i] = Math.max(out[i] / divisor, -1);
    return out;
}

// A channel as plain arrays: times, values per key (CUBICSPLINE: in, value, out per key).
export function readTrack(channel) {
    const sampler = channel.getSampler();
    const times = decode(sampler.getInput());
    const values = decode(sampler.getOutput());
    const interpolation = sampler.getInterpolation();
    const perKey = interpolation === 'CUBICSPLINE' ? 3 : 1;
    const components = values.length / times.length / perKey;
    return { times, values, interpolation, components, path: channel.getTargetPath() };
}

// Evaluates a track at increasing times (a cursor, so dense sweeps stay linear; no allocation
// per call, the mocap file is 1.5 M keys).
export class Player {
    constructor(track) {
        this.track = track;
        this.k = 0;
        this.out = new Float64Array(track.components);
        this.a = new Float64Array(track.components);
        this.b = new Float64Array(track.components);
    }
    // The start of key k's slot in the output: 0 in-tangent, 1 value, 2 out-tangent (CUBICSPLINE).
    offset(key, slot) {
        const { components, interpolation } = this.track;
        return interpolation === 'CUBICSPLINE' ? (3 * key + slot) * components : key * components;
    }
    at(t) {
        const { times, values, components, interpolation, path } = this.track;
        const n = times.length;
        const out = this.out;
        if (t < times[this.k]) this.k = 0;  // went back: restart
        if (n === 1 || t <= times[0] || t >= times[n - 1]) {
            const o = this.offset(n === 1 || t <= times[0] ? 0 : n - 1, 1);
            for (let c = 0; c < components; ++c) out[c] = values[o + c];
        } else {
            while (this.k + 1 < n - 1 && t >= times[this.k + 1]) ++this.k;
            const k = this.k;
            const dt = times[k + 1] - times[k];
            const s = (t - times[k]) / dt;
            const a = this.offset(k, 1), b = this.offset(k + 1, 1);
            if (interpolation === 'STEP') {
                for (let c = 0; c < components; ++c) out[c] = values[a + c];
            } else if (interpolation === 'LINEAR') {
                if (path === 'rotation') {
                    for (let c = 0; c < 4; ++c) { this.a[c] = values[a + c]; this.b[c] = values[b + c]; }
                    slerp(this.a, this.b, s, out);
                } else {
                    for (let c = 0; c < components; ++c) out[c] = values[a + c] + (values[b + c] - values[a + c]) * s;
                }
            } else {
                const m0 = this.offset(k, 2), m1 = this.offset(k + 1, 0);
                const s2 = s * s, s3 = s2 * s;
                const h00 = 2 * s3 - 3 * s2 + 1, h10 = s3 - 2 * s2 + s, h01 = -2 * s3 + 3 * s2, h11 = s3 - s2;
                for (let c = 0; c < components; ++c)
                    out[c] = h00 * values[a + c] + h10 * dt * values[m0 + c] + h01 * values[b + c] + h11 * dt * values[m1 + c];
            }
        }
        if (path === 'rotation') normalize(out);
        return out;
    }
}

export function normalize(q) {
    const length = Math.hypot(q[0], q[1], q[2], q[3]);
    if (length > 0) for (let c = 0; c < 4; ++c) q[c] /= length;
}

// The spec's slerp: the shorter arc, linear where the two are (nearly) the same.
export function slerp(a, b, s, out) {
    let dot = a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3];
    const sign = dot < 0 ? -1 : 1;
    dot *= sign;
    let wa = 1 - s, wb = s;
    if (dot < 1 - 1e-9) {
        const angle = Math.acos(dot);
        wa = Math.sin((1 - s) * angle) / Math.sin(angle);
        wb = Math.sin(s * angle) / Math.sin(angle);
    }
    for (let c = 0; c < 4; ++c) out[c] = wa * a[c] + wb * sign * b[c];
}

export function error(path, a, b) {
    if (path === 'translation') {
        let squared = 0;
        for (let c = 0; c < a.length; ++c) squared += (a[c] - b[c]) ** 2;
        return Math.sqrt(squared);
    }
    if (path === 'rotation') {
        // 2 acos|a.b| as 4 atan2(|a-b|, |a+b|) on the same hemisphere: exact for tiny angles.
        const sign = a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3] < 0 ? -1 : 1;
        let minus = 0, plus = 0;
        for (let c = 0; c < 4; ++c) {
            minus += (a[c] - sign * b[c]) ** 2;
            plus += (a[c] + sign * b[c]) ** 2;
        }
        return (4 * Math.atan2(Math.sqrt(minus), Math.sqrt(plus)) * 180) / Math.PI;
    }
    let worst = 0;
    for (let c = 0; c < a.length; ++c) {
        const d = Math.abs(a[c] - b[c]);
        worst = Math.max(worst, path === 'scale' ? d / Math.max(1, Math.abs(a[c]), Math.abs(b[c])) : d);
    }
    return worst;
}
