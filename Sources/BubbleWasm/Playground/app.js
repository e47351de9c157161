// app.js — the playground page: the frame loop (display clock -> advance -> scene -> draw),
// touches (pointer events -> container points and simulated times -> engine), the controls,
// the scenario player and the readouts. This is the adapter an app writes for UIKit, SwiftUI
// or AppKit, in JS: see the README's "Writing an adapter".
"use strict";

const PHONE = { w: 375, h: 667 };
const MARGIN = 40;          // SceneTheme.margin: the scene's view box is the container plus this
const SEED = 7;             // the live picker's seed (spawn corners)
const LONG_PRESS_MS = 550;  // a finger resting this long on a bubble removes it
const MARKER_COLORS = ["#34c759", "#ff3b30", "#ff2d55", "#ff9500", "#0a84ff"];  // add, remove, selection, pointer, container

/** The page's clock: performance.now(), or a virtual one the self-test advances frame by frame. */
const clock = { virtual: null, now() { return this.virtual !== null ? this.virtual : performance.now(); } };

const app = {
  engine: null, mode: "live", sizeMode: "fill", rotated: false, recording: false,
  view: null, circles: [], lastWall: 0, lastPointerTime: -Infinity, gesture: null,
  msPerStep: null, sceneMs: null, fps: null, frameCount: 0, lastReadout: 0, lastState: 0,
  playing: false, speed: 1, scenario: -1, events: [], containerSize: null, recoveries: [],
};

const $ = (id) => document.getElementById(id);
const canvas = $("canvas"), ctx = canvas.getContext("2d");

function ema(previous, value) { return previous === null ? value : previous * 0.9 + value * 0.1; }

/** The container size the current size mode asks for, whole points. */
function wantedSize() {
  if (app.sizeMode === "phone") return app.rotated ? { w: PHONE.h, h: PHONE.w } : { w: PHONE.w, h: PHONE.h };
  const stage = $("stage");
  return { w: Math.max(100, Math.floor(stage.clientWidth - 2 * MARGIN)), h: Math.max(100, Math.floor(stage.clientHeight - 2 * MARGIN)) };
}

/** A fresh live picker with a few bubbles of each kind. */
function startLive(options = {}) {
  const size = wantedSize();
  app.engine.recording = app.recording;
  app.engine.create(size.w, size.h, SEED, app.recording);
  app.containerSize = size;
  for (let i = 0; i < (options.standard ?? 14); i++) app.engine.add(0);
  for (let i = 0; i < (options.badges ?? 3); i++) app.engine.add(1);
  app.events = [];
  syncSettings();
}

/** Applies a container size change (window resize, size mode, rotation) to the live picker. */
function applySize() {
  const size = wantedSize();
  if (app.containerSize && size.w === app.containerSize.w && size.h === app.containerSize.h) return;
  const refused = app.engine.resize(size.w, size.h);
  if (refused) pushEvent("refused: " + refused); else app.containerSize = size;
}

function fitCanvas() {
  const dpr = window.devicePixelRatio || 1, stage = $("stage");
  const w = Math.round(stage.clientWidth * dpr), h = Math.round(stage.clientHeight * dpr);
  if (canvas.width !== w || canvas.height !== h) { canvas.width = w; canvas.height = h; }
}

// Frame loop ----------------------------------------------------------------------------------

/** One display frame: advance the engine by the elapsed time, draw the interpolated scene. */
function tick(seconds) {
  const engine = app.engine;
  let scene;
  if (app.mode === "live") {
    const start = performance.now();
    engine.advance(seconds);
    const spent = performance.now() - start, steps = engine.lastSteps();
    if (steps > 0) app.msPerStep = ema(app.msPerStep, spent / steps);
    for (const line of engine.events()) pushEvent(line);
    const sceneStart = performance.now();
    scene = engine.scene();
    app.sceneMs = ema(app.sceneMs, performance.now() - sceneStart);
  } else {
    if (app.playing) {
      const before = engine.playerStep(), start = performance.now();
      engine.playerAdvance(seconds * app.speed);
      const steps = engine.playerStep() - before;
      if (steps > 0) app.msPerStep = ema(app.msPerStep, (performance.now() - start) / steps);
      if (engine.playerStep() >= engine.playerSteps() || engine.playerFailure()) setPlaying(false);
    }
    scene = engine.playerScene();
  }
  fitCanvas();
  const dpr = window.devicePixelRatio || 1;
  const drawn = drawScene(ctx, scene, canvas.width / dpr, canvas.height / dpr, dpr);
  app.view = drawn.view;
  app.circles = drawn.circles;
  app.lastWall = clock.now();
  app.frameCount++;
  if (app.mode === "player") updatePlayer();
  if (clock.now() - app.lastReadout > 250) updateReadout();
  if (clock.now() - app.lastState > 500) updateState();
}

function loop() {
  let last = null;
  const frame = (timestamp) => {
    const seconds = last === null ? 0 : Math.min((timestamp - last) / 1000, 0.25);
    if (last !== null && timestamp > last) app.fps = ema(app.fps, 1000 / (timestamp - last));
    last = timestamp;
    try { tick(seconds); } catch (error) { reportError(error); return; }
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

function updateReadout() {
  app.lastReadout = clock.now();
  const e = app.engine, parts = [];
  parts.push(app.msPerStep === null ? "wasm – ms/step" : `wasm ${app.msPerStep.toFixed(3)} ms/step`);
  if (app.mode === "live") {
    const state = e.state();
    if (app.sceneMs !== null) parts.push(`scene ${app.sceneMs.toFixed(2)} ms`);
    parts.push(`${state.count} bubble${state.count === 1 ? "" : "s"}`, `fill ${Math.round(state.fill * 100)}%`, `step ${state.step}`);
  } else {
    parts.push(`${e.playerCount()} bubbles`, `step ${e.playerStep()}/${e.playerSteps()}`);
  }
  if (app.fps !== null) parts.push(`${Math.round(app.fps)} fps`);
  $("readout").textContent = parts.join(" · ");
}

/** The machine-readable readout: selected ids, positions, anchor and the engine hash. */
function updateState() {
  app.lastState = clock.now();
  const e = app.engine;
  const state = { mode: app.mode, container: app.containerSize, live: e.state() };
  if (app.scenario >= 0) {
    state.player = { scenario: PLAYGROUND.scenarios[app.scenario].name, step: e.playerStep(), steps: e.playerSteps(),
      hash: e.playerHash(), golden: e.playerGolden(), match: e.playerMatch() };
  }
  $("state").textContent = JSON.stringify(state);
  return state;
}

function pushEvent(line) {
  app.events.push(line);
  if (app.events.length > 6) app.events.splice(0, app.events.length - 6);
  $("events").replaceChildren(...app.events.map((text) => Object.assign(document.createElement("li"), { textContent: text })));
}

function reportError(error) {
  const text = String(error && error.stack || error);
  $("errors").textContent += text + "\n";
  console.error(error);
}

// Touches -------------------------------------------------------------------------------------

function toContainer(event) {
  const rect = canvas.getBoundingClientRect(), v = app.view;
  return { x: (event.clientX - rect.left - v.ox) / v.scale, y: (event.clientY - rect.top - v.oy) / v.scale };
}

/** Simulated time of a pointer event: the time the display shows plus how long since that frame. */
function pointerTime(event) {
  const wall = event && event.isTrusted ? event.timeStamp : clock.now();
  const time = Math.max(app.engine.now() + (wall - app.lastWall) / 1000, app.lastPointerTime);
  app.lastPointerTime = time;
  return time;
}

function bubbleAt(point) {
  let best = null, distance = Infinity;
  for (const c of app.circles) {
    const d = Math.hypot(point.x - c.x, point.y - c.y);
    if (d <= c.r && d < distance) { best = c.id; distance = d; }
  }
  return best;
}

function onPointerDown(event) {
  if (app.mode !== "live" || app.gesture || !app.view) return;
  try { canvas.setPointerCapture(event.pointerId); } catch (_) { /* synthetic pointers cannot be captured */ }
  const point = toContainer(event), time = pointerTime(event);
  const gesture = { pointerId: event.pointerId, down: point, last: point, consumed: false, timer: null };
  app.gesture = gesture;
  app.engine.pointerDown(point.x, point.y, time);
  if (bubbleAt(point) !== null) gesture.timer = setTimeout(() => longPress(gesture), LONG_PRESS_MS);
  event.preventDefault();
}

function onPointerMove(event) {
  const gesture = app.gesture;
  if (!gesture || gesture.pointerId !== event.pointerId || gesture.consumed) return;
  const samples = event.getCoalescedEvents ? event.getCoalescedEvents() : [];
  for (const sample of samples.length ? samples : [event]) {
    const point = toContainer(sample);
    if (Math.hypot(point.x - gesture.down.x, point.y - gesture.down.y) > 10) clearTimeout(gesture.timer);
    gesture.last = point;
    app.engine.pointerMove(point.x, point.y, pointerTime(sample));
  }
}

function onPointerUp(event) {
  const gesture = app.gesture;
  if (!gesture || gesture.pointerId !== event.pointerId) return;
  clearTimeout(gesture.timer);
  app.gesture = null;
  if (gesture.consumed) return;
  const point = toContainer(event);
  app.engine.pointerUp(point.x, point.y, pointerTime(event));
}

function onPointerCancel(event) {
  const gesture = app.gesture;
  if (!gesture || gesture.pointerId !== event.pointerId) return;
  clearTimeout(gesture.timer);
  app.gesture = null;
  if (!gesture.consumed) app.engine.pointerCancel();
}

/** A finger rested on a bubble: remove it (the engine also ends the gesture: no tap, no flick). */
function longPress(gesture) {
  if (app.gesture !== gesture) return;
  gesture.consumed = true;
  const id = app.engine.removeAt(gesture.last.x, gesture.last.y, pointerTime(null));
  if (id >= 0) pushEvent(`long press: removing #${id}`);
}

// Controls ------------------------------------------------------------------------------------

/** The picker settings the panel shows: code (PlaygroundSetting), label, control. */
const SETTINGS = [
  { code: 0, label: "Field law", type: "select", options: [["2", "uniform spring"], ["0", "spring"], ["1", "radial gravity"]] },
  { code: 1, label: "Field strength", type: "log", min: 100, max: 1e7 },
  { code: 2, label: "Falloff radius", type: "range", min: 0, max: 400, step: 1 },
  { code: 3, label: "Resistance", type: "range", min: 0, max: 40, step: 0.1 },
  { code: 4, label: "Density selected", type: "range", min: 0.1, max: 10, step: 0.05 },
  { code: 5, label: "Density unselected", type: "range", min: 0.1, max: 10, step: 0.05 },
  { code: 6, label: "Max selected", type: "limit", min: 0, max: 100 },
  { code: 7, label: "Over the max", type: "select", options: [["0", "refuse"], ["1", "deselect oldest"]] },
  { code: 8, label: "Cycling: max", type: "limit", min: 1, max: 5000 },
  { code: 9, label: "Horizontal scroll", type: "flag" },
  { code: 10, label: "Vertical scroll", type: "flag" },
  { code: 11, label: "Background drag", type: "flag" },
  { code: 12, label: "Grow-in", type: "range", min: 0, max: 2, step: 0.01, advanced: true },
  { code: 13, label: "Selection", type: "range", min: 0, max: 2, step: 0.01, advanced: true },
  { code: 14, label: "Removal", type: "range", min: 0, max: 2, step: 0.01, advanced: true },
  { code: 15, label: "Push speed", type: "range", min: 0, max: 1000, step: 5, advanced: true },
  { code: 16, label: "Push reach", type: "range", min: 0, max: 5, step: 0.05, advanced: true },
  { code: 17, label: "Tap distance", type: "range", min: 0, max: 60, step: 1, advanced: true },
  { code: 18, label: "Tap duration", type: "range", min: 0, max: 1, step: 0.01, advanced: true },
  { code: 19, label: "Flick window", type: "range", min: 0.01, max: 0.5, step: 0.01, advanced: true },
  { code: 20, label: "Max flick", type: "range", min: 1, max: 100, step: 1, advanced: true },
  { code: 21, label: "Drag spring Hz", type: "range", min: 0.5, max: 30, step: 0.5, advanced: true },
  { code: 22, label: "Anchor smoothing", type: "range", min: 0.01, max: 1, step: 0.01, advanced: true },
  { code: 23, label: "Substeps", type: "range", min: 1, max: 16, step: 1, advanced: true },
];

function formatValue(value) {
  if (!Number.isFinite(value)) return String(value);
  if (Math.abs(value) >= 10000) return value.toExponential(2).replace("e+", "e");
  return String(Math.round(value * 1000) / 1000);
}

/** A log slider position (0...1000) and value. */
const logScale = {
  toValue(s, position) { const v = s.min * Math.pow(s.max / s.min, position / 1000); return Number(v.toPrecision(3)); },
  toPosition(s, value) { return Math.round(1000 * Math.log(Math.max(value, s.min) / s.min) / Math.log(s.max / s.min)); },
};

function buildSettings() {
  for (const s of SETTINGS) {
    const row = document.createElement("div");
    row.className = "setting";
    const id = "setting-" + s.code;
    const label = Object.assign(document.createElement("label"), { htmlFor: id, textContent: s.label, title: SETTING_NAMES[s.code] });
    let input, extra = null;
    if (s.type === "select") {
      input = document.createElement("select");
      for (const [value, text] of s.options) input.append(new Option(text, value));
    } else if (s.type === "flag") {
      input = Object.assign(document.createElement("input"), { type: "checkbox" });
    } else if (s.type === "limit") {
      extra = Object.assign(document.createElement("input"), { type: "checkbox", title: "limit on" });
      input = Object.assign(document.createElement("input"), { type: "number", min: s.min, max: s.max, step: 1 });
    } else {
      input = Object.assign(document.createElement("input"), { type: "range" });
      if (s.type === "log") Object.assign(input, { min: 0, max: 1000, step: 1 });
      else Object.assign(input, { min: s.min, max: s.max, step: s.step });
    }
    input.id = id;
    input.dataset.setting = SETTING_NAMES[s.code];
    const output = document.createElement("output");
    s.input = input; s.extra = extra; s.output = output;
    if (extra) { output.replaceChildren(extra); }
    row.append(label, input, output);
    (s.advanced ? $("settings-advanced") : $("settings")).append(row);
    const apply = () => applySetting(s);
    input.addEventListener(s.type === "range" || s.type === "log" ? "input" : "change", apply);
    if (extra) extra.addEventListener("change", apply);
  }
}

function controlValue(s) {
  switch (s.type) {
    case "select": return Number(s.input.value);
    case "flag": return s.input.checked ? 1 : 0;
    case "limit": return s.extra.checked && s.input.value !== "" ? Number(s.input.value) : -1;
    case "log": return logScale.toValue(s, Number(s.input.value));
    default: return Number(s.input.value);
  }
}

function applySetting(s) {
  const refused = app.engine.set(s.code, controlValue(s));
  if (refused) pushEvent("refused: " + refused);
  syncSettings();
}

/** Shows every setting's value as the engine has it. */
function syncSettings() {
  for (const s of SETTINGS) {
    const value = app.engine.get(s.code);
    switch (s.type) {
      case "select": s.input.value = String(value); break;
      case "flag": s.input.checked = value === 1; break;
      case "limit":
        s.extra.checked = value >= 0;
        if (value >= 0) s.input.value = String(value);
        else if (s.input.value === "") s.input.value = String(s.code === 6 ? 3 : 20);
        break;
      case "log": s.input.value = String(logScale.toPosition(s, value)); s.output.textContent = formatValue(value); break;
      default: s.input.value = String(value); s.output.textContent = formatValue(value);
    }
  }
}

function setMode(mode) {
  app.mode = mode;
  $("mode-live").classList.toggle("on", mode === "live");
  $("mode-player").classList.toggle("on", mode === "player");
  $("live-controls").hidden = mode !== "live";
  $("player-controls").hidden = mode !== "player";
  $("hint").textContent = mode === "live"
    ? "Tap to select · drag · flick · drag the background to move the attraction point · long-press to remove"
    : "The player replays a bundled scenario exactly as its golden trace was recorded (read-only)";
  app.msPerStep = null;
  if (mode === "player" && app.scenario < 0) loadScenario(0);
  if (mode === "live" && app.gesture) { app.engine.pointerCancel(); app.gesture = null; }
}

function wireControls() {
  buildSettings();
  $("mode-live").onclick = () => setMode("live");
  $("mode-player").onclick = () => setMode("player");
  for (const radio of document.querySelectorAll('input[name="size"]')) {
    radio.onchange = () => { app.sizeMode = radio.value; applySize(); };
  }
  $("rotate").onclick = () => {
    app.sizeMode = "phone";
    document.querySelector('input[name="size"][value="phone"]').checked = true;
    app.rotated = !app.rotated;
    applySize();
  };
  $("add-standard").onclick = () => app.engine.add(0);
  $("add-badge").onclick = () => app.engine.add(1);
  $("add-selected").onclick = () => app.engine.add(0, true);
  $("add-thousand").onclick = () => app.engine.addMany(1000, 2);
  $("remove-selected").onclick = () => app.engine.removeSelected();
  $("select-all").onclick = () => app.engine.selectAll();
  $("deselect-all").onclick = () => app.engine.deselectAll();
  $("reset").onclick = () => startLive();
  canvas.addEventListener("pointerdown", onPointerDown);
  canvas.addEventListener("pointermove", onPointerMove);
  canvas.addEventListener("pointerup", onPointerUp);
  canvas.addEventListener("pointercancel", onPointerCancel);
  wirePlayer();
  new ResizeObserver(() => { fitCanvas(); if (app.sizeMode === "fill" && app.mode === "live") applySize(); }).observe($("stage"));
}

// Scenario player -----------------------------------------------------------------------------

function wirePlayer() {
  const select = $("scenario");
  PLAYGROUND.scenarios.forEach((s, index) => select.append(new Option(s.name, String(index))));
  select.onchange = () => loadScenario(Number(select.value));
  $("play").onclick = () => setPlaying(!app.playing);
  $("step-forward").onclick = () => { setPlaying(false); app.engine.stepForward(); updatePlayer(); };
  $("step-back").onclick = () => { setPlaying(false); app.engine.seek(app.engine.playerStep() - 1); updatePlayer(); };
  $("restart").onclick = () => { setPlaying(false); app.engine.seek(0); updatePlayer(); };
  $("speed").onchange = () => { app.speed = Number($("speed").value); };
  $("scrub").addEventListener("input", () => { setPlaying(false); app.engine.seek(Number($("scrub").value)); updatePlayer(); });
}

function loadScenario(index) {
  const s = PLAYGROUND.scenarios[index];
  const refused = app.engine.loadScenario(s.name, s.json, s.golden);
  if (refused) { pushEvent("scenario refused: " + refused); return; }
  app.scenario = index;
  $("scenario").value = String(index);
  $("scenario-description").textContent = s.description;
  const steps = app.engine.playerSteps();
  $("scrub").max = String(steps);
  $("markers").replaceChildren(...app.engine.markers().map((m) => {
    const tick = document.createElement("i");
    tick.style.left = `${(100 * m.step) / steps}%`;
    tick.style.background = MARKER_COLORS[m.kind] || "#888";
    tick.title = `step ${m.step}: ${m.count} event${m.count === 1 ? "" : "s"}`;
    return tick;
  }));
  setPlaying(false);
  updatePlayer();
}

function setPlaying(playing) {
  app.playing = playing;
  $("play").textContent = playing ? "⏸ Pause" : "▶ Play";
  if (playing && app.engine.playerStep() >= app.engine.playerSteps()) app.engine.seek(0);
}

function updatePlayer() {
  const e = app.engine, step = e.playerStep(), steps = e.playerSteps();
  $("scrub").value = String(step);
  $("player-step").textContent = `step ${step} of ${steps} · ${e.playerCount()} bubbles`;
  const hash = e.playerHash(), golden = e.playerGolden(), match = e.playerMatch();
  $("hash-current").textContent = hash;
  $("hash-golden").textContent = golden ?? "—";
  const failure = e.playerFailure();
  const mark = $("match");
  mark.className = match === 1 ? "ok" : (match === 0 ? "bad" : "");
  mark.textContent = failure ? "stopped: " + failure
    : (match === 1 ? "✓ matches the golden" : (match === 0 ? "✗ differs from the golden" : "no golden for this step"));
}

// Start ---------------------------------------------------------------------------------------

async function main() {
  window.addEventListener("error", (event) => reportError(event.error || event.message));
  window.addEventListener("unhandledrejection", (event) => reportError(event.reason));
  const options = new URLSearchParams(location.hash.slice(1));
  app.engine = Engine.load(PLAYGROUND.wasm, (report) => {
    app.recoveries.push(report);
    pushEvent(report.restored ? `engine trapped in ${report.call}; recreated from the journal (${report.replayed} calls)`
                              : `engine trapped in ${report.call}; restarted empty`);
    if (!report.restored) { if (app.mode === "live") startLive(); else if (app.scenario >= 0) loadScenario(app.scenario); }
  });
  wireControls();
  if (options.has("phone") || options.has("rotated") || options.has("selftest")) {
    app.sizeMode = "phone";
    app.rotated = options.has("rotated");
    document.querySelector('input[name="size"][value="phone"]').checked = true;
  }
  app.recording = options.has("selftest") || options.has("record");
  fitCanvas();
  startLive();
  if (options.has("selftest")) return runSelfTest();
  if (options.has("bench")) return runBench();
  if (options.has("stress")) app.engine.addMany(1000, 2);
  // Frames run before the first paint (headless screenshots get no display frames of their own).
  for (let i = 0; i < Number(options.get("frames") || 0); i++) tick(1 / 60);
  if (options.has("scenario")) {
    const index = PLAYGROUND.scenarios.findIndex((s) => s.name === options.get("scenario"));
    setMode("player");
    loadScenario(Math.max(index, 0));
    if (options.has("step")) { app.engine.seek(Number(options.get("step"))); updatePlayer(); }
  }
  tick(0);
  updateReadout();
  loop();
}

// Started once every script is in (selftest.js comes after this file).
document.addEventListener("DOMContentLoaded", () => main().catch(reportError));
