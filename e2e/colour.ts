/**
 * Colours of rendered pixels, for the tests that look at what players see: a screenshot decoded by the
 * browser itself (no image library), the mean colour of regions of it, and the CIEDE2000 difference
 * between two colours (how different they look: about 2 is just noticeable, 10+ clearly different).
 */
import type { Page } from '@playwright/test';

export type Rgb = readonly [number, number, number];
export interface Rect {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

/**
 * The mean sRGB colour of each of `rects` (CSS px of the screenshot, scaled by its `scale`) in `png`,
 * decoded and averaged by Chromium in a blank page of `page`'s browser.
 */
export async function meanColours(page: Page, png: Buffer, rects: readonly Rect[], scale = 1): Promise<Rgb[]> {
  const scratch = await page.context().newPage();
  try {
    return await scratch.evaluate(
      async ({ data, rects, scale }) => {
        const img = new Image();
        img.src = `data:image/png;base64,${data}`;
        await img.decode();
        const canvas = document.createElement('canvas');
        canvas.width = img.naturalWidth;
        canvas.height = img.naturalHeight;
        const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
        ctx.drawImage(img, 0, 0);
        return rects.map((r) => {
          const px = ctx.getImageData(
            Math.round(r.x * scale),
            Math.round(r.y * scale),
            Math.max(1, Math.round(r.w * scale)),
            Math.max(1, Math.round(r.h * scale)),
          ).data;
          const sum = [0, 0, 0];
          for (let i = 0; i < px.length; i += 4) for (let c = 0; c < 3; c++) sum[c]! += px[i + c]!;
          const n = px.length / 4;
          return [sum[0]! / n, sum[1]! / n, sum[2]! / n] as [number, number, number];
        });
      },
      { data: png.toString('base64'), rects, scale },
    );
  } finally {
    await scratch.close();
  }
}

/** The mean of several colours. */
export function meanOf(colours: readonly Rgb[]): Rgb {
  const n = colours.length;
  const sum = colours.reduce((s, c) => [s[0] + c[0], s[1] + c[1], s[2] + c[2]] as const, [0, 0, 0] as const);
  return [sum[0] / n, sum[1] / n, sum[2] / n];
}

/** sRGB (0–255) to CIELAB (D65). */
export function toLab([r, g, b]: Rgb): Rgb {
  const lin = (v: number) => {
    const c = v / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const [R, G, B] = [lin(r), lin(g), lin(b)];
  const x = (0.4124 * R + 0.3576 * G + 0.1805 * B) / 0.95047;
  const y = 0.2126 * R + 0.7152 * G + 0.0722 * B;
  const z = (0.0193 * R + 0.1192 * G + 0.9505 * B) / 1.08883;
  const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : ((24389 / 27) * t + 16) / 116);
  return [116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))];
}

/** CIEDE2000 colour difference between two sRGB colours. */
export const deltaE2000 = (a: Rgb, b: Rgb): number => deltaE2000Lab(toLab(a), toLab(b));

/** CIEDE2000 difference between two CIELAB colours (Sharma, Wu and Dalal's formulation). */
export function deltaE2000Lab([L1, a1, b1]: Rgb, [L2, a2, b2]: Rgb): number {
  const rad = Math.PI / 180;
  const C1 = Math.hypot(a1, b1);
  const C2 = Math.hypot(a2, b2);
  const Cm = (C1 + C2) / 2;
  const G = 0.5 * (1 - Math.sqrt(Cm ** 7 / (Cm ** 7 + 25 ** 7)));
  const a1p = (1 + G) * a1;
  const a2p = (1 + G) * a2;
  const C1p = Math.hypot(a1p, b1);
  const C2p = Math.hypot(a2p, b2);
  const hue = (x: number, y: number) => (x === 0 && y === 0 ? 0 : (Math.atan2(y, x) / rad + 360) % 360);
  const h1p = hue(a1p, b1);
  const h2p = hue(a2p, b2);
  const dL = L2 - L1;
  const dC = C2p - C1p;
  let dh = 0;
  if (C1p * C2p !== 0) {
    dh = h2p - h1p;
    if (dh > 180) dh -= 360;
    else if (dh < -180) dh += 360;
  }
  const dH = 2 * Math.sqrt(C1p * C2p) * Math.sin((dh * rad) / 2);
  const Lm = (L1 + L2) / 2;
  const Cmp = (C1p + C2p) / 2;
  let hm = h1p + h2p;
  if (C1p * C2p !== 0) {
    if (Math.abs(h1p - h2p) <= 180) hm /= 2;
    else hm = h1p + h2p < 360 ? (hm + 360) / 2 : (hm - 360) / 2;
  }
  const T =
    1 -
    0.17 * Math.cos((hm - 30) * rad) +
    0.24 * Math.cos(2 * hm * rad) +
    0.32 * Math.cos((3 * hm + 6) * rad) -
    0.2 * Math.cos((4 * hm - 63) * rad);
  const dTheta = 30 * Math.exp(-(((hm - 275) / 25) ** 2));
  const Rc = 2 * Math.sqrt(Cmp ** 7 / (Cmp ** 7 + 25 ** 7));
  const Sl = 1 + (0.015 * (Lm - 50) ** 2) / Math.sqrt(20 + (Lm - 50) ** 2);
  const Sc = 1 + 0.045 * Cmp;
  const Sh = 1 + 0.015 * Cmp * T;
  const Rt = -Math.sin(2 * dTheta * rad) * Rc;
  return Math.sqrt((dL / Sl) ** 2 + (dC / Sc) ** 2 + (dH / Sh) ** 2 + Rt * (dC / Sc) * (dH / Sh));
}
