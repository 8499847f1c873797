#!/usr/bin/env node
// Regenerates every file in server/nft/media/ (the NFT catalogue's media) deterministically:
// fixed seeds and parameters, no network, no downloaded assets. Everything here is generated
// by this script and released as CC0 (see server/nft/media/README.md).
//
//   node scripts/nft-media/generate.mjs            # all files
//   node scripts/nft-media/generate.mjs art-ember  # only the files whose name starts with it
//
// Tools: sharp (node_modules) renders SVG and raw pixel buffers to WebP and animated GIF;
// ffmpeg (libmp3lame, libx264, lavfi sources) encodes the audio and the videos.

import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const OUT = join(ROOT, 'server/nft/media');
const FFMPEG = process.env.FFMPEG ?? 'ffmpeg';
const only = process.argv.slice(2);
mkdirSync(OUT, { recursive: true });
sharp.concurrency(1); // one thread: no run-to-run variation from the core count

const WEBP = { quality: 86, effort: 6, smartSubsample: true };
const TAU = Math.PI * 2;

// ---------------------------------------------------------------------------------------------
// Deterministic randomness, noise and palettes

function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** 2D gradient (Perlin) noise in about [-1, 1], seeded. */
function perlin(seed) {
  const r = rng(seed);
  const p = new Uint8Array(512);
  const base = Array.from({ length: 256 }, (_, i) => i);
  for (let i = 255; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [base[i], base[j]] = [base[j], base[i]];
  }
  for (let i = 0; i < 512; i++) p[i] = base[i & 255];
  const gx = new Float64Array(16);
  const gy = new Float64Array(16);
  for (let i = 0; i < 16; i++) {
    gx[i] = Math.cos((i * TAU) / 16);
    gy[i] = Math.sin((i * TAU) / 16);
  }
  const fade = (t) => t * t * t * (t * (t * 6 - 15) + 10);
  return (x, y) => {
    const xi = Math.floor(x);
    const yi = Math.floor(y);
    const xf = x - xi;
    const yf = y - yi;
    const X = xi & 255;
    const Y = yi & 255;
    const g = (ix, iy, dx, dy) => {
      const h = p[p[X + ix] + Y + iy] & 15;
      return gx[h] * dx + gy[h] * dy;
    };
    const u = fade(xf);
    const v = fade(yf);
    const a = g(0, 0, xf, yf) + u * (g(1, 0, xf - 1, yf) - g(0, 0, xf, yf));
    const b = g(0, 1, xf, yf - 1) + u * (g(1, 1, xf - 1, yf - 1) - g(0, 1, xf, yf - 1));
    return (a + v * (b - a)) * 1.41;
  };
}

function fbmOf(noise, octaves = 5, lac = 2.02, gain = 0.5) {
  return (x, y) => {
    let s = 0;
    let amp = 0.5;
    let f = 1;
    for (let o = 0; o < octaves; o++) {
      s += amp * noise(x * f + o * 17.3, y * f - o * 9.1);
      f *= lac;
      amp *= gain;
    }
    return s;
  };
}

/** Cosine palette (a + b·cos(2π(c·t + d))), t in [0, 1] → [r, g, b] in [0, 1]. */
const cosPal = (a, b, c, d) => (t) => [0, 1, 2].map((i) => a[i] + b[i] * Math.cos(TAU * (c[i] * t + d[i])));

const clamp01 = (v) => (v < 0 ? 0 : v > 1 ? 1 : v);
const mix = (a, b, t) => a + (b - a) * t;
const mix3 = (a, b, t) => [mix(a[0], b[0], t), mix(a[1], b[1], t), mix(a[2], b[2], t)];
const smooth = (e0, e1, x) => {
  const t = clamp01((x - e0) / (e1 - e0));
  return t * t * (3 - 2 * t);
};
/** Piecewise-linear palette through the given colours. */
const gradientPal = (stops) => {
  const cs = stops.map((h) => hex(h));
  return (t) => {
    const x = clamp01(t) * (cs.length - 1);
    const i = Math.min(cs.length - 2, Math.floor(x));
    return mix3(cs[i], cs[i + 1], x - i);
  };
};
const hex = (h) => [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16) / 255);

/** Renders shader(u, v) → [r, g, b] (0..1) over w×h; u, v in [0, 1). Returns a sharp instance. */
function shade(w, h, shader, ss = 1) {
  const W = w * ss;
  const H = h * ss;
  const buf = Buffer.alloc(W * H * 3);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const c = shader((x + 0.5) / W, (y + 0.5) / H, x, y);
      const i = (y * W + x) * 3;
      buf[i] = Math.round(clamp01(c[0]) * 255);
      buf[i + 1] = Math.round(clamp01(c[1]) * 255);
      buf[i + 2] = Math.round(clamp01(c[2]) * 255);
    }
  }
  const img = sharp(buf, { raw: { width: W, height: H, channels: 3 } });
  return ss === 1 ? img : img.resize(w, h);
}

const svgImg = (svg) => sharp(Buffer.from(svg));

async function writeWebp(name, img) {
  await img.webp(WEBP).toFile(join(OUT, name));
  done(name);
}

/** frames: PNG buffers of equal size → looping animated GIF. */
async function writeGif(name, frames, delayMs, { colours = 96, dither = 0.4, maxError = 6 } = {}) {
  await sharp(frames, { join: { animated: true } })
    .gif({
      loop: 0,
      delay: frames.map(() => delayMs),
      colours,
      dither,
      effort: 10,
      interFrameMaxError: maxError,
      interPaletteMaxError: 4,
      reuse: true,
    })
    .toFile(join(OUT, name));
  done(name);
}

function done(name) {
  const kb = statSync(join(OUT, name)).size / 1024;
  console.log(`${name.padEnd(24)} ${kb.toFixed(1).padStart(7)} KB`);
}

function ff(args) {
  execFileSync(FFMPEG, ['-hide_banner', '-loglevel', 'error', '-y', ...args], { stdio: 'inherit' });
}

const want = (name) => only.length === 0 || only.some((o) => name.startsWith(o));

// ---------------------------------------------------------------------------------------------
// Still artworks (800×800)

/** Domain-warped fbm (q → r → f), the basis of "ember", the genesis cover and some avatars. */
function warpShader({ seed, scale, pal, warp = 4, glow = [1, 0.85, 0.55], shift = 0 }) {
  const f = fbmOf(perlin(seed), 5);
  return (u, v) => {
    const x = u * scale + shift;
    const y = v * scale;
    const qx = f(x, y);
    const qy = f(x + 5.2, y + 1.3);
    const rx = f(x + warp * qx + 1.7, y + warp * qy + 9.2);
    const ry = f(x + warp * qx + 8.3, y + warp * qy + 2.8);
    const n = f(x + warp * rx, y + warp * ry);
    const t = clamp01(0.5 + 0.9 * n);
    let c = pal(t);
    const ql = Math.hypot(qx, qy);
    c = mix3(c, glow, smooth(0.35, 0.9, ql) * 0.55 * t);
    const shadow = 0.55 + 0.6 * smooth(-0.4, 0.5, rx + n);
    return c.map((k) => k * shadow);
  };
}

async function artEmber() {
  const pal = gradientPal(['#07010a', '#3a0612', '#8f1a0e', '#e0521a', '#ffa726', '#ffe29a']);
  const base = warpShader({ seed: 1701, scale: 1.5, pal, warp: 3.6, glow: [1, 0.9, 0.6] });
  await writeWebp(
    'art-ember.webp',
    shade(800, 800, (u, v) => {
      const c = base(u, v);
      const d = Math.hypot(u - 0.5, v - 0.55);
      const vig = 1.05 - 0.55 * d * d * 2;
      return c.map((k) => k * vig);
    }),
  );
}

async function artAurora() {
  const n = perlin(311);
  const f = fbmOf(n, 5);
  const r = rng(312);
  const stars = Array.from({ length: 420 }, () => [r(), r() * 0.75, 0.2 + r() * 0.8, r()]);
  const starMap = new Float32Array(800 * 800);
  for (const [sx, sy, b, big] of stars) {
    const cx = sx * 800;
    const cy = sy * 800;
    const rad = big > 0.96 ? 2.4 : big > 0.8 ? 1.4 : 0.9;
    for (let y = Math.floor(cy - 4); y <= cy + 4; y++) {
      for (let x = Math.floor(cx - 4); x <= cx + 4; x++) {
        if (x < 0 || y < 0 || x >= 800 || y >= 800) continue;
        const d = Math.hypot(x - cx, y - cy);
        starMap[y * 800 + x] += b * Math.exp(-(d * d) / (rad * rad));
      }
    }
  }
  const curtains = [
    { base: 0.46, amp: 0.12, freq: 1.6, off: 0, green: [0.2, 1.0, 0.62], top: [0.62, 0.25, 0.95], k: 1.0 },
    { base: 0.36, amp: 0.1, freq: 2.3, off: 40, green: [0.3, 0.95, 0.85], top: [0.95, 0.3, 0.7], k: 0.75 },
    { base: 0.55, amp: 0.07, freq: 3.1, off: 90, green: [0.45, 1.0, 0.5], top: [0.35, 0.45, 1.0], k: 0.55 },
  ];
  const ridge = (u) => 0.8 + 0.06 * f(u * 3 + 50, 0.5) + 0.03 * n(u * 14, 3.3);
  await writeWebp(
    'art-aurora.webp',
    shade(800, 800, (u, v, x, y) => {
      // night sky
      let c = mix3(hex('#030614'), hex('#0c1d44'), Math.pow(v, 1.4));
      c = c.map((k, i) => k + starMap[y * 800 + x] * [0.9, 0.95, 1][i]);
      for (const cu of curtains) {
        const y0 = cu.base + cu.amp * 1.6 * f(u * cu.freq + cu.off, cu.off * 0.1) + 0.045 * Math.sin(u * 11 + cu.off + 2 * f(u * 2, 7));
        const rays = 0.35 + 0.65 * clamp01(0.5 + 0.9 * f(u * 38 + cu.off, v * 1.5));
        const dy = v - y0;
        const below = Math.exp(-Math.pow(dy / 0.018, 2));
        const above = dy < 0 ? Math.exp(dy / 0.2) : 0;
        const inten = (below * 0.9 + above) * rays * cu.k;
        const col = mix3(cu.green, cu.top, clamp01(-dy / 0.28));
        c = c.map((k, i) => k + col[i] * inten * 0.85);
      }
      // mountains and their reflection on the lake
      const rg = ridge(u);
      if (v > rg) {
        const shore = 0.9;
        if (v < shore) c = mix3(hex('#02040a'), hex('#07101f'), (v - rg) / (shore - rg));
        else {
          const mv = 2 * shore - v; // mirrored sky
          const ripple = 0.004 * Math.sin(v * 900 + 3 * n(u * 20, v * 40));
          const m = mv < ridge(u + ripple) ? 0.35 : 0.05;
          const glowC = curtains[0].green;
          const refl = m * Math.exp(-Math.pow((mv - curtains[0].base) / 0.12, 2));
          c = mix3(hex('#030814'), glowC, refl * 0.6);
        }
      }
      return c;
    }),
  );
}

async function artLattice() {
  const r = rng(4242);
  const N = 10;
  const S = 80;
  const pal = cosPal([0.55, 0.45, 0.6], [0.45, 0.4, 0.35], [1, 1, 1], [0.0, 0.2, 0.45]);
  const rgb = (t) => {
    const c = pal(t).map((k) => Math.round(clamp01(k) * 255));
    return `rgb(${c[0]},${c[1]},${c[2]})`;
  };
  let arcs = '';
  for (let j = 0; j < N; j++) {
    for (let i = 0; i < N; i++) {
      const x = i * S;
      const y = j * S;
      const flip = r() < 0.5;
      const t = (i + j) / (2 * N) + 0.15 * Math.sin(i * 0.7) * Math.cos(j * 0.5);
      const corners = flip
        ? [
            [x, y, 0],
            [x + S, y + S, 180],
          ]
        : [
            [x + S, y, 90],
            [x, y + S, 270],
          ];
      for (const [cx, cy] of corners) {
        for (const [rad, w, dt] of [
          [S / 2, 14, 0],
          [S / 2 - 20, 5, 0.12],
          [S / 2 + 20, 5, -0.12],
        ]) {
          // the quarter arc of radius rad centred on the corner, inside the cell
          const sx = cx === x ? x + rad : x + S - rad;
          const sy = cy;
          const ex = cx;
          const ey = cy === y ? y + rad : y + S - rad;
          arcs += `<path d="M${sx} ${sy} A${rad} ${rad} 0 0 ${(cx === x) === (cy === y) ? 1 : 0} ${ex} ${ey}" stroke="${rgb(t + dt)}" stroke-width="${w}" fill="none" stroke-linecap="round"/>`;
        }
      }
    }
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800">
  <defs>
    <radialGradient id="bg" cx="0.5" cy="0.45" r="0.75"><stop offset="0" stop-color="#1b1640"/><stop offset="1" stop-color="#06050f"/></radialGradient>
    <filter id="glow" x="-10%" y="-10%" width="120%" height="120%"><feGaussianBlur stdDeviation="6" result="b"/><feMerge><feMergeNode in="b"/><feMergeNode in="SourceGraphic"/></feMerge></filter>
    <radialGradient id="vig" cx="0.5" cy="0.5" r="0.72"><stop offset="0.6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.55"/></radialGradient>
  </defs>
  <rect width="800" height="800" fill="url(#bg)"/>
  <g filter="url(#glow)" opacity="0.95">${arcs}</g>
  <rect width="800" height="800" fill="url(#vig)"/>
</svg>`;
  await writeWebp('art-lattice.webp', svgImg(svg));
}

async function artBloom() {
  const layers = [
    { n: 8, len: 330, wid: 120, c0: '#ff7eb3', c1: '#7a1f5c', rot: 0, op: 0.55 },
    { n: 13, len: 270, wid: 86, c0: '#ffb199', c1: '#b02e5f', rot: 11, op: 0.6 },
    { n: 21, len: 200, wid: 54, c0: '#ffd56b', c1: '#e0456f', rot: 5, op: 0.65 },
    { n: 34, len: 130, wid: 28, c0: '#fff2b0', c1: '#ff7a59', rot: 3, op: 0.75 },
  ];
  let petals = '';
  layers.forEach((L, li) => {
    for (let k = 0; k < L.n; k++) {
      const a = (k * 360) / L.n + L.rot + li * 7;
      const l = L.len;
      const w = L.wid / 2;
      petals += `<path transform="rotate(${a.toFixed(2)} 400 400)" d="M400 400 C ${400 - w} ${400 - l * 0.35}, ${400 - w * 0.8} ${400 - l * 0.9}, 400 ${400 - l} C ${400 + w * 0.8} ${400 - l * 0.9}, ${400 + w} ${400 - l * 0.35}, 400 400 Z" fill="url(#p${li})" opacity="${L.op}" stroke="${L.c0}" stroke-opacity="0.35" stroke-width="1.2"/>`;
    }
  });
  const grads = layers
    .map(
      (L, li) =>
        `<radialGradient id="p${li}" gradientUnits="userSpaceOnUse" cx="400" cy="400" r="${L.len}"><stop offset="0" stop-color="${L.c1}"/><stop offset="0.55" stop-color="${L.c0}"/><stop offset="1" stop-color="${L.c0}" stop-opacity="0.35"/></radialGradient>`,
    )
    .join('');
  const r = rng(99);
  let pollen = '';
  for (let k = 0; k < 140; k++) {
    const a = k * 2.39996; // golden angle
    const rad = 6 * Math.sqrt(k);
    pollen += `<circle cx="${(400 + rad * Math.cos(a)).toFixed(1)}" cy="${(400 + rad * Math.sin(a)).toFixed(1)}" r="${(2.2 + r() * 1.4).toFixed(1)}" fill="#fff7d6" opacity="${(0.6 + r() * 0.4).toFixed(2)}"/>`;
  }
  let dust = '';
  for (let k = 0; k < 90; k++) {
    dust += `<circle cx="${(r() * 800).toFixed(0)}" cy="${(r() * 800).toFixed(0)}" r="${(0.8 + r() * 2).toFixed(1)}" fill="#ffd9ec" opacity="${(0.15 + r() * 0.5).toFixed(2)}"/>`;
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800">
  <defs>
    <radialGradient id="bg" cx="0.5" cy="0.5" r="0.7"><stop offset="0" stop-color="#14404a"/><stop offset="0.6" stop-color="#0a1f2b"/><stop offset="1" stop-color="#040a10"/></radialGradient>
    <radialGradient id="halo" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#ffcf8a" stop-opacity="0.55"/><stop offset="1" stop-color="#ffcf8a" stop-opacity="0"/></radialGradient>
    <filter id="soft"><feGaussianBlur stdDeviation="1.2"/></filter>
    ${grads}
  </defs>
  <rect width="800" height="800" fill="url(#bg)"/>
  ${dust}
  <circle cx="400" cy="400" r="380" fill="url(#halo)"/>
  <g filter="url(#soft)">${petals}</g>
  <circle cx="400" cy="400" r="60" fill="#ffb347" opacity="0.9"/>
  ${pollen}
</svg>`;
  await writeWebp('art-bloom.webp', svgImg(svg));
}

async function artDrift() {
  const n = perlin(808);
  const f = fbmOf(n, 3);
  const r = rng(809);
  const pal = gradientPal(['#2ec4b6', '#8ecae6', '#ffd166', '#ef476f', '#b5179e']);
  let paths = '';
  for (let k = 0; k < 1400; k++) {
    let x = r() * 900 - 50;
    let y = r() * 900 - 50;
    const t0 = clamp01(0.5 + 0.5 * n(x / 400, y / 400 + 40));
    const c = pal(0.8 * t0 + 0.25 * (y / 800)).map((v) => Math.round(clamp01(v) * 255));
    let d = `M${x.toFixed(1)} ${y.toFixed(1)}`;
    const steps = 40 + Math.floor(r() * 90);
    for (let s = 0; s < steps; s++) {
      const a = f(x / 260, y / 260) * TAU * 1.4;
      x += Math.cos(a) * 4;
      y += Math.sin(a) * 4;
      d += `L${x.toFixed(1)} ${y.toFixed(1)}`;
    }
    const w = (0.6 + r() * r() * 3.6).toFixed(2);
    paths += `<path d="${d}" stroke="rgb(${c[0]},${c[1]},${c[2]})" stroke-width="${w}" stroke-opacity="${(0.35 + r() * 0.5).toFixed(2)}" fill="none" stroke-linecap="round"/>`;
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#0d1b2a"/><stop offset="1" stop-color="#1b263b"/></linearGradient></defs>
  <rect width="800" height="800" fill="url(#bg)"/>
  ${paths}
</svg>`;
  await writeWebp('art-drift.webp', svgImg(svg));
}

async function artPrism() {
  const n = perlin(5150);
  const f = fbmOf(n, 4);
  // triangle (the prism) in unit coordinates
  const A = [0.5, 0.2];
  const B = [0.17, 0.78];
  const C = [0.83, 0.78];
  const side = (p, a, b) => (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0]);
  const inside = (p) => {
    const s1 = side(p, A, B);
    const s2 = side(p, B, C);
    const s3 = side(p, C, A);
    return (s1 < 0 && s2 < 0 && s3 < 0) || (s1 > 0 && s2 > 0 && s3 > 0);
  };
  const edgeDist = (p) => {
    const d = (a, b) => {
      const ex = b[0] - a[0];
      const ey = b[1] - a[1];
      const t = clamp01(((p[0] - a[0]) * ex + (p[1] - a[1]) * ey) / (ex * ex + ey * ey));
      return Math.hypot(p[0] - a[0] - t * ex, p[1] - a[1] - t * ey);
    };
    return Math.min(d(A, B), d(B, C), d(C, A));
  };
  await writeWebp(
    'art-prism.webp',
    shade(
      800,
      800,
      (u, v) => {
        const p = [u, v];
        const inP = inside(p);
        const w = f(u * 2.5, v * 2.5) * (inP ? 2.6 : 1.0);
        const k = inP ? 38 : 22;
        // the three colour channels interfere at slightly different wavelengths: a dispersion moiré
        const ch = [1.0, 1.07, 1.15].map((lam, i) => {
          const a = Math.sin((u * 0.8 + v * 0.6) * k * lam + w * 3 + i * 0.4);
          const b = Math.sin((u * -0.5 + v * 0.9) * k * 0.83 * lam + w * 2);
          const cc = Math.sin(Math.hypot(u - 0.5, v - 0.58) * k * 1.6 * lam - w * 2.5);
          return 0.5 + 0.5 * Math.sin((a + b + cc) * 1.4 + i * 2.1);
        });
        let c = inP ? ch.map((x) => 0.15 + 0.9 * x) : ch.map((x, i) => (0.03 + 0.22 * x * x * x) * [0.5, 0.55, 1.0][i]);
        // light beam entering from the left, a rainbow fan leaving on the right
        const beamY = 0.52 + (u - 0.0) * 0.02;
        if (!inP && u < 0.4) {
          const b = Math.exp(-Math.pow((v - beamY) / 0.012, 2)) * smooth(0.0, 0.15, u);
          c = c.map((x) => x + b * 0.95);
        }
        if (!inP && u > 0.55) {
          const spread = (u - 0.6) * 0.55;
          const hue = (v - (0.55 - spread * 0.2)) / Math.max(0.02, spread) + 0.5;
          if (hue > 0 && hue < 1 && v > 0.3) {
            const rb = cosPal([0.5, 0.5, 0.5], [0.5, 0.5, 0.5], [1, 1, 1], [0.0, 0.33, 0.67])(hue * 0.85);
            const a = smooth(0.55, 0.7, u) * Math.sin(hue * Math.PI) * 0.9;
            c = c.map((x, i) => x * (1 - a * 0.7) + rb[i] * a);
          }
        }
        const e = edgeDist(p);
        c = c.map((x) => x + Math.exp(-e / 0.0035) * 0.9);
        return c;
      },
      2,
    ),
  );
}

// ---------------------------------------------------------------------------------------------
// Animated GIFs (400×400)

const f2 = (x) => x.toFixed(2);

async function framesOf(count, svgAt) {
  const out = [];
  for (let k = 0; k < count; k++)
    out.push(
      await svgImg(svgAt(k / count))
        .png()
        .toBuffer(),
    );
  return out;
}

async function artPulse() {
  const pal = gradientPal(['#fff3c4', '#ffb703', '#fb5607', '#ff006e', '#8338ec', '#3a86ff', '#0b0820']);
  const rgb = (t) => {
    const c = pal(t).map((k) => Math.round(clamp01(k) * 255));
    return `rgb(${c[0]},${c[1]},${c[2]})`;
  };
  const rings = 7;
  const frames = await framesOf(20, (ph) => {
    let g = '';
    for (let k = rings - 1; k >= 0; k--) {
      const x = (k + ph) / rings; // 0 (centre) → 1 (edge), moving outwards
      const r = 14 + x * 270;
      const petals = 6 + (k % 3) * 3;
      let d = '';
      for (let a = 0; a <= 360; a += 3) {
        const rad = (a * Math.PI) / 180;
        const rr = r * (1 + 0.09 * Math.sin(petals * rad + ph * TAU + k));
        d += `${a === 0 ? 'M' : 'L'}${f2(200 + rr * Math.cos(rad))} ${f2(200 + rr * Math.sin(rad))}`;
      }
      g += `<path d="${d}Z" fill="${rgb(0.08 + x * 0.86)}"/>`;
    }
    return `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><rect width="400" height="400" fill="#0b0820"/>${g}<circle cx="200" cy="200" r="${f2(10 + 4 * Math.sin(ph * TAU))}" fill="#fff6d8"/></svg>`;
  });
  await writeGif('art-pulse.gif', frames, 80, { colours: 64, dither: 0, maxError: 0 });
}

async function artOrbit() {
  const r = rng(7070);
  const stars = Array.from({ length: 110 }, () => [r() * 400, r() * 400, 0.4 + r() * 1.2, r()]);
  const planets = [
    { a: 70, e: 0.35, size: 7, col: '#7ee0ff', speed: 3, ph: 0.1 },
    { a: 110, e: 0.35, size: 11, col: '#ff8fab', speed: 2, ph: 0.45 },
    { a: 150, e: 0.35, size: 9, col: '#c3f584', speed: 1, ph: 0.8 },
    { a: 185, e: 0.35, size: 14, col: '#ffc857', speed: 1, ph: 0.3 },
  ];
  const frames = await framesOf(48, (ph) => {
    let g = '';
    for (const [x, y, s, tw] of stars)
      g += `<circle cx="${f2(x)}" cy="${f2(y)}" r="${f2(s)}" fill="#fff" opacity="${f2(0.25 + 0.6 * (0.5 + 0.5 * Math.sin(TAU * (ph * 2 + tw))))}"/>`;
    for (const p of planets) {
      const ry = p.a * p.e;
      g += `<ellipse cx="200" cy="200" rx="${p.a}" ry="${f2(ry)}" fill="none" stroke="#ffffff" stroke-opacity="0.14" stroke-width="1.5"/>`;
    }
    // draw the far half of the orbits, the sun, then the near half
    const pos = planets.map((p) => {
      const ang = TAU * (p.ph + ph * p.speed);
      return { p, x: 200 + p.a * Math.cos(ang), y: 200 + p.a * p.e * Math.sin(ang), near: Math.sin(ang) > 0, ang };
    });
    const body = ({ p, x, y, ang }) => {
      let trail = '';
      for (let k = 1; k <= 10; k++) {
        const a2 = ang - k * 0.06 * (p.speed > 1 ? 1.3 : 1);
        trail += `<circle cx="${f2(200 + p.a * Math.cos(a2))}" cy="${f2(200 + p.a * p.e * Math.sin(a2))}" r="${f2(p.size * (1 - k / 12))}" fill="${p.col}" opacity="${f2(0.35 * (1 - k / 11))}"/>`;
      }
      const sc = 0.8 + 0.25 * Math.sin(ang);
      return `${trail}<circle cx="${f2(x)}" cy="${f2(y)}" r="${f2(p.size * sc)}" fill="${p.col}"/><circle cx="${f2(x - p.size * 0.3)}" cy="${f2(y - p.size * 0.3)}" r="${f2(p.size * sc * 0.35)}" fill="#fff" opacity="0.55"/>`;
    };
    const far = pos
      .filter((q) => !q.near)
      .map(body)
      .join('');
    const near = pos
      .filter((q) => q.near)
      .map(body)
      .join('');
    const sunR = 34 + 2 * Math.sin(ph * TAU * 2);
    return `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400">
<defs><radialGradient id="sun"><stop offset="0" stop-color="#fffbe6"/><stop offset="0.5" stop-color="#ffd166"/><stop offset="1" stop-color="#ff7b00"/></radialGradient>
<radialGradient id="halo"><stop offset="0" stop-color="#ffb347" stop-opacity="0.6"/><stop offset="1" stop-color="#ffb347" stop-opacity="0"/></radialGradient></defs>
<rect width="400" height="400" fill="#0a0a23"/>${g}${far}
<circle cx="200" cy="200" r="${f2(sunR * 2.2)}" fill="url(#halo)"/><circle cx="200" cy="200" r="${f2(sunR)}" fill="url(#sun)"/>${near}</svg>`;
  });
  await writeGif('art-orbit.gif', frames, 60, { colours: 96, dither: 0.3 });
}

// ---------------------------------------------------------------------------------------------
// Blind boxes: the covers (600×600) and the pool artworks, one per rarity (N < R < SR < SSR)

const THEMES = {
  genesis: { box: ['#ffb347', '#ff6f3c', '#8a2be2'], ribbon: '#ffe08a', bg: ['#2b0f3a', '#0b0514'] },
  signals: { box: ['#4dd0e1', '#1e88e5', '#3a0ca3'], ribbon: '#b9f6ff', bg: ['#061a2e', '#02060d'] },
};

function boxCoverSvg(theme) {
  const T = THEMES[theme];
  const r = rng(theme === 'genesis' ? 11 : 12);
  let sparks = '';
  for (let k = 0; k < 40; k++) {
    const x = r() * 600;
    const y = r() * 600;
    const s = 2 + r() * 7;
    sparks += `<path d="M${f2(x)} ${f2(y - s)} Q${f2(x)} ${f2(y)} ${f2(x + s)} ${f2(y)} Q${f2(x)} ${f2(y)} ${f2(x)} ${f2(y + s)} Q${f2(x)} ${f2(y)} ${f2(x - s)} ${f2(y)} Q${f2(x)} ${f2(y)} ${f2(x)} ${f2(y - s)}Z" fill="#fff" opacity="${f2(0.3 + r() * 0.7)}"/>`;
  }
  // isometric box: top face centre (300, 250), half-width 150, depth 86, height 160
  const cx = 300,
    ty = 270,
    hw = 150,
    hd = 86,
    h = 160;
  const top = `M${cx} ${ty - hd} L${cx + hw} ${ty} L${cx} ${ty + hd} L${cx - hw} ${ty} Z`;
  const left = `M${cx - hw} ${ty} L${cx} ${ty + hd} L${cx} ${ty + hd + h} L${cx - hw} ${ty + h} Z`;
  const right = `M${cx + hw} ${ty} L${cx} ${ty + hd} L${cx} ${ty + hd + h} L${cx + hw} ${ty + h} Z`;
  const lidLift = 38;
  const lid = `M${cx} ${ty - hd - lidLift} L${cx + hw + 10} ${ty - lidLift + 5} L${cx} ${ty + hd - lidLift + 10} L${cx - hw - 10} ${ty - lidLift + 5} Z`;
  const lidL = `M${cx - hw - 10} ${ty - lidLift + 5} L${cx} ${ty + hd - lidLift + 10} L${cx} ${ty + hd - lidLift + 38} L${cx - hw - 10} ${ty - lidLift + 33} Z`;
  const lidR = `M${cx + hw + 10} ${ty - lidLift + 5} L${cx} ${ty + hd - lidLift + 10} L${cx} ${ty + hd - lidLift + 38} L${cx + hw + 10} ${ty - lidLift + 33} Z`;
  // question mark (as a path) on the left face, skewed onto it
  const q = `<g transform="matrix(1 0.573 0 1 ${cx - hw + 40} ${ty + 10})" fill="none" stroke="#fff" stroke-width="13" stroke-linecap="round" opacity="0.92">
    <path d="M8 28 C8 0, 62 0, 62 28 C62 50, 36 50, 36 74"/><circle cx="36" cy="102" r="3" fill="#fff"/></g>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600">
<defs>
 <radialGradient id="bg" cx="0.5" cy="0.45" r="0.75"><stop offset="0" stop-color="${T.bg[0]}"/><stop offset="1" stop-color="${T.bg[1]}"/></radialGradient>
 <radialGradient id="glow" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="${T.box[0]}" stop-opacity="0.9"/><stop offset="1" stop-color="${T.box[0]}" stop-opacity="0"/></radialGradient>
 <linearGradient id="l" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${T.box[1]}"/><stop offset="1" stop-color="${T.box[2]}"/></linearGradient>
 <linearGradient id="r" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${T.box[0]}"/><stop offset="1" stop-color="${T.box[1]}"/></linearGradient>
 <linearGradient id="t" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="${T.box[0]}"/></linearGradient>
 <filter id="blur"><feGaussianBlur stdDeviation="10"/></filter>
</defs>
<rect width="600" height="600" fill="url(#bg)"/>
${Array.from({ length: 16 }, (_, k) => `<path d="M300 250 L${f2(300 + 600 * Math.cos((k * TAU) / 16))} ${f2(250 + 600 * Math.sin((k * TAU) / 16))} L${f2(300 + 600 * Math.cos(((k + 0.45) * TAU) / 16))} ${f2(250 + 600 * Math.sin(((k + 0.45) * TAU) / 16))}Z" fill="${T.box[0]}" opacity="0.07"/>`).join('')}
<circle cx="300" cy="230" r="230" fill="url(#glow)" opacity="0.55"/>
${sparks}
<ellipse cx="300" cy="${ty + hd + h + 12}" rx="190" ry="34" fill="#000" opacity="0.45" filter="url(#blur)"/>
<path d="${top}" fill="#fff8e1" opacity="0.95"/>
<path d="${top}" fill="url(#glow)"/>
<path d="${left}" fill="url(#l)"/><path d="${right}" fill="url(#r)"/>
<path d="M${cx - hw / 2} ${ty + hd / 2} L${cx - hw / 2} ${ty + hd / 2 + h}" stroke="${T.ribbon}" stroke-width="22" opacity="0" />
<path d="M${cx + hw / 2} ${ty + hd / 2} L${cx + hw / 2} ${ty + hd / 2 + h}" stroke="${T.ribbon}" stroke-width="24"/>
${q}
<g transform="translate(0 ${-6})"><path d="${lidL}" fill="url(#l)"/><path d="${lidR}" fill="url(#r)"/><path d="${lid}" fill="url(#t)"/>
<path d="M${cx - hw / 2 - 5} ${ty - lidLift + 5 - hd / 2 - 2} L${cx + hw / 2 + 5} ${ty - lidLift + 5 + hd / 2 + 3}" stroke="${T.ribbon}" stroke-width="24"/>
<path d="M${cx + hw / 2 + 5} ${ty - lidLift + 5 + hd / 2 + 3} L${cx + hw / 2 + 5} ${ty - lidLift + 33 + hd / 2 + 3}" stroke="${T.ribbon}" stroke-width="24"/>
<path d="M${cx} ${ty - lidLift - 10} c -60 -70, -110 -10, 0 0 c 60 -70, 110 -10, 0 0" fill="${T.ribbon}" stroke="#fff" stroke-width="3"/></g>
<path d="M${cx} ${ty + hd} L${cx} ${ty + hd + h}" stroke="#fff" stroke-opacity="0.35" stroke-width="2"/>
</svg>`;
}

async function boxCovers() {
  for (const th of ['genesis', 'signals']) await writeWebp(`box-${th}.webp`, svgImg(boxCoverSvg(th)));
}

const RARITY = {
  n: { frame: '#9aa0a6', bg: ['#3c4048', '#23262b'], fill: ['#cfd4da', '#8a9099'], rays: 0, rings: 0, sparks: 0 },
  r: { frame: '#42a5f5', bg: ['#0f3c66', '#081a2c'], fill: ['#80deea', '#1e88e5'], rays: 0, rings: 1, sparks: 12 },
  sr: { frame: '#c77dff', bg: ['#3c096c', '#10002b'], fill: ['#ffafcc', '#9d4edd'], rays: 12, rings: 2, sparks: 30 },
  ssr: { frame: '#ffd700', bg: ['#5c3a00', '#140b00'], fill: ['#fff6c2', '#d4a017'], rays: 24, rings: 3, sparks: 48 },
};

/** One pool artwork: theme motif (genesis: a seed-sun; signals: a beacon and its waves), the more elaborate and golden the rarer. */
function rarityArtSvg(theme, rarity, S, ph) {
  const R = RARITY[rarity];
  const c = S / 2;
  const k = S / 800;
  const rr = rng((theme === 'genesis' ? 100 : 200) + Object.keys(RARITY).indexOf(rarity));
  const rot = ph * 360;
  let g = '';
  // rays
  for (let i = 0; i < R.rays; i++) {
    const a0 = ((i / R.rays) * 360 + 3) * (Math.PI / 180);
    const a1 = a0 + (Math.PI / R.rays) * 0.7;
    g += `<path d="M${c} ${c} L${f2(c + S * Math.cos(a0))} ${f2(c + S * Math.sin(a0))} L${f2(c + S * Math.cos(a1))} ${f2(c + S * Math.sin(a1))}Z" fill="${R.fill[0]}" opacity="${rarity === 'ssr' ? 0.16 : 0.1}"/>`;
  }
  g += `<circle cx="${c}" cy="${c}" r="${f2(330 * k)}" fill="url(#halo)"/>`;
  // rings with ticks, counter-rotating
  for (let i = 0; i < R.rings; i++) {
    const rad = (300 - i * 34) * k;
    const dir = i % 2 ? -1 : 1;
    const ticks = 24 + i * 12;
    let t = '';
    for (let j = 0; j < ticks; j++) {
      const a = ((j / ticks) * 360 + dir * rot * (0.5 + i * 0.25)) * (Math.PI / 180);
      const big = j % 3 === 0;
      t += `<circle cx="${f2(c + rad * Math.cos(a))}" cy="${f2(c + rad * Math.sin(a))}" r="${f2((big ? 6 : 3) * k)}" fill="${R.fill[0]}"/>`;
    }
    g += `<circle cx="${c}" cy="${c}" r="${f2(rad)}" fill="none" stroke="url(#metal)" stroke-width="${f2(3 * k)}" opacity="0.8"/>${t}`;
  }
  // motif
  if (theme === 'genesis') {
    const petals = { n: 0, r: 6, sr: 10, ssr: 16 }[rarity];
    for (let i = 0; i < petals; i++) {
      const a = (i * 360) / petals;
      const L = 200 * k;
      const w = (rarity === 'ssr' ? 34 : 44) * k;
      g += `<path transform="rotate(${f2(a)} ${c} ${c})" d="M${c} ${c} C${f2(c - w)} ${f2(c - L * 0.4)}, ${f2(c - w * 0.6)} ${f2(c - L * 0.9)}, ${c} ${f2(c - L)} C${f2(c + w * 0.6)} ${f2(c - L * 0.9)}, ${f2(c + w)} ${f2(c - L * 0.4)}, ${c} ${c}Z" fill="url(#fill)" stroke="${R.frame}" stroke-width="${f2(2 * k)}" opacity="0.92"/>`;
    }
    g += `<circle cx="${c}" cy="${c}" r="${f2(92 * k)}" fill="url(#fill)" stroke="${R.frame}" stroke-width="${f2(5 * k)}"/>`;
    g += `<circle cx="${c}" cy="${c}" r="${f2(46 * k)}" fill="${R.bg[1]}" opacity="0.35"/>`;
    g += `<circle cx="${f2(c - 30 * k)}" cy="${f2(c - 32 * k)}" r="${f2(22 * k)}" fill="#fff" opacity="0.45"/>`;
  } else {
    const waves = { n: 1, r: 2, sr: 3, ssr: 4 }[rarity];
    for (let i = 0; i < waves; i++) {
      const rad = (95 + i * 48) * k;
      const lit = Math.floor(ph * (waves + 2)) === i; // the signal travels outwards, one wave at a time
      for (const side of [-1, 1]) {
        const a0 = (side === 1 ? -50 : 130) * (Math.PI / 180);
        const a1 = (side === 1 ? 50 : 230) * (Math.PI / 180);
        g += `<path d="M${f2(c + rad * Math.cos(a0))} ${f2(c + rad * Math.sin(a0))} A${f2(rad)} ${f2(rad)} 0 0 1 ${f2(c + rad * Math.cos(a1))} ${f2(c + rad * Math.sin(a1))}" fill="none" stroke="url(#fill)" stroke-width="${f2(22 * k)}" stroke-linecap="round" opacity="${f2(lit ? 1 : 0.75 - i * 0.1)}"/>`;
        if (lit)
          g += `<path d="M${f2(c + rad * Math.cos(a0))} ${f2(c + rad * Math.sin(a0))} A${f2(rad)} ${f2(rad)} 0 0 1 ${f2(c + rad * Math.cos(a1))} ${f2(c + rad * Math.sin(a1))}" fill="none" stroke="#fff" stroke-width="${f2(6 * k)}" stroke-linecap="round" opacity="0.7"/>`;
      }
    }
    g += `<path d="M${f2(c - 40 * k)} ${f2(c + 250 * k)} L${c} ${f2(c + 40 * k)} L${f2(c + 40 * k)} ${f2(c + 250 * k)}" fill="none" stroke="url(#fill)" stroke-width="${f2(16 * k)}" stroke-linejoin="round"/>`;
    g += `<circle cx="${c}" cy="${c}" r="${f2(44 * k)}" fill="url(#fill)" stroke="${R.frame}" stroke-width="${f2(5 * k)}"/>`;
    g += `<circle cx="${f2(c - 14 * k)}" cy="${f2(c - 14 * k)}" r="${f2(12 * k)}" fill="#fff" opacity="0.5"/>`;
  }
  // sparkles, twinkling
  for (let i = 0; i < R.sparks; i++) {
    const x = rr() * S;
    const y = rr() * S;
    const tw = rr();
    const s = (6 + rr() * 16) * k * (0.55 + 0.45 * Math.sin(TAU * (ph * 2 + tw)));
    g += `<path d="M${f2(x)} ${f2(y - s)} Q${f2(x)} ${f2(y)} ${f2(x + s)} ${f2(y)} Q${f2(x)} ${f2(y)} ${f2(x)} ${f2(y + s)} Q${f2(x)} ${f2(y)} ${f2(x - s)} ${f2(y)} Q${f2(x)} ${f2(y)} ${f2(x)} ${f2(y - s)}Z" fill="${rarity === 'ssr' ? '#fff3b0' : '#ffffff'}" opacity="0.9"/>`;
  }
  // frame: thicker and double for the rarer ones
  const fw = { n: 6, r: 10, sr: 14, ssr: 18 }[rarity] * k;
  let frame = `<rect x="${f2(fw / 2)}" y="${f2(fw / 2)}" width="${f2(S - fw)}" height="${f2(S - fw)}" rx="${f2(28 * k)}" fill="none" stroke="url(#metal)" stroke-width="${f2(fw)}"/>`;
  if (rarity === 'sr' || rarity === 'ssr')
    frame += `<rect x="${f2(fw + 10 * k)}" y="${f2(fw + 10 * k)}" width="${f2(S - 2 * fw - 20 * k)}" height="${f2(S - 2 * fw - 20 * k)}" rx="${f2(20 * k)}" fill="none" stroke="${R.frame}" stroke-width="${f2(3 * k)}" opacity="0.8"/>`;
  if (rarity === 'ssr')
    for (const [x, y] of [
      [1, 1],
      [S - 1, 1],
      [1, S - 1],
      [S - 1, S - 1],
    ])
      frame += `<circle cx="${f2(x === 1 ? fw * 2.2 : S - fw * 2.2)}" cy="${f2(y === 1 ? fw * 2.2 : S - fw * 2.2)}" r="${f2(14 * k)}" fill="url(#fill)" stroke="#fff8dc" stroke-width="${f2(2 * k)}"/>`;
  const shine = 0.5 + 0.5 * Math.sin(ph * TAU);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${S}" height="${S}">
<defs>
 <radialGradient id="bg" cx="0.5" cy="0.5" r="0.75"><stop offset="0" stop-color="${R.bg[0]}"/><stop offset="1" stop-color="${R.bg[1]}"/></radialGradient>
 <radialGradient id="halo"><stop offset="0" stop-color="${R.fill[0]}" stop-opacity="${rarity === 'n' ? 0.12 : 0.4}"/><stop offset="1" stop-color="${R.fill[0]}" stop-opacity="0"/></radialGradient>
 <linearGradient id="fill" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${R.fill[0]}"/><stop offset="${f2(0.3 + 0.4 * shine)}" stop-color="${rarity === 'ssr' ? '#ffe066' : R.fill[1]}"/><stop offset="1" stop-color="${R.fill[1]}"/></linearGradient>
 <linearGradient id="metal" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ffffff"/><stop offset="0.5" stop-color="${R.frame}"/><stop offset="1" stop-color="${R.bg[0]}"/></linearGradient>
</defs>
<rect width="${S}" height="${S}" fill="url(#bg)"/>${g}${frame}</svg>`;
}

async function boxPool() {
  const pool = {
    genesis: { n: 'webp', r: 'webp', sr: 'gif', ssr: 'gif' },
    signals: { n: 'webp', r: 'webp', sr: 'webp', ssr: 'gif' },
  };
  for (const [th, rs] of Object.entries(pool)) {
    for (const [rar, ext] of Object.entries(rs)) {
      const name = `box-${th}-${rar}.${ext}`;
      if (!want(name)) continue;
      if (ext === 'webp') await writeWebp(name, svgImg(rarityArtSvg(th, rar, 800, 0.1)));
      else await writeGif(name, await framesOf(24, (ph) => rarityArtSvg(th, rar, 400, ph)), 80, { colours: 96, dither: 0 });
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Collection covers (720×400) and artist avatars (256×256)

async function collectionCovers() {
  if (want('collection-genesis')) {
    const pal = gradientPal(['#0d0221', '#3c096c', '#9d4edd', '#ff9e00', '#ffd166', '#fff1c1']);
    const base = warpShader({ seed: 2024, scale: 1.3, pal, warp: 3.2, glow: [1, 0.9, 0.7] });
    await writeWebp(
      'collection-genesis.webp',
      shade(720, 400, (u, v) => base(u * 1.8, v)),
    );
  }
  if (want('collection-tides')) {
    const f = fbmOf(perlin(77), 4);
    const pal = gradientPal(['#caf0f8', '#90e0ef', '#00b4d8', '#0077b6', '#03045e', '#010221']);
    await writeWebp(
      'collection-tides.webp',
      shade(
        720,
        400,
        (u, v) => {
          // stacked swells, each a band whose top edge is a moving wave; foam on the crests
          const bands = 9;
          for (let b = 0; b < bands; b++) {
            const y0 = 0.18 + (b / bands) * 0.86;
            const crest = y0 + 0.05 * Math.sin(u * (5 + b * 0.7) * Math.PI + b * 1.7) + 0.03 * f(u * 3 + b, b * 0.3);
            if (v < crest) {
              if (b === 0) return mix3(hex('#ffd6a5'), hex('#ffadad'), v / crest); // dawn sky
              const d = crest - v;
              const foam = Math.exp(-d / 0.006) * 0.8;
              const c = pal(0.1 + (b / bands) * 0.9 - d * 2.5);
              return mix3(c, [1, 1, 1], foam);
            }
          }
          return pal(1);
        },
        2,
      ),
    );
  }
  if (want('collection-signals')) {
    const src = [
      [0.3, 0.5, 60],
      [0.72, 0.35, 75],
      [0.55, 0.8, 50],
    ];
    const pal = gradientPal(['#03001c', '#301e67', '#5b8fb9', '#b6eada', '#ff4ecd']);
    await writeWebp(
      'collection-signals.webp',
      shade(
        720,
        400,
        (u, v) => {
          const x = u * 1.8;
          let s = 0;
          for (const [sx, sy, k] of src) {
            const d = Math.hypot(x - sx * 1.8, v - sy);
            s += Math.cos(d * k) / (1 + d * 3);
          }
          const t = clamp01(0.5 + 0.42 * s);
          const c = pal(t * t);
          const grid = Math.abs(((x * 40) % 1) - 0.5) < 0.03 || Math.abs(((v * 40) % 1) - 0.5) < 0.03 ? 0.06 : 0;
          return c.map((k) => k + grid);
        },
        2,
      ),
    );
  }
}

const ARTISTS = {
  aurora: { seed: 31, pal: ['#02111b', '#0b6e4f', '#3ddc97', '#b8f2e6', '#9d4edd'] },
  basalt: { seed: 32, pal: ['#0b0b0b', '#2b2d42', '#5c5f6e', '#e85d04', '#faa307'] },
  cirrus: { seed: 33, pal: ['#1d3557', '#457b9d', '#a8dadc', '#f1faee', '#ffffff'] },
  delta: { seed: 34, pal: ['#3d2c1e', '#a47148', '#e9c46a', '#2a9d8f', '#264653'] },
};

async function avatars() {
  for (const [name, a] of Object.entries(ARTISTS)) {
    const file = `artist-${name}.webp`;
    if (!want(file)) continue;
    const base = warpShader({ seed: a.seed, scale: 0.65, pal: gradientPal(a.pal), warp: 3, glow: hex(a.pal[3]) });
    const img = await shade(256, 256, base, 2).png().toBuffer();
    // a soft ring and a monogram-free mark: the artist's sigil (a polygon with seed-chosen corners)
    const r = rng(a.seed * 7);
    const n = 3 + Math.floor(r() * 4);
    const pts = Array.from({ length: n }, (_, i) => {
      const ang = (i / n) * TAU - Math.PI / 2;
      return `${f2(128 + 52 * Math.cos(ang))},${f2(128 + 52 * Math.sin(ang))}`;
    }).join(' ');
    const overlay = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256">
<circle cx="128" cy="128" r="92" fill="none" stroke="#fff" stroke-opacity="0.55" stroke-width="3"/>
<polygon points="${pts}" fill="#fff" fill-opacity="0.16" stroke="#fff" stroke-opacity="0.85" stroke-width="4" stroke-linejoin="round"/>
<circle cx="128" cy="128" r="9" fill="#fff" fill-opacity="0.9"/></svg>`;
    await writeWebp(file, sharp(img).composite([{ input: Buffer.from(overlay) }]));
  }
}

// ---------------------------------------------------------------------------------------------
// Audio: two short synth pieces written as 16-bit mono WAV here, encoded to MP3 by ffmpeg

const RATE = 44100;

/** Schroeder reverb: four feedback combs in parallel, then two allpasses. */
function reverb(x, { room = 0.82, wet = 0.3 } = {}) {
  const combs = [1557, 1617, 1491, 1422].map((d) => ({ d, buf: new Float64Array(d), i: 0 }));
  const alls = [225, 556].map((d) => ({ d, buf: new Float64Array(d), i: 0 }));
  const y = new Float64Array(x.length);
  for (let n = 0; n < x.length; n++) {
    let s = 0;
    for (const c of combs) {
      const out = c.buf[c.i];
      c.buf[c.i] = x[n] + out * room;
      c.i = (c.i + 1) % c.d;
      s += out;
    }
    s *= 0.25;
    for (const a of alls) {
      const b = a.buf[a.i];
      const out = -s + b;
      a.buf[a.i] = s + b * 0.5;
      a.i = (a.i + 1) % a.d;
      s = out;
    }
    y[n] = x[n] * (1 - wet) + s * wet;
  }
  return y;
}

const midiHz = (m) => 440 * Math.pow(2, (m - 69) / 12);

function addNote(buf, t0, dur, hz, amp, voice) {
  const start = Math.floor(t0 * RATE);
  const len = Math.floor(dur * RATE);
  for (let k = 0; k < len && start + k < buf.length; k++) {
    const t = k / RATE;
    buf[start + k] += amp * voice(t, hz, dur);
  }
}

/** FM bell: a carrier and a modulator at 3.5×, the modulation index decaying faster than the tone. */
const bell = (t, hz, dur) => {
  const env = Math.min(1, t / 0.004) * Math.exp(-t * 2.6) * Math.min(1, (dur - t) / 0.05);
  const idx = 2.2 * Math.exp(-t * 5);
  return env * Math.sin(TAU * hz * t + idx * Math.sin(TAU * hz * 3.5 * t));
};

/** Soft additive tone: three harmonics, a slow attack, a long decay. */
const soft = (t, hz, dur) => {
  const env = Math.min(1, t / 0.06) * Math.exp(-t * 0.9) * Math.min(1, (dur - t) / 0.3);
  return (env * (Math.sin(TAU * hz * t) + 0.35 * Math.sin(TAU * 2 * hz * t) + 0.12 * Math.sin(TAU * 3 * hz * t))) / 1.47;
};

const pad = (t, hz, dur) => {
  const env = Math.min(1, t / 1.2) * Math.min(1, (dur - t) / 1.2);
  const vib = 0.003 * Math.sin(TAU * 5 * t);
  return (env * (Math.sin(TAU * hz * (1 + vib) * t) + 0.5 * Math.sin(TAU * hz * 1.003 * t) + 0.25 * Math.sin(TAU * hz * 2.001 * t))) / 1.75;
};

function finish(buf, seconds) {
  // fade in/out and normalise to -1 dBFS
  const n = buf.length;
  for (let i = 0; i < n; i++) {
    const t = i / RATE;
    buf[i] *= Math.min(1, t / 0.05) * Math.min(1, (seconds - t) / 1.5);
  }
  let peak = 0;
  for (const v of buf) peak = Math.max(peak, Math.abs(v));
  const g = 0.89 / peak;
  return buf.map((v) => v * g);
}

function chime() {
  const seconds = 16;
  const buf = new Float64Array(seconds * RATE);
  const scale = [0, 2, 4, 7, 9]; // major pentatonic on C
  const r = rng(2718);
  const beat = 60 / 100 / 2; // eighth notes at 100 bpm
  let deg = 7;
  for (let step = 0; step * beat < seconds - 2.5; step++) {
    if (r() < 0.22 && step % 4 !== 0) continue; // rests
    deg = Math.max(3, Math.min(12, deg + [-2, -1, -1, 1, 1, 2, 0][Math.floor(r() * 7)]));
    const midi = 60 + 12 * Math.floor(deg / 5) + scale[deg % 5];
    addNote(buf, step * beat, 1.6, midiHz(midi), 0.32, bell);
    if (step % 8 === 0) addNote(buf, step * beat, 3.2, midiHz(midi - 24), 0.18, soft); // bass on the bar
  }
  // a closing chord
  for (const m of [60, 64, 67, 72]) addNote(buf, seconds - 2.6, 2.5, midiHz(m), 0.18, bell);
  return { seconds, samples: finish(reverb(buf, { room: 0.8, wet: 0.28 }), seconds) };
}

function nocturne() {
  const seconds = 18;
  const buf = new Float64Array(seconds * RATE);
  const chords = [
    [57, 60, 64], // Am
    [53, 57, 60], // F
    [48, 55, 64], // C
    [55, 59, 62], // G
  ];
  const bar = 4;
  chords.forEach((ch, i) => {
    for (const m of ch) addNote(buf, i * bar, bar + 0.6, midiHz(m - 12), 0.12, pad);
    addNote(buf, i * bar, bar, midiHz(ch[0] - 24), 0.16, soft);
  });
  addNote(buf, 16, 2, midiHz(45), 0.2, soft);
  const scale = [0, 3, 5, 7, 10]; // minor pentatonic on A
  const r = rng(31415);
  let deg = 6;
  let t = 0.5;
  while (t < 16) {
    deg = Math.max(4, Math.min(13, deg + [-2, -1, 1, 2, -1, 1][Math.floor(r() * 6)]));
    const midi = 57 + 12 * Math.floor(deg / 5) + scale[deg % 5] - 12;
    const dur = [0.5, 0.5, 1, 1, 1.5][Math.floor(r() * 5)];
    addNote(buf, t, dur + 1.2, midiHz(midi), 0.3, soft);
    t += dur;
  }
  addNote(buf, 16, 2, midiHz(69), 0.25, soft);
  return { seconds, samples: finish(reverb(buf, { room: 0.86, wet: 0.38 }), seconds) };
}

function wav(samples) {
  const data = Buffer.alloc(samples.length * 2);
  samples.forEach((v, i) => data.writeInt16LE(Math.round(Math.max(-1, Math.min(1, v)) * 32767), i * 2));
  const h = Buffer.alloc(44);
  h.write('RIFF', 0);
  h.writeUInt32LE(36 + data.length, 4);
  h.write('WAVEfmt ', 8);
  h.writeUInt32LE(16, 16);
  h.writeUInt16LE(1, 20);
  h.writeUInt16LE(1, 22);
  h.writeUInt32LE(RATE, 24);
  h.writeUInt32LE(RATE * 2, 28);
  h.writeUInt16LE(2, 32);
  h.writeUInt16LE(16, 34);
  h.write('data', 36);
  h.writeUInt32LE(data.length, 40);
  return Buffer.concat([h, data]);
}

/** Loudness envelope of the piece in `bins` bins (0..1), drawn on its cover. */
function envelope(samples, bins) {
  const per = Math.floor(samples.length / bins);
  const out = [];
  for (let b = 0; b < bins; b++) {
    let s = 0;
    for (let i = b * per; i < (b + 1) * per; i++) s += samples[i] * samples[i];
    out.push(Math.sqrt(s / per));
  }
  const m = Math.max(...out);
  return out.map((v) => v / m);
}

function chimeCoverSvg(env) {
  let bars = '';
  const n = env.length;
  for (let i = 0; i < n; i++) {
    const a = (i / n) * TAU - Math.PI / 2;
    const r0 = 150;
    const r1 = r0 + 20 + env[i] * 170;
    const hue = Math.round((i / n) * 360);
    bars += `<line x1="${f2(400 + r0 * Math.cos(a))}" y1="${f2(400 + r0 * Math.sin(a))}" x2="${f2(400 + r1 * Math.cos(a))}" y2="${f2(400 + r1 * Math.sin(a))}" stroke="hsl(${hue},85%,68%)" stroke-width="5" stroke-linecap="round"/>`;
  }
  let rings = '';
  for (let k = 0; k < 6; k++)
    rings += `<circle cx="400" cy="400" r="${30 + k * 20}" fill="none" stroke="#fff" stroke-opacity="${f2(0.5 - k * 0.07)}" stroke-width="2"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800">
<defs><radialGradient id="bg" cx="0.5" cy="0.5" r="0.7"><stop offset="0" stop-color="#2d1b69"/><stop offset="1" stop-color="#0a0618"/></radialGradient>
<radialGradient id="core"><stop offset="0" stop-color="#fff8e7"/><stop offset="0.6" stop-color="#ffd6a5"/><stop offset="1" stop-color="#ff9f68" stop-opacity="0"/></radialGradient>
<filter id="g"><feGaussianBlur stdDeviation="4" result="b"/><feMerge><feMergeNode in="b"/><feMergeNode in="SourceGraphic"/></feMerge></filter></defs>
<rect width="800" height="800" fill="url(#bg)"/><g filter="url(#g)">${bars}</g>${rings}<circle cx="400" cy="400" r="34" fill="url(#core)"/></svg>`;
}

function nocturneCoverSvg(env) {
  const r = rng(404);
  let stars = '';
  for (let k = 0; k < 160; k++)
    stars += `<circle cx="${f2(r() * 800)}" cy="${f2(r() * 470)}" r="${f2(0.5 + r() * 1.6)}" fill="#fff" opacity="${f2(0.3 + r() * 0.7)}"/>`;
  let wave = '';
  const n = env.length;
  for (let i = 0; i < n; i++) {
    const x = 40 + (i / (n - 1)) * 720;
    const h = 6 + env[i] * 120;
    wave += `<rect x="${f2(x - 2.5)}" y="${f2(520 - h)}" width="5" height="${f2(h)}" rx="2.5" fill="url(#wv)"/><rect x="${f2(x - 2.5)}" y="524" width="5" height="${f2(h * 0.6)}" rx="2.5" fill="url(#wv)" opacity="0.3"/>`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800">
<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#050a24"/><stop offset="0.6" stop-color="#1b2a6b"/><stop offset="1" stop-color="#3e2a6e"/></linearGradient>
<radialGradient id="moon" cx="0.4" cy="0.4"><stop offset="0" stop-color="#fffdf0"/><stop offset="1" stop-color="#e8dcb5"/></radialGradient>
<radialGradient id="mh"><stop offset="0" stop-color="#fff3c4" stop-opacity="0.45"/><stop offset="1" stop-color="#fff3c4" stop-opacity="0"/></radialGradient>
<linearGradient id="wv" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#7f5af0"/><stop offset="0.5" stop-color="#2cb1bc"/><stop offset="1" stop-color="#f9c74f"/></linearGradient>
<linearGradient id="sea" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#10163a"/><stop offset="1" stop-color="#04060f"/></linearGradient></defs>
<rect width="800" height="800" fill="url(#sky)"/>${stars}
<circle cx="560" cy="210" r="170" fill="url(#mh)"/><circle cx="560" cy="210" r="70" fill="url(#moon)"/><circle cx="590" cy="190" r="62" fill="#0b1236" opacity="0.92"/>
<rect y="522" width="800" height="278" fill="url(#sea)"/>
${Array.from({ length: 9 }, (_, k) => `<rect x="${f2(560 - 60 + k * 7 - (k % 3) * 9)}" y="${560 + k * 24}" width="${f2(120 - k * 10)}" height="3" rx="1.5" fill="#fff3c4" opacity="${f2(0.5 - k * 0.045)}"/>`).join('')}
${wave}</svg>`;
}

async function audio() {
  const tmp = mkdtempSync(join(tmpdir(), 'nft-audio-'));
  try {
    for (const [name, make, cover] of [
      ['art-chime', chime, chimeCoverSvg],
      ['art-nocturne', nocturne, nocturneCoverSvg],
    ]) {
      if (!want(name)) continue;
      const { samples } = make();
      const w = join(tmp, `${name}.wav`);
      writeFileSync(w, wav(samples));
      ff([
        '-i',
        w,
        '-map_metadata',
        '-1',
        '-fflags',
        '+bitexact',
        '-flags:a',
        '+bitexact',
        '-c:a',
        'libmp3lame',
        '-b:a',
        '112k',
        '-ac',
        '1',
        '-id3v2_version',
        '0',
        '-write_xing',
        '1',
        join(OUT, `${name}.mp3`),
      ]);
      done(`${name}.mp3`);
      await writeWebp(`${name}.webp`, svgImg(cover(envelope(samples, name === 'art-chime' ? 120 : 96))));
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------
// Video: ffmpeg lavfi sources (no audio track), 480×480 H.264 MP4 + an 800×800 poster each

const X264 = [
  '-c:v',
  'libx264',
  '-preset',
  'slow',
  '-pix_fmt',
  'yuv420p',
  '-movflags',
  '+faststart',
  '-an',
  '-map_metadata',
  '-1',
  '-fflags',
  '+bitexact',
  '-flags:v',
  '+bitexact',
  '-threads',
  '1',
];

const VIDEOS = {
  // a zoom into the Mandelbrot set's seahorse valley, the palette slowly turning
  'art-flow': {
    crf: 31,
    poster: 1,
    graph: (s) =>
      `mandelbrot=s=${s}x${s}:r=25:start_x=-0.743643887037151:start_y=-0.131825904205330:start_scale=3:end_scale=0.02:end_pts=200:maxiter=500:outer=normalized_iteration_count:inner=mincol`,
    filters: 'hue=h=180+t*20:s=0.75,curves=preset=increase_contrast,gblur=sigma=0.5',
  },
  // a rotating multi-colour gradient, displaced by crossing sine waves and banded into tide lines
  'art-tide': {
    crf: 24,
    poster: 1.5,
    graph: (s) =>
      `gradients=s=${s}x${s}:r=25:c0=0x03045e:c1=0x0077b6:c2=0x00b4d8:c3=0x90e0ef:c4=0xff8fab:c5=0x3a0ca3:n=6:seed=7:speed=0.015:d=8`,
    filters: (s) => {
      const k = s / 480;
      const D = `X+${f2(22 * k)}*sin(Y/${f2(37 * k)}+T*1.3)+${f2(7 * k)}*sin(X/${f2(13 * k)}+T*2.6),Y+${f2(16 * k)}*sin(X/${f2(41 * k)}+T*1.1)+${f2(5 * k)}*sin((X+Y)/${f2(17 * k)}-T*2)`;
      const band = (a) => `val*(${1 - a}+${a}*sin(val/4))`;
      return `format=gbrp,geq=r='r(${D})':g='g(${D})':b='b(${D})',lutrgb=r='${band(0.2)}':g='${band(0.2)}':b='${band(0.15)}'`;
    },
  },
};

async function videos() {
  const tmp = mkdtempSync(join(tmpdir(), 'nft-video-'));
  try {
    for (const [name, v] of Object.entries(VIDEOS)) {
      if (!want(name)) continue;
      const filt = (s) => (typeof v.filters === 'function' ? v.filters(s) : v.filters);
      ff([
        '-f',
        'lavfi',
        '-i',
        v.graph(480),
        '-t',
        '8',
        '-vf',
        `${filt(480)},format=yuv420p`,
        '-crf',
        String(v.crf),
        ...X264,
        join(OUT, `${name}.mp4`),
      ]);
      done(`${name}.mp4`);
      const png = join(tmp, `${name}.png`);
      ff(['-f', 'lavfi', '-i', v.graph(800), '-ss', String(v.poster), '-frames:v', '1', '-vf', filt(800), png]);
      await writeWebp(`${name}.webp`, sharp(png));
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------

const JOBS = [
  ['artist-', avatars],
  ['collection-', collectionCovers],
  [
    'box-',
    async () => {
      if (want('box-genesis.webp') || want('box-signals.webp')) await boxCovers();
      await boxPool();
    },
  ],
  ['art-aurora', artAurora],
  ['art-ember', artEmber],
  ['art-lattice', artLattice],
  ['art-bloom', artBloom],
  ['art-drift', artDrift],
  ['art-prism', artPrism],
  ['art-pulse', artPulse],
  ['art-orbit', artOrbit],
  ['art-chime', audio],
  ['art-nocturne', audio],
  ['art-flow', videos],
  ['art-tide', videos],
];

const ran = new Set();
for (const [prefix, job] of JOBS) {
  if (ran.has(job)) continue;
  if (only.length && !only.some((o) => prefix.startsWith(o) || o.startsWith(prefix))) continue;
  ran.add(job);
  await job();
}
