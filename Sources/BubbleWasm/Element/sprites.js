// sprites.js — cached images of bubbles (a filled circle and its labels), for SceneRenderer. On a
// software canvas (no GPU, 3x screens) copying a bubble from a cached image at whole device pixels,
// without smoothing, rasterizes in about half the time of filling its path and drawing its text
// (.ci/benchmarks: the perf CSVs). Below MIN_RADIUS the saving is less than the copy's own call
// costs, so small circles are drawn as before.
//
// Contract: a sprite lands within half a device pixel of where the path would be filled (it is
// placed at whole device pixels), so sprites are used only at a device scale of 2 or more, where
// that is at most a quarter of a CSS pixel. Sprites are made for at most MAKE_MS_PER_FRAME per
// frame (so a crowd's sprites are made over several frames, its paths filled meanwhile), and their
// pixels stay under BUDGET_BYTES (sprites not drawn for EXPIRE_FRAMES frames are dropped; when all
// are in use, no more are made). Which bubbles get one is the renderer's choice (renderer.js).

import { ROLE, SHAPE, geometryEnd, rgba } from "./scene-format.js";

const MIN_RADIUS = 18;        // device px: smaller circles fill their path (a copy saves less than its call costs)
const MAX_RADIUS = 160;       // device px: a sprite is at most ~330 px square (435 KB)
const MAKE_MS_PER_FRAME = 1;  // ms of making sprites per frame, at most (the first is always made)
const BUDGET_BYTES = 24 << 20;
const EXPIRE_FRAMES = 120;
/** Offscreen 2D canvases that hand over their pixels as an ImageBitmap (else every bubble is a path). */
const SUPPORTED = typeof OffscreenCanvas === "function" && "transferToImageBitmap" in OffscreenCanvas.prototype;

/** Cached bubble images drawn at whole device pixels (see the file's top). */
export class CircleSprites {
  constructor() {
    this.cache = new Map();       // key -> {image (ImageBitmap), half, bytes, used}
    this.scratch = new Map();     // side (device px) -> an OffscreenCanvas sprites of that side are painted on
    this.bytes = 0;
    this.frame = 0;
    this.makingMs = 0;
    this.enabled = false;
  }

  /** Forgets every sprite and scratch canvas (their pixels are freed now). */
  clear() {
    for (const [key, sprite] of this.cache) this.drop(key, sprite);
    this.scratch.clear();
  }

  /** Starts a frame drawn at `deviceScale` device px per scene point.
   *  - Complexity: O(1), or O(sprites) every EXPIRE_FRAMES frames and when over budget. */
  beginFrame(deviceScale) {
    this.enabled = deviceScale >= 2 && SUPPORTED && !this.unsupported;
    this.frame++;
    this.makingMs = 0;
    if (this.frame % EXPIRE_FRAMES === 0 || this.bytes > BUDGET_BYTES) this.expire();
  }

  /** Drops the sprites not drawn for EXPIRE_FRAMES frames. */
  expire() {
    for (const [key, sprite] of this.cache) {
      if (this.frame - sprite.used >= EXPIRE_FRAMES) this.drop(key, sprite);
    }
  }

  /** Drops a sprite: its pixels are freed now, and `image` becomes null for holders of it. */
  drop(key, sprite) {
    this.cache.delete(key);
    this.bytes -= sprite.bytes;
    sprite.image.close();
    sprite.image = null;
  }

  /** Whether a circle of device radius `r` is drawn from a sprite this frame (else: its path). */
  fits(r) { return this.enabled && r >= MIN_RADIUS && r <= MAX_RADIUS; }

  /** The sprite drawn as `key` (a string naming everything it shows), or undefined. */
  find(key) {
    const sprite = this.cache.get(key);
    if (sprite) sprite.used = this.frame;
    return sprite;
  }

  /** Marks `sprite` (found earlier, still cached: its `image` is non-null) as drawn this frame. */
  touch(sprite) { sprite.used = this.frame; }

  /** Whether this frame's time for making sprites is left. */
  get canMake() { return this.makingMs < MAKE_MS_PER_FRAME; }

  /**
   * A new sprite for `key`, at least 2·`half` device px square with its centre at (half', half')
   * where half' is `half` rounded up to even, painted by `paint(context, half')`, when the rules
   * above allow one; else null.
   * - Complexity: rasterizes one sprite.
   */
  make(key, half, paint) {
    half = 2 * Math.ceil(half / 2);  // fewer sides: fewer scratch canvases
    const side = 2 * half, bytes = 4 * side * side;
    if (!this.canMake || this.bytes + bytes > BUDGET_BYTES) return null;
    const start = performance.now();
    let scratch = this.scratch.get(side);
    if (!scratch) {
      const canvas = new OffscreenCanvas(side, side), context = canvas.getContext("2d");
      if (!context) { this.unsupported = true; this.enabled = false; return null; }  // no 2D offscreen: paths
      scratch = { canvas, context };
      this.scratch.set(side, scratch);
    }
    paint(scratch.context, half);
    // The canvas is blank again after the transfer, ready for the next sprite of its side.
    const sprite = { image: scratch.canvas.transferToImageBitmap(), half, bytes, used: this.frame };
    this.cache.set(key, sprite);
    this.bytes += bytes;
    this.makingMs += performance.now() - start;
    return sprite;
  }

  /** Copies `sprite` with its centre at (x, y) rounded to whole device pixels; `ctx` must be
   *  under the identity transform with smoothing off. */
  blit(ctx, sprite, x, y) {
    ctx.drawImage(sprite.image, Math.round(x) - sprite.half, Math.round(y) - sprite.half);
  }
}

/**
 * Bubbles drawn from sprites for a SceneRenderer (renderer.js says when): each frame's labels per
 * bubble, the sprite each bubble drew last, and the rule that a sprite is made only for a bubble
 * that looks as it did last frame (its signature: paint, radius, scale, the theme's label font and
 * colour, each label's text, offset, size, colour, width and weight).
 */
export class BubbleSprites {
  constructor(renderer) {
    this.renderer = renderer;
    this.images = new CircleSprites();
    this.labels = new Map();     // bubble id -> its labels' text item indices, this frame
    this.inSprites = new Set();  // text item indices drawn in their bubble's sprite, this frame
    this.last = new Map();       // bubble id -> {signature, sprite} last frame (spares building its key)
  }

  /** Whether bubbles may be drawn from sprites this frame. */
  get enabled() { return this.images.enabled; }

  /** Starts a frame of the scene `n` drawn with `layers` at the renderer's device transform.
   *  - Complexity: O(scene numbers). */
  beginFrame(n, layers) {
    this.images.beginFrame(this.renderer.device.k);
    this.findLabels(n, layers);
    if (this.last.size > 2 * n[11] + 64) this.last.clear();  // bubbles gone
  }

  /** Whether the text item at `t` was drawn in its bubble's sprite this frame. */
  drawsLabel(t) { return this.inSprites.has(t); }

  /** Frees every sprite's pixels now; they are made again as needed. */
  release() { this.images.clear(); this.last.clear(); }

  /** With sprites on and both the bubbles and the labels layer drawn, each bubble's label items
   *  (drawn in its sprite with it), except a bubble with an image placeholder (drawn over its
   *  circle, under its labels); else none.
   *  - Complexity: O(scene numbers). */
  findLabels(n, layers) {
    const labels = this.labels, withImages = [];
    labels.clear();
    this.inSprites.clear();
    if (!this.images.enabled || (layers & 6) !== 6) return;
    for (let item = 0, count = n[11], i = 13; item < count; item++) {
      const shape = n[i], role = n[i + 1], bubble = n[i + 3], g = i + 4;
      i = geometryEnd(n, g, shape);
      if (shape !== SHAPE.text) i += 10 + n[i + 9];
      if (role === ROLE.imagePlaceholder) withImages.push(bubble);
      else if (role === ROLE.label && bubble >= 0) {
        const list = labels.get(bubble);
        if (list) list.push(g); else labels.set(bubble, [g]);
      }
    }
    for (const bubble of withImages) labels.delete(bubble);
  }

  /**
   * Draws a bubble's circle (at `g`) and its labels from a sprite; false when the
   * caller must fill the path instead (the labels then draw with the others).
   * - Complexity: O(labels); making a sprite rasterizes the bubble once.
   */
  draw(scene, n, g, dx, fill, stroke, lineWidth, bubble) {
    const renderer = this.renderer, device = renderer.device, k = device.k, r = k * n[g + 2], width = stroke ? k * lineWidth : 0;
    if (!this.images.fits(r)) return false;
    const labels = this.labels.get(bubble);
    const signature = this.signature(scene, n, g, labels, fill, stroke, width, r);
    // A sprite only for a bubble that looks as it did last frame (a growing one makes none).
    const last = this.last.get(bubble);
    if (!last || !sameValues(last.signature, signature)) { this.last.set(bubble, { signature, sprite: null }); return false; }
    let sprite = last.sprite?.image ? last.sprite : null;
    if (sprite) this.images.touch(sprite);
    else {
      if (!this.images.canMake) return false;
      const key = signature.join("|");
      sprite = this.images.find(key);
      if (!sprite) {
        const parts = labels ? labels.map((t) => this.label(scene, n, t, g)).filter(Boolean) : [];
        let half = r + width / 2 + 1;
        for (const part of parts) half = Math.max(half, Math.abs(part.x) + part.limit / 2 + 1, Math.abs(part.y) + part.size + 1);
        sprite = this.images.make(key, Math.ceil(half), (context, side) => paintSprite(context, side, r, fill, stroke, width, parts));
        if (!sprite) return false;
      }
      last.sprite = sprite;
    }
    renderer.deviceSpace();
    this.images.blit(renderer.ctx, sprite, k * (n[g] + dx) + device.ox, k * n[g + 1] + device.oy);
    if (labels) for (const t of labels) this.inSprites.add(t);
    return true;
  }

  /** Everything a bubble's sprite shows, as a list of numbers and strings (its key, joined):
   *  paint, device radius and scale, the theme's label font and colour, and per label its text,
   *  offsets from the centre in quarter device px, size, colour, width and weight. */
  signature(scene, n, g, labels, fill, stroke, width, r) {
    const renderer = this.renderer, k = renderer.device.k, values = [fill, r, stroke, width];
    if (!labels) return values;
    values.push(k, renderer.theme.fontFamily, renderer.theme.labelColor);
    for (const t of labels) {
      values.push(renderer.text(scene, n[t], n[t + 1]), Math.round(4 * k * (n[t + 2] - n[g])), Math.round(4 * k * (n[t + 3] - n[g + 1])),
        n[t + 4], n[t + 5], n[t + 6], n[t + 7], n[t + 8], n[t + 9], n[t + 10]);
    }
    return values;
  }

  /** The label at `t` of the bubble at `g` as its sprite draws it: font and colour as `drawTexts`
   *  sets them, place and width limit in device px from the centre (to a quarter pixel, so a
   *  bubble at rest keeps its key); null when it draws nothing (below one device pixel). */
  label(scene, n, t, g) {
    const renderer = this.renderer, k = renderer.device.k, size = Math.round(k * n[t + 4]);
    if (!(size >= 1)) return null;
    const quarter = (v) => Math.round(4 * v) / 4;
    return { text: renderer.text(scene, n[t], n[t + 1]), size, color: renderer.theme.labelColor || rgba(n, t + 5),
      font: `${n[t + 10] ? "600 " : ""}${size}px ${renderer.labelFamily()}`,
      x: quarter(k * (n[t + 2] - n[g])), y: quarter(k * (n[t + 3] - n[g + 1])), limit: quarter(k * renderer.maxWidth(n, t)) };
  }
}

/** Whether two lists hold the same values (`===`, in order). */
function sameValues(a, b) {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Paints a sprite: the circle of radius `r` centred at (half, half), then its labels (`parts`
 *  from `label`), condensed to their limit as the renderer's `drawTexts` does. A label below one
 *  device pixel (`label` null) draws nothing, there as in `drawTexts`. */
function paintSprite(c, half, r, fill, stroke, width, parts) {
  c.beginPath();
  c.arc(half, half, r, 0, 2 * Math.PI);
  c.fillStyle = fill;
  c.fill();
  if (stroke) { c.strokeStyle = stroke; c.lineWidth = width; c.stroke(); }
  c.textAlign = "center"; c.textBaseline = "middle";
  for (const part of parts) {
    c.font = part.font;
    c.fillStyle = part.color;
    if (c.measureText(part.text).width > part.limit) c.fillText(part.text, half + part.x, half + part.y, part.limit);
    else c.fillText(part.text, half + part.x, half + part.y);
  }
}
