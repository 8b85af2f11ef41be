// What the keyboard's focus looks like where it is: the focused element, and the best contrast its
// focus indicator (outline, box-shadow ring, or the ring an SVG mark draws inside itself) has with
// the colours next to it, read from getComputedStyle in the page (WCAG 2.4.7 and 1.4.11: ≥ 3:1).
import type { Page } from '@playwright/test';

export interface FocusProbe {
  /** A short description of the focused element ("button "Reload leases""), or 'body'. */
  element: string;
  /** The indicator's contrast with what surrounds it; 0 when it shows none. */
  contrast: number;
  /** What the ring was read from, for a failure's message. */
  ring: string;
}

/** Reads the focused element and its ring in the page. Written as one function: it runs in the page. */
export function probeFocus(page: Page): Promise<FocusProbe> {
  return page.evaluate(() => {
    type Rgba = [number, number, number, number];
    const probe = document.createElement('canvas').getContext('2d')!;
    const parse = (css: string): Rgba => {
      // The canvas turns any CSS colour (oklch, color-mix results, names) into rgb(a) or #hex.
      probe.fillStyle = '#000';
      probe.fillStyle = css;
      const v = probe.fillStyle;
      if (v.startsWith('#')) return [1, 3, 5].map((i) => parseInt(v.slice(i, i + 2), 16)).concat(1) as Rgba;
      const n = v.match(/[\d.]+/g)!.map(Number);
      return [n[0]!, n[1]!, n[2]!, n[3] ?? 1];
    };
    const over = (top: Rgba, under: Rgba): Rgba => {
      const a = top[3];
      return [0, 1, 2].map((i) => top[i]! * a + under[i]! * (1 - a)).concat(1) as Rgba;
    };
    const luminance = ([r, g, b]: Rgba) => {
      const lin = (c: number) => {
        const s = c / 255;
        return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
    };
    const contrast = (a: Rgba, b: Rgba) => {
      const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
      return (hi! + 0.05) / (lo! + 0.05);
    };
    /** The opaque background showing behind an element: its own and its ancestors', layered. */
    const backdrop = (from: Element | null): Rgba => {
      const layers: Rgba[] = [];
      for (let el = from; el; el = el.parentElement) {
        const bg = parse(getComputedStyle(el).backgroundColor);
        if (bg[3] > 0) layers.push(bg);
        if (bg[3] >= 1) break;
      }
      return layers.reduceRight<Rgba>((under, top) => over(top, under), [255, 255, 255, 1]);
    };
    const el = document.activeElement;
    if (!el || el === document.body || el === document.documentElement)
      return { element: 'body', contrast: 0, ring: 'none' };
    const name = el.getAttribute('aria-label') ?? (el as HTMLElement).innerText?.trim().slice(0, 40) ?? '';
    const element = `${el.getAttribute('role') ?? el.tagName.toLowerCase()}${
      el instanceof HTMLInputElement ? `[${el.type}]` : ''
    } "${name}"`;
    /** The rings an element draws around (or inside) its own box. */
    const ringsOf = (target: Element) => {
      const found: Array<{ ring: string; contrast: number }> = [];
      const style = getComputedStyle(target);
      const outside = backdrop(target.parentElement);
      const inside = backdrop(target);

      if (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 1) {
        const colour = over(parse(style.outlineColor), outside);
        // An outline set off by a gap sits on the page; one on the edge sits between control and page.
        const next = parseFloat(style.outlineOffset) > 0 ? [outside] : [outside, inside];
        found.push({
          ring: `outline ${style.outlineColor}`,
          contrast: Math.min(...next.map((c) => contrast(colour, c))),
        });
      }
      if (style.boxShadow !== 'none') {
        // Layers as "rgb(...) x y blur spread [inset]"; a ring is a layer wider than the one under it.
        const layers = style.boxShadow.split(/,(?![^(]*\))/).map((l) => {
          const colour = l.match(/(rgba?|oklch|oklab|color)\([^)]*\)|#[0-9a-f]+/i)?.[0] ?? 'transparent';
          const lengths =
            l
              .replace(colour, '')
              .match(/-?[\d.]+px/g)
              ?.map(parseFloat) ?? [];
          return { colour: parse(colour), spread: lengths[3] ?? 0, inset: /\binset\b/.test(l) };
        });
        let previous: Rgba | null = null;
        for (const layer of layers) {
          if (layer.spread < 1 || layer.colour[3] === 0) continue;
          const around = layer.inset ? inside : outside;
          const colour = over(layer.colour, around);
          const next = previous ? [around, previous] : [around];
          found.push({
            ring: `box-shadow ${layer.spread}px`,
            contrast: Math.min(...next.map((c) => contrast(colour, c))),
          });
          previous = colour;
        }
      }
      return found;
    };
    const found = ringsOf(el);
    // A bare input in a frame that shows the focus (":focus-within"): the frame's ring is its ring.
    if (found.length === 0 && el.parentElement) found.push(...ringsOf(el.parentElement));
    const inside = backdrop(el);
    if (el instanceof SVGElement) {
      // An SVG mark has no box of its own to ring: it strokes a ring shape inside itself.
      for (const shape of el.querySelectorAll('*')) {
        const s = getComputedStyle(shape);
        if (s.stroke === 'none' || parseFloat(s.strokeWidth) < 2) continue;
        const colour = over(parse(s.stroke), inside);
        found.push({ ring: `svg stroke ${s.stroke}`, contrast: contrast(colour, inside) });
      }
    }
    const best = found.sort((a, b) => b.contrast - a.contrast)[0];
    return { element, contrast: best?.contrast ?? 0, ring: best?.ring ?? 'none' };
  });
}
