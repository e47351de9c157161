// frame.js — the display loop of <bubble-picker>: wakes on change and input, runs engine frames
// with a bounded catch-up after slow frames, and draws the scene through the SceneRenderer.
import { DEFAULT_FONT } from "./renderer.js";
import { CHECKPOINT_CALLS } from "./engine.js";

/** The engine's fixed step (its default time step), seconds. */
const STEP_SECONDS = 1 / 60;
/** Physics time one display frame may spend catching up after a slow frame, milliseconds, and
 *  the most steps it may run then (the engine's own limit is higher). */
const CATCH_UP_MS = 8, MAX_CATCH_UP_STEPS = 4;
/** A display slower than SLOW_FRAME_MS per frame (smoothed) runs at most SLOW_DISPLAY_STEPS steps
 *  per frame until it is back under FAST_FRAME_MS, milliseconds (the gap keeps it from flipping
 *  every frame). Two steps keep a display capped at 30 Hz in real time. */
const SLOW_FRAME_MS = 24, FAST_FRAME_MS = 19, SLOW_DISPLAY_STEPS = 2;
/** Journaled calls past which a picker that never rests checkpoints between gestures anyway
 *  (its journal's memory stays bounded). */
const OVERDUE_CALLS = 2 * CHECKPOINT_CALLS;

/** frame.js: see the file's top. */
export const WithFrameLoop = (Base) => class extends Base {
  // Frame loop --------------------------------------------------------------------------------

  /** Starts the display loop if it is stopped (input, a change, a resize). */
  wake() {
    if (!this.engine || this.running || !this.autoplay || !this.isConnected) return;
    this.running = true;
    requestAnimationFrame(this.onFrame);
  }

  animationFrame(timestamp) {
    if (!this.running) return;
    let needs;
    try { needs = this.frame(timestamp / 1000); this.frameFailures = 0; } catch (error) {
      if (!this.frameFailed(error)) return;
      needs = true;
    }
    if (needs || this.pointers.size || this.renderer.shakes.size) requestAnimationFrame(this.onFrame);
    else { this.running = false; this.a11yDirty = true; this.updateAccessibility(true, true); this.checkpointWhenIdle(); }
  }

  /**
   * A checkpoint of the trap-recovery journal (engine.checkpoint: a snapshot and restore, O(n),
   * a long task with thousands of bubbles) when it is due, in idle time after the picker came to
   * rest, never inside a frame the user is watching; skipped if the picker moved again.
   */
  checkpointWhenIdle() {
    if (!this.engine?.checkpointDue || this.checkpointPending) return;
    this.checkpointPending = true;
    const run = () => {
      this.checkpointPending = false;
      if (!this.running && this.pointers.size === 0 && this.engine?.checkpointDue) this.engine.checkpoint();
    };
    if (typeof requestIdleCallback === "function") requestIdleCallback(run, { timeout: 2000 }); else setTimeout(run, 200);
  }

  /**
   * A frame threw (a bug: never a silent stop). The renderer's caches are dropped, the picker
   * says so with a `bubblerecover` event (detail {call: "frame", error, restored, message}) and
   * the loop goes on; after three failures in a row it stops (restored: false) until the next
   * input or change. Returns whether the loop goes on.
   */
  frameFailed(error) {
    this.frameFailures = (this.frameFailures || 0) + 1;
    const restored = this.frameFailures < 3;
    this.renderer.reset();
    this.dirty = true;
    const report = { call: "frame", error: String(error?.message || error), replayed: 0, restored };
    report.message = `<bubble-picker> a frame failed (${report.error}); ` + (restored ? "drawing again" : "stopped until the next change");
    const event = new CustomEvent("bubblerecover", { detail: report, cancelable: true, bubbles: true, composed: true });
    if (this.dispatchEvent(event)) console.warn(report.message, error);
    if (!restored) { this.running = false; this.frameFailures = 0; }
    return restored;
  }

  /**
   * One display frame at `t` seconds on the display clock: advances the engine, dispatches its
   * events, draws the scene (when something changed). Returns whether the picker is still moving.
   * The element calls it from requestAnimationFrame; a page with `autoplay = false` calls it itself.
   */
  frame(t) {
    const engine = this.engine;
    if (engine.recovering) return true;  // a trap recovery is loading the restore module: pause
    this.limitCatchUp(t);
    const t0 = performance.now();
    const result = engine.frame(t - this.droppedTime);
    const t1 = performance.now();
    if (result.stepsRun > 0) {
      const perStep = (t1 - t0) / result.stepsRun;
      this.stepCost = this.stepCost ? this.stepCost + (perStep - this.stepCost) * 0.2 : perStep;
    }
    // A selection changed while a finger is down or just after it lifted is the user's.
    this.drainEvents(this.pointers.size > 0 || this.clock() - (this.lastPointerUp ?? -Infinity) < 1000);
    // The trap-recovery journal stays bounded: a checkpoint at rest in idle time (see
    // `checkpointWhenIdle`), or between gestures once the journal is far past due — never during
    // a flick's first moments (250 ms after a release).
    if (engine.sinceCheckpoint >= OVERDUE_CALLS && this.pointers.size === 0
      && this.clock() - (this.lastPointerUp ?? -Infinity) > 250) engine.checkpoint();
    let t2 = t1, t3 = t1;
    const drawing = result.stepsRun > 0 || this.dirty || result.needsDisplayLink || this.renderer.shakes.size > 0;
    if (drawing) {
      const scene = engine.scene();
      t2 = performance.now();
      this.draw(scene);
      t3 = performance.now();
      this.dirty = false;
    }
    this.frameTimes = { physics: t1 - t0, scene: t2 - t1, draw: t3 - t2, steps: result.stepsRun };
    if (drawing && !this.a11yRecords?.size) this.firstOptionsSoon();
    else this.updateAccessibility(false);
    return result.needsDisplayLink;
  }

  /** The mirror's first options (a DOM element per bubble) are made in a task of their own right
   *  after the frame that first drew bubbles, so the first picture is not held back by them. */
  firstOptionsSoon() {
    if (this.firstOptionsPending) return;
    this.firstOptionsPending = true;
    setTimeout(() => { this.firstOptionsPending = false; this.updateAccessibility(false); }, 0);
  }

  draw(scene) {
    const scale = this.fitBacking(), debug = this.hasAttribute("debug");
    this.renderer.theme = this.theme();
    this.renderer.selected = this.selectedIds;
    const size = this.size;
    const drawn = this.renderer.draw(scene, size.w, size.h, scale, {
      clear: null, layers: debug ? 31 : 14, collect: this.collectLayout, now: this.clock(),
      // The container fills the element: the view box is the container plus the theme's margin.
      view: (box) => ({ scale: 1, ox: -(box.x + (box.w - size.w) / 2), oy: -(box.y + (box.h - size.h) / 2) }),
    });
    this.view = drawn.view;
    // :state(drawn) from the first drawn frame: a page's placeholder style may end there.
    if (!this.drawnOnce) { this.drawnOnce = true; this.internals?.states?.add("drawn"); }
    if (this.collectLayout) this.layout = drawn;
  }

  /** The theme from CSS custom properties, read once per style change (cached by their text). */
  theme() {
    const style = getComputedStyle(this);
    const key = ["--bubble-palette", "--bubble-selected-fill", "--bubble-label-color", "--bubble-font", "--bubble-outline"]
      .map((p) => style.getPropertyValue(p).trim());
    if (this.themeKey === key.join("|")) return this.cachedTheme;
    this.themeKey = key.join("|");
    const [palette, selectedFill, labelColor, font, outline] = key;
    this.cachedTheme = {
      palette: palette ? palette.split(/,(?![^(]*\))/).map((c) => c.trim()).filter(Boolean) : null,
      selectedFill: selectedFill || null, labelColor: labelColor || null, fontFamily: font || null,
      // The 1 px bubble outline costs most of a 3x screen's drawing and barely shows between the
      // palette's colours: off unless --bubble-outline asks ("scene", or a CSS colour).
      outline: outline && outline !== "none" ? outline : null,
    };
    if ((font || DEFAULT_FONT) !== this.fontFamily) queueMicrotask(() => this.refreshFont());
    return this.cachedTheme;
  }

  /**
   * The catch-up budget: the steps one display frame may run (those that fit `CATCH_UP_MS` of
   * physics at the measured cost of a step, at least one, at most `MAX_CATCH_UP_STEPS`); at most
   * `SLOW_DISPLAY_STEPS` while the display is slow (see `limitCatchUp`).
   */
  stepBudget() {
    const most = this.slowDisplay ? SLOW_DISPLAY_STEPS : MAX_CATCH_UP_STEPS;
    if (!(this.stepCost > 0)) return most;
    return Math.max(1, Math.min(most, Math.floor(CATCH_UP_MS / this.stepCost)));
  }

  /**
   * After a slow frame the engine runs only the steps of `stepBudget()` and the rest of the
   * elapsed time is dropped: the picker slows down rather than spending every frame catching up
   * with the last. The engine sees a display clock without the dropped time (frames and pointers
   * alike, see `inputTime`), so its journal replays; a frame never drops time past input the
   * engine already has, and input is never given a time past what this budget allows.
   * A display that cannot keep up at all (frames slower than `SLOW_FRAME_MS`, a moving average;
   * a slow phone with hundreds of bubbles) runs at most `SLOW_DISPLAY_STEPS` per frame (a 30 Hz
   * display keeps real time; below 30 fps simulated time slows down, as d3-force runs one tick per
   * frame, instead of every frame paying for catch-up steps), until
   * frames are faster than `FAST_FRAME_MS` again (the element's own loop only: a page calling
   * `frame(t)` itself keeps the catch-up budget). A dragged bubble still follows its finger:
   * the finger's latest point reaches the engine before each frame (see `inputTime`).
   */
  limitCatchUp(t) {
    const last = this.lastFrameTime;
    this.lastFrameTime = t;
    if (last === null || !(t > last) || !(this.stepCost > 0)) return;
    const interval = (t - last) * 1000;
    if (this.autoplay && interval < 100) {  // a wake after rest is not a slow frame; a page's own clock is its own
      this.frameInterval = this.frameInterval ? this.frameInterval + (interval - this.frameInterval) * 0.1 : interval;
      if (this.frameInterval > SLOW_FRAME_MS) this.slowDisplay = true;
      else if (this.frameInterval < FAST_FRAME_MS) this.slowDisplay = false;
    }
    const allowed = this.stepBudget() * STEP_SECONDS;
    if (t - last > allowed) this.droppedTime += t - last - allowed;
    // Input the engine already has stays in its past: a frame never drops time past it.
    this.droppedTime = Math.max(0, Math.min(this.droppedTime, t - this.latestInput));
  }

  /**
   * A pointer sample's time for the engine, from display-clock seconds: the display time less
   * the dropped time, and never more than one frame's step budget past the last frame the engine
   * ran. While the display falls behind under a finger, the samples since the last frame keep
   * their order and the finger's latest point, and the next frame still runs at most its budget
   * (input cannot make the frames spiral down). Returns seconds on the engine's clock.
   */
  inputTime(displaySeconds) {
    let t = displaySeconds - this.droppedTime;
    if (this.lastFrameTime !== null && this.stepCost > 0) {
      const limit = this.lastFrameTime - this.droppedTime + this.stepBudget() * STEP_SECONDS;
      t = Math.min(t, Math.max(limit, this.latestInput));
    }
    this.latestInput = Math.max(this.latestInput, t);
    return t;
  }
};
