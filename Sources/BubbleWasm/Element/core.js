// core.js — the <bubble-picker> custom element's core: the engine (Embedded Swift in
// WebAssembly, `BubbleEngine` from engine.js) behind a canvas, with pointer, keyboard and
// accessibility wiring. The element is composed in element.js from this core and
// the mixins beside it (fonts, frame, a11y, input); bubble-picker.js defines it. The .wasm is
// loaded from beside the modules. See the README's
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
import { BubbleEngine } from "./engine.js";
import { SceneRenderer } from "./renderer.js";

/** Settings that prefers-reduced-motion sets to 0 (unless the page set them): the grow-in, selection
 *  and removal animations. Bubbles still move under fingers and the field. */
const MOTION_SETTINGS = ["growInDuration", "selectionDuration", "removalDuration"];
export const STYLE = `
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

export function kebab(name) { return name.replace(/[A-Z]/g, (c) => "-" + c.toLowerCase()); }

/** The element's state, lifecycle, settings, size and content API. */
export class PickerCore extends HTMLElement {
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
    this.engine = await this.constructor.loadEngine((report) => this.recovered(report));
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
    if (!this.module) this.module = this.compile(this.wasmSource);
    const module = await this.module;
    return BubbleEngine.load(module, { onRecover, record: Boolean(this.recording) });
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
}
