// engine-adapter.js — `BubbleEngine` (web-contract) over the older `Engine` exports, used only when
// engine.js has no `BubbleEngine` class: one pointer at a time, genre labels chosen by the module,
// focus and accessibility assembled here from the state readout and the scene's labels.
"use strict";

const LEGACY_SETTINGS = [
  ["fieldLaw", "choice", 0, 2, 2, ["spring", "radialGravity", "uniformSpring"]], ["fieldStrength", "number", 100, 1e7],
  ["falloffRadius", "number", 0, 400], ["resistance", "number", 0, 40], ["densitySelected", "number", 0.1, 10],
  ["densityUnselected", "number", 0.1, 10], ["maxSelected", "integer", -1, 100],
  ["maxSelectedPolicy", "choice", 0, 1, 0, ["refuse", "deselectOldest"]], ["maxBubbles", "integer", -1, 5000],
  ["horizontalScroll", "boolean", 0, 1], ["verticalScroll", "boolean", 0, 1], ["backgroundScrollEnabled", "boolean", 0, 1],
  ["growInDuration", "number", 0, 2], ["selectionDuration", "number", 0, 2], ["removalDuration", "number", 0, 2],
  ["selectionPushSpeed", "number", 0, 1000], ["selectionPushReach", "number", 0, 5], ["tapMaxDistance", "number", 0, 60],
  ["tapMaxDuration", "number", 0, 1], ["flickWindow", "number", 0.01, 0.5], ["maxFlickSpeed", "number", 1, 100],
  ["dragFrequency", "number", 0.5, 30], ["anchorSmoothing", "number", 0.01, 1], ["substeps", "integer", 1, 16],
];

class LegacyBubbleEngine {
  static compile(source) {
    if (source instanceof WebAssembly.Module) return source;
    if (typeof source === "string" && !/^[A-Za-z0-9+/=]+$/.test(source.slice(0, 64))) {
      return WebAssembly.compileStreaming(fetch(source));
    }
    if (source instanceof URL) return WebAssembly.compileStreaming(fetch(source));
    const bytes = typeof source === "string" ? Uint8Array.from(atob(source), (c) => c.charCodeAt(0)) : source;
    return new WebAssembly.Module(bytes);
  }

  static async load(source, { onRecover } = {}) {
    const module = await LegacyBubbleEngine.compile(source);
    const engine = new LegacyBubbleEngine(new Engine(new TrapRecovery(module), 0));
    engine.engine.recovery.onRecover = (report) => { engine.engine.recovery.raw.bp_events(); (onRecover || console.warn)(report); };
    return engine;
  }

  constructor(engine) {
    this.engine = engine;
    this.pointer = null;
    this.lastT = null;
    this.focused = null;
    this.labels = new Map();
    this.restFrames = 0;
    this.lastHash = "";
    this.pending = [];
  }

  settings() {
    return LEGACY_SETTINGS.map(([name, kind, min, max, _d, choices], code) => ({
      name, kind, min, max, default: this.engine.get(code), choices,
    }));
  }
  code(name) { return LEGACY_SETTINGS.findIndex((s) => s[0] === name); }
  create(w, h, seed) {
    const recording = typeof BubblePickerElement !== "undefined" && Boolean(BubblePickerElement.recording);
    this.engine.recording = recording;
    this.engine.create(w, h, seed, recording);
    this.lastT = null;
  }
  set(name, value) {
    const code = this.code(name);
    if (code < 0) return { ok: false, error: `unknown setting ${name}` };
    const refused = this.engine.set(code, value);
    this.restFrames = 0;
    return refused ? { ok: false, error: refused } : { ok: true };
  }
  get(name) { return this.engine.get(this.code(name)); }
  add(item) { this.restFrames = 0; return this.engine.add(0, Boolean(item.selected), false); }
  addMany(count) { this.restFrames = 0; this.engine.addMany(count, 2); return []; }
  update() { return false; }
  remove(id) { this.restFrames = 0; return this.engine.remove(id); }
  removeSelected() { this.restFrames = 0; return this.engine.removeSelected(); }
  select(id) { this.restFrames = 0; return this.engine.select(id); }
  deselect(id) { this.restFrames = 0; return this.engine.deselect(id); }
  toggle(id) { this.restFrames = 0; return this.engine.toggle(id); }
  selectAll() { this.restFrames = 0; return this.engine.selectAll(); }
  deselectAll() { this.restFrames = 0; return this.engine.deselectAll(); }
  resize(w, h) { this.restFrames = 0; const refused = this.engine.resize(w, h); return refused ? { ok: false, error: refused } : { ok: true }; }
  simTime(t) { return this.engine.now() + (this.lastT === null ? 0 : Math.max(0, t - this.lastT)); }
  pointerDown(id, x, y, t) { if (this.pointer !== null) return; this.pointer = id; this.restFrames = 0; this.engine.pointerDown(x, y, this.simTime(t)); }
  pointerMove(id, x, y, t) { if (this.pointer === id) this.engine.pointerMove(x, y, this.simTime(t)); }
  pointerUp(id, x, y, t) { if (this.pointer === id) { this.pointer = null; this.engine.pointerUp(x, y, this.simTime(t)); } }
  pointerCancel(id) { if (this.pointer === id) { this.pointer = null; this.engine.pointerCancel(); } }
  frame(t) {
    const seconds = this.lastT === null ? 0 : Math.min(Math.max(t - this.lastT, 0), 0.25);
    this.lastT = t;
    this.engine.advance(seconds);
    const steps = this.engine.lastSteps();
    const hash = this.engine.hash();
    this.restFrames = hash === this.lastHash ? this.restFrames + 1 : 0;
    this.lastHash = hash;
    return { stepsRun: steps, interpolation: 0, needsDisplayLink: this.pointer !== null || this.restFrames < 30 };
  }
  scene() {
    const scene = this.engine.scene();
    this.readLabels(scene);
    return scene;
  }
  /** Labels by bubble id, read from the scene's label items. */
  readLabels(scene) {
    const n = scene.numbers, decoder = this.decoder || (this.decoder = new TextDecoder());
    let i = 13;
    for (let item = 0; item < n[11]; item++) {
      const shape = n[i], role = n[i + 1], bubble = n[i + 3];
      i += 4;
      if (shape === 4) {
        if (role === 4) this.labels.set(bubble, decoder.decode(scene.strings.subarray(n[i], n[i] + n[i + 1])));
        i += 11; continue;
      }
      if (shape === 0 || shape === 1) i += 4; else if (shape === 2) i += 3;
      else { const c = n[i++]; for (let e = 0; e < c; e++) { const op = n[i++]; i += op < 2 ? 2 : op === 2 ? 4 : op === 3 ? 6 : 0; } }
      i += 10 + n[i + 9];
    }
  }
  accessibility() {
    const s = this.engine.state();
    const elements = s.bubbles.filter((b) => b[5] !== 1)
      .map((b) => ({ id: b[0], label: this.labels.get(b[0]) || `Bubble ${b[0]}`, value: b[4] === 1 ? "selected" : "",
        selected: b[4] === 1, x: b[1] - b[3] / 2, y: b[2] - b[3] / 2, width: b[3], height: b[3] }))
      .sort((a, b) => (Math.round(a.y / 60) - Math.round(b.y / 60)) || (a.x - b.x));
    if (this.focused !== null && !elements.some((e) => e.id === this.focused)) this.focused = null;
    return { focused: this.focused, elements };
  }
  focus(id) { this.focused = id; }
  moveFocus(direction) {
    const { elements } = this.accessibility();
    if (!elements.length) return;
    const index = elements.findIndex((e) => e.id === this.focused);
    if (index < 0) { this.focused = elements[0].id; return; }
    const here = elements[index], cx = here.x + here.width / 2, cy = here.y + here.height / 2;
    if (direction === "next" || direction === "previous") {
      this.focused = elements[(index + (direction === "next" ? 1 : elements.length - 1)) % elements.length].id;
      return;
    }
    const v = { up: [0, -1], down: [0, 1], left: [-1, 0], right: [1, 0] }[direction];
    let best = null, score = Infinity;
    for (const e of elements) {
      const dx = e.x + e.width / 2 - cx, dy = e.y + e.height / 2 - cy, along = dx * v[0] + dy * v[1];
      if (along <= 1) continue;
      const s = along + 2 * Math.abs(dx * v[1] - dy * v[0]);
      if (s < score) { score = s; best = e.id; }
    }
    if (best !== null) this.focused = best;
  }
  activateFocused() { if (this.focused !== null) { this.restFrames = 0; this.engine.toggle(this.focused); } }
  removeFocused() { if (this.focused !== null) { this.restFrames = 0; this.engine.remove(this.focused); this.focused = null; } }
  events() {
    return this.engine.events().map((line) => {
      const m = /^\d+: (\w+)(?: #?(\d+))?(?: (\w+))?/.exec(line) || [];
      const id = m[2] === undefined ? -1 : Number(m[2]);
      return { type: m[1], id, tag: 0, label: this.labels.get(id) || "", reason: m[3] || null };
    });
  }
  announcements() { return []; }
  snapshot() { return this.engine.journal(); }
  restore() { return { ok: false, error: "restore needs the engine's saved state (not in this module)" }; }
  hash() { return this.engine.hash(); }
  journal() { return this.engine.journal(); }
}
