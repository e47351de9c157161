// renderer.js — draws an encoded scene (BubbleWeb's SceneEncoder format, documented there) on a 2D
// canvas in the scene's order, read once per frame. Drawing is rasterization-bound (software
// canvas, 3x screens), so each shape is filled on its own small path (one path of every circle
// costs several times more to rasterize: its coverage spans the canvas) and paint state is set
// only when it changes. The 1 px bubble outline is the theme's to drop or recolour.
// Sprites: at a device scale of 2 or more, a bubble whose circle is 36 to 320 device pixels
// across and that looks as it did last frame is copied from a cached image of its circle and
// labels at whole device pixels (sprites.js: about half the rasterization of its path and text).
// Its labels then draw with it, under any bubble drawn after it that overlaps them (bubbles
// barely overlap, and a label fits inside its circle); a bubble with an image placeholder keeps
// its labels out of the sprite. Other labels are deferred to the end of their layer and grouped
// by weight, colour and size rounded to whole device pixels (so glyphs come from the rasterizer's
// cache): the font is set once per group, each label drawn with fillText under the frame's own
// transform (cheaper than a transform per label in software Chromium), and widths are measured
// once per string and font. Layers: container, bubbles, labels and check marks, callouts,
// overlays. Used by <bubble-picker> and by the playground's scenario player.

import { ROLE, ROLE_LAYER, SHAPE, geometryEnd, rgba } from "./scene-format.js";
import { BubbleSprites } from "./sprites.js";

export const DEFAULT_FONT = '-apple-system, "SF Pro Text", "Segoe UI", "Helvetica Neue", Arial, "Liberation Sans", sans-serif';

/** Fits the view box into the canvas (centred, aspect kept). */
export function fitView(box, width, height) {
  const scale = Math.min(width / box.w, height / box.h);
  return { scale, ox: (width - box.w * scale) / 2 - box.x * scale, oy: (height - box.h * scale) / 2 - box.y * scale };
}

/** Traces a path's elements into `path` (a context or a Path2D), shifted by dx; returns the next index. */
function tracePath(path, n, i, dx) {
  const count = n[i++];
  for (let e = 0; e < count; e++) {
    switch (n[i++]) {
      case 0: path.moveTo(n[i] + dx, n[i + 1]); i += 2; break;
      case 1: path.lineTo(n[i] + dx, n[i + 1]); i += 2; break;
      case 2: path.quadraticCurveTo(n[i] + dx, n[i + 1], n[i + 2] + dx, n[i + 3]); i += 4; break;
      case 3: path.bezierCurveTo(n[i] + dx, n[i + 1], n[i + 2] + dx, n[i + 3], n[i + 4] + dx, n[i + 5]); i += 6; break;
      default: path.closePath(); break;
    }
  }
  return i;
}

/**
 * Draws encoded scenes on one canvas context. `theme` (optional, from CSS custom properties):
 * `palette` (CSS colours: bubble id takes palette[id % length]), `selectedFill` (one CSS colour for
 * selected bubbles), `labelColor`, `fontFamily`, `outline` (the 1 px bubble outline: "scene" or
 * absent draws the scene's, null drops it, a CSS colour recolours it). `selected` (a Set of ids) tells which bubbles a
 * palette override paints as selected.
 */
export class SceneRenderer {
  constructor(ctx) {
    this.ctx = ctx;
    this.decoder = new TextDecoder();
    this.widths = new Map();   // font -> text -> measured width (CSS px at the font's size)
    this.texts = new Map();    // string offset and length -> decoded text, while the string table is unchanged
    this.theme = {};
    this.selected = new Set();
    this.shakes = new Map();   // bubble id -> start time (ms): drawn shaking sideways for SHAKE_MS
    this.now = 0;
    this.textGroups = new Map();  // colour -> [device px × 2 + bold] -> {font, items}: labels of a layer
    this.sprites = new BubbleSprites(this);
    this.device = { k: 1, ox: 0, oy: 0, identity: false };  // the frame's transform: scene points -> device px
  }

  /** Forgets what was measured or drawn in the old fonts (web fonts loaded, the family changed). */
  fontsChanged() { this.widths.clear(); this.releaseSprites(); }

  /** Frees every sprite's pixels now (a picker leaving the page); they are made again as needed. */
  releaseSprites() { this.sprites.release(); }

  /** Forgets every cache (after a failed frame). */
  reset() { this.widths.clear(); this.texts.clear(); this.textGroups.clear(); this.lastStrings = null; this.releaseSprites(); }

  /** Width of `text` in `font`, measured once (`current`: the context's font is `font` already,
   *  so it is measured without setting the font and back, each of which parses CSS text). */
  measure(font, text, current = false) {
    let widths = this.widths.get(font);
    if (!widths) { widths = new Map(); this.widths.set(font, widths); }
    let width = widths.get(text);
    if (width === undefined) {
      const previous = current ? null : this.ctx.font;
      if (!current) this.ctx.font = font;
      width = this.ctx.measureText(text).width;
      if (!current) this.ctx.font = previous;
      if (widths.size > 20000) widths.clear();
      widths.set(text, width);
    }
    return width;
  }

  /** Keeps the decoded strings while the scene's string table is byte for byte the last one
   *  (most frames: the same labels), else starts afresh. */
  keepTexts(strings) {
    const last = this.lastStrings;
    let same = last && last.length === strings.length;
    for (let i = 0; same && i < strings.length; i++) same = last[i] === strings[i];
    if (!same) { this.texts.clear(); this.lastStrings = strings.slice(); }
  }

  /** Sideways offset of a shaking bubble (a refused tap), 0 when still. */
  shakeOffset(id) {
    const start = this.shakes.get(id);
    if (start === undefined) return 0;
    const t = this.now - start;
    if (t > SceneRenderer.SHAKE_MS || t < 0) { this.shakes.delete(id); return 0; }
    return 6 * Math.sin(t / 18) * (1 - t / SceneRenderer.SHAKE_MS);
  }

  /** A bubble's themed fill when the theme overrides the palette, else the scene's. */
  themedFill(id, original) {
    const palette = this.theme.palette;
    if (!palette || !palette.length || id < 0) return original;
    if (this.selected.has(id) && this.theme.selectedFill) return this.theme.selectedFill;
    return palette[((id % palette.length) + palette.length) % palette.length];
  }

  /**
   * Draws `scene` ({numbers, strings}) on a canvas of `width` × `height` CSS pixels at `dpr`.
   * `options.view`: the transform (container points -> CSS px), else the view box is fitted;
   * `options.layers`: which layers to draw (bits: 1 container, 2 bubbles, 4 labels, 8 callouts,
   * 16 overlays; default all); `options.clear`: a CSS colour, or null to clear to transparent.
   * Returns {view, step, labels, circles} where labels/circles are filled only when
   * `options.collect` (for accessibility and layout checks).
   * - Complexity: O(scene numbers); canvas calls O(shapes + labels).
   */
  draw(scene, width, height, dpr, options = {}) {
    const n = scene.numbers, ctx = this.ctx;
    if (n.length < 13 || n[0] !== 0x5343 || n[1] !== 1) throw new Error("not an encoded scene");
    const box = { x: n[3], y: n[4], w: n[5], h: n[6] };
    const view = options.view ? options.view(box) : fitView(box, width, height);
    const layers = options.layers ?? 31, collect = Boolean(options.collect);
    this.now = options.now ?? performance.now();
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    if (options.clear === undefined) { ctx.fillStyle = rgba(n, 7) || "#fff"; ctx.fillRect(0, 0, width, height); }
    else if (options.clear === null) ctx.clearRect(0, 0, width, height);
    else { ctx.fillStyle = options.clear; ctx.fillRect(0, 0, width, height); }
    const device = this.device;
    device.k = dpr * view.scale; device.ox = dpr * view.ox; device.oy = dpr * view.oy; device.identity = true;
    this.frameSpace();
    this.sprites.beginFrame(n, layers);
    ctx.lineJoin = "round"; ctx.lineCap = "round";
    this.state = { fill: null, stroke: null, width: -1, dash: "" };
    const result = { view, step: n[2], labels: collect ? [] : null, circles: collect ? [] : null };
    this.keepTexts(scene.strings);
    let layer = -1, texts = [];
    const fills = new Map();  // bubble id -> [scene fill, themed fill] for its check mark's tick
    const outline = this.theme.outline === undefined ? "scene" : this.theme.outline;
    // The canvas in scene points, with a margin for strokes and shakes: circles and labels wholly
    // outside it are not drawn (a crowd larger than its box has many).
    const margin = 10, left = -view.ox / view.scale - margin, top = -view.oy / view.scale - margin;
    const right = left + width / view.scale + 2 * margin, bottom = top + height / view.scale + 2 * margin;
    const outside = (x, y, rx, ry) => x + rx < left || x - rx > right || y + ry < top || y - ry > bottom;
    let i = 13;
    for (let item = 0, count = n[11]; item < count; item++) {
      const shape = n[i], role = n[i + 1], bubble = n[i + 3];
      i += 4;
      const itemLayer = ROLE_LAYER[role] ?? 4;
      if (itemLayer !== layer) { this.drawTexts(texts, scene); texts = []; layer = itemLayer; }
      const visible = (layers >> itemLayer) & 1;
      const dx = bubble >= 0 && this.shakes.size ? this.shakeOffset(bubble) : 0;
      const geometry = i;
      i = geometryEnd(n, i, shape);
      if (shape === SHAPE.text) {
        if (visible && !this.sprites.drawsLabel(geometry) && !outside(n[geometry + 2], n[geometry + 3], n[geometry + 9] / 2, n[geometry + 4])) {
          texts.push({ i: geometry, role, bubble, dx });
        }
        if (collect && role === ROLE.label) result.labels.push(this.labelBox(scene, n, geometry, bubble));
        continue;
      }
      // The paint follows the geometry.
      const paint = i, dashCount = n[i + 9];
      i += 10 + dashCount;
      if (collect && shape === SHAPE.circle && role === ROLE.bubble) {
        result.circles.push({ id: bubble, x: n[geometry], y: n[geometry + 1], r: n[geometry + 2] });
      }
      if (!visible) continue;
      if (shape === SHAPE.circle && outside(n[geometry], n[geometry + 1], n[geometry + 2], n[geometry + 2])) continue;
      let fill = rgba(n, paint);
      if (this.theme.palette && bubble >= 0) {
        if (role === ROLE.bubble && fill) { const themed = this.themedFill(bubble, fill); fills.set(bubble, [fill, themed]); fill = themed; }
        else if (role === ROLE.checkMark && fill && fills.has(bubble) && fills.get(bubble)[0] === fill) fill = fills.get(bubble)[1];
      }
      let stroke = n[paint + 8] > 0 ? rgba(n, paint + 4) : null;
      // The thin outline that keeps touching bubbles of one colour apart: the theme may drop it
      // (null) or recolour it; a wider ring (selection, focus) always draws.
      if (stroke && role === ROLE.bubble && n[paint + 8] <= 1 && outline !== "scene") stroke = outline;
      if (shape === SHAPE.circle && role === ROLE.bubble && fill && !dashCount && this.sprites.enabled
        && this.sprites.draw(scene, n, geometry, dx, fill, stroke, n[paint + 8], bubble)) continue;
      this.shape(shape, n, geometry, dx, fill, stroke, n[paint + 8], dashCount ? n.subarray(paint + 10, paint + 10 + dashCount) : null);
    }
    this.drawTexts(texts, scene);
    this.frameSpace();
    // A shake whose bubble left the scene ends too (else the display loop would wait on it).
    for (const [id, start] of this.shakes) if (this.now - start > SceneRenderer.SHAKE_MS || this.now < start) this.shakes.delete(id);
    return result;
  }

  /**
   * Fills (then strokes) one shape on its own path. Filling each circle separately rasterizes
   * far faster than one path holding them all (whose coverage spans the whole canvas); paint
   * state is set only when it differs from the last shape's.
   */
  shape(shape, n, g, dx, fill, stroke, lineWidth, dash) {
    const ctx = this.ctx, state = this.state;
    this.frameSpace();
    ctx.beginPath();
    switch (shape) {
      case SHAPE.rect: ctx.rect(n[g] + dx, n[g + 1], n[g + 2], n[g + 3]); break;
      case SHAPE.line: ctx.moveTo(n[g] + dx, n[g + 1]); ctx.lineTo(n[g + 2] + dx, n[g + 3]); break;
      case SHAPE.circle: ctx.arc(n[g] + dx, n[g + 1], n[g + 2], 0, 2 * Math.PI); break;
      default: tracePath(ctx, n, g, dx);
    }
    if (fill) {
      if (state.fill !== fill) { ctx.fillStyle = fill; state.fill = fill; }
      ctx.fill();
    }
    if (stroke) {
      if (state.stroke !== stroke) { ctx.strokeStyle = stroke; state.stroke = stroke; }
      if (state.width !== lineWidth) { ctx.lineWidth = lineWidth; state.width = lineWidth; }
      const key = dash ? dash.join(",") : "";
      if (state.dash !== key) { ctx.setLineDash(dash ? Array.from(dash) : []); state.dash = key; }
      ctx.stroke();
    }
  }

  /** Draws in device pixels from here on (sprites: the identity transform, no smoothing). */
  deviceSpace() {
    if (this.device.identity) return;
    this.ctx.setTransform(1, 0, 0, 1, 0, 0);
    this.ctx.imageSmoothingEnabled = false;
    this.device.identity = true;
  }

  /** Draws in scene points from here on (the frame's transform, smoothing as the canvas default). */
  frameSpace() {
    const device = this.device;
    if (!device.identity) return;
    this.ctx.setTransform(device.k, 0, 0, device.k, device.ox, device.oy);
    this.ctx.imageSmoothingEnabled = true;
    device.identity = false;
  }

  /** A label's text and box (container points), as drawn. */
  labelBox(scene, n, i, bubble) {
    const text = this.text(scene, n[i], n[i + 1]);
    const k = n[i + 4] / SceneRenderer.BASE_SIZE;
    const width = Math.min(this.measure(this.baseFont(n[i + 10] ? 1 : 0), text) * k, this.maxWidth(n, i));
    return { id: bubble, text, x: n[i + 2] - width / 2, y: n[i + 3] - n[i + 4] / 2, width, height: n[i + 4] };
  }

  /** The string at `offset`, `length` bytes (the same bytes may hold "Hip-Hop" in one frame and
   *  "Hip-" + "Hop" in the next, so both numbers are the key). */
  text(scene, offset, length) {
    const key = offset * 2097152 + length;
    let text = this.texts.get(key);
    if (text === undefined) {
      text = this.decoder.decode(scene.strings.subarray(offset, offset + length));
      this.texts.set(key, text);
    }
    return text;
  }

  /** The widest a label may draw: the scene's fitted width, with a pixel of rounding allowance
   *  (a face wider than the package's estimate is condensed, never spilled over the rim). */
  maxWidth(n, i) { return n[i + 9] + 1; }

  /** Draws a layer's texts grouped by weight, colour and size, from this frame's `scene` (its
   *  views are valid only until the next engine call: never kept). */
  drawTexts(texts, scene) {
    const ctx = this.ctx;
    if (!texts.length) return;
    this.frameSpace();
    // Each label's size in device pixels is rounded to a whole pixel (the rasterizer caches glyphs
    // per size; sizes fitted to each bubble would all miss that cache), the font is set once per
    // weight, colour and size (a few sizes per frame; the canvas caches parsed fonts), and each
    // label is drawn at its place under the frame's transform: a label scaled by its own
    // transform rasterizes several times slower in software Chromium.
    const n = scene.numbers, groups = this.textGroups, active = [], scale = ctx.getTransform().a;
    const family = this.labelFamily();
    for (const t of texts) {
      const device = Math.round(scale * n[t.i + 4]);
      if (!(device >= 1)) continue;
      const bold = n[t.i + 10] ? 1 : 0;
      const color = t.role === ROLE.label && this.theme.labelColor ? this.theme.labelColor : rgba(n, t.i + 5);
      // Groups by colour, then by the index device px × 2 + bold.
      let sizes = groups.get(color);
      if (!sizes) { sizes = []; groups.set(color, sizes); }
      let group = sizes[device * 2 + bold];
      if (!group) group = sizes[device * 2 + bold] = { color, font: null, scale: 0, family: null, items: [] };
      if (group.scale !== scale || group.family !== family) {
        group.scale = scale; group.family = family; group.font = `${bold ? "600 " : ""}${device / scale}px ${family}`;
      }
      if (!group.items.length) active.push(group);
      group.items.push(t);
    }
    ctx.textAlign = "center"; ctx.textBaseline = "middle";
    for (const group of active) {
      const font = group.font;
      ctx.font = font;
      ctx.fillStyle = group.color;
      for (const t of group.items) {
        const text = this.text(scene, n[t.i], n[t.i + 1]), limit = this.maxWidth(n, t.i);
        if (this.measure(font, text, true) > limit) ctx.fillText(text, n[t.i + 2] + t.dx, n[t.i + 3], limit);
        else ctx.fillText(text, n[t.i + 2] + t.dx, n[t.i + 3]);
      }
      group.items.length = 0;
    }
    if (groups.size > 256) groups.clear();
    this.state.fill = null;
  }

  /** The labels' font at the base size (scaled per label by the transform). */
  baseFont(bold) { return `${bold ? "600 " : ""}${SceneRenderer.BASE_SIZE}px ${this.labelFamily()}`; }

  /** The labels' font family: the theme's, else DEFAULT_FONT. */
  labelFamily() { return this.theme.fontFamily || DEFAULT_FONT; }
}
SceneRenderer.BASE_SIZE = 16;
SceneRenderer.SHAKE_MS = 360;
