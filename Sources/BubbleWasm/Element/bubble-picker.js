// bubble-picker.js — the <bubble-picker> custom element: the engine (Embedded Swift in
// WebAssembly, `BubbleEngine` from engine.js) behind a canvas, with pointer, keyboard and
// accessibility wiring. Built into out/web/bubble-picker.js (engine.js + draw.js + this file, one ES
// module) by `.ci/wasm build`; the .wasm is loaded from beside the module. See the README's
// "On a web page" for the API; the short form:
//
//   attributes  one per engine setting, kebab-case (max-selected="3", field-strength="…"), live;
//               plus seed, debug (overlays), label (the accessible name)
//   children    <option data-tag="1" data-color="#0a84ff" selected>Jazz</option> — read once at start
//   methods     add(item | items) -> ids, remove / select / deselect(id | {tag} | predicate),
//               selectAll(), deselectAll(), resize(), snapshot(), restore(text), bubbles, ready
//   events      bubbleselect, bubbledeselect, bubbleremove, selectionrefused, pause, resume
//               (CustomEvent, detail {id, tag, label, reason}), bubblelongpress, bubblerecover, ready
//   CSS         --bubble-palette (colour list), --bubble-selected-fill, --bubble-label-color,
//               --bubble-font (family), background of the host
"use strict";

const EVENT_NAMES = { selected: "bubbleselect", deselected: "bubbledeselect", removed: "bubbleremove",
  selectionRefused: "selectionrefused", paused: "pause", resumed: "resume", longPressed: "bubblelongpress" };
const KEY_DIRECTIONS = { ArrowUp: "up", ArrowDown: "down", ArrowLeft: "left", ArrowRight: "right" };
/** Settings that prefers-reduced-motion sets to 0 (unless the page set them): the grow-in, selection
 *  and removal animations. Bubbles still move under fingers and the field. */
/** The engine's fixed step (its default time step), seconds. */
const STEP_SECONDS = 1 / 60;
/** Physics time one display frame may spend catching up after a slow frame, milliseconds, and
 *  the most steps it may run then (the engine's own limit is higher). */
const CATCH_UP_MS = 8, MAX_CATCH_UP_STEPS = 4;
const MOTION_SETTINGS = ["growInDuration", "selectionDuration", "removalDuration"];
/** Measured for every label font: printable ASCII and the ellipsis truncation adds; each label's
 *  other graphemes are measured when it arrives. */
const FONT_SAMPLE = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)).join("") + "\u2026";
const STYLE = `
:host { display: block; position: relative; contain: strict; overflow: hidden; min-height: 120px;
  touch-action: none; -webkit-user-select: none; user-select: none; -webkit-tap-highlight-color: transparent; }
:host([hidden]) { display: none; }
canvas { position: absolute; inset: 0; width: 100%; height: 100%; display: block; touch-action: none; }
[role=listbox] { position: absolute; inset: 0; outline: none; pointer-events: none; }
[role=listbox]:focus-visible { box-shadow: inset 0 0 0 3px var(--bubble-focus-ring, #0a84ff); }
[role=option] { position: absolute; border-radius: 50%; pointer-events: none; color: transparent; overflow: hidden;
  font-size: 1px; }
[role=option].focused { box-shadow: 0 0 0 3px var(--bubble-focus-ring, #0a84ff); }
.live { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
::slotted(*) { display: none; }
`;

function kebab(name) { return name.replace(/[A-Z]/g, (c) => "-" + c.toLowerCase()); }

class BubblePickerElement extends HTMLElement {
  static get observedAttributes() { return ["debug", "label"]; }

  constructor() {
    super();
    const root = this.attachShadow({ mode: "open", delegatesFocus: true });
    root.innerHTML = `<style>${STYLE}</style><canvas part="canvas"></canvas>` +
      `<div role="listbox" aria-multiselectable="true" tabindex="0" part="listbox"></div>` +
      `<div class="live" aria-live="polite" aria-atomic="false"></div><slot></slot>`;
    this.canvas = root.querySelector("canvas");
    this.ctx = this.canvas.getContext("2d");
    this.listbox = root.querySelector("[role=listbox]");
    this.live = root.querySelector(".live");
    this.renderer = new SceneRenderer(this.ctx);
    this.engine = null;
    this.settingsTable = [];
    this.pageSettings = new Set();   // settings the page set by attribute (reduced motion leaves them)
    this.meta = new Map();           // id -> {tag, label} the element knows (added here or told by events)
    this.selectedIds = new Set();
    this.options = new Map();        // id -> option element
    this.pointers = new Map();       // pointerId -> true while down on the canvas
    this.size = { w: 0, h: 0 };
    this.running = false;
    this.autoplay = true;            // false: the page calls frame(t) itself (tests, custom clocks)
    this.clock = () => performance.now();
    this.frameTimes = { physics: 0, scene: 0, draw: 0 };
    this.stepCost = 0;               // milliseconds per engine step (moving average), for the catch-up limit
    this.droppedTime = 0;            // display seconds the engine skipped after slow frames
    this.lastFrameTime = null;
    this.latestInput = -Infinity;    // the latest pointer time given to the engine, on its clock
    this.dirty = true;
    this.a11yDirty = true;
    this.lastA11y = -Infinity;
    this.ready = new Promise((resolve, reject) => { this.resolveReady = resolve; this.rejectReady = reject; });
    this.onFrame = (timestamp) => this.animationFrame(timestamp);
    this.wireInput();
  }

  // Lifecycle ---------------------------------------------------------------------------------

  connectedCallback() {
    if (!this.hasAttribute("tabindex")) this.tabIndex = 0;
    this.listbox.setAttribute("aria-label", this.getAttribute("label") || "Bubble picker");
    if (!this.started) { this.started = true; this.start().catch((error) => { this.rejectReady(error); console.error(error); }); }
    this.resizeObserver = this.resizeObserver || new ResizeObserver(() => this.resize());
    this.resizeObserver.observe(this);
    this.motion = this.motion || matchMedia("(prefers-reduced-motion: reduce)");
    this.motionListener = this.motionListener || (() => this.applyReducedMotion());
    this.motion.addEventListener("change", this.motionListener);
  }

  disconnectedCallback() {
    this.resizeObserver?.disconnect();
    this.motion?.removeEventListener("change", this.motionListener);
    this.running = false;
  }

  attributeChangedCallback(name, _old, value) {
    if (name === "label") this.listbox.setAttribute("aria-label", value || "Bubble picker");
    this.dirty = true;
    this.wake();
  }

  /** Loads the engine (the .wasm beside this module, or `BubblePickerElement.wasmSource`),
   *  creates the picker at the element's size and adds the <option> children. */
  async start() {
    this.engine = await BubblePickerElement.loadEngine((report) => this.recovered(report));
    this.measure();
    this.engine.create(this.size.w, this.size.h, Number(this.getAttribute("seed") || 7));
    this.settingsTable = this.engine.settings();
    this.applyAttributes();
    this.applyReducedMotion();
    new MutationObserver((records) => this.attributesChanged(records)).observe(this, { attributes: true });
    const items = Array.from(this.querySelectorAll(":scope > option"), (o) => ({
      label: o.textContent.trim(), tag: Number(o.dataset.tag || o.value || 0) || 0,
      selected: o.hasAttribute("selected"), color: o.dataset.color || undefined,
      size: o.dataset.size ? Number(o.dataset.size) : undefined,
    }));
    if (items.length) this.add(items); else this.measureLabels();
    if (document.fonts) document.fonts.addEventListener("loadingdone", () => this.refreshFont(true));
    this.frame(this.clock() / 1000);
    this.dispatchEvent(new CustomEvent("ready"));
    this.resolveReady(this);
    this.wake();
  }

  /** The engine, from a shared compiled module: one download and compile per page. */
  static async loadEngine(onRecover) {
    if (!BubblePickerElement.module) BubblePickerElement.module = BubblePickerElement.compile(BubblePickerElement.wasmSource);
    const module = await BubblePickerElement.module;
    return BubbleEngine.load(module, { onRecover, record: Boolean(BubblePickerElement.recording) });
  }

  /** A compiled module from a URL (streamed when the server says application/wasm), bytes, or a
   *  module. */
  static async compile(source) {
    if (source instanceof WebAssembly.Module) return source;
    if (source instanceof ArrayBuffer || ArrayBuffer.isView(source)) return WebAssembly.compile(source);
    const response = await fetch(source);
    if (!response.ok) throw new Error(`<bubble-picker>: ${source}: HTTP ${response.status}`);
    if (WebAssembly.compileStreaming && (response.headers.get("content-type") || "").startsWith("application/wasm")) {
      return WebAssembly.compileStreaming(response);
    }
    return WebAssembly.compile(await response.arrayBuffer());
  }

  /** After a trap the engine recovered (see TrapRecovery): a cancelable `bubblerecover` event
   *  (detail: the report); not cancelled, the report goes to the console as a warning. */
  recovered(report) {
    const event = new CustomEvent("bubblerecover", { detail: report, cancelable: true, bubbles: true, composed: true });
    if (this.dispatchEvent(event)) console.warn(report.message);
    if (!report.restored) { this.engine.create(this.size.w, this.size.h, 7); this.applyAttributes(); }
    this.dirty = true;
    this.wake();
  }

  // Settings ----------------------------------------------------------------------------------

  applyAttributes() {
    for (const setting of this.settingsTable) {
      const value = this.getAttribute(kebab(setting.name));
      if (value !== null) this.applySetting(setting, value);
    }
  }

  attributesChanged(records) {
    for (const record of records) {
      const setting = this.settingsTable.find((s) => kebab(s.name) === record.attributeName);
      if (!setting) continue;
      const value = this.getAttribute(record.attributeName);
      if (value !== null) { this.applySetting(setting, value); continue; }
      this.engine.set(setting.name, setting.default);  // removed: back to the default
      this.pageSettings.delete(setting.name);
      this.wake();
    }
  }

  /** Parses an attribute's text for a setting and sets it; a refusal is a console warning. */
  applySetting(setting, text) {
    let value;
    if (setting.kind === "boolean") value = text === "" || text === "true" || text === "1" || text === kebab(setting.name);
    else if (setting.kind === "choice") value = Number.isNaN(Number(text)) ? text : (setting.choices || [])[Number(text)] ?? text;
    else if (setting.nullable && (text === "none" || text === "" || Number(text) === -1)) value = null;
    else value = text.trim() === "" ? NaN : Number(text);
    const result = this.engine.set(setting.name, value);
    if (!result.ok) console.warn(`<bubble-picker> ${kebab(setting.name)}="${text}": ${result.error}`);
    else this.pageSettings.add(setting.name);
    this.wake();
    return result;
  }

  /** prefers-reduced-motion: reduce sets the grow-in, selection and removal animations to 0 s. */
  applyReducedMotion() {
    if (!this.engine) return;
    const reduce = this.motion && this.motion.matches;
    for (const name of MOTION_SETTINGS) {
      if (this.pageSettings.has(name)) continue;
      const setting = this.settingsTable.find((s) => s.name === name);
      if (setting) this.engine.set(name, reduce ? 0 : setting.default);
    }
  }

  // Size --------------------------------------------------------------------------------------

  /** The element's size in CSS px (300 × 150, a canvas's default, while it has none yet). */
  measure() {
    this.size = { w: Math.round(this.clientWidth) || 300, h: Math.round(this.clientHeight) || 150 };
    const dpr = window.devicePixelRatio || 1;
    const w = Math.round(this.size.w * dpr), h = Math.round(this.size.h * dpr);
    if (this.canvas.width !== w || this.canvas.height !== h) { this.canvas.width = w; this.canvas.height = h; }
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

  // Content -----------------------------------------------------------------------------------

  /** Adds a bubble ({label, tag, size, selected, color, at}) or an array of them; returns the ids. */
  add(items) {
    const list = Array.isArray(items) ? items : [items];
    this.measureLabels(list.map((item) => String(item?.label ?? "")));
    const ids = list.map((item) => {
      const id = this.engine.add({ tag: 0, selected: false, ...item });
      if (id >= 0) this.meta.set(id, { tag: item.tag || 0, label: item.label || "" });
      if (item.selected && id >= 0) this.selectedIds.add(id);
      return id;
    });
    this.changed();
    return Array.isArray(items) ? ids : ids[0];
  }

  /** Adds `count` generated bubbles (the engine's seeded sizes and labels); returns the ids. */
  addMany(count, options = {}) { const ids = this.engine.addMany(count, options); this.changed(); return ids; }

  /** The bubbles as {id, tag, label, selected}, in reading order. */
  get bubbles() {
    if (!this.engine) return [];
    return this.engine.accessibility().elements.map((e) => ({
      id: e.id, tag: this.meta.get(e.id)?.tag ?? 0, label: e.label, selected: Boolean(e.selected),
    }));
  }

  /** The ids a selector names: a number (an id), {tag: n}, or a predicate over {id, tag, label, selected}. */
  resolve(selector) {
    if (typeof selector === "number") return [selector];
    if (Array.isArray(selector)) return selector.flatMap((s) => this.resolve(s));
    if (typeof selector === "function") return this.bubbles.filter(selector).map((b) => b.id);
    if (selector && typeof selector === "object" && "tag" in selector) return this.bubbles.filter((b) => b.tag === selector.tag).map((b) => b.id);
    if (selector && typeof selector === "object" && "id" in selector) return [selector.id];
    throw new TypeError("<bubble-picker>: select by an id, {tag}, or a predicate");
  }

  remove(selector) { const ids = this.resolve(selector); for (const id of ids) this.engine.remove(id); this.changed(); return ids.length; }
  select(selector) { const ids = this.resolve(selector); for (const id of ids) this.engine.select(id); this.changed(); return ids.length; }
  deselect(selector) { const ids = this.resolve(selector); for (const id of ids) this.engine.deselect(id); this.changed(); return ids.length; }
  toggle(selector) { const ids = this.resolve(selector); for (const id of ids) this.engine.toggle(id); this.changed(); return ids.length; }
  selectAll() { this.engine.selectAll(); this.changed(); }
  deselectAll() { this.engine.deselectAll(); this.changed(); }
  removeSelected() { this.engine.removeSelected(); this.changed(); }
  /** The picker as versioned text (the engine's saved state). */
  snapshot() { return this.engine.snapshot(); }
  /** Restores a snapshot; returns {ok} or {ok: false, error}. */
  restore(text) {
    const result = this.engine.restore(text);
    if (result.ok) {  // a restore reports no events: the selection and labels come from the engine
      const elements = this.engine.accessibility().elements;
      this.selectedIds = new Set(elements.filter((e) => e.selected).map((e) => e.id));
      this.measureLabels(elements.map((e) => e.label));
    }
    this.changed();
    return result;
  }
  /** Sets a setting by its engine name; returns {ok} or {ok: false, error}. */
  set(name, value) { const result = this.engine.set(name, value); this.changed(); return result; }
  get(name) { return this.engine.get(name); }

  changed() { this.dirty = true; this.a11yDirty = true; this.drainEvents(); this.wake(); }

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
    try { needs = this.frame(timestamp / 1000); } catch (error) { this.running = false; console.error(error); return; }
    if (needs || this.pointers.size || this.renderer.shakes.size) requestAnimationFrame(this.onFrame);
    else { this.running = false; this.a11yDirty = true; this.updateAccessibility(true); }
  }

  /**
   * One display frame at `t` seconds on the display clock: advances the engine, dispatches its
   * events, draws the scene (when something changed). Returns whether the picker is still moving.
   * The element calls it from requestAnimationFrame; a page with `autoplay = false` calls it itself.
   */
  frame(t) {
    const engine = this.engine;
    this.limitCatchUp(t);
    const t0 = performance.now();
    const result = engine.frame(t - this.droppedTime);
    const t1 = performance.now();
    if (result.stepsRun > 0) {
      const perStep = (t1 - t0) / result.stepsRun;
      this.stepCost = this.stepCost ? this.stepCost + (perStep - this.stepCost) * 0.2 : perStep;
    }
    this.drainEvents();
    let t2 = t1, t3 = t1;
    if (result.stepsRun > 0 || this.dirty || result.needsDisplayLink || this.renderer.shakes.size) {
      const scene = engine.scene();
      t2 = performance.now();
      this.draw(scene);
      t3 = performance.now();
      this.dirty = false;
    }
    this.frameTimes = { physics: t1 - t0, scene: t2 - t1, draw: t3 - t2, steps: result.stepsRun };
    this.updateAccessibility(false);
    return result.needsDisplayLink;
  }

  draw(scene) {
    const dpr = window.devicePixelRatio || 1, debug = this.hasAttribute("debug");
    this.renderer.theme = this.theme();
    this.renderer.selected = this.selectedIds;
    const size = this.size;
    const drawn = this.renderer.draw(scene, size.w, size.h, dpr, {
      clear: null, layers: debug ? 31 : 14, collect: this.collectLayout, now: this.clock(),
      // The container fills the element: the view box is the container plus the theme's margin.
      view: (box) => ({ scale: 1, ox: -(box.x + (box.w - size.w) / 2), oy: -(box.y + (box.h - size.h) / 2) }),
    });
    this.view = drawn.view;
    if (this.collectLayout) this.layout = drawn;
  }

  /** The theme from CSS custom properties, read once per style change (cached by their text). */
  theme() {
    const style = getComputedStyle(this);
    const key = ["--bubble-palette", "--bubble-selected-fill", "--bubble-label-color", "--bubble-font"]
      .map((p) => style.getPropertyValue(p).trim());
    if (this.themeKey === key.join("|")) return this.cachedTheme;
    this.themeKey = key.join("|");
    const [palette, selectedFill, labelColor, font] = key;
    this.cachedTheme = {
      palette: palette ? palette.split(/,(?![^(]*\))/).map((c) => c.trim()).filter(Boolean) : null,
      selectedFill: selectedFill || null, labelColor: labelColor || null, fontFamily: font || null,
    };
    if ((font || DEFAULT_FONT) !== this.fontFamily) queueMicrotask(() => this.refreshFont());
    return this.cachedTheme;
  }

  // Fonts -------------------------------------------------------------------------------------

  /** The family labels are drawn in: --bubble-font, else the renderer's default. */
  labelFamily() { return getComputedStyle(this).getPropertyValue("--bubble-font").trim() || DEFAULT_FONT; }

  /**
   * Labels are laid out in the font they are drawn in: measures (canvas measureText, regular and
   * the labels' bold, in em) FONT_SAMPLE and the graphemes of `labels` not measured yet, and passes
   * every width measured in the family to the engine (`engine.labelWidths`). From scratch, with
   * every current label, when the family changed or `force` (web fonts finished loading).
   */
  measureLabels(labels = [], force = false) {
    if (!this.engine) return;
    const family = this.labelFamily();
    if (force || family !== this.fontFamily || !this.fontWidths) {
      this.fontFamily = family;
      this.fontWidths = new Map();
      labels = labels.concat(this.engine.accessibility().elements.map((e) => e.label));
    }
    const fresh = new Set();
    const segmenter = typeof Intl !== "undefined" && Intl.Segmenter ? (this.segmenter ||= new Intl.Segmenter()) : null;
    for (const text of [FONT_SAMPLE, ...labels]) {
      const parts = segmenter ? Array.from(segmenter.segment(text), (s) => s.segment) : Array.from(text);
      for (const g of parts) if (!this.fontWidths.has(g) && !g.includes("\0")) fresh.add(g);  // U+0000 separates them
    }
    if (!fresh.size) return;
    const ctx = this.fontContext ||= document.createElement("canvas").getContext("2d");
    // At the renderer's base size (it draws every label at that size, scaled), so hinting agrees.
    const size = SceneRenderer.BASE_SIZE;
    ctx.font = `${size}px ${family}`;
    for (const g of fresh) this.fontWidths.set(g, [ctx.measureText(g).width / size, 0]);
    ctx.font = `600 ${size}px ${family}`;
    for (const g of fresh) this.fontWidths.get(g)[1] = ctx.measureText(g).width / size;
    const graphemes = Array.from(this.fontWidths.keys()), widths = graphemes.map((g) => this.fontWidths.get(g));
    const result = this.engine.labelWidths(family, graphemes, widths.map((w) => w[0]), widths.map((w) => w[1]));
    if (!result.ok) console.warn(`<bubble-picker> --bubble-font ${family}: ${result.error}`);
    this.dirty = true;
  }

  /** Measures again when the family changed (or always, `force`) and redraws. */
  refreshFont(force = false) {
    if (!this.engine || (!force && this.labelFamily() === this.fontFamily)) return;
    this.measureLabels([], true);
    this.changed();
  }

  // Events ------------------------------------------------------------------------------------

  drainEvents() {
    if (!this.engine) return;
    for (const event of this.engine.events()) {
      const known = this.meta.get(event.id);
      const detail = { id: event.id, tag: event.tag ?? known?.tag ?? 0, label: event.label ?? known?.label ?? "", reason: event.reason ?? null };
      if (event.type === "selected") this.selectedIds.add(event.id);
      if (event.type === "deselected") this.selectedIds.delete(event.id);
      if (event.type === "removed") { this.selectedIds.delete(event.id); this.meta.delete(event.id); }
      if (event.type === "added" || event.type === "contentChanged") this.meta.set(event.id, { tag: detail.tag, label: detail.label });
      if (event.type === "selectionRefused") this.renderer.shakes.set(event.id, this.clock());
      if (event.type !== "paused" && event.type !== "resumed") this.a11yDirty = true;
      const name = EVENT_NAMES[event.type];
      if (name) this.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true }));
    }
    const announcements = this.engine.announcements();
    if (announcements.length) this.announce(announcements.join(". "));
  }

  /** Says `text` through the polite live region. */
  announce(text) {
    this.live.textContent = "";
    const line = document.createElement("div");
    line.textContent = text;
    this.live.append(line);
  }

  // Accessibility -----------------------------------------------------------------------------

  /** Mirrors engine.accessibility() as role=option children of the listbox: on content changes,
   *  at rest, and twice a second while moving (positions for touch exploration). */
  updateAccessibility(force) {
    const now = this.clock();
    if (!force && !(this.a11yDirty && now - this.lastA11y > 100) && now - this.lastA11y < 500) return;
    this.lastA11y = now;
    this.a11yDirty = false;
    const data = this.engine.accessibility();
    const seen = new Set();
    let previous = null;
    for (const e of data.elements) {
      seen.add(e.id);
      let option = this.options.get(e.id);
      if (!option) {
        option = document.createElement("div");
        option.setAttribute("role", "option");
        option.id = "bubble-" + e.id;
        this.options.set(e.id, option);
      }
      if (option.textContent !== e.label) option.textContent = e.label;
      const selected = e.selected ? "true" : "false";
      if (option.getAttribute("aria-selected") !== selected) option.setAttribute("aria-selected", selected);
      const style = option.style;
      style.left = `${e.x}px`; style.top = `${e.y}px`; style.width = `${e.width}px`; style.height = `${e.height}px`;
      option.classList.toggle("focused", data.focused === e.id && this.matches(":focus-within"));
      // Reading order: move only the options out of place.
      const wanted = previous ? previous.nextSibling : this.listbox.firstChild;
      if (wanted !== option) this.listbox.insertBefore(option, wanted);
      previous = option;
    }
    for (const [id, option] of this.options) if (!seen.has(id)) { option.remove(); this.options.delete(id); }
    if (data.focused !== null && data.focused !== undefined && this.options.has(data.focused)) {
      this.listbox.setAttribute("aria-activedescendant", "bubble-" + data.focused);
    } else {
      this.listbox.removeAttribute("aria-activedescendant");
    }
  }

  // Input -------------------------------------------------------------------------------------

  wireInput() {
    const canvas = this.canvas;
    canvas.addEventListener("pointerdown", (event) => this.pointer("down", event));
    canvas.addEventListener("pointermove", (event) => this.pointer("move", event));
    canvas.addEventListener("pointerup", (event) => this.pointer("up", event));
    canvas.addEventListener("pointercancel", (event) => this.pointer("cancel", event));
    canvas.addEventListener("lostpointercapture", (event) => { if (this.pointers.has(event.pointerId)) this.pointer("cancel", event); });
    // A wheel scrolls overflowing content (fit policy); when the picker cannot scroll, the page does.
    canvas.addEventListener("wheel", (event) => {
      const delta = Math.abs(event.deltaX) > Math.abs(event.deltaY) ? event.deltaX : event.deltaY;
      if (this.engine && this.engine.scroll(delta * (event.deltaMode === 1 ? 16 : 1))) { event.preventDefault(); this.changed(); }
    }, { passive: false });
    this.addEventListener("keydown", (event) => this.key(event));
    this.listbox.addEventListener("focus", () => { this.a11yDirty = true; this.updateAccessibility(true); });
    this.listbox.addEventListener("blur", () => { this.a11yDirty = true; this.updateAccessibility(true); });
  }

  /** Container point of a pointer event (the container fills the element). */
  /**
   * After a slow frame the engine runs only the steps that fit `CATCH_UP_MS` of physics (at the
   * measured cost of a step, at least one) and the rest of the elapsed time is dropped: the picker
   * slows down rather than spending every frame catching up with the last. The engine sees a
   * display clock without the dropped time (frames and pointers alike), so its journal replays;
   * a frame never drops time past input the engine already has.
   */
  limitCatchUp(t) {
    const last = this.lastFrameTime;
    this.lastFrameTime = t;
    if (last === null || !(t > last) || !(this.stepCost > 0)) return;
    const steps = Math.max(1, Math.min(MAX_CATCH_UP_STEPS, Math.floor(CATCH_UP_MS / this.stepCost)));
    const allowed = steps * STEP_SECONDS;
    if (t - last > allowed) this.droppedTime += t - last - allowed;
    // Input the engine already has stays in its past: a frame never drops time past it.
    this.droppedTime = Math.max(0, Math.min(this.droppedTime, t - this.latestInput));
  }

  point(event) {
    const rect = this.canvas.getBoundingClientRect();
    return { x: event.clientX - rect.left, y: event.clientY - rect.top };
  }

  /** The event's time on the display clock, seconds (synthetic events: the element's clock). */
  time(event) {
    const t = (event.isTrusted ? event.timeStamp : this.clock()) / 1000 - this.droppedTime;
    this.latestInput = Math.max(this.latestInput, t);
    return t;
  }

  pointer(kind, event) {
    if (!this.engine) return;
    const id = event.pointerId, engine = this.engine;
    if (kind === "down") {
      if (event.button > 0) return;
      try { this.canvas.setPointerCapture(id); } catch (_) { /* a synthetic pointer cannot be captured */ }
      this.pointers.set(id, true);
      const p = this.point(event);
      engine.pointerDown(id, p.x, p.y, this.time(event));
      this.listbox.focus({ preventScroll: true });
      event.preventDefault();
    } else if (!this.pointers.has(id)) {
      return;
    } else if (kind === "move") {
      const samples = event.getCoalescedEvents ? event.getCoalescedEvents() : [];
      for (const sample of samples.length ? samples : [event]) {
        const p = this.point(sample);
        engine.pointerMove(id, p.x, p.y, this.time(sample.isTrusted ? sample : event));
      }
    } else if (kind === "up") {
      this.pointers.delete(id);
      const p = this.point(event);
      engine.pointerUp(id, p.x, p.y, this.time(event));
    } else {
      this.pointers.delete(id);
      engine.pointerCancel(id);
    }
    this.drainEvents();
    this.wake();
  }

  key(event) {
    if (!this.engine) return;
    const direction = KEY_DIRECTIONS[event.key];
    if (direction) this.engine.moveFocus(direction);
    else if (event.key === "Enter" || event.key === " ") this.engine.activateFocused();
    else if (event.key === "Delete" || event.key === "Backspace") this.engine.removeFocused();
    else if (event.key === "Home" || event.key === "End") this.engine.moveFocus(event.key === "Home" ? "previous" : "next");
    else return;
    event.preventDefault();
    this.changed();
    this.updateAccessibility(true);
  }
}

/** Where the engine's .wasm comes from: a URL, bytes, or a compiled WebAssembly.Module. The ES
 *  module build sets it to the file beside the module; a page may set it before the first picker. */
BubblePickerElement.wasmSource = null;
BubblePickerElement.module = null;
