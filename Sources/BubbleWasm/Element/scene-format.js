// scene-format.js — reading BubbleWeb's encoded scenes (SceneEncoder's format, documented there):
// the shape and role codes, each role's layer, colours as CSS text, and where an item's geometry
// ends. Shared by renderer.js and sprites.js.

export const SHAPE = { rect: 0, line: 1, circle: 2, path: 3, text: 4 };
export const ROLE = { containerArea: 0, border: 1, bubble: 2, imagePlaceholder: 3, label: 4, imageName: 5, callout: 6,
  calloutText: 7, anchor: 8, finger: 9, trail: 10, offscreen: 11, offscreenCount: 12, checkMark: 13, scrollIndicator: 14 };
/** SceneLayer of each role code: 0 container, 1 bubbles, 2 labels, 3 callouts, 4 overlays. */
export const ROLE_LAYER = [0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 4, 4, 4, 2, 3];
/** CSS colour text for r, g, b, a in 0...1, cached by value. */
const colorCache = new Map();
function cssColor(r, g, b, a) {
  const key = ((Math.round(r * 255) * 256 + Math.round(g * 255)) * 256 + Math.round(b * 255)) * 1001 + Math.round(a * 1000);
  let text = colorCache.get(key);
  if (text === undefined) {
    text = a >= 1 ? `rgb(${Math.round(r * 255)},${Math.round(g * 255)},${Math.round(b * 255)})`
      : `rgba(${Math.round(r * 255)},${Math.round(g * 255)},${Math.round(b * 255)},${a})`;
    if (colorCache.size > 4096) colorCache.clear();
    colorCache.set(key, text);
  }
  return text;
}
/** The colour at n[i...i+3] as CSS text, or null for "no colour" (r < 0). */
export function rgba(n, i) { return n[i] < 0 ? null : cssColor(n[i], n[i + 1], n[i + 2], n[i + 3]); }

/** The index after the geometry of a `shape` starting at `g` (for text: after the whole item;
 *  for the others: where the paint starts). */
export function geometryEnd(n, g, shape) {
  switch (shape) {
    case SHAPE.rect: case SHAPE.line: return g + 4;
    case SHAPE.circle: return g + 3;
    case SHAPE.text: return g + 11;
    case SHAPE.path: {
      let i = g + 1;
      for (let e = 0, count = n[g]; e < count; e++) { const op = n[i++]; i += op === 0 || op === 1 ? 2 : op === 2 ? 4 : op === 3 ? 6 : 0; }
      return i;
    }
    default: throw new Error("unknown shape " + shape + " at " + g);
  }
}
