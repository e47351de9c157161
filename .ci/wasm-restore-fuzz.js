#!/usr/bin/env node
// The saved-state fuzzer through the browser module's restore export:
// `node .ci/wasm-restore-fuzz.js out/wasm/bubblepicker-playground.wasm [CASES] [STEPS]` (run by
// `.ci/wasm fuzz`; default 5000 cases, each accepted one stepped 10,000 times; with a smaller
// STEPS, every 25th case, when accepted, is still stepped 10,000 times).
//
// Real snapshots (`bp_snapshot`: a busy session mid-drag with a selection animating and bubbles
// growing in, a resting one, one with a selection limit) are mutated as the native fuzzer
// (Tests/BubblePickerTests/SavedStateFuzzTests.swift) mutates them: hostile values in named
// fields (Int32 and 2^30 edges, huge and non-finite numbers, other words), fields and lines
// dropped, duplicated or added, then resealed (the picker's checksum and the session's) so that
// the semantic checks are what is tested; raw damage is left unsealed. Each text goes through
// `bp_restore`. Fails (exit 1) on any trap, and on any accepted state that, after stepping, is
// invalid: a non-finite value, a bubble outside a solid border, a selection above maxSelected
// (read from the session's own snapshot). Seeded (FUZZ_SEED).
"use strict";
const fs = require("fs");
const path = require("path");
const vm = require("vm");
/** The WASI imports from the element's wasm.js (an ES module), loaded as a classic script the way
 *  .ci/wasm-fuzz.js does: import lines dropped, `export ` prefixes removed. */
{
  const file = path.join(__dirname, "../Sources/BubbleWasm/Element/wasm.js");
  const text = fs.readFileSync(file, "utf8").replace(/^import .*;\n/gm, "").replace(/^export (?=(const|let|class|function|async) )/gm, "");
  vm.runInThisContext(text + "\nObject.assign(globalThis, { wasiImports });", { filename: file });
}

const root = path.join(__dirname, "..");
const wasmPath = process.argv[2] || path.join(root, "out/wasm/bubblepicker-playground.wasm");
const totalCases = Number(process.argv[3] || 5000);
const stepsPerCase = Number(process.argv[4] || 10000);
let seed = BigInt(process.env.FUZZ_SEED || 1);

function next() {
  seed = (seed + 0x9E3779B97F4A7C15n) & 0xFFFFFFFFFFFFFFFFn;
  let z = seed;
  z = ((z ^ (z >> 30n)) * 0xBF58476D1CE4E5B9n) & 0xFFFFFFFFFFFFFFFFn;
  z = ((z ^ (z >> 27n)) * 0x94D049BB133111EBn) & 0xFFFFFFFFFFFFFFFFn;
  return z ^ (z >> 31n);
}
const below = (n) => Number(next() % BigInt(n));
const pick = (list) => list[below(list.length)];

const HOSTILE = ["2147483647", "2147483648", "2147483646", "1073741824", "1073741825", "4294967295",
  "9223372036854775807", "-9223372036854775808", "-1", "0", "1", "2", "-", "1e308", "-1e308", "1e15", "100000.0",
  "-100000.0", "nan", "inf", "-inf", "0.0", "-0.0", "5e-324", "3", "present", "removing", "waiting", "growingIn",
  "kinematic", "dynamic", "corner", "point", "x", ""];

let traps = 0, failures = 0;
const fail = (message) => { failures++; if (failures <= 20) console.error("FAIL " + message); };

const wasmModule = new WebAssembly.Module(fs.readFileSync(wasmPath));
let memory = null;
const instance = new WebAssembly.Instance(wasmModule, { wasi_snapshot_preview1: wasiImports(() => memory) });
const x = instance.exports;
memory = x.memory;
x._initialize();

function call(name, ...args) {
  try {
    return x[name](...args);
  } catch (error) {
    traps++;
    fail(`${name}(${args.map(String).join(", ")}) trapped: ${error.message}`);
    throw error;  // the instance is no longer trustworthy: stop
  }
}
const utf8 = (text) => new TextEncoder().encode(text);
const readText = (length) => new TextDecoder().decode(new Uint8Array(memory.buffer, call("bp_text"), length));
function snapshot() {
  const length = call("bp_snapshot");
  return length > 0 ? readText(length) : "";
}
/** Restores `text`; returns [code, message]. */
function restore(text) {
  const bytes = utf8(text);
  const pointer = call("bp_input", bytes.length);
  if (!pointer) return [2, "no input buffer"];
  new Uint8Array(memory.buffer, pointer, bytes.length).set(bytes);
  const code = call("bp_restore", bytes.length);
  return [code, code === 1 ? readText(call("bp_text_length")) : ""];
}

/** FNV-1a 64 of a string's UTF-8, as 16 hex digits. */
function checksum(text) {
  let hash = 0xcbf29ce484222325n;
  for (const byte of utf8(text)) {
    hash ^= BigInt(byte);
    hash = (hash * 0x100000001b3n) & 0xFFFFFFFFFFFFFFFFn;
  }
  return hash.toString(16).padStart(16, "0");
}

/** A snapshot's lines made consistent again: the picker's checksum, then the session's. */
function resealed(lines) {
  const body = lines.filter((l) => !l.startsWith("checksum ") && !l.startsWith("session.checksum "));
  const start = body.findIndex((l) => l.startsWith("bubblepicker-state "));
  if (start < 0) return body.join("\n") + "\n";
  const picker = body.slice(start).join("\n") + "\n";
  const sealed = body.slice(0, start).join("\n") + "\n" + picker + "checksum " + checksum(picker) + "\n";
  return sealed + "session.checksum " + checksum(sealed) + "\n";
}

function mutate(text) {
  const lines = text.split("\n");
  if (lines[lines.length - 1] === "") lines.pop();
  const at = 1 + below(Math.max(lines.length - 2, 1));
  const words = lines[at].split(" ");
  const word = 1 + below(Math.max(words.length - 1, 1));
  const value = pick(HOSTILE);
  switch (below(10)) {
    case 0: case 1: case 2: case 3:
      if (word < words.length) {
        const equals = words[word].indexOf("=");
        words[word] = equals >= 0 ? words[word].slice(0, equals + 1) + value : value;
      }
      lines[at] = words.join(" ");
      break;
    case 4: if (word < words.length) words.splice(word, 1); lines[at] = words.join(" "); break;
    case 5: lines.splice(at, 1); break;
    case 6: lines.splice(at, 0, lines[at]); break;
    case 7: lines.splice(at, 0, below(2) ? `future.setting mode=${value}` : "pointer 3 bubble 2 1 1 0 1 0 0 0 0 1 1 1 1 1 0"); break;
    case 8: lines[at] += ` future${below(3)}=${value}`; break;
    default: {
      const bytes = utf8(text);
      bytes[below(bytes.length)] = utf8("0-9.= x\n")[below(8)];
      return new TextDecoder().decode(bytes);
    }
  }
  return resealed(lines);
}

/** The restored session's state, read from its own snapshot after stepping: what is invalid. */
function invalidity() {
  const text = snapshot();
  const field = (line, name) => { const m = line.match(new RegExp(`(?:^| )${name.replace(".", "\\.")}=([^ ]*)`)); return m ? m[1] : undefined; };
  const lines = text.split("\n");
  const container = lines.find((l) => l.startsWith("configuration.container ")) || "";
  const width = Number(field(container, "width")), height = Number(field(container, "height"));
  const openX = field(container, "horizontalScroll") === "1", openY = field(container, "verticalScroll") === "1";
  const limitText = field(lines.find((l) => l.startsWith("configuration.selection ")) || "", "maxSelected");
  // The closed borders are the content's: longer than the view along the scroll axis when the fit
  // policy scrolls (picker.fit extra= points, centred on the view).
  const fit = lines.find((l) => l.startsWith("picker.fit ")) || "";
  const extra = Number(field(fit, "extra") || 0), alongX = field(fit, "horizontal") === "1";
  const minX = alongX ? -extra / 2 : 0, maxX = width + (alongX ? extra / 2 : 0);
  const minY = alongX ? 0 : -extra / 2, maxY = height + (alongX ? 0 : extra / 2);
  let selected = 0;
  for (const line of lines.filter((l) => l.startsWith("bubble "))) {
    if (field(line, "selected") === "1" && field(line, "phase") !== "removing") selected++;
  }
  if (limitText !== "-" && selected > Number(limitText)) return `${selected} selected, limit ${limitText}`;
  for (const line of lines.filter((l) => l.startsWith("slot ") && field(l, "alive") === "1")) {
    const px = Number(field(line, "position.x")), py = Number(field(line, "position.y"));
    const vx = Number(field(line, "velocity.x")), vy = Number(field(line, "velocity.y"));
    if (![px, py, vx, vy, Number(field(line, "radius"))].every(Number.isFinite)) return `non-finite body: ${line.slice(0, 120)}`;
    if (width > 0 && height > 0 && ((!openX && (px < minX - 1e-6 || px > maxX + 1e-6)) || (!openY && (py < minY - 1e-6 || py > maxY + 1e-6)))) {
      return `body at ${px}, ${py} outside the content ${minX}…${maxX} × ${minY}…${maxY}`;
    }
  }
  return null;
}

// The seeds: real snapshots of live sessions.
function makeSeeds() {
  const seeds = [];
  call("bp_create", 375, 667, 7, 0);
  for (let i = 0; i < 10; i++) call("bp_add", i % 3, i % 4 === 1 ? 1 : 0, 0);
  let t = 10;
  for (let i = 0; i < 90; i++) call("bp_frame", t += 1 / 60);
  for (let i = 0; i < 3; i++) call("bp_add", 0, 0, 0);  // growing in
  call("bp_touch", 0, 5, 187, 333, t);  // a finger down near the anchor, dragging
  for (let i = 1; i <= 6; i++) { call("bp_frame", t += 1 / 60); call("bp_touch", 1, 5, 187 + 9 * i, 333 - 4 * i, t); }
  call("bp_touch", 0, 6, 3, 3, t);  // and one on the background
  call("bp_frame", t += 1 / 60);
  const busy = snapshot();
  seeds.push(busy);
  seeds.push(resealed(busy.split("\n").filter((l) => l !== "").map((l) => l.replace("maxSelected=-", "maxSelected=1"))));
  call("bp_create", 320, 480, 3, 0);
  for (let i = 0; i < 6; i++) call("bp_add", 0, i === 2 ? 1 : 0, 0);
  for (let i = 0; i < 600; i++) call("bp_frame", t += 1 / 60);
  seeds.push(snapshot());
  return seeds.filter((s) => s.startsWith("bubbleweb-session 2\n"));
}

const started = process.hrtime.bigint();
let accepted = 0, refused = 0, stepped = 0;
try {
  const seeds = makeSeeds();
  if (seeds.length !== 3) fail(`expected 3 seed snapshots, got ${seeds.length}`);
  for (const s of seeds) {
    const [code, message] = restore(s);
    if (code !== 0) fail(`a real snapshot was refused: ${message}`);
  }
  for (let index = 0; index < totalCases; index++) {
    let text = seeds[index % seeds.length];
    for (let m = 0, n = 1 + below(3); m < n; m++) text = mutate(text);
    const [code, message] = restore(text);
    if (code !== 0) {
      refused++;
      if (code !== 1 || message.length === 0 || message.includes("\n")) fail(`case ${index}: refusal without one line (${code}): ${message}`);
      continue;
    }
    accepted++;
    const steps = index % 25 === 0 ? 10000 : stepsPerCase;
    for (let s = 0; s < steps; s++) call("bp_step");
    stepped += steps;
    const problem = invalidity();
    if (problem) fail(`case ${index}: accepted, then invalid after ${steps} steps: ${problem}`);
  }
} catch (error) {
  if (traps === 0) throw error;
}
const seconds = Number(process.hrtime.bigint() - started) / 1e9;
console.log(`restore fuzz: ${totalCases} mutated snapshots through bp_restore, ${accepted} accepted (stepped ${stepped} steps ` +
  `in all), ${refused} refused with one line, ${traps} traps, ${failures} problems, ${seconds.toFixed(1)} s`);
process.exit(failures === 0 ? 0 : 1);
