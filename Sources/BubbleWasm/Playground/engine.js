// engine.js — loads the wasm module (Embedded Swift: BubbleWeb behind bp_* exports), gives it the
// few WASI imports wasi-libc asks for, and wraps the exports in a small JS API. Every engine call
// that changes the picker is also written to `callLog` with the arguments JS passed, so a test can
// compare it with the engine's own journal (what Swift received) and replay that natively.
"use strict";

/** Settings by code: the raw values of BubbleWeb's `PlaygroundSetting`, with their names. */
const SETTING_NAMES = ["fieldLaw", "fieldStrength", "falloffRadius", "resistance", "densitySelected",
  "densityUnselected", "maxSelected", "maxSelectedPolicy", "maxBubbles", "horizontalScroll", "verticalScroll",
  "backgroundScrollEnabled", "growInDuration", "selectionDuration", "removalDuration", "selectionPushSpeed",
  "selectionPushReach", "tapMaxDistance", "tapMaxDuration", "flickWindow", "maxFlickSpeed", "dragFrequency",
  "anchorSmoothing", "substeps"];
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

class Engine {
  /**
   * Instantiates the module from its base64 text. Synchronously on purpose: the module is well
   * under the browser's 8 MB limit for that, and a headless browser's virtual clock (the tests')
   * does not wait for an asynchronous compile, so the page could be read before it has started.
   */
  static load(base64) {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const module = new WebAssembly.Module(bytes);
    let memory = null;
    const wasi = wasiImports(() => memory);
    const imports = {};
    for (const wanted of WebAssembly.Module.imports(module)) {
      imports[wanted.module] = imports[wanted.module] || {};
      imports[wanted.module][wanted.name] = wasi[wanted.name] || (() => {
        throw new Error(`wasm import ${wanted.module}.${wanted.name} is not provided`);
      });
    }
    const instance = new WebAssembly.Instance(module, imports);
    memory = instance.exports.memory;
    instance.exports._initialize();
    return new Engine(instance.exports, bytes.length);
  }

  constructor(exports, size) {
    this.x = exports;
    this.size = size;
    this.callLog = [];
    this.recording = false;
    this.encoder = new TextEncoder();
    this.decoder = new TextDecoder();
  }

  /** Logs a call (while `recording`): the words and numbers JS passed, numbers as String(x). */
  log(...words) { if (this.recording) this.callLog.push(words.map(String).join(" ")); }
  get buffer() { return this.x.memory.buffer; }

  /** Copies UTF-8 strings into the input buffer, back to back; returns their byte lengths. */
  writeInput(...texts) {
    const encoded = texts.map((t) => this.encoder.encode(t));
    const total = encoded.reduce((sum, e) => sum + e.length, 0);
    const pointer = this.x.bp_input(total);
    let offset = 0;
    for (const e of encoded) { new Uint8Array(this.buffer, pointer + offset, e.length).set(e); offset += e.length; }
    return encoded.map((e) => e.length);
  }

  text(length) { return length > 0 ? this.decoder.decode(new Uint8Array(this.buffer, this.x.bp_text(), length)) : ""; }
  numbers(count) { return count > 0 ? new Float64Array(this.buffer, this.x.bp_numbers(), count) : new Float64Array(0); }
  static hex(value) { return BigInt.asUintN(64, value).toString(16).padStart(16, "0"); }

  // Live session ------------------------------------------------------------------------------

  create(width, height, seed, recording) {
    this.callLog = [];
    this.log("create", width, height, seed);
    if (this.x.bp_create(width, height, seed, recording ? 1 : 0) !== 0) throw new Error(this.failure());
  }

  add(kind, selected = false, atCenter = false) {
    this.log("add", KIND_NAMES[kind], selected ? 1 : 0, atCenter ? 1 : 0);
    return this.x.bp_add(kind, selected ? 1 : 0, atCenter ? 1 : 0);
  }
  addMany(count, kind) { this.log("addMany", count, KIND_NAMES[kind]); return this.x.bp_add_many(count, kind); }
  remove(id) { this.log("remove", id); return this.x.bp_remove(id); }
  removeAt(x, y, t) { this.log("removeAt", x, y, t); return this.x.bp_remove_at(x, y, t); }
  removeSelected() { this.log("removeSelected"); return this.x.bp_remove_selected(); }
  select(id) { this.log("select", id); return this.x.bp_select(id); }
  deselect(id) { this.log("deselect", id); return this.x.bp_deselect(id); }
  toggle(id) { this.log("toggle", id); return this.x.bp_toggle(id); }
  selectAll() { this.log("selectAll"); return this.x.bp_select_all(); }
  deselectAll() { this.log("deselectAll"); return this.x.bp_deselect_all(); }
  pointerDown(x, y, t) { this.log("down", x, y, t); this.x.bp_pointer_down(x, y, t); }
  pointerMove(x, y, t) { this.log("move", x, y, t); this.x.bp_pointer_move(x, y, t); }
  pointerUp(x, y, t) { this.log("up", x, y, t); this.x.bp_pointer_up(x, y, t); }
  pointerCancel() { this.log("cancel"); this.x.bp_pointer_cancel(); }

  /** Returns null, or the engine's reason for refusing. */
  resize(width, height) {
    this.log("resize", width, height);
    return this.x.bp_resize(width, height) === 0 ? null : this.failure();
  }
  /** Returns null, or the engine's reason for refusing. */
  set(code, value) {
    this.log("set", SETTING_NAMES[code], value);
    return this.x.bp_set(code, value) === 0 ? null : this.failure();
  }
  get(code) { return this.x.bp_get(code); }
  advance(seconds) { this.log("advance", seconds); return this.x.bp_advance(seconds); }
  step() { this.log("step"); this.x.bp_step(); }
  lastSteps() { return this.x.bp_last_steps(); }
  now() { return this.x.bp_now(); }
  hash() { return Engine.hex(this.x.bp_hash()); }

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
    const [a, b, c] = this.writeInput(name, json, golden);
    return this.x.bp_player_load(a, b, c) === 0 ? null : this.failure();
  }
  seek(step) { return this.x.bp_player_seek(step); }
  stepForward() { return this.x.bp_player_step() === 1; }
  playerAdvance(seconds) { return this.x.bp_player_advance(seconds); }
  playerStep() { return this.x.bp_player_position(); }
  playerSteps() { return this.x.bp_player_steps(); }
  playerCount() { return this.x.bp_player_count(); }
  playerHash() { return Engine.hex(this.x.bp_player_hash()); }
  playerGolden() { return this.x.bp_player_match() === -1 ? null : Engine.hex(this.x.bp_player_golden()); }
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
