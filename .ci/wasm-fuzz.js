#!/usr/bin/env node
// The browser module's export fuzz: `node .ci/wasm-fuzz.js out/wasm/bubblepicker-playground.wasm [CALLS]`
// (run by `.ci/wasm fuzz [CALLS]`). Calls the bp_* exports CALLS times (default 4000), in one
// instance: hostile calls (Int32 extremes, negative, huge and overflowing lengths, NaN and
// infinities, deep and wide JSON, long strings, invalid UTF-8, out-of-range codes and ids, calls
// before a session exists) interleaved with normal use of the live picker and the player.
//
// It fails (exit 1) on any trap, on a stack pointer not back at the top after a call, and unless,
// after every hostile call, a fresh bundled scenario replays to its golden hashes at every step in
// the same instance. Then it checks the page's trap recovery (engine.js `TrapRecovery`): a trap
// forced by leaving the module no stack is recovered from by a fresh instance that replays the
// journal to the same state hash, and that the heap levels off: five equal long sessions in one
// instance, memory the same after the last three. Seeded (FUZZ_SEED, default 1): the same run every time.
"use strict";
const fs = require("fs");
const path = require("path");
const vm = require("vm");
/** The element's ES modules (Sources/BubbleWasm/Element) as classic scripts in this context, the
 *  way the playground inlines them: import lines dropped, `export ` prefixes removed. */
for (const name of ["wasm.js", "records.js", "engine.js"]) {
  const file = path.join(__dirname, "../Sources/BubbleWasm/Element", name);
  const text = fs.readFileSync(file, "utf8").replace(/^import .*;\n/gm, "").replace(/^export (?=(const|let|class|function|async) )/gm, "");
  vm.runInThisContext(text + `\nObject.assign(globalThis, { ${{ "wasm.js": "TrapRecovery, wasiImports", "records.js": "readSettings" }[name] ?? "BubbleEngine, BubbleEngineError"} });`, { filename: file });
}
const { Engine } = require("../Sources/BubbleWasm/Playground/engine.js");

const root = path.join(__dirname, "..");
const wasmPath = process.argv[2] || path.join(root, "out/wasm/bubblepicker-playground.wasm");
const totalCalls = Number(process.argv[3] || 4000);
let seed = BigInt(process.env.FUZZ_SEED || 1);

/** SplitMix64: the same sequence everywhere. */
function next() {
  seed = (seed + 0x9E3779B97F4A7C15n) & 0xFFFFFFFFFFFFFFFFn;
  let z = seed;
  z = ((z ^ (z >> 30n)) * 0xBF58476D1CE4E5B9n) & 0xFFFFFFFFFFFFFFFFn;
  z = ((z ^ (z >> 27n)) * 0x94D049BB133111EBn) & 0xFFFFFFFFFFFFFFFFn;
  return z ^ (z >> 31n);
}
const below = (n) => Number(next() % BigInt(n));
const pick = (list) => list[below(list.length)];

const INT32 = [0, 1, -1, 2, 7, 64, 255, 65536, 2147483647, -2147483648, 2147483646, -2147483647, 1 << 30,
  0x7FFF0000, 1e6, 100000, 100001, 24, 25, -2, 3, 2 ** 31, 2 ** 32, NaN, Infinity];
const DOUBLES = [0, -0, 1, -1, 0.5, NaN, Infinity, -Infinity, 1e308, -1e308, Number.MAX_VALUE, Number.MIN_VALUE,
  -Number.MIN_VALUE, 2 ** 53, 2 ** 53 + 2, -(2 ** 53), 1e9, -1e9, 1e-300, 375, 667, 10_000_000, 10_000_001, 0.016];
const hostileInt = () => pick(INT32);
const hostileDouble = () => pick(DOUBLES);

// The bundled scenarios and their golden hashes.
const scenarios = fs.readdirSync(path.join(root, "Scenarios"))
  .filter((n) => n.endsWith(".json") && !n.endsWith(".schema.json")).sort()
  .map((file) => {
    const name = file.slice(0, -5);
    const json = fs.readFileSync(path.join(root, "Scenarios", file), "utf8");
    const golden = fs.readFileSync(path.join(root, "Scenarios/Expected", name + ".trace"), "utf8")
      .split("\n").filter((l) => /^\d+ [0-9a-f]{16}$/.test(l));
    return { name, json, golden, steps: JSON.parse(json).steps };
  });
const quick = scenarios.filter((s) => !s.name.startsWith("crowd"));

// Documents for the JSON boundary: deep, wide, long, malformed, and scenarios at range edges.
const demo = scenarios.find((s) => s.name === "demo").json;
const deep = (n, open, close) => open.repeat(n) + close.repeat(n);
const DOCUMENTS = [
  () => deep(63, "[", "]"), () => deep(64, "[", "]"), () => deep(65, "[", "]"), () => deep(1000, "[", "]"),
  () => deep(200000, "[", "]"), () => '{"a":'.repeat(64) + "1" + "}".repeat(64), () => '{"a":'.repeat(100000) + "1",
  () => "[" + "0,".repeat(200000) + "0]", () => '{"format":1,"x":"' + "é".repeat(300000) + '"}',
  () => "[".repeat(100000), () => "]".repeat(1000), () => "", () => "\u0000", () => '"\\ud800"', () => "1e999",
  () => demo.replace('"steps": 600', '"steps": 2147483648'), () => demo.replace('"steps": 600', '"steps": -1'),
  () => demo.replace('"seed": 1', '"seed": 9007199254740993'), () => demo.replace('"width": 375', '"width": 1e308'),
  () => demo.replace('"steps": 600', '"steps": 0'), () => demo.slice(0, demo.length / 2),
  () => JSON.stringify({ format: 1, description: "x", seed: 1, steps: 5, container: { width: 10, height: 10 },
    crowd: { count: 100000, minSize: 4 } }),
  () => JSON.stringify({ format: 1, description: "x", seed: 1, steps: 3, container: { width: 10, height: 10 },
    bubbles: Array.from({ length: 5000 }, (_, i) => ({ text: "b" + i })) }),
];

let failures = 0, traps = 0, hostileCalls = 0, replays = 0, stepsChecked = 0;
const fail = (message) => { failures++; if (failures <= 20) console.error("FAIL " + message); };

// One raw instance: every call is checked for traps and for the stack pointer coming back.
const wasmModule = new WebAssembly.Module(fs.readFileSync(wasmPath));
let memory = null;
const instance = new WebAssembly.Instance(wasmModule, { wasi_snapshot_preview1: wasiImports(() => memory) });
const x = instance.exports;
memory = x.memory;
x._initialize();
const stackTop = x.__stack_pointer.value;

function call(name, ...args) {
  try {
    const result = x[name](...args);
    if (x.__stack_pointer.value !== stackTop) fail(`${name}(${args}) left the stack pointer at ${x.__stack_pointer.value}`);
    return result;
  } catch (error) {
    traps++;
    fail(`${name}(${args.map(String).join(", ")}) trapped: ${error.message}`);
    throw error;  // the instance is no longer trustworthy: stop
  }
}

/** Writes raw bytes into the input buffer; returns true when it was granted. */
function writeBytes(bytes) {
  const pointer = call("bp_input", bytes.length);
  if (!pointer) return false;
  new Uint8Array(memory.buffer, pointer, bytes.length).set(bytes);
  return true;
}
const utf8 = (text) => new TextEncoder().encode(text);

// Hostile calls ---------------------------------------------------------------------------------

const HOSTILE = [
  () => call("bp_player_load", hostileInt(), hostileInt(), hostileInt()),
  () => call("bp_create_scenario", hostileInt(), hostileInt(), hostileInt()),
  () => { writeBytes(utf8("demo" + demo)); return call("bp_player_load", 4, 2147483647, 1); },
  () => { writeBytes(utf8("demo" + demo)); return call("bp_player_load", 2147483647, 2147483647, 2147483647); },
  () => { writeBytes(utf8("ab")); return call("bp_create_scenario", -1, 3, 0); },
  () => call("bp_input", hostileInt()),
  () => call("bp_input", pick([-1, -2147483648, 2147483647, 64 << 20, (64 << 20) + 1])),
  () => { const doc = pick(DOCUMENTS)(); if (writeBytes(utf8("x" + doc))) call(pick(["bp_player_load", "bp_create_scenario"]), 1, utf8(doc).length, 0); },
  () => { const bytes = Uint8Array.from({ length: 300 }, () => below(256)); if (writeBytes(bytes)) call("bp_player_load", 10, 290, 0); },
  () => { const bytes = Uint8Array.from([0x7b, 0xff, 0xfe, 0xc0, 0x80, 0xed, 0xa0, 0x80, 0x7d]); if (writeBytes(bytes)) call("bp_create_scenario", 0, 9, 1); },
  () => call("bp_create", hostileDouble(), hostileDouble(), hostileDouble(), hostileInt()),
  () => call("bp_add", hostileInt(), hostileInt(), hostileInt()),
  () => call("bp_add_many", pick([-1, -2147483648, 2147483647, 0, 3, 100001]), hostileInt()),
  () => call(pick(["bp_remove", "bp_select", "bp_deselect", "bp_toggle"]), hostileInt()),
  () => call("bp_remove_at", hostileDouble(), hostileDouble(), hostileDouble()),
  () => call(pick(["bp_pointer_down", "bp_pointer_move", "bp_pointer_up"]), hostileDouble(), hostileDouble(), hostileDouble()),
  () => call("bp_resize", hostileDouble(), hostileDouble()),
  () => call("bp_set", hostileInt(), hostileDouble()),
  () => call("bp_set", below(30), hostileDouble()),
  () => call("bp_get", hostileInt()),
  () => call("bp_advance", hostileDouble()),
  () => call("bp_player_seek", hostileInt()),
  () => call("bp_player_advance", hostileDouble()),
  () => call(pick(["bp_player_step", "bp_player_scene", "bp_player_markers", "bp_player_failure", "bp_player_hash",
    "bp_player_match", "bp_player_golden", "bp_player_position", "bp_player_steps", "bp_player_count"])),
  () => call(pick(["bp_scene", "bp_state", "bp_journal", "bp_events", "bp_hash", "bp_now", "bp_last_steps", "bp_step",
    "bp_remove_selected", "bp_select_all", "bp_deselect_all", "bp_pointer_cancel", "bp_numbers", "bp_strings",
    "bp_strings_length", "bp_text", "bp_text_length"])),
  // The driver's exports (BubbleEngine).
  () => call("bp_settings"),
  () => { const label = pick(["", "Jazz", "é".repeat(5000), "a\nb %20"]); writeBytes(utf8(label));
    return call("bp_add_bubble", pick([utf8(label).length, hostileInt()]), hostileDouble(), hostileDouble(), hostileInt(),
      hostileDouble(), hostileDouble(), hostileDouble(), hostileDouble(), hostileDouble()); },
  () => call("bp_add_random", pick([-1, -2147483648, 2147483647, 0, 3, 100001]), hostileDouble(), hostileDouble(), hostileDouble()),
  () => { writeBytes(utf8("x")); return call("bp_update", pick([-1, 1, hostileInt()]), hostileInt(), hostileDouble(), hostileDouble(),
      hostileDouble(), hostileDouble(), hostileDouble()); },
  () => call(pick(["bp_remove_tag", "bp_select_tag"]), hostileDouble()),
  () => call("bp_touch", hostileInt(), hostileInt(), hostileDouble(), hostileDouble(), hostileDouble()),
  () => call("bp_frame", hostileDouble()),
  () => call(pick(["bp_focus", "bp_move_focus"]), hostileInt()),
  () => call("bp_accessibility_layout", hostileInt()),
  () => call(pick(["bp_accessibility", "bp_activate_focused", "bp_remove_focused", "bp_picker_events", "bp_announcements",
    "bp_snapshot"])),
  () => call("bp_restore", hostileInt()),
  // Label widths measured by the page: hostile lengths and counts, broken grapheme lists, bad numbers.
  () => call("bp_label_widths", hostileInt(), hostileInt(), hostileInt()),
  () => {
    const graphemes = pick([["a", "b"], ["é", "👍🏽", "…"], ["ab", "c"], ["", "x"], ["\u0301", "a"], [], ["\u0000"]]);
    const family = pick(["monospace", "", "x".repeat(70000), "\ud800"]);
    const count = pick([graphemes.length, graphemes.length, graphemes.length + 1, 0, -1, 65537, 2147483647]);
    const numbers = Float64Array.from({ length: 2 * graphemes.length }, () => pick([0.5, 0.61, hostileDouble()]));
    const texts = [utf8(family), utf8(graphemes.join("\0"))];
    const bytes = new Uint8Array(texts[0].length + texts[1].length + numbers.byteLength);
    bytes.set(texts[0]); bytes.set(texts[1], texts[0].length); bytes.set(new Uint8Array(numbers.buffer), texts[0].length + texts[1].length);
    if (writeBytes(bytes.subarray(0, pick([bytes.length, bytes.length, below(bytes.length + 1)])))) {
      call("bp_label_widths", pick([texts[0].length, hostileInt()]), pick([texts[1].length, texts[1].length, hostileInt()]), count);
    }
  },
  () => { // a real snapshot, damaged
    const length = call("bp_snapshot");
    if (length <= 0) return;
    const bytes = new Uint8Array(memory.buffer, call("bp_text"), length).slice();
    if (bytes.length > 8) bytes[below(bytes.length)] ^= 1 << below(8);
    if (writeBytes(bytes.subarray(0, pick([bytes.length, below(bytes.length)])))) call("bp_restore", bytes.length);
  },
];

// Normal use ------------------------------------------------------------------------------------

const NORMAL = [
  () => call("bp_create", 375, 667, 7, 1),
  () => call("bp_add", below(3), below(2), below(2)),
  () => call("bp_advance", 1 / 60),
  () => call("bp_step"),
  () => { call("bp_pointer_down", below(375), below(667), call("bp_now")); call("bp_pointer_up", below(375), below(667), call("bp_now") + 0.05); },
  () => call("bp_scene"), () => call("bp_state"), () => call("bp_events"), () => call("bp_checkpoint"),
  () => call("bp_set", below(24), pick([0, 1, 2, 10, 0.5])),
  () => call("bp_resize", 200 + below(400), 200 + below(800)),
  () => { writeBytes(utf8("Genre " + below(100))); call("bp_add_bubble", 8, below(4), 20 + below(80), below(2), Math.random() < 0.5 ? NaN : 0.5, 0.2, 0.9, NaN, NaN); },
  () => call("bp_add_random", below(40), below(1000), 20, 80),
  () => { clock += 1 / 60; call("bp_frame", clock); },
  () => { const id = below(4), px = below(375), py = below(667);
    call("bp_touch", 0, id, px, py, clock); call("bp_touch", 1, id, px + 20, py, clock + 0.01); call("bp_touch", 2, id, px + 40, py, clock + 0.02); },
  () => { call("bp_move_focus", below(6)); call(pick(["bp_activate_focused", "bp_remove_focused"])); },
  () => { call("bp_accessibility"); call("bp_picker_events"); call("bp_announcements"); },
  () => labelWidths(below(4) === 0 ? 0 : 95),
  () => { const length = call("bp_snapshot"); if (length > 0 && length < (8 << 20)) {
    const bytes = new Uint8Array(memory.buffer, call("bp_text"), length).slice(); if (writeBytes(bytes)) call("bp_restore", length); } },
];
let clock = 100;

/** Printable ASCII measured in a wide face (`count` 0: back to the built-in table), as the element sends it. */
function labelWidths(count) {
  const graphemes = Array.from({ length: count }, (_, i) => String.fromCharCode(32 + i));
  const family = count ? utf8("monospace") : new Uint8Array(0), text = utf8(graphemes.join("\0"));
  const numbers = Float64Array.from({ length: 2 * count }, (_, i) => (i < count ? 0.6 : 0.66) + below(10) / 100);
  const bytes = new Uint8Array(family.length + text.length + numbers.byteLength);
  bytes.set(family); bytes.set(text, family.length); bytes.set(new Uint8Array(numbers.buffer), family.length + text.length);
  if (!writeBytes(bytes)) return;
  const code = call("bp_label_widths", family.length, text.length, count);
  if (code !== 0 && code !== -1) {  // -1: no session yet
    fail(`bp_label_widths refused valid widths (${code}): ${new TextDecoder().decode(new Uint8Array(memory.buffer, call("bp_text"), call("bp_text_length")))}`);
  }
}

/** A fresh scenario in the player, checked against its golden hash at every step. */
function replayCheck(scenario, steps) {
  const texts = [scenario.name, scenario.json, scenario.golden.join("\n")].map(utf8);
  const total = texts.reduce((sum, t) => sum + t.length, 0);
  const pointer = call("bp_input", total);
  let offset = 0;
  for (const t of texts) { new Uint8Array(memory.buffer, pointer + offset, t.length).set(t); offset += t.length; }
  const code = call("bp_player_load", ...texts.map((t) => t.length));
  if (code !== 0) { fail(`${scenario.name} did not load (${code})`); return; }
  replays++;
  for (let step = 0; step <= steps; step++) {
    if (call("bp_player_match") !== 1) { fail(`${scenario.name} differs from its golden at step ${step}`); return; }
    stepsChecked++;
    if (step < steps && call("bp_player_step") !== 1) { fail(`${scenario.name} stopped at step ${step}`); return; }
  }
}

function stackHighWater() {
  if (!x.__stack_low || !x.__stack_high) return "n/a";
  const bytes = new Uint8Array(memory.buffer, x.__stack_low.value, x.__stack_high.value - x.__stack_low.value);
  const first = bytes.findIndex((b) => b !== 0);
  return first < 0 ? 0 : bytes.length - first;
}

/** bp_label_widths's grapheme list: each piece between U+0000s one grapheme, as many as `count`
 *  (0 accepted, 1 refused with a reason); a refused list leaves the widths in use unchanged. */
function checkGraphemeLists() {
  call("bp_create", 375, 667, 7, 1);
  const cases = [[["a", "b"], 2, 0], [["é", "👍🏽", "\u0301", "…"], 4, 0], [["e\u0301"], 1, 0], [["ab", "c"], 2, 1],
    [["", "x"], 2, 1], [["x", ""], 2, 1], [["a", "b"], 3, 1], [["a", "b", "c"], 2, 1], [["\u0000"], 1, 1], [[], 0, 0],
    [Array.from({ length: 70000 }, () => "x"), 65536, 1], [["x"], 0, 1]];
  for (const [graphemes, count, expected] of cases) {
    const family = utf8(count || graphemes.length ? "monospace" : ""), text = utf8(graphemes.join("\0"));
    const numbers = new Float64Array(2 * count).fill(0.6);
    const bytes = new Uint8Array(family.length + text.length + numbers.byteLength);
    bytes.set(family); bytes.set(text, family.length); bytes.set(new Uint8Array(numbers.buffer), family.length + text.length);
    if (!writeBytes(bytes)) { fail("bp_input refused a small grapheme list"); continue; }
    const code = call("bp_label_widths", family.length, text.length, count);
    const reason = code === 1 ? new TextDecoder().decode(new Uint8Array(memory.buffer, call("bp_text"), call("bp_text_length"))) : "";
    if (code !== expected || (code === 1 && !/grapheme/.test(reason))) {
      fail(`bp_label_widths ${JSON.stringify(graphemes)} count ${count}: ${code} (${reason}), expected ${expected}`);
    }
  }
  graphemeListsChecked = cases.length;
}
let graphemeListsChecked = 0;

const started = process.hrtime.bigint();
try {
  checkGraphemeLists();
  // Every export before any session or scenario exists, with hostile arguments.
  for (const entry of WebAssembly.Module.exports(wasmModule)) {
    if (entry.kind !== "function" || entry.name === "_initialize") continue;
    for (const args of [[], [2147483647, -2147483648, -1], [NaN, Infinity, -Infinity, 2147483647]]) call(entry.name, ...args);
  }
  for (let i = 0; i < totalCalls; i++) {
    if (below(3) === 0) {
      pick(NORMAL)();
      if (call("bp_state") > 1 && new Float64Array(memory.buffer, call("bp_numbers"), 2)[1] > 3000) call("bp_create", 375, 667, 7, 1);
      continue;
    }
    pick(HOSTILE)();
    hostileCalls++;
    const scenario = quick[hostileCalls % quick.length];
    replayCheck(scenario, hostileCalls % 50 === 0 ? scenario.steps : Math.min(scenario.steps, 12));
  }
  for (const scenario of scenarios) replayCheck(scenario, scenario.steps);  // and every scenario to its end, crowd too
} catch (error) {
  if (traps === 0) throw error;
}
const seconds = Number(process.hrtime.bigint() - started) / 1e9;
console.log(`fuzz: ${graphemeListsChecked} grapheme lists as expected; ${totalCalls} calls (${hostileCalls} hostile), ${traps} traps, ${replays} scenario replays ` +
  `(${stepsChecked} steps matched their golden hashes), stack high water ${stackHighWater()} of ` +
  `${x.__stack_high ? x.__stack_high.value - x.__stack_low.value : "?"} bytes, ${seconds.toFixed(1)} s`);

// Trap recovery ---------------------------------------------------------------------------------

function checkRecovery() {
  const reports = [];
  const engine = Engine.load(fs.readFileSync(wasmPath).toString("base64"), (report) => reports.push(report));
  engine.create(375, 667, 7, false);
  for (let i = 0; i < 12; i++) engine.add(i % 3);
  for (let i = 0; i < 90; i++) engine.advance(1 / 60);
  engine.select(3);
  engine.pointerDown(100, 100, engine.now());
  engine.pointerUp(120, 110, engine.now() + 0.05);
  const demoScenario = scenarios.find((s) => s.name === "demo");
  engine.loadScenario("demo", demoScenario.json, demoScenario.golden.join("\n"));
  engine.seek(200);
  engine.stepForward();
  const before = { live: engine.hash(), player: engine.playerHash(), step: engine.playerStep() };
  // Leave the module 64 bytes of stack: the next call overflows it, past address 0, and traps.
  engine.recovery.raw.__stack_pointer.value = engine.recovery.raw.__stack_low.value + 64;
  const result = engine.advance(1 / 60);
  const after = { live: engine.hash(), player: engine.playerHash(), step: engine.playerStep() };
  const ok = reports.length === 1 && reports[0].restored && result === undefined &&
    JSON.stringify(before) === JSON.stringify(after) && engine.playerMatch() === 1;
  if (!ok) fail(`trap recovery: ${JSON.stringify({ reports, before, after })}`);
  engine.advance(1 / 60);  // the recovered instance goes on
  return reports[0];
}
const report = checkRecovery();
if (report) console.log(`recovery: ${report.message}; same hashes after`);

/** The same for BubbleEngine: a trap mid-session is recovered to the same state hash. */
function checkEngineRecovery() {
  const reports = [];
  const engine = BubbleEngine.loadSync(fs.readFileSync(wasmPath), { onRecover: (report) => reports.push(report) });
  engine.create(390, 700, 3);
  for (let i = 0; i < 14; i++) engine.add({ label: "G" + i, tag: i % 3, size: 50 + i * 2 });
  engine.addMany(100, { seed: 2 });
  let t = 5;
  for (let i = 0; i < 60; i++) engine.frame(t += 1 / 60);
  engine.pointerDown(1, 190, 350, t); engine.pointerMove(1, 220, 350, t + 0.02); engine.frame(t += 1 / 60);
  engine.pointerUp(1, 230, 350, t);
  engine.set("maxSelected", 3); engine.selectTag(1); engine.focus(4); engine.moveFocus("right");
  const ascii = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i));
  const widths = engine.labelWidths("monospace", ascii, ascii.map(() => 0.6), ascii.map(() => 0.66));
  if (!widths.ok) fail(`BubbleEngine.labelWidths refused valid widths: ${widths.error}`);
  const refused = engine.labelWidths("monospace", ["a"], [NaN], [0.5]);
  if (refused.ok || !/regular width of "a" nan/.test(refused.error)) fail(`BubbleEngine.labelWidths accepted NaN: ${JSON.stringify(refused)}`);
  const snapshot = engine.snapshot();
  engine.frame(t += 1 / 60);
  engine.restore(snapshot);
  const before = engine.hash();
  engine.recovery.raw.__stack_pointer.value = engine.recovery.raw.__stack_low.value + 64;
  const result = engine.frame(t + 1 / 60);
  const ok = reports.length === 1 && reports[0].restored && engine.hash() === before && result.stepsRun === 0;
  if (!ok) fail(`BubbleEngine trap recovery: ${JSON.stringify({ reports, before, after: engine.hash() })}`);
  engine.frame(t + 2 / 60);
  return reports[0];
}
const engineReport = checkEngineRecovery();
if (engineReport) console.log(`BubbleEngine recovery: ${engineReport.message}; same hash after`);

// The heap levels off (Support/SizeClassMalloc.c) --------------------------------------------------

/** The same long session run again and again in one instance: once its blocks exist, a run reuses
 *  them, so linear memory stops growing (a heap that lost blocks would grow every run). */
function checkHeapLevelsOff(runs = 5) {
  const engine = BubbleEngine.loadSync(fs.readFileSync(wasmPath), { onRecover: (report) => fail(`heap run trapped: ${report.message}`) });
  const pages = [];
  for (let run = 0; run < runs; run++) {
    engine.create(390, 700, 7);
    engine.addMany(2000, { seed: 3 });
    for (let i = 0; i < 12; i++) engine.add({ label: "Jazz fusion " + i + " \u00e9\u00fc", tag: i % 3, size: 40 + i });
    let t = 1;
    for (let i = 0; i < 90; i++) {
      if (i % 30 === 0) engine.pointerDown(1, 100 + i, 300, t);
      engine.pointerMove(1, 120 + (i * 7) % 200, 320 + (i * 3) % 100, t);
      if (i % 30 === 29) engine.pointerUp(1, 150, 350, t);
      engine.frame(t += 1 / 60);
      if (i % 15 === 0) { engine.scene(); engine.accessibility(); engine.events(); engine.announcements(); }
      if (i % 45 === 0) { engine.snapshot(); engine.resize(380 + i % 30, 690); engine.removeTag(i % 3); engine.selectAll(); }
    }
    pages.push(engine.recovery.raw.memory.buffer.byteLength / 65536);
  }
  if (pages[runs - 1] !== pages[runs - 3]) fail(`heap: memory still grows from run to run: ${pages.join(", ")} pages`);
  return pages;
}
console.log(`heap: ${checkHeapLevelsOff().join(", ")} pages of memory after each of five equal sessions`);

console.log(failures === 0 ? "fuzz: 1 passed, 0 failed" : `fuzz: 0 passed, 1 failed (${failures} problems)`);
process.exit(failures === 0 ? 0 : 1);
