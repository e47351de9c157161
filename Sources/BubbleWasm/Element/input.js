// input.js — <bubble-picker> pointer input and geometry: pointer events to picker points (CSS px
// of the element's own box) and display-clock times; the canvas backing store at the element's
// effective scale; touch panning.
//
// Geometry in any page: the element's box on screen is its layout box scaled by CSS `zoom` and
// ancestor transforms. Axis-aligned (zoom, scale, scrolling containers): point = (client - box
// corner) / (box size on screen / layout size), exact. Rotated or skewed (the quick form disagrees
// with the browser's own offsetX by more than 2 px): the browser's offsetX / offsetY, divided by
// the element's CSS zoom. The canvas backing store is the layout size × devicePixelRatio × that
// screen scale (crisp under zoom and scale), re-checked on every drawn frame and on resolution
// changes (a window dragged to another screen, browser zoom).
//
// Touch panning: a vertical swipe that starts on the picker scrolls the page when the picker is
// taller than the viewport (it could otherwise trap a phone user) and `vertical-scroll` is off;
// bubbles then move by horizontal drags, taps and long presses. Otherwise the picker takes every
// gesture (`touch-action: none`).

/** The largest canvas side, device px (a huge zoom must not allocate without bound). */
const MAX_BACKING = 8192;

/** input.js: pointers and geometry (see the file's top). */
export const WithPointerInput = (Base) => class extends Base {
  wireInput() {
    const canvas = this.canvas;
    canvas.addEventListener("pointerdown", (event) => this.pointer("down", event));
    canvas.addEventListener("pointermove", (event) => this.pointer("move", event));
    canvas.addEventListener("pointerup", (event) => this.pointer("up", event));
    canvas.addEventListener("pointercancel", (event) => this.pointer("cancel", event));
    canvas.addEventListener("lostpointercapture", (event) => { if (this.pointers.has(event.pointerId)) this.pointer("cancel", event); });
    // A wheel scrolls overflowing content (fit policy); when the picker cannot scroll, the page does.
    canvas.addEventListener("wheel", (event) => {
      if (!this.engine || this.disabled) return;
      const delta = Math.abs(event.deltaX) > Math.abs(event.deltaY) ? event.deltaX : event.deltaY;
      if (this.engine.scroll(delta * (event.deltaMode === 1 ? 16 : 1))) { event.preventDefault(); this.changed(); }
    }, { passive: false });
    this.addEventListener("keydown", (event) => this.key(event));
    this.listbox.addEventListener("focus", () => this.focusChanged(true));
    this.listbox.addEventListener("blur", () => this.focusChanged(false));
    this.onResolution = () => { this.watchResolution(); this.resize(); };
  }

  /** Re-arms the resolution query for the current devicePixelRatio (removed on disconnect). */
  watchResolution() {
    this.resolution?.removeEventListener("change", this.onResolution);
    this.resolution = matchMedia(`(resolution: ${window.devicePixelRatio || 1}dppx)`);
    this.resolution.addEventListener("change", this.onResolution);
  }

  /** The element's screen scale per axis: its box on screen over its layout box. */
  screenScale() {
    const rect = this.canvas.getBoundingClientRect(), w = this.canvas.offsetWidth, h = this.canvas.offsetHeight;
    return { rect, x: w > 0 && rect.width > 0 ? rect.width / w : 1, y: h > 0 && rect.height > 0 ? rect.height / h : 1 };
  }

  /** The element's size in CSS px (300 × 150, a canvas's default, while it has none yet), and the
   *  canvas backing store at the effective scale. */
  measure() {
    this.size = { w: Math.round(this.clientWidth) || 300, h: Math.round(this.clientHeight) || 150 };
    this.fitBacking();
    this.updatePan();
  }

  /** Sizes the canvas backing store for devicePixelRatio × the screen scale; returns that scale. */
  fitBacking() {
    const screen = this.screenScale();
    let scale = (window.devicePixelRatio || 1) * Math.max(screen.x, screen.y);
    scale = Math.min(scale, MAX_BACKING / Math.max(this.size.w, this.size.h, 1));
    const w = Math.round(this.size.w * scale), h = Math.round(this.size.h * scale);
    if (this.canvas.width !== w || this.canvas.height !== h) { this.canvas.width = w; this.canvas.height = h; this.dirty = true; }
    this.backingScale = scale;
    return scale;
  }

  /** Follows the element's size (called by its ResizeObserver; call it after a layout change). */
  resize() {
    if (!this.engine || !this.clientWidth || !this.clientHeight) return;  // hidden: keep the last size
    const before = this.size;
    this.measure();
    if (before.w !== this.size.w || before.h !== this.size.h) {
      try { this.engine.resize(this.size.w, this.size.h); } catch (error) { console.warn(`<bubble-picker> resize: ${error.message}`); }
    }
    this.dirty = true;
    this.wake();
  }

  /** Vertical page panning by touch (see the file's top), as the host's `pan-y` state. */
  updatePan() {
    if (!this.internals) return;
    const claimed = this.engine ? this.engine.get("verticalScroll") === true : this.hasAttribute("vertical-scroll");
    const tall = this.getBoundingClientRect().height > window.innerHeight;
    if (tall && !claimed) this.internals.states.add("pan-y"); else this.internals.states.delete("pan-y");
  }

  /** A pointer event's point in the element's CSS px (see the file's top). */
  point(event, screen = this.screenScale()) {
    const x = (event.clientX - screen.rect.left) / screen.x, y = (event.clientY - screen.rect.top) / screen.y;
    if (!event.isTrusted || event.target !== this.canvas) return { x, y };
    const zoom = this.canvas.currentCSSZoom || 1, ox = event.offsetX / zoom, oy = event.offsetY / zoom;
    return Math.abs(ox - x) > 2 || Math.abs(oy - y) > 2 ? { x: ox, y: oy } : { x, y };
  }

  /** The event's time on the display clock, seconds (synthetic events: the element's clock). */
  time(event) {
    return this.inputTime((event.isTrusted ? event.timeStamp : this.clock()) / 1000);
  }

  pointer(kind, event) {
    if (!this.engine) return;
    const id = event.pointerId, engine = this.engine;
    if (kind === "down") {
      if (event.button > 0 || this.effectivelyDisabled) return;
      try { this.canvas.setPointerCapture(id); } catch (_) { /* a synthetic pointer cannot be captured */ }
      this.pointers.set(id, true);
      const p = this.point(event);
      engine.pointerDown(id, p.x, p.y, this.time(event));
      this.pointerFocus = this.shadowRoot.activeElement !== this.listbox;
      this.internals.states.delete("keyboard");  // a click or tap hides the ring until a key
      this.listbox.focus({ preventScroll: true });
      // Not cancelled under pan-y: the browser may still start a vertical page pan.
      if (!this.internals.states.has("pan-y")) event.preventDefault();
    } else if (!this.pointers.has(id)) {
      return;
    } else if (kind === "move") {
      const samples = event.getCoalescedEvents ? event.getCoalescedEvents() : [];
      const screen = this.screenScale();
      for (const sample of samples.length ? samples : [event]) {
        const p = this.point(sample, screen);
        engine.pointerMove(id, p.x, p.y, this.time(sample.isTrusted ? sample : event));
      }
    } else if (kind === "up") {
      this.pointers.delete(id);
      const p = this.point(event);
      engine.pointerUp(id, p.x, p.y, this.time(event));
      this.lastPointerUp = this.clock();
    } else {
      this.pointers.delete(id);
      engine.pointerCancel(id);
    }
    this.drainEvents(true);
    this.wake();
  }
};
