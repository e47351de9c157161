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
