// engine.js — loads the wasm module (Embedded Swift: BubbleWeb behind bp_* exports), gives it the
// few WASI imports wasi-libc asks for, and wraps the exports in a small JS API. Every engine call
// that changes the picker is also written to `callLog` with the arguments JS passed, so a test can
// compare it with the engine's own journal (what Swift received) and replay that natively.
//
// Trap recovery — `TrapRecovery`, self-contained below, reusable by anything that hosts the module
// (the playground's `Engine`, a `<bubble-picker>` element):
//   * Every export is called through `recovery.x.NAME(...)`. The exports validate their arguments
//     and return error codes, so a trap means a bug; but after a trap an instance can no longer be
//     trusted (its stack pointer is left wherever the trap happened, its heap may be half-updated),
//     so it is never called again.
//   * Instead the instance is discarded, a fresh one is instantiated from the same compiled module,
//     and the journal — the calls that built the state, kept here in JS, outside the broken memory —
//     is replayed into it. The trapping call itself is dropped (it returns `undefined`), so the new
//     instance holds the state from just before it.
//   * It says so: `onRecover({ call, error, replayed, restored })` runs (the page reports it in its
//     event list and on the console), and `recovery.recoveries` counts them.
//   * Journals are lanes (`"live"`, `"player"`): `recovery.journal(lane, entry, reset)` appends a call,
//     or starts the lane afresh with it (a new session, a scenario load, a seek). An entry is
//     `{ name, args, texts, bytes }`; `texts`, when present, are written into the input buffer first and
//     their byte lengths passed before `args` (as bp_player_load and bp_create_scenario take them);
//     `bytes` (a Uint8Array, optional) follow the texts in the buffer (bp_label_widths' numbers).
//   * If the replay itself traps, every lane is dropped and the instance is fresh and empty
//     (`restored: false`): the host must start again.
"use strict";

/** Setting names by code, read from the module's one settings table (`bp_settings`) when the
 *  first engine loads: nothing here restates it. */
const SETTING_NAMES = [];
/** Bubble kinds by code (`PlaygroundBubbleKind`). */
const KIND_NAMES = ["standard", "badge", "small"];

/** WASI functions wasi-libc's stdio and Swift's hashing need: output, seeding, nothing else. */
function wasiImports(getMemory) {
  const lines = { 1: "", 2: "" };
  const decoder = new TextDecoder();
  return {
    fd_write(fd, iovs, count, writtenPointer) {
      const view = new DataView(getMemory().buffer);
      let written = 0;
      for (let i = 0; i < count; i++) {
        const pointer = view.getUint32(iovs + 8 * i, true), length = view.getUint32(iovs + 8 * i + 4, true);
        lines[fd] = (lines[fd] || "") + decoder.decode(new Uint8Array(getMemory().buffer, pointer, length));
        written += length;
      }
      // Whole lines go to the console: stdout as logs, stderr (Swift's fatal errors) as errors.
      let end;
      while ((end = lines[fd].indexOf("\n")) >= 0) {
        const line = lines[fd].slice(0, end);
        lines[fd] = lines[fd].slice(end + 1);
        if (fd === 2) console.error("wasm:", line); else console.log("wasm:", line);
      }
      view.setUint32(writtenPointer, written, true);
      return 0;
    },
    fd_close() { return 0; },
    fd_seek() { return 70; },  // ESPIPE: the console cannot seek
    random_get(pointer, length) {  // seeds Swift's Hasher (Dictionary lookups only; nothing iterates them)
      for (let offset = 0; offset < length; offset += 65536) {
        crypto.getRandomValues(new Uint8Array(getMemory().buffer, pointer + offset, Math.min(65536, length - offset)));
      }
      return 0;
    },
    proc_exit(code) { throw new Error("wasm exited with " + code); },
  };
}

/** A wasm module instance that survives traps by replaying its journal (see the top of this file). */
class TrapRecovery {
  /** `module`: a compiled WebAssembly.Module; `onRecover(report)`: told of every recovery (by
   *  default `report.message` goes to the console as a warning). */
  constructor(module, onRecover = (report) => console.warn(report.message)) {
    this.module = module;
    this.onRecover = onRecover;
    this.lanes = new Map();  // lane name -> [{ name, args, texts }], replayed in the order lanes were made
    this.recoveries = 0;
    this.instantiate();
    this.x = {};
    for (const entry of WebAssembly.Module.exports(module)) {
      if (entry.kind === "function") this.x[entry.name] = (...args) => this.call(entry.name, args);
    }
  }

  /** A fresh instance: the WASI imports, then the C runtime's constructors. */
  instantiate() {
    let memory = null;
    const wasi = wasiImports(() => memory);
    const imports = {};
    for (const wanted of WebAssembly.Module.imports(this.module)) {
      imports[wanted.module] = imports[wanted.module] || {};
      imports[wanted.module][wanted.name] = wasi[wanted.name] || (() => {
        throw new Error(`wasm import ${wanted.module}.${wanted.name} is not provided`);
      });
    }
    this.instance = new WebAssembly.Instance(this.module, imports);
    this.raw = this.instance.exports;
    memory = this.raw.memory;
    this.raw._initialize();
  }

  get memory() { return this.raw.memory; }

  /** Calls an export; a trap discards the instance and replays the journal into a fresh one. */
  call(name, args) {
    try {
      return this.raw[name](...args);
    } catch (error) {
      if (!(error instanceof WebAssembly.RuntimeError)) throw error;
      this.recover(`${name}(${args.map(String).join(", ")})`, error);
      return undefined;
    }
  }

  /** Records a call in a lane; `reset` starts the lane afresh with it. */
  journal(lane, entry, reset = false) {
    if (reset || !this.lanes.has(lane)) this.lanes.set(lane, []);
    this.lanes.get(lane).push(entry);
  }

  /** The calls in every lane, in order. */
  get journalLength() { let n = 0; for (const calls of this.lanes.values()) n += calls.length; return n; }

  recover(call, error) {
    this.recoveries++;
    let replayed = 0, restored = true;
    this.instantiate();
    try {
      for (const calls of this.lanes.values()) {
        for (const entry of calls) { this.replay(entry); replayed++; }
      }
    } catch (replayError) {
      if (!(replayError instanceof WebAssembly.RuntimeError)) throw replayError;
      this.lanes.clear();
      this.instantiate();
      restored = false;
    }
    const report = { call, error: String(error && error.message || error), replayed, restored };
    report.message = `wasm trapped in ${call} (${report.error}); instance discarded, ` +
      (restored ? `recreated from the journal (${replayed} calls)` : "the journal did not replay: started empty");
    this.onRecover(report);
  }

  replay(entry) {
    const lengths = entry.texts ? this.writeInput(entry.texts, entry.bytes) : [];
    this.raw[entry.name](...lengths, ...entry.args);
  }

  /** Copies UTF-8 strings into the input buffer, back to back, then `bytes` (optional); returns
   *  the strings' byte lengths. */
  writeInput(texts, bytes = null) {
    const encoded = texts.map((t) => new TextEncoder().encode(t));
    if (bytes) encoded.push(bytes);
    const total = encoded.reduce((sum, e) => sum + e.length, 0);
    const pointer = this.raw.bp_input(total);
    if (!pointer) throw new Error(`input of ${total} bytes refused (more than the module accepts)`);
    let offset = 0;
    for (const e of encoded) { new Uint8Array(this.memory.buffer, pointer + offset, e.length).set(e); offset += e.length; }
    return encoded.slice(0, texts.length).map((e) => e.length);
  }
}

class Engine {
  /**
   * Instantiates the module from its base64 text. Synchronously on purpose: the module is well
   * under the browser's 8 MB limit for that, and a headless browser's virtual clock (the tests')
   * does not wait for an asynchronous compile, so the page could be read before it has started.
   * `onRecover(report)` is told when a trap was recovered from (see `TrapRecovery`).
   */
  static load(base64, onRecover = (report) => console.warn(report.message)) {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const engine = new Engine(new TrapRecovery(new WebAssembly.Module(bytes)), bytes.length);
    if (SETTING_NAMES.length === 0) SETTING_NAMES.push(...readSettings(engine.recovery).map((s) => s.name));
    // The replay's events were reported before the trap: drop them, then tell the page.
    engine.recovery.onRecover = (report) => { engine.recovery.raw.bp_events(); onRecover(report); };
    return engine;
  }

  constructor(recovery, size) {
    this.recovery = recovery;
    this.x = recovery.x;
    this.size = size;
    this.callLog = [];
    this.recording = false;
    this.encoder = new TextEncoder();
    this.decoder = new TextDecoder();
  }

  /** Journals a call that changes the live picker (replayed after a trap). */
  live(name, args, reset = false) { this.recovery.journal("live", { name, args }, reset); }
  /** Journals a call that changes the scenario player. */
  played(name, args, texts = null, reset = false) { this.recovery.journal("player", { name, args, texts }, reset); }

  /** Calls a player export and journals it, unless it trapped (see `change`). */
  play(name, ...args) {
    const recoveries = this.recovery.recoveries;
    const result = this.x[name](...args);
    const trapped = this.recovery.recoveries !== recoveries;
    if (!trapped && name === "bp_player_seek") this.recovery.lanes.get("player")?.splice(1);
    if (!trapped && this.recovery.lanes.has("player")) this.played(name, args);
    return result;
  }

  /** Logs a call (while `recording`): the words and numbers JS passed, numbers as String(x). */
  log(...words) { if (this.recording) this.callLog.push(words.map(String).join(" ")); }
  get buffer() { return this.recovery.memory.buffer; }

  /** Copies UTF-8 strings into the input buffer, back to back; returns their byte lengths. */
  writeInput(...texts) { return this.recovery.writeInput(texts); }

  text(length) { return length > 0 ? this.decoder.decode(new Uint8Array(this.buffer, this.x.bp_text(), length)) : ""; }
  numbers(count) { return count > 0 ? new Float64Array(this.buffer, this.x.bp_numbers(), count) : new Float64Array(0); }
  static hex(value) { return BigInt.asUintN(64, value).toString(16).padStart(16, "0"); }

  // Live session ------------------------------------------------------------------------------

  create(width, height, seed, recording) {
    this.callLog = [];
    this.log("create", width, height, seed);
    const args = [width, height, seed, recording ? 1 : 0];
    if (this.x.bp_create(...args) !== 0) throw new Error(this.failure());
    this.live("bp_create", args, true);
  }

  add(kind, selected = false, atCenter = false) {
    this.log("add", KIND_NAMES[kind], selected ? 1 : 0, atCenter ? 1 : 0);
    return this.change("bp_add", kind, selected ? 1 : 0, atCenter ? 1 : 0);
  }
  addMany(count, kind) { this.log("addMany", count, KIND_NAMES[kind]); return this.change("bp_add_many", count, kind); }
  remove(id) { this.log("remove", id); return this.change("bp_remove", id); }
  removeAt(x, y, t) { this.log("removeAt", x, y, t); return this.change("bp_remove_at", x, y, t); }
  removeSelected() { this.log("removeSelected"); return this.change("bp_remove_selected"); }
  select(id) { this.log("select", id); return this.change("bp_select", id); }
  deselect(id) { this.log("deselect", id); return this.change("bp_deselect", id); }
  toggle(id) { this.log("toggle", id); return this.change("bp_toggle", id); }
  selectAll() { this.log("selectAll"); return this.change("bp_select_all"); }
  deselectAll() { this.log("deselectAll"); return this.change("bp_deselect_all"); }
  pointerDown(x, y, t) { this.log("down", x, y, t); this.change("bp_pointer_down", x, y, t); }
  pointerMove(x, y, t) { this.log("move", x, y, t); this.change("bp_pointer_move", x, y, t); }
  pointerUp(x, y, t) { this.log("up", x, y, t); this.change("bp_pointer_up", x, y, t); }
  pointerCancel() { this.log("cancel"); this.change("bp_pointer_cancel"); }

  /** Calls an export that changes the live picker and journals it (unless it trapped: then the
   *  recovered instance holds the state from before it). */
  change(name, ...args) {
    const recoveries = this.recovery.recoveries;
    const result = this.x[name](...args);
    if (this.recovery.recoveries === recoveries) this.live(name, args);
    else if (this.recording) this.callLog.pop();  // dropped: the engine never received it
    return result;
  }

  /** Returns null, or the engine's reason for refusing. */
  resize(width, height) {
    this.log("resize", width, height);
    return this.change("bp_resize", width, height) === 0 ? null : this.failure();
  }
  /** Returns null, or the engine's reason for refusing. */
  set(code, value) {
    this.log("set", SETTING_NAMES[code], value);
    return this.change("bp_set", code, value) === 0 ? null : this.failure();
  }
  get(code) { return this.x.bp_get(code); }
  advance(seconds) { this.log("advance", seconds); return this.change("bp_advance", seconds); }
  step() { this.log("step"); this.change("bp_step"); }
  lastSteps() { return this.x.bp_last_steps(); }
  now() { return this.x.bp_now(); }
  hash() { return Engine.hex(this.x.bp_hash() ?? 0n); }

  /** The message the last failing call wrote as text. */
  failure() { return this.text(this.x.bp_text_length()); }

  journal() { return this.text(this.x.bp_journal()); }
  events() { const text = this.text(this.x.bp_events()); return text ? text.split("\n") : []; }
  scene() { return this.sceneView(this.x.bp_scene()); }
  sceneView(count) {
    return { numbers: this.numbers(count), strings: new Uint8Array(this.buffer, this.x.bp_strings(), this.x.bp_strings_length()) };
  }

  /** The state readout as an object (`PlaygroundState.numbers`, decoded). */
  state() {
    const n = this.numbers(this.x.bp_state());
    const bubbles = [];
    for (let i = 6; i + 5 < n.length; i += 6) bubbles.push([n[i], n[i + 1], n[i + 2], n[i + 3], n[i + 4], n[i + 5]]);
    return {
      step: n[0], count: n[1], anchor: [n[3], n[4]], fill: n[5],
      selected: bubbles.filter((b) => b[4] === 1 && b[5] === 0).map((b) => b[0]),
      bubbles, hash: this.hash(),
    };
  }

  // Scenario player ---------------------------------------------------------------------------

  /** Returns null, or the reason the scenario did not load. */
  loadScenario(name, json, golden) {
    const texts = [name, json, golden];
    const code = this.x.bp_player_load(...this.writeInput(...texts));
    if (code !== 0) return this.failure() || `bp_player_load failed (${code})`;
    this.played("bp_player_load", [], texts, true);
    return null;
  }
  /** A seek replays from a known state, so the player's journal restarts at the load. */
  seek(step) { return this.play("bp_player_seek", step); }
  stepForward() { return this.play("bp_player_step") === 1; }
  playerAdvance(seconds) { return this.play("bp_player_advance", seconds); }
  playerStep() { return this.x.bp_player_position(); }
  playerSteps() { return this.x.bp_player_steps(); }
  playerCount() { return this.x.bp_player_count(); }
  playerHash() { return Engine.hex(this.x.bp_player_hash() ?? 0n); }
  playerGolden() { return this.x.bp_player_match() === -1 ? null : Engine.hex(this.x.bp_player_golden() ?? 0n); }
  playerMatch() { return this.x.bp_player_match(); }
  playerFailure() { return this.text(this.x.bp_player_failure()); }
  playerScene() { return this.sceneView(this.x.bp_player_scene()); }
  markers() {
    const n = this.numbers(this.x.bp_player_markers());
    const markers = [];
    for (let i = 0; i + 2 < n.length; i += 3) markers.push({ step: n[i], kind: n[i + 1], count: n[i + 2] });
    return markers;
  }
}


// BubbleEngine ----------------------------------------------------------------------------------
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

/** An invalid argument: the message names the field and the value. */
class BubbleEngineError extends Error {
  constructor(message) { super(message); this.name = "BubbleEngineError"; }
}

/** The settings table the module exports (`bp_settings`), as parsed JSON. */
function readSettings(recovery) {
  const length = recovery.x.bp_settings();
  const bytes = new Uint8Array(recovery.memory.buffer, recovery.x.bp_text(), length);
  return JSON.parse(new TextDecoder().decode(bytes));
}

const FOCUS_DIRECTIONS = ["up", "down", "left", "right", "next", "previous"];
const POINTER_PHASES = { down: 0, move: 1, up: 2, cancel: 3 };

class BubbleEngine {
  /**
   * Compiles and instantiates the module. `source`: a URL or path (fetched), an ArrayBuffer or
   * typed array of its bytes, a base64 string prefixed with "base64:", or a WebAssembly.Module.
   * `onRecover(report)` is told when a trap was recovered from; `record: true` keeps a journal.
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

  constructor(module, { onRecover = (report) => console.warn(report.message), record = false } = {}) {
    this.recovery = new TrapRecovery(module, (report) => {
      this.drain();  // the replay's events were reported before the trap
      onRecover(report);
    });
    this.x = this.recovery.x;
    this.record = record;
    this.decoder = new TextDecoder();
    this.settingsTable = readSettings(this.recovery);
    this.settingByName = new Map(this.settingsTable.map((s, code) => [s.name, { code, spec: s }]));
    this.batches = 0;
  }

  get buffer() { return this.recovery.memory.buffer; }
  text(length) { return length > 0 ? this.decoder.decode(new Uint8Array(this.buffer, this.x.bp_text(), length)) : ""; }
  failure() { return this.text(this.x.bp_text_length()) || "refused"; }
  json(length) { return length >= 0 ? JSON.parse(this.text(length) || "null") : null; }
  numbers(count) { return count > 0 ? new Float64Array(this.buffer, this.x.bp_numbers(), count) : new Float64Array(0); }
  drain() { this.recovery.raw.bp_events_json(); this.recovery.raw.bp_announcements(); }

  /** Calls an export that changes the picker; journals it for trap recovery unless it trapped. */
  change(name, args, texts = null, bytes = null) {
    const recoveries = this.recovery.recoveries;
    const lengths = texts ? this.recovery.writeInput(texts, bytes) : [];
    const result = this.x[name](...lengths, ...args);
    if (this.recovery.recoveries === recoveries) this.recovery.journal("live", bytes ? { name, args, texts, bytes } : { name, args, texts });
    return result;
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
    const strings = new Uint8Array(this.buffer, this.x.bp_strings(), this.x.bp_strings_length());
    const decoder = this.decoder;
    return {
      numbers: this.numbers(count), strings, count,
      text(offset, length) { return decoder.decode(strings.subarray(offset, offset + length)); },
    };
  }

  // Accessibility -------------------------------------------------------------------------------

  /** { focused: id|null, elements: [{ id, label, value, selected, x, y, width, height }] } in reading order. */
  accessibility() { return this.json(this.x.bp_accessibility() ?? -1) ?? { focused: null, elements: [] }; }
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
  events() { return this.json(this.x.bp_events_json() ?? -1) ?? []; }
  /** What to announce (aria-live) since the last call (drained): [string]. */
  announcements() { return this.json(this.x.bp_announcements() ?? -1) ?? []; }

  // State -----------------------------------------------------------------------------------------

  /** The picker's exact state as text (restore it with `restore`). */
  snapshot() { return this.text(this.x.bp_snapshot() ?? -1); }
  /** Restores a snapshot: { ok: true } or { ok: false, error } (nothing changed). */
  restore(text) {
    const code = this.change("bp_restore", [], [String(text)]);
    return code === 0 ? { ok: true } : { ok: false, error: code === -1 ? "no picker" : this.failure() };
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
  /** The session's journal (when loaded with `record: true`): replays natively to the same hash. */
  journal() { return this.text(this.x.bp_journal() ?? -1); }
}

if (typeof globalThis !== "undefined") Object.assign(globalThis, { BubbleEngine, BubbleEngineError });
if (typeof module !== "undefined") module.exports = { Engine, BubbleEngine, BubbleEngineError, TrapRecovery, wasiImports, SETTING_NAMES, KIND_NAMES };
