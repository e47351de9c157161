// core.js — the <bubble-picker> custom element's core: its shadow tree, lifecycle, the engine's
// loading and trap recovery, and the attributes that set the engine's settings. The element is
// composed in element.js from this core and one mixin per concern (content, options, form, fonts,
// frame, a11y, input); bubble-picker.js defines it. README "On a web page" has the API.
//
// Lifecycle: every listener outside the element's own tree (document.fonts, the reduced-motion
// and resolution media queries, the ResizeObserver) is added in connectedCallback and removed in
// disconnectedCallback, so a removed picker is collectable; connecting again re-adds them and the
// picker goes on where it was.
import { BubbleEngine } from "./engine.js";
import { SceneRenderer } from "./renderer.js";

/** Settings that prefers-reduced-motion sets to 0 (unless the page set them): the grow-in, selection
 *  and removal animations. Bubbles still move under fingers and the field. */
const MOTION_SETTINGS = ["growInDuration", "selectionDuration", "removalDuration"];
/** The spawn seed when the page gives none (or an invalid one). */
export const DEFAULT_SEED = 7;
export const STYLE = `
:host { display: block; position: relative; contain: strict; overflow: hidden; min-height: 120px;
  touch-action: none; -webkit-user-select: none; user-select: none; -webkit-tap-highlight-color: transparent; }
:host(:state(pan-y)) { touch-action: pan-y; }
:host([hidden]) { display: none; }
:host(:state(disabled)) { opacity: 0.45; filter: grayscale(1); cursor: not-allowed; }
canvas { position: absolute; inset: 0; width: 100%; height: 100%; display: block; touch-action: inherit; }
[role=listbox] { position: absolute; inset: 0; outline: none; pointer-events: none; }
:host(:state(keyboard)) [role=listbox]:focus { box-shadow: inset 0 0 0 3px var(--bubble-focus-ring, #0a84ff); }
[role=option] { position: absolute; left: 0; top: 0; border-radius: 50%; pointer-events: none; color: transparent; overflow: hidden;
  font-size: 1px; opacity: 0; }
[role=option].focused { opacity: 1; }
:host(:state(keyboard)) [role=option].focused { box-shadow: 0 0 0 3px var(--bubble-focus-ring, #0a84ff); }
.live { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
::slotted(*) { display: none; }
`;

export function kebab(name) { return name.replace(/[A-Z]/g, (c) => "-" + c.toLowerCase()); }

/** The element's shadow tree, lifecycle, engine and settings. */
export class PickerCore extends HTMLElement {
  static get observedAttributes() { return ["debug", "label", "disabled", "required", "min-selected", "name"]; }

  constructor() {
    super();
    this.internals = this.attachInternals();
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
    this.meta = new Map();           // id -> {tag, label, value} the element knows (added here or told by events)
    this.selectedIds = new Set();    // in the order they were selected
    this.options = new Map();        // id -> role=option element of the accessibility mirror
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
    this.onFontsLoaded = () => this.refreshFont(true);
    this.onMotion = () => this.applyReducedMotion();
    this.wireInput();
  }

  // Lifecycle ---------------------------------------------------------------------------------

  connectedCallback() {
    if (this.autoTabIndex === undefined) this.autoTabIndex = !this.hasAttribute("tabindex");
    this.listbox.setAttribute("aria-label", this.getAttribute("label") || "Bubble picker");
    if (!this.started) { this.started = true; this.start().catch((error) => { this.rejectReady(error); console.error(error); }); }
    this.resizeObserver = this.resizeObserver || new ResizeObserver(() => this.resize());
    this.resizeObserver.observe(this);
    this.motion = this.motion || matchMedia("(prefers-reduced-motion: reduce)");
    this.motion.addEventListener("change", this.onMotion);
    if (this.engine && document.fonts) document.fonts.addEventListener("loadingdone", this.onFontsLoaded);
    this.watchResolution();
    this.connectOptions?.();
    this.updateDisabled?.();
    if (this.engine) { this.resize(); this.changed(); }
  }

  disconnectedCallback() {
    this.resizeObserver?.disconnect();
    this.motion?.removeEventListener("change", this.onMotion);
    document.fonts?.removeEventListener("loadingdone", this.onFontsLoaded);
    this.resolution?.removeEventListener("change", this.onResolution);
    this.resolution = null;
    this.disconnectOptions?.();
    this.renderer.releaseSprites();
    this.running = false;
  }

  attributeChangedCallback(name, _old, value) {
    if (name === "label") this.listbox.setAttribute("aria-label", value || "Bubble picker");
    if (name === "disabled") this.updateDisabled?.();
    if (name === "required" || name === "min-selected" || name === "name") this.updateFormValue?.();
    this.dirty = true;
    this.wake();
  }

  /** The seed attribute as a whole number, else (with a console warning) the default. */
  parsedSeed() {
    const text = this.getAttribute("seed");
    if (text === null) return DEFAULT_SEED;
    const value = text.trim() === "" ? NaN : Number(text);
    if (Number.isSafeInteger(value) && value >= 0 && value <= 0xFFFFFFFF) return value;
    console.warn(`<bubble-picker> seed="${text}": must be a whole number from 0 to 4294967295; using ${DEFAULT_SEED}`);
    return DEFAULT_SEED;
  }

  /** Reflected attributes: `label` (the accessible name), `debug` (overlays), `seed` (read at start). */
  get label() { return this.getAttribute("label") ?? ""; }
  set label(value) { this.setAttribute("label", value); }
  get debug() { return this.hasAttribute("debug"); }
  set debug(value) { this.toggleAttribute("debug", Boolean(value)); }
  get seed() { return this.parsedSeed(); }
  set seed(value) { this.setAttribute("seed", String(value)); }

  /** Loads the engine (the .wasm beside this module, or `BubblePickerElement.wasmSource`),
   *  creates the picker at the element's size and adds the <option> children. */
  async start() {
    const engine = await this.constructor.loadEngine((report) => this.recovered(report));
    this.measure();
    try { engine.create(this.size.w, this.size.h, this.parsedSeed()); } catch (error) {
      console.warn(`<bubble-picker> seed="${this.getAttribute("seed")}": ${error.message}; using ${DEFAULT_SEED}`);
      engine.create(this.size.w, this.size.h, DEFAULT_SEED);
    }
    this.engine = engine;
    this.settingsTable = engine.settings();
    this.constructor.reflectSettings(this.settingsTable);
    this.applyAttributes();
    if (this.motion?.matches) this.applyReducedMotion();  // a fresh picker has the defaults already
    this.attributeObserver = new MutationObserver((records) => this.attributesChanged(records));
    this.attributeObserver.observe(this, { attributes: true });
    this.readOptions();
    if (this.isConnected && document.fonts) document.fonts.addEventListener("loadingdone", this.onFontsLoaded);
    this.frame(this.clock() / 1000);
    this.startForm?.();
    this.dispatchEvent(new CustomEvent("ready"));
    this.resolveReady(this);
    this.wake();
  }

  /** The engine, or a clear error naming `ready` when a method is called before it loaded. */
  engineFor(method) {
    if (this.engine) {  // attribute changes not yet applied (a microtask away) go first
      const pending = this.attributeObserver.takeRecords();
      if (pending.length) this.attributesChanged(pending);
      return this.engine;
    }
    throw new DOMException(`<bubble-picker>.${method}(): the picker is not ready yet; await picker.ready first`, "InvalidStateError");
  }

  /** Accessors for the engine's settings (`picker.maxSelected`), reflected to their attributes;
   *  installed once, from the settings table, skipping any name the platform already uses. */
  static reflectSettings(table) {
    if (this.reflected) return;
    this.reflected = true;
    for (const setting of table) {
      if (setting.name in HTMLElement.prototype || setting.name in this.prototype) continue;
      Object.defineProperty(this.prototype, setting.name, {
        configurable: true, enumerable: true,
        get() { return this.engine ? this.engine.get(setting.name) : null; },
        set(value) {
          const name = kebab(setting.name);
          if (value === null || value === undefined || value === false) {
            if (setting.kind === "boolean" || !setting.nullable || value === undefined) this.removeAttribute(name);
            else this.setAttribute(name, "none");
          } else this.setAttribute(name, value === true ? "" : String(value));
        },
      });
    }
  }

  /** The engine, from a shared compiled module: one download and compile per page. */
  static async loadEngine(onRecover) {
    if (!this.module) this.module = this.compile(this.wasmSource);
    const module = await this.module;
    return BubbleEngine.load(module, { onRecover, record: Boolean(this.recording), restoreModule: () => this.restoreModule() });
  }

  /** The restore-capable module (`restoreWasmSource`), compiled once per page on first need; a
   *  failed load is forgotten, so the next restore tries again. */
  static restoreModule() {
    if (!this.fullModule) {
      this.fullModule = this.compile(this.restoreWasmSource ?? this.wasmSource);
      this.fullModule.catch(() => { this.fullModule = null; });
    }
    return this.fullModule;
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
    if (!report.restored) { this.engine.create(this.size.w, this.size.h, this.parsedSeed()); this.applyAttributes(); }
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
    this.updatePan?.();
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
}
