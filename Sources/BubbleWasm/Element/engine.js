// engine.js — `BubbleEngine`: the picker for any page over the browser module's bp_* exports.
//
// The picker for any page (the `<bubble-picker>` element and the playground build on it). One
// engine = one wasm instance = one live picker. Points are CSS px of the picker's box; times are
// seconds on the display clock (`performance.now() / 1000`, `PointerEvent.timeStamp / 1000`, the
// rAF timestamp / 1000): the engine's driver maps them to simulated time, hit-tests the frame on
// screen, runs long presses on simulated time and keeps flicks at finger speed across pauses.
// Every call is validated in Swift; a wasm trap is recovered from (see TrapRecovery) and reported
// to `onRecover`. Invalid arguments: `set`/`restore` return { ok: false, error }, the calls that
// return an id or a list throw a `BubbleEngineError` (message: one line naming field and value).
//
// Two modules: the element starts on a lean module without `bp_restore` (the saved-state reader is
// most of the code) and passes `restoreModule`, a function returning a promise of the module with
// it. That one is fetched only when `restore(text)` is called (the journal moves into a fresh
// instance of it, exactly, and it stays the live one) or when a trap recovery must replay a
// journaled restore (then recovery is asynchronous: see TrapRecovery, and `recovering`). The
// journal's checkpoints restore in place (`bp_checkpoint`) and need no text reader.
//
// scene() returns the SceneEncoder format (BubbleWeb/SceneEncoder.swift):
//   numbers (Float64Array over wasm memory, valid until the next engine call):
//     header  0x5343, version, step, viewBox x y w h, background r g b a, item count, crowded callouts (13)
//     items   shape, role, role argument, bubble id (-1 none), then by shape:
//       0 rect x y w h + paint | 1 line x1 y1 x2 y2 + paint | 2 circle cx cy r + paint
//       3 path n, then n elements (0 move x y, 1 line x y, 2 quad cx cy x y, 3 cubic c1x c1y c2x c2y x y, 4 close) + paint
//       4 text string offset, byte length, cx cy, font size, colour r g b a, max width, bold
//     paint   fill r g b a, stroke r g b a, line width, dash count, dashes… (r = -1: no colour)
//     roles   0 area, 1 border (argument: sides bits), 2 bubble, 3 image placeholder, 4 label, 5 image
//             name, 6 callout, 7 callout text, 8 anchor, 9 finger, 10 trail, 11 off-screen marker,
//             12 off-screen count (argument: sector), 13 check mark
//   strings (Uint8Array, UTF-8): text items name a byte offset and length in it; scene.text(offset,
//     length) decodes one (cached).
import { TrapRecovery } from "./wasm.js";
import { readAccessibility, readAnnouncements, readEvents, readRecords, readSettings } from "./records.js";

/** An invalid argument: the message names the field and the value. */
export class BubbleEngineError extends Error {
  constructor(message) { super(message); this.name = "BubbleEngineError"; }
}

/** Journaled calls between two checkpoints of the trap-recovery journal (see `checkpoint`). */
export const CHECKPOINT_CALLS = 600;
const FOCUS_DIRECTIONS = ["up", "down", "left", "right", "next", "previous"];
const POINTER_PHASES = { down: 0, move: 1, up: 2, cancel: 3 };

export class BubbleEngine {
  /**
   * Compiles and instantiates the module. `source`: a URL or path (fetched), an ArrayBuffer or
   * typed array of its bytes, a base64 string prefixed with "base64:", or a WebAssembly.Module.
   * `onRecover(report)` is told when a trap was recovered from; `record: true` keeps a journal;
   * `restoreModule`: () => Promise<WebAssembly.Module> of a module with `bp_restore`, when `source`
   * lacks it (see the top of this file).
   */
  static async load(source, options = {}) {
    let module;
    if (source instanceof WebAssembly.Module) module = source;
    else module = await WebAssembly.compile(await BubbleEngine.bytes(source));
    return new BubbleEngine(module, options);
  }

  /** As `load`, synchronously, for bytes or base64 already in hand (under 8 MB). */
  static loadSync(source, options = {}) {
    const bytes = typeof source === "string" ? BubbleEngine.fromBase64(source.replace(/^base64:/, "")) : source;
    return new BubbleEngine(source instanceof WebAssembly.Module ? source : new WebAssembly.Module(bytes), options);
  }

  static async bytes(source) {
    if (source instanceof ArrayBuffer || ArrayBuffer.isView(source)) return source;
    if (typeof source === "string" && source.startsWith("base64:")) return BubbleEngine.fromBase64(source.slice(7));
    const response = await fetch(source);
    if (!response.ok) throw new Error(`BubbleEngine: ${source}: HTTP ${response.status}`);
    return await response.arrayBuffer();
  }

  static fromBase64(text) { return Uint8Array.from(atob(text), (c) => c.charCodeAt(0)); }

  constructor(module, { onRecover = (report) => console.warn(report.message), record = false, restoreModule = null } = {}) {
    this.recovery = new TrapRecovery(module, (report) => {
      this.drain();  // the replay's events were reported before the trap
      onRecover(report);
    }, restoreModule);
    this.x = this.recovery.x;
    this.record = record;
    this.decoder = new TextDecoder();
    this.settingsTable = readSettings(this.recovery);
    this.settingByName = new Map(this.settingsTable.map((s, code) => [s.name, { code, spec: s }]));
    this.batches = 0;
    this.sinceCheckpoint = 0;
    this.fontEntry = null;
  }

  get buffer() { return this.recovery.memory.buffer; }
  /**
   * The one place views over wasm memory are made: the pointer is read first, then the memory's
   * current buffer (any call into the module may grow memory, which detaches every view made
   * before). A view is valid until the next call into the module: callers decode or copy what they
   * keep, and nothing holds a view (or a scene) across calls.
   */
  view(Type, pointer, count) {
    if (!(count > 0)) return new Type(0);
    const at = pointer();
    return new Type(this.recovery.memory.buffer, at, count);
  }
  text(length) { return length > 0 ? this.decoder.decode(this.view(Uint8Array, () => this.x.bp_text(), length)) : ""; }
  failure() { return this.text(this.x.bp_text_length()) || "refused"; }
  numbers(count) { return this.view(Float64Array, () => this.x.bp_numbers(), count); }
  drain() { this.recovery.raw.bp_picker_events(); this.recovery.raw.bp_announcements(); }

  /** Calls an export that changes the picker; journals it for trap recovery unless it trapped. */
  change(name, args, texts = null, bytes = null) {
    const recoveries = this.recovery.recoveries;
    const lengths = texts ? this.recovery.writeInput(texts, bytes) : [];
    const result = this.x[name](...lengths, ...args);
    if (this.recovery.recoveries === recoveries && !this.recovery.pending) {
      const entry = bytes ? { name, args, texts, bytes } : { name, args, texts };
      this.recovery.journal("live", entry);
      if (name === "bp_label_widths") this.fontEntry = entry;
      this.sinceCheckpoint++;
    }
    return result;
  }

  /** Whether the trap-recovery journal has grown enough for a `checkpoint()`. */
  get checkpointDue() { return this.sinceCheckpoint >= CHECKPOINT_CALLS; }
  /** True while a trap recovery waits for the restore-capable module: calls return undefined. */
  get recovering() { return this.recovery.pending !== null; }

  /**
   * Bounds the trap-recovery journal: the picker restores itself in place (`bp_checkpoint`: what a
   * restore of its own snapshot does, exactly — same state hash, same frames after) and the
   * journal's live lane becomes its `bp_create`, a `bp_frame` at the display time the state stands
   * for (so the fresh session's restore re-bases its clock as the live one did), a `bp_restore` of
   * the snapshot, the latest label widths and the keyboard focus (neither is part of a snapshot),
   * growing again from there. The
   * live instance takes the same widths and focus, so a replay after a trap and the live picker go
   * on from the same driver state (a lean module replays that lane through the restore-capable
   * one). Call it between gestures (no pointer down: a restore ends touches) and after draining
   * events. The element does, when `checkpointDue`. Returns whether it checkpointed.
   * - Complexity: one snapshot and an in-place restore, O(bubbles).
   */
  checkpoint() {
    const lane = this.recovery.lanes.get("live");
    if (!lane || lane[0]?.name !== "bp_create" || this.recovering) return false;
    const focused = this.focusedId();  // a snapshot leaves keyboard focus out: it is given back
    const text = this.snapshot();
    const displayTime = text ? this.restoreInPlace(text) : null;
    if (displayTime === null) return false;
    if (this.fontEntry) this.recovery.replay(this.fontEntry);
    const entries = [lane[0], { name: "bp_frame", args: [displayTime] }, { name: "bp_restore", args: [], texts: [text] }];
    if (this.fontEntry) entries.push(this.fontEntry);
    if (focused !== null) { const entry = { name: "bp_focus", args: [focused] }; this.recovery.replay(entry); entries.push(entry); }
    this.recovery.lanes.set("live", entries);
    this.sinceCheckpoint = 0;
    this.drain();
    return true;
  }

  /** The live instance restores `text`, its own snapshot: in place when the module can (no text
   *  read), else through `bp_restore`. Returns the display time the state stands for (NaN: none
   *  known), or null when it did not restore. */
  restoreInPlace(text) {
    if (this.x.bp_checkpoint) return this.x.bp_checkpoint() === 1 ? this.numbers(1)[0] : null;
    return this.restoreNow(text).ok === true ? NaN : null;
  }

  /** The focused bubble's id, or null. - Complexity: O(n log n) (the reading order). */
  focusedId() {
    if (!this.x.bp_accessibility_layout) return this.accessibility().focused ?? null;
    const count = this.x.bp_accessibility_layout(0);
    const focused = count >= 2 ? this.numbers(1)[0] : -1;
    return focused >= 0 ? focused : null;
  }

  /** Throws unless `code` is 0 or more; returns it. */
  checked(code) {
    if (code === undefined) throw new BubbleEngineError("the engine trapped and recovered; the call was dropped");
    if (code === -1) throw new BubbleEngineError("no picker: call create(width, height, seed) first");
    if (code < 0) throw new BubbleEngineError(this.failure());
    return code;
  }

  // Settings ------------------------------------------------------------------------------------

  /** [{ name, kind, min, max, step?, default, nullable?, choices? }] from the Swift table; values
   *  as `get` returns them (booleans, choice words, null for "no limit"). */
  settings() {
    return this.settingsTable.map((s) => ({ ...s, default: BubbleEngine.fromNumber(s, s.default) }));
  }

  static fromNumber(spec, value) {
    if (spec.kind === "boolean") return value === 1;
    if (spec.kind === "choice") return spec.choices[value];
    if (spec.nullable && value < 0) return null;
    return value;
  }

  static toNumber(spec, value) {
    if (spec.kind === "boolean" && typeof value === "boolean") return value ? 1 : 0;
    if (spec.kind === "choice" && typeof value === "string") {
      const index = spec.choices.indexOf(value);
      return index >= 0 ? index : NaN;
    }
    if (spec.nullable && value === null) return -1;
    return typeof value === "number" ? value : (typeof value === "string" && value.trim() !== "" ? Number(value) : NaN);
  }

  /** Changes a setting live: { ok: true } or { ok: false, error }. */
  set(name, value) {
    const entry = this.settingByName.get(name);
    if (!entry) return { ok: false, error: `unknown setting "${name}"` };
    const number = BubbleEngine.toNumber(entry.spec, value);
    const code = this.change("bp_set", [entry.code, number]);
    if (code === 0) return { ok: true };
    return { ok: false, error: code === undefined ? "the engine trapped and recovered" : (code === -1 ? "no picker" : this.failure()) };
  }

  /** A setting's value (undefined for an unknown name). */
  get(name) {
    const entry = this.settingByName.get(name);
    return entry ? BubbleEngine.fromNumber(entry.spec, this.x.bp_get(entry.code)) : undefined;
  }

  // Picker ----------------------------------------------------------------------------------------

  /** A fresh, empty picker of width × height points. Throws for a size or seed out of range. */
  create(width, height, seed = 0) {
    const args = [width, height, seed, this.record ? 1 : 0];
    if (this.x.bp_create(...args) !== 0) throw new BubbleEngineError(this.failure());
    this.recovery.journal("live", { name: "bp_create", args }, true);
    this.sinceCheckpoint = 0;
    this.fontEntry = null;
    this.drain();
  }

  /** Changes the picker's size (the element resized). Throws for a size out of range. */
  resize(width, height) {
    const code = this.change("bp_resize", [width, height]);
    if (code !== 0) this.checked(code === 1 || code === 2 ? -2 : code);
  }

  static color(color, field = "color") {
    if (color === undefined || color === null) return [NaN, NaN, NaN];
    const m = typeof color === "string" && /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color);
    if (!m) throw new BubbleEngineError(`${field}: ${JSON.stringify(color)} must be "#rrggbb" or "#rgb"`);
    const hex = m[1].length === 3 ? [...m[1]].map((c) => c + c).join("") : m[1];
    return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  }

  static optionalNumber(value) { return value === undefined || value === null ? NaN : Number(value); }

  /** Adds a bubble: { label, tag = 0, size?, selected = false, color? "#rrggbb", at? {x, y} } → id. */
  add({ label = "", tag = 0, size, selected = false, color, at } = {}) {
    const [r, g, b] = BubbleEngine.color(color);
    const x = at ? Number(at.x) : NaN, y = at ? Number(at.y) : NaN;
    if (at && (Number.isNaN(x) || Number.isNaN(y))) throw new BubbleEngineError(`at: ${JSON.stringify(at)} must be { x, y } numbers`);
    return this.checked(this.change("bp_add_bubble", [Number(tag), BubbleEngine.optionalNumber(size), selected ? 1 : 0, r, g, b, x, y], [String(label)]));
  }

  /** Adds `count` numbered bubbles of seeded random sizes (points) → [ids]. */
  addMany(count, { seed, minSize = 20, maxSize = 80 } = {}) {
    if (seed === undefined) seed = this.batches;
    this.batches++;
    const n = this.checked(this.change("bp_add_random", [count, seed, minSize, maxSize]));
    return Array.from(this.numbers(n));
  }

  /** Changes a bubble in place: { label?, tag?, size?, color? } → true, false when it is not there. */
  update(id, { label, tag, size, color } = {}) {
    const [r, g, b] = BubbleEngine.color(color);
    const args = [id, BubbleEngine.optionalNumber(tag), BubbleEngine.optionalNumber(size), r, g, b];
    const code = label === undefined || label === null
      ? this.change("bp_update", [-1, ...args]) : this.change("bp_update", args, [String(label)]);
    return this.checked(code) === 1;
  }

  remove(id) { return this.change("bp_remove", [id]) === 1; }
  removeTag(tag) { return this.checked(this.change("bp_remove_tag", [tag])); }
  removeSelected() { return this.checked(this.change("bp_remove_selected", [])); }
  select(id) { return this.change("bp_select", [id]) === 1; }
  deselect(id) { return this.change("bp_deselect", [id]) === 1; }
  toggle(id) { return this.change("bp_toggle", [id]) === 1; }
  selectTag(tag) { return this.checked(this.change("bp_select_tag", [tag])); }
  selectAll() { return this.checked(this.change("bp_select_all", [])); }
  deselectAll() { return this.checked(this.change("bp_deselect_all", [])); }

  // Pointers and frames -------------------------------------------------------------------------

  pointer(phase, pointerId, x, y, t) {
    const code = this.change("bp_touch", [POINTER_PHASES[phase], pointerId, x, y, t]);
    if (code === 2) throw new BubbleEngineError(this.failure());
  }
  /** Pointer `pointerId` (0 or more) down at (x, y) points, display-clock time `t` seconds. */
  pointerDown(pointerId, x, y, t) { this.pointer("down", pointerId, x, y, t); }
  pointerMove(pointerId, x, y, t) { this.pointer("move", pointerId, x, y, t); }
  pointerUp(pointerId, x, y, t) { this.pointer("up", pointerId, x, y, t); }
  pointerCancel(pointerId) { this.pointer("cancel", pointerId, 0, 0, 0); }
  /** Scrolls the content by `delta` points along its scroll axis; false when nothing moved. */
  scroll(delta) { return this.change("bp_scroll", [delta]) === 1; }

  /** A display frame at `t` seconds → { stepsRun, interpolation, needsDisplayLink, focused }. */
  frame(t) {
    const count = this.change("bp_frame", [t]);
    const n = this.numbers(count > 0 ? count : 0);
    if (n.length < 4) return { stepsRun: 0, interpolation: 1, needsDisplayLink: true, focused: null };
    return { stepsRun: n[0], interpolation: n[1], needsDisplayLink: n[2] === 1, focused: n[3] < 0 ? null : n[3] };
  }

  /** The frame on screen as a draw list (format at the top of this section). */
  scene() {
    const count = Math.max(this.x.bp_scene() ?? 0, 0);
    const strings = this.view(Uint8Array, () => this.x.bp_strings(), this.x.bp_strings_length());
    const decoder = this.decoder;
    return {
      numbers: this.numbers(count), strings, count,
      text(offset, length) { return decoder.decode(strings.subarray(offset, offset + length)); },
    };
  }

  // Accessibility -------------------------------------------------------------------------------

  /** { focused: id|null, elements: [{ id, label, value, selected, x, y, width, height }] } in reading order. */
  accessibility() { return readAccessibility(readRecords(this.recovery, this.x.bp_accessibility() ?? -1)); }
  /** Focuses a bubble (null clears) → the focused id or null. */
  focus(id) { const f = this.change("bp_focus", [id === null || id === undefined ? -1 : id]); return f >= 0 ? f : null; }
  /** Moves focus: "up" | "down" | "left" | "right" | "next" | "previous" → the focused id or null. */
  moveFocus(direction) {
    const code = FOCUS_DIRECTIONS.indexOf(direction);
    if (code < 0) throw new BubbleEngineError(`direction: ${JSON.stringify(direction)} must be one of ${FOCUS_DIRECTIONS.join(", ")}`);
    const f = this.change("bp_move_focus", [code]);
    return f >= 0 ? f : null;
  }
  activateFocused() { return this.change("bp_activate_focused", []) === 1; }
  removeFocused() { return this.change("bp_remove_focused", []) === 1; }

  /** The events since the last call (drained): [{ type, id, tag, label, step, reason? }]. */
  events() { return readEvents(readRecords(this.recovery, this.x.bp_picker_events() ?? -1)); }
  /** What to announce (aria-live) since the last call (drained): [string]. */
  announcements() { return readAnnouncements(readRecords(this.recovery, this.x.bp_announcements() ?? -1)); }

  // State -----------------------------------------------------------------------------------------

  /** The picker's exact state as text (restore it with `restore`). */
  snapshot() { return this.text(this.x.bp_snapshot() ?? -1); }
  /**
   * Restores a snapshot → a Promise of { ok: true } or { ok: false, error } (nothing changed).
   * With the restore-capable module live it restores at once (before the promise settles); a lean
   * engine first loads that module and moves its journal into it (`restoreModule`).
   */
  async restore(text) {
    if (!this.x.bp_restore) {
      const loaded = await this.loadRestore();
      if (!loaded.ok) return loaded;
    }
    return this.restoreNow(text);
  }

  /** Restores a snapshot now; the module must export `bp_restore`. */
  restoreNow(text) {
    const code = this.change("bp_restore", [], [String(text)]);
    if (code === undefined) return { ok: false, error: "the engine trapped and recovered" };
    return code === 0 ? { ok: true } : { ok: false, error: code === -1 ? "no picker" : this.failure() };
  }

  /** Makes the restore-capable module the live one (the journal replayed into it) → { ok } or
   *  { ok: false, error } (the lean instance goes on). - Complexity: a download (once per page)
   *  and the journal's replay. */
  async loadRestore() {
    const load = this.recovery.loadFull;
    if (!load) return { ok: false, error: "this engine's module cannot restore (no bp_restore) and no restoreModule was given" };
    let module;
    try { module = await load(); } catch (error) { return { ok: false, error: `the restore module did not load: ${error.message}` }; }
    if (this.recovery.pending) await this.recovery.pending;
    if (this.x.bp_restore) return { ok: true };
    if (!WebAssembly.Module.exports(module).some((e) => e.name === "bp_restore")) return { ok: false, error: "the restore module has no bp_restore" };
    if (!this.recovery.adopt(module)) return { ok: false, error: "the journal did not replay into the restore module" };
    this.drain();  // the replay's events were reported already
    return { ok: true };
  }
  // Fonts -----------------------------------------------------------------------------------------

  /**
   * Lays labels out with widths measured in the page's font: `graphemes` (an array of extended
   * grapheme clusters) with their advances in em (`ctx.measureText(g).width / fontSizePx`),
   * `regular[i]` in the regular weight and `bold[i]` in the labels' bold one (600); graphemes not
   * given are measured by the built-in table. `labelWidths(null)` goes back to the built-in table.
   * → { ok: true } | { ok: false, error } (nothing changed). Only the scene changes, not the hash.
   */
  labelWidths(fontFamily, graphemes = [], regular = [], bold = []) {
    if (fontFamily === null || fontFamily === undefined) fontFamily = "";
    const count = graphemes.length;
    if (regular.length !== count || bold.length !== count) {
      return { ok: false, error: `widths: ${regular.length} regular and ${bold.length} bold for ${count} graphemes` };
    }
    const numbers = new Float64Array(2 * count);
    for (let i = 0; i < count; i++) { numbers[i] = Number(regular[i]); numbers[count + i] = Number(bold[i]); }
    const code = this.change("bp_label_widths", [count], [String(fontFamily), graphemes.map(String).join("\0")],
      new Uint8Array(numbers.buffer));
    if (code === 0) return { ok: true };
    return { ok: false, error: code === undefined ? "the engine trapped and recovered" : (code === -1 ? "no picker" : this.failure()) };
  }

  /** The exact-state hash, 16 hex digits. */
  hash() { return BigInt.asUintN(64, this.x.bp_hash() ?? 0n).toString(16).padStart(16, "0"); }
  /** The session's journal (when loaded with `record: true` into a module that exports
   *  `bp_journal`, the playground's): replays natively to the same hash. "" without it (the
   *  element's module leaves the journal's text out). */
  journal() { return this.text(this.x.bp_journal?.() ?? -1); }
}
