import { encodePng } from "@gryx/apple/png";

/**
 * Generated artwork: app icons (a rounded square with a two-colour gradient and a white pictogram) and banner
 * backgrounds. Shapes are drawn from signed distance functions with one pixel of anti-aliasing, so the output
 * looks crisp at any size. Used for the built-in default icon and the demo catalogue; nothing is downloaded.
 */
type RGB = [number, number, number];
type Sdf = (x: number, y: number) => number;

export type Glyph =
  | "play"
  | "camera"
  | "music"
  | "chat"
  | "star"
  | "bolt"
  | "heart"
  | "grid"
  | "book"
  | "globe"
  | "game"
  | "cloud"
  | "wallet"
  | "pin"
  | "bars"
  | "shield";

export const PALETTES: [RGB, RGB][] = [
  [
    [0x4f, 0x8c, 0xff],
    [0x1d, 0x4e, 0xd8],
  ],
  [
    [0xa7, 0x6b, 0xff],
    [0x6d, 0x28, 0xd9],
  ],
  [
    [0x34, 0xd3, 0x99],
    [0x05, 0x96, 0x69],
  ],
  [
    [0xff, 0xb3, 0x47],
    [0xf9, 0x73, 0x16],
  ],
  [
    [0xff, 0x7e, 0xb6],
    [0xdb, 0x27, 0x77],
  ],
  [
    [0x2d, 0xd4, 0xbf],
    [0x0f, 0x76, 0x6e],
  ],
  [
    [0xff, 0x6b, 0x6b],
    [0xdc, 0x26, 0x26],
  ],
  [
    [0x60, 0xa5, 0xfa],
    [0x7c, 0x3a, 0xed],
  ],
  [
    [0xfb, 0xbf, 0x24],
    [0xea, 0x58, 0x0c],
  ],
  [
    [0x94, 0xa3, 0xb8],
    [0x47, 0x55, 0x69],
  ],
];

const clamp01 = (v: number) => (v < 0 ? 0 : v > 1 ? 1 : v);
const len = (x: number, y: number) => Math.hypot(x, y);
const circle =
  (cx: number, cy: number, r: number): Sdf =>
  (x, y) =>
    len(x - cx, y - cy) - r;
const box =
  (cx: number, cy: number, hw: number, hh: number, r = 0): Sdf =>
  (x, y) => {
    const qx = Math.abs(x - cx) - hw + r;
    const qy = Math.abs(y - cy) - hh + r;
    return len(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - r;
  };
const union =
  (...s: Sdf[]): Sdf =>
  (x, y) =>
    Math.min(...s.map((f) => f(x, y)));
const subtract =
  (a: Sdf, b: Sdf): Sdf =>
  (x, y) =>
    Math.max(a(x, y), -b(x, y));
const ring =
  (cx: number, cy: number, r: number, w: number): Sdf =>
  (x, y) =>
    Math.abs(len(x - cx, y - cy) - r) - w;
/** Convex polygon (points clockwise in screen space). */
const polygon =
  (pts: [number, number][]): Sdf =>
  (x, y) => {
    let d = Infinity;
    let inside = true;
    for (let i = 0; i < pts.length; i++) {
      const [ax, ay] = pts[i];
      const [bx, by] = pts[(i + 1) % pts.length];
      const ex = bx - ax,
        ey = by - ay;
      const wx = x - ax,
        wy = y - ay;
      const t = clamp01((wx * ex + wy * ey) / (ex * ex + ey * ey));
      d = Math.min(d, len(wx - ex * t, wy - ey * t));
      if (ex * wy - ey * wx < 0) inside = false;
    }
    return inside ? -d : d;
  };
const star = (cx: number, cy: number, r: number): Sdf => {
  const tris: Sdf[] = [];
  const pts: [number, number][] = [];
  for (let i = 0; i < 10; i++) {
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    const rr = i % 2 === 0 ? r : r * 0.45;
    pts.push([cx + rr * Math.cos(a), cy + rr * Math.sin(a)]);
  }
  for (let i = 0; i < 10; i += 2) tris.push(polygon([pts[(i + 9) % 10], pts[i], pts[i + 1]]));
  return union(circle(cx, cy, r * 0.45), ...tris);
};

/** Glyphs in a unit square (0..1); the icon maps them onto its centre. */
function glyphSdf(g: Glyph): Sdf {
  switch (g) {
    case "play":
      return polygon([
        [0.36, 0.26],
        [0.76, 0.5],
        [0.36, 0.74],
      ]);
    case "camera":
      return subtract(
        union(box(0.5, 0.55, 0.3, 0.2, 0.06), box(0.5, 0.33, 0.1, 0.06, 0.03)),
        ring(0.5, 0.55, 0.11, 0.035),
      );
    case "music":
      return union(
        circle(0.36, 0.7, 0.1),
        circle(0.66, 0.64, 0.1),
        box(0.44, 0.45, 0.025, 0.25),
        box(0.74, 0.39, 0.025, 0.25),
        polygon([
          [0.42, 0.2],
          [0.76, 0.12],
          [0.76, 0.22],
          [0.42, 0.3],
        ]),
      );
    case "chat":
      return union(
        box(0.5, 0.45, 0.3, 0.22, 0.12),
        polygon([
          [0.32, 0.6],
          [0.46, 0.64],
          [0.3, 0.8],
        ]),
      );
    case "star":
      return star(0.5, 0.52, 0.32);
    case "bolt":
      return union(
        polygon([
          [0.56, 0.16],
          [0.6, 0.16],
          [0.52, 0.47],
          [0.3, 0.5],
        ]),
        polygon([
          [0.7, 0.48],
          [0.44, 0.84],
          [0.4, 0.84],
          [0.48, 0.53],
        ]),
        box(0.5, 0.5, 0.2, 0.04),
      );
    case "heart":
      return union(
        circle(0.38, 0.42, 0.15),
        circle(0.62, 0.42, 0.15),
        polygon([
          [0.24, 0.48],
          [0.76, 0.48],
          [0.5, 0.78],
        ]),
      );
    case "grid":
      return union(
        box(0.36, 0.36, 0.11, 0.11, 0.04),
        box(0.64, 0.36, 0.11, 0.11, 0.04),
        box(0.36, 0.64, 0.11, 0.11, 0.04),
        circle(0.64, 0.64, 0.11),
      );
    case "book":
      return union(box(0.36, 0.5, 0.13, 0.26, 0.03), box(0.64, 0.5, 0.13, 0.26, 0.03));
    case "globe":
      return union(
        ring(0.5, 0.5, 0.28, 0.035),
        box(0.5, 0.5, 0.28, 0.025),
        box(0.5, 0.5, 0.025, 0.28),
        (x, y) => Math.abs(len((x - 0.5) * 2.1, y - 0.5) - 0.28) - 0.035,
      );
    case "game":
      return subtract(
        box(0.5, 0.52, 0.32, 0.17, 0.15),
        union(
          box(0.36, 0.52, 0.07, 0.02),
          box(0.36, 0.52, 0.02, 0.07),
          circle(0.62, 0.48, 0.035),
          circle(0.7, 0.56, 0.035),
        ),
      );
    case "cloud":
      return union(
        circle(0.38, 0.56, 0.14),
        circle(0.56, 0.46, 0.19),
        circle(0.7, 0.6, 0.11),
        box(0.53, 0.64, 0.2, 0.07, 0.05),
      );
    case "wallet":
      return subtract(box(0.5, 0.54, 0.3, 0.22, 0.06), union(box(0.72, 0.54, 0.1, 0.07, 0.03)));
    case "pin":
      return subtract(
        union(
          circle(0.5, 0.42, 0.2),
          polygon([
            [0.33, 0.5],
            [0.67, 0.5],
            [0.5, 0.84],
          ]),
        ),
        circle(0.5, 0.42, 0.08),
      );
    case "bars":
      return union(
        box(0.3, 0.62, 0.06, 0.14, 0.03),
        box(0.5, 0.52, 0.06, 0.24, 0.03),
        box(0.7, 0.42, 0.06, 0.34, 0.03),
      );
    case "shield":
      return subtract(
        union(
          box(0.5, 0.36, 0.24, 0.14, 0.02),
          polygon([
            [0.26, 0.4],
            [0.74, 0.4],
            [0.5, 0.84],
          ]),
        ),
        union(
          circle(0.5, 0.4, 0.07),
          polygon([
            [0.47, 0.42],
            [0.53, 0.42],
            [0.56, 0.62],
            [0.44, 0.62],
          ]),
        ),
      );
  }
}

const mix = (a: RGB, b: RGB, t: number): RGB => [
  a[0] + (b[0] - a[0]) * t,
  a[1] + (b[1] - a[1]) * t,
  a[2] + (b[2] - a[2]) * t,
];

/** A square app icon, `size` pixels, as PNG bytes. */
export function drawIcon(glyph: Glyph, palette: [RGB, RGB], size = 180): Buffer {
  const px = new Uint8Array(size * size * 4);
  const shape = box(0.5, 0.5, 0.5, 0.5, 0.22);
  const g = glyphSdf(glyph);
  const aa = 1 / size;
  for (let j = 0; j < size; j++) {
    for (let i = 0; i < size; i++) {
      const x = (i + 0.5) / size,
        y = (j + 0.5) / size;
      const cover = clamp01(0.5 - shape(x, y) / aa);
      if (cover === 0) continue;
      let c = mix(palette[0], palette[1], clamp01((x + y) / 2));
      // soft highlight in the upper left
      const glow = clamp01(1 - len(x - 0.2, y - 0.15) / 0.7) * 0.18;
      c = mix(c, [255, 255, 255], glow);
      // glyph drawn at 70 % of the icon around its centre, with a faint drop shadow
      const gx = (x - 0.5) / 0.7 + 0.5,
        gy = (y - 0.5) / 0.7 + 0.5;
      const shadow = clamp01(0.5 - g(gx - 0.01, gy - 0.025) / (aa * 4)) * 0.22;
      c = mix(c, [0, 0, 0], shadow);
      const ink = clamp01(0.5 - g(gx, gy) / (aa / 0.7));
      c = mix(c, [255, 255, 255], ink);
      const o = (j * size + i) * 4;
      px[o] = c[0];
      px[o + 1] = c[1];
      px[o + 2] = c[2];
      px[o + 3] = Math.round(cover * 255);
    }
  }
  return encodePng(size, size, px);
}

/** A wide banner background (gradient with soft circles), `width`×`height` pixels, as PNG bytes. */
export function drawBanner(palette: [RGB, RGB], seed: number, width = 750, height = 300): Buffer {
  const px = new Uint8Array(width * height * 4);
  let s = seed >>> 0 || 1;
  const rnd = () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
  const blobs = Array.from({ length: 6 }, () => ({
    x: rnd() * width,
    y: rnd() * height,
    r: 40 + rnd() * 140,
    a: 0.08 + rnd() * 0.14,
  }));
  for (let j = 0; j < height; j++) {
    for (let i = 0; i < width; i++) {
      let c = mix(palette[0], palette[1], clamp01((i / width) * 0.7 + (j / height) * 0.3));
      for (const b of blobs) c = mix(c, [255, 255, 255], clamp01(0.5 - (len(i - b.x, j - b.y) - b.r)) * b.a);
      const o = (j * width + i) * 4;
      px[o] = c[0];
      px[o + 1] = c[1];
      px[o + 2] = c[2];
      px[o + 3] = 255;
    }
  }
  return encodePng(width, height, px);
}
