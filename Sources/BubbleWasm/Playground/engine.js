// engine.js — the playground's scenario player and its test engine (`Engine`) over the browser
// module's bp_* exports; every call that changes the picker is also written to `callLog` with the
// arguments JS passed, so a test can compare it with the engine's own journal. The module and its
// trap recovery: Element/wasm.js (`TrapRecovery`); the picker any page uses: Element/engine.js.
"use strict";

/** Setting names by code, read from the module's one settings table (`bp_settings`) when the
 *  first engine loads: nothing here restates it. */
const SETTING_NAMES = [];
/** Bubble kinds by code (`PlaygroundBubbleKind`). */
const KIND_NAMES = ["standard", "badge", "small"];

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

if (typeof module !== "undefined") module.exports = { Engine, SETTING_NAMES, KIND_NAMES };
