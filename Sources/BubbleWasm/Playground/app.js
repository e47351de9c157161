// app.js — the playground page: a <bubble-picker> (the element any page can use) with a panel of
// controls built from the engine's settings table, a scenario player drawing the bundled
// scenarios with the same renderer, and readouts (fps, physics / scene / draw ms per frame).
// The element is the adapter an app writes for UIKit, SwiftUI or AppKit, in JS: see the README's
// "Writing an adapter".
"use strict";

const PHONE = { w: 375, h: 667 };
const SEED = 7;
const MARKER_COLORS = ["#34c759", "#ff3b30", "#ff2d55", "#ff9500", "#0a84ff"];  // add, remove, selection, pointer, container
const MARKER_NAMES = ["added", "removed", "selection", "pointer", "container"];
/** Settings shown under "Animations, gestures, solver" (the rest are shown first). */
const ADVANCED = new Set(["growInDuration", "selectionDuration", "removalDuration", "selectionPushSpeed", "selectionPushReach",
  "tapMaxDistance", "tapMaxDuration", "flickWindow", "maxFlickSpeed", "dragFrequency", "anchorSmoothing", "substeps",
  "longPressDuration"]);
/** The value a limit's field offers when its switch is turned on (settings with "no limit"). */
const LIMITS = { maxSelected: 3, maxBubbles: 20 };
/** "+1,000": small bubbles of mixed sizes (points), so a thousand fit a phone or a window. */
const THOUSAND = { minSize: 16, maxSize: 24 };

const app = {
  picker: null, player: null, mode: "player" && "live", sizeMode: "fill", rotated: false,
  fps: null, lastFrame: null, times: null, playing: false, speed: 1, scenario: -1, events: [],
  playerRenderer: null, lastPlayerT: null, recoveries: [], controls: [],
};

const $ = (id) => document.getElementById(id);

function ema(previous, value) { return previous === null || previous === undefined ? value : previous * 0.9 + value * 0.1; }

function reportError(error) {
  $("errors").textContent += String(error && error.stack || error) + "\n";
  console.error(error);
}

/** Readable name of a setting: "maxSelectedPolicy" -> "Max selected policy". */
function settingLabel(name) {
  const words = name.replace(/([A-Z])/g, " $1").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function formatValue(value) {
  if (!Number.isFinite(value)) return String(value);
  if (Math.abs(value) >= 10000) return value.toExponential(1).replace("e+", "e");
  return String(Math.round(value * 1000) / 1000);
}

// Live picker -------------------------------------------------------------------------------

/** A fresh live picker: 14 genre bubbles and 3 badges' worth of the engine's stock content. */
function startLive() {
  const picker = app.picker;
  picker.engine.create(picker.size.w, picker.size.h, SEED);
  picker.meta.clear();
  picker.selectedIds.clear();
  picker.add(Array.from({ length: 17 }, (_, i) => ({ label: GENRES[i % GENRES.length], tag: i % 4 })));
  app.events = [];
  syncSettings();
  picker.changed();
}
const GENRES = ["Pop", "Rock", "Hip-Hop", "Jazz", "Classical", "Electronic", "Country", "R&B", "Folk", "Metal", "Blues",
  "Reggae", "Soul", "Punk", "Indie", "Latin", "K-Pop", "Ambient", "Funk", "Gospel"];

/** Sizes the element: the stage, or a phone's screen centred in it. */
function applySize() {
  const picker = app.picker;
  const phone = app.sizeMode === "phone";
  picker.classList.toggle("phone", phone);
  const size = app.rotated ? { w: PHONE.h, h: PHONE.w } : PHONE;
  picker.style.width = phone ? size.w + "px" : "";
  picker.style.height = phone ? size.h + "px" : "";
  picker.resize();
}

function pushEvent(line) {
  app.events.push(line);
  if (app.events.length > 8) app.events.splice(0, app.events.length - 8);
  $("events").replaceChildren(...app.events.map((text) => Object.assign(document.createElement("li"), { textContent: text })));
}

function listenToPicker(picker) {
  for (const name of ["bubbleselect", "bubbledeselect", "bubbleremove", "selectionrefused", "pause", "resume", "bubblelongpress"]) {
    picker.addEventListener(name, (event) => {
      const d = event.detail;
      pushEvent(`${name} #${d.id}${d.label ? " " + d.label : ""}${d.reason ? " (" + d.reason + ")" : ""}`);
      if (name === "selectionrefused") picker.announce(`${d.label || "Bubble"} not selected: the limit is reached`);
    });
  }
}

// Frame readout -----------------------------------------------------------------------------

/** Watches display frames for the readout: fps and the picker's last frame's parts. */
function watchFrames() {
  const frame = (timestamp) => {
    if (app.lastFrame !== null && timestamp > app.lastFrame) app.fps = ema(app.fps, 1000 / (timestamp - app.lastFrame));
    app.lastFrame = app.picker.running || app.playing ? timestamp : null;
    if (app.mode === "player") { try { playerFrame(timestamp / 1000); } catch (error) { reportError(error); } }
    const t = app.picker.frameTimes;
    if (t && app.picker.running) {
      app.times = app.times || {};
      for (const key of ["physics", "scene", "draw"]) app.times[key] = ema(app.times[key], t[key]);
    }
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  setInterval(updateReadout, 300);
}

function updateReadout() {
  const parts = [];
  if (app.mode === "live" && app.picker.engine) {
    const count = app.picker.options.size;
    parts.push(`${count} bubble${count === 1 ? "" : "s"}`);
    if (app.times) parts.push(`physics ${app.times.physics.toFixed(1)} · scene ${app.times.scene.toFixed(1)} · draw ${app.times.draw.toFixed(1)} ms`);
    parts.push(app.picker.running && app.fps ? `${Math.round(app.fps)} fps` : "at rest");
  } else if (app.player) {
    parts.push(`${app.player.playerCount()} bubbles`, `step ${app.player.playerStep()}/${app.player.playerSteps()}`);
  }
  $("readout").textContent = parts.join(" · ");
  if (!$("state-panel").hidden) updateState();
}

/** The machine-readable readout: selected ids, the picker's bubbles and the engine hash. */
function updateState() {
  const picker = app.picker, state = { mode: app.mode, container: picker.size, bubbles: picker.bubbles, hash: picker.engine.hash() };
  if (app.scenario >= 0) {
    const p = app.player;
    state.player = { scenario: PLAYGROUND.scenarios[app.scenario].name, step: p.playerStep(), steps: p.playerSteps(),
      hash: p.playerHash(), golden: p.playerGolden(), match: p.playerMatch() };
  }
  $("state").textContent = JSON.stringify(state);
  return state;
}

// Controls ----------------------------------------------------------------------------------

/** One control per engine setting (engine.settings()), kept in step with the engine's values. */
function buildSettings() {
  for (const setting of app.picker.settingsTable) {
    const control = makeControl(setting);
    app.controls.push(control);
    (ADVANCED.has(setting.name) ? $("settings-advanced") : $("settings")).append(control.row);
  }
}

function makeControl(setting) {
  const row = document.createElement("div");
  row.className = "setting";
  const id = "setting-" + setting.name;
  const label = Object.assign(document.createElement("label"), { htmlFor: id, textContent: settingLabel(setting.name) });
  const control = { setting, row, kind: setting.kind };
  if (setting.nullable) return makeLimit(control, label, id);
  let input;
  const output = document.createElement("output");
  if (setting.kind === "boolean") {
    input = Object.assign(document.createElement("input"), { type: "checkbox", id });
    label.className = "switch";
    label.textContent = "";
    label.append(input, " " + settingLabel(setting.name));
    row.append(label);
    row.style.gridTemplateColumns = "1fr";
    input.addEventListener("change", () => apply(control, input.checked));
  } else if (setting.kind === "choice") {
    input = document.createElement("select");
    input.id = id;
    for (const choice of setting.choices || []) input.append(new Option(settingLabel(choice), choice));
    row.append(label, input);
    row.style.gridTemplateColumns = "118px 1fr";
    input.addEventListener("change", () => apply(control, input.value));
  } else {
    input = Object.assign(document.createElement("input"), { type: "range", id });
    control.log = setting.min > 0 && setting.max / setting.min >= 1000;
    if (control.log) Object.assign(input, { min: 0, max: 1000, step: 1 });
    else Object.assign(input, { min: setting.min, max: setting.max, step: setting.step ?? (setting.kind === "integer" ? 1 : (setting.max - setting.min) / 200) });
    row.append(label, input, output);
    input.addEventListener("input", () => apply(control, control.log ? logValue(setting, Number(input.value)) : Number(input.value)));
  }
  input.dataset.setting = setting.name;
  Object.assign(control, { input, output });
  return control;
}

/** A limit: a switch ("limit on") and a number field, empty and disabled while there is no limit;
 *  a value outside the setting's range is marked invalid, explained, and not applied. */
function makeLimit(control, label, id) {
  const { setting, row } = control;
  const box = document.createElement("div");
  box.className = "limit";
  const toggle = Object.assign(document.createElement("input"), { type: "checkbox", id: id + "-on" });
  toggle.setAttribute("aria-label", settingLabel(setting.name) + ": limit on");
  const field = Object.assign(document.createElement("input"), { type: "number", id, min: Math.max(setting.min, 0), max: setting.max, step: 1, inputMode: "numeric" });
  const error = document.createElement("div");
  error.className = "error";
  error.id = id + "-error";
  error.hidden = true;
  field.setAttribute("aria-describedby", error.id);
  const hit = document.createElement("label");  // the switch's touch target
  hit.className = "hit";
  hit.append(toggle);
  box.append(hit, field);
  row.append(label, box, error);
  row.style.gridTemplateColumns = "118px 1fr";
  Object.assign(control, { kind: "limit", input: field, toggle, error });
  const commit = () => {
    if (!toggle.checked) { setInvalid(control, null); apply(control, null); return; }
    const text = field.value.trim(), value = Number(text);
    const low = Math.max(setting.min, 0);
    if (text === "" || !Number.isInteger(value) || value < low || value > setting.max) {
      setInvalid(control, `Enter a whole number from ${low} to ${setting.max}`);
      return;
    }
    setInvalid(control, null);
    apply(control, value);
  };
  toggle.addEventListener("change", () => {
    if (toggle.checked && field.value === "") field.value = String(LIMITS[setting.name] ?? Math.max(setting.min, 1));
    commit();
  });
  field.addEventListener("input", commit);
  return control;
}

function setInvalid(control, message) {
  control.input.setAttribute("aria-invalid", message ? "true" : "false");
  control.error.hidden = !message;
  control.error.textContent = message || "";
}

function logValue(s, position) { return Number((s.min * Math.pow(s.max / s.min, position / 1000)).toPrecision(3)); }
function logPosition(s, value) { return Math.round(1000 * Math.log(Math.max(value, s.min) / s.min) / Math.log(s.max / s.min)); }

function apply(control, value) {
  const result = app.picker.set(control.setting.name, value);
  if (!result.ok) pushEvent("refused: " + result.error);
  syncSettings(control);
}

/** Shows every setting's value as the engine has it (`except` keeps its text while typed). */
function syncSettings(except = null) {
  for (const control of app.controls) {
    const value = app.picker.get(control.setting.name);
    if (control.kind === "limit") {
      const on = value !== null && value >= 0;
      control.toggle.checked = on;
      control.input.disabled = !on;
      if (!on) { control.input.value = ""; setInvalid(control, null); } else if (control !== except) control.input.value = String(value);
    } else if (control.kind === "boolean") control.input.checked = value === true;
    else if (control.kind === "choice") control.input.value = String(value);
    else {
      control.input.value = String(control.log ? logPosition(control.setting, value) : value);
      control.output.textContent = formatValue(value);
    }
  }
}

function setDebug(on) {
  app.picker.toggleAttribute("debug", on);
  $("events").hidden = !on;
  $("state-panel").hidden = !on;
  $("debug").checked = on;
  app.picker.changed();
}

function setMode(mode) {
  app.mode = mode;
  for (const [id, on] of [["mode-live", mode === "live"], ["mode-player", mode === "player"]]) {
    $(id).classList.toggle("on", on);
    $(id).setAttribute("aria-pressed", String(on));
  }
  $("live-controls").hidden = mode !== "live";
  $("player-controls").hidden = mode !== "player";
  app.picker.hidden = mode !== "live";
  $("player-canvas").hidden = mode !== "player";
  if (mode === "player" && app.scenario < 0) loadScenario(0);
  if (mode === "player") drawPlayer();
  else app.picker.resize();
}

function wireControls() {
  buildSettings();
  $("mode-live").onclick = () => setMode("live");
  $("mode-player").onclick = () => setMode("player");
  $("debug").onchange = () => setDebug($("debug").checked);
  $("sheet-handle").onclick = () => {
    const open = $("panel").classList.toggle("open");
    $("sheet-handle").setAttribute("aria-expanded", String(open));
  };
  for (const radio of document.querySelectorAll('input[name="size"]')) {
    radio.onchange = () => { app.sizeMode = radio.value; applySize(); };
  }
  $("rotate").onclick = () => {
    app.sizeMode = "phone";
    document.querySelector('input[name="size"][value="phone"]').checked = true;
    app.rotated = !app.rotated;
    applySize();
  };
  const picker = app.picker;
  let next = 17;
  $("add-standard").onclick = () => picker.add({ label: GENRES[next++ % GENRES.length], tag: next % 4 });
  $("add-selected").onclick = () => picker.add({ label: GENRES[next++ % GENRES.length], tag: next % 4, selected: true });
  $("add-thousand").onclick = () => picker.addMany(1000, THOUSAND);
  $("remove-selected").onclick = () => picker.removeSelected();
  $("select-all").onclick = () => picker.selectAll();
  $("deselect-all").onclick = () => picker.deselectAll();
  $("reset").onclick = () => startLive();
  wirePlayer();
}

// Scenario player ---------------------------------------------------------------------------

function wirePlayer() {
  const select = $("scenario");
  PLAYGROUND.scenarios.forEach((s, index) => select.append(new Option(s.name, String(index))));
  select.onchange = () => loadScenario(Number(select.value));
  $("play").onclick = () => setPlaying(!app.playing);
  $("step-forward").onclick = () => { setPlaying(false); app.player.stepForward(); updatePlayer(); };
  $("step-back").onclick = () => { setPlaying(false); app.player.seek(app.player.playerStep() - 1); updatePlayer(); };
  $("restart").onclick = () => { setPlaying(false); app.player.seek(0); updatePlayer(); };
  $("speed").onchange = () => { app.speed = Number($("speed").value); };
  $("scrub").addEventListener("input", () => { setPlaying(false); app.player.seek(Number($("scrub").value)); updatePlayer(); });
  app.playerRenderer = new SceneRenderer($("player-canvas").getContext("2d"));
}

function loadScenario(index) {
  const s = PLAYGROUND.scenarios[index];
  const refused = app.player.loadScenario(s.name, s.json, s.golden);
  if (refused) { pushEvent("scenario refused: " + refused); return; }
  app.scenario = index;
  $("scenario").value = String(index);
  $("scenario-description").textContent = s.description;
  const steps = app.player.playerSteps();
  $("scrub").max = String(steps);
  app.markers = app.player.markers();
  $("markers").replaceChildren(...app.markers.map((m) => {
    const tick = document.createElement("i");
    tick.style.left = `${(100 * m.step) / steps}%`;
    tick.style.background = MARKER_COLORS[m.kind] || "#888";
    tick.title = `step ${m.step}: ${m.count} ${MARKER_NAMES[m.kind] || "event"}${m.count === 1 ? "" : "s"}`;
    return tick;
  }));
  setPlaying(false);
  updatePlayer();
}

function setPlaying(playing) {
  app.playing = playing;
  const button = $("play");
  button.querySelector("use").setAttribute("href", playing ? "#i-pause" : "#i-play");
  button.querySelector("span").textContent = playing ? "Pause" : "Play";
  if (playing && app.player.playerStep() >= app.player.playerSteps()) app.player.seek(0);
  app.lastPlayerT = null;
}

function playerFrame(t) {
  if (app.playing) {
    const seconds = app.lastPlayerT === null ? 0 : Math.min(t - app.lastPlayerT, 0.25);
    app.player.playerAdvance(seconds * app.speed);
    if (app.player.playerStep() >= app.player.playerSteps() || app.player.playerFailure()) setPlaying(false);
    updatePlayer();
  }
  app.lastPlayerT = t;
}

function drawPlayer() {
  const canvas = $("player-canvas"), dpr = window.devicePixelRatio || 1;
  const w = canvas.clientWidth, h = canvas.clientHeight;
  if (!w || !h) return;
  if (canvas.width !== Math.round(w * dpr) || canvas.height !== Math.round(h * dpr)) { canvas.width = Math.round(w * dpr); canvas.height = Math.round(h * dpr); }
  app.playerRenderer.draw(app.player.playerScene(), w, h, dpr, { layers: $("debug").checked ? 31 : 15 });
}

/** The player's readouts and its own event list: the timeline's markers around the current step. */
function updatePlayer() {
  const e = app.player, step = e.playerStep(), steps = e.playerSteps();
  $("scrub").value = String(step);
  $("player-step").textContent = `step ${step} of ${steps} · ${e.playerCount()} bubbles`;
  const hash = e.playerHash(), golden = e.playerGolden(), match = e.playerMatch();
  $("hash-current").textContent = hash;
  $("hash-golden").textContent = golden ?? "—";
  const failure = e.playerFailure();
  const mark = $("match");
  mark.className = match === 1 ? "ok" : (match === 0 ? "bad" : "");
  const icon = match === 1 ? "#i-check" : match === 0 ? "#i-cross" : null;
  mark.innerHTML = icon ? `<svg class="icon"><use href="${icon}"/></svg>` : "";
  mark.append(failure ? "stopped: " + failure : (match === 1 ? "matches the golden" : (match === 0 ? "differs from the golden" : "no golden for this step")));
  const past = (app.markers || []).filter((m) => m.step <= step).slice(-6);
  $("player-events").replaceChildren(...past.map((m) => Object.assign(document.createElement("li"), {
    textContent: `step ${m.step}: ${m.count} ${MARKER_NAMES[m.kind] || "event"}${m.count === 1 ? "" : "s"}`,
    className: m.step === step ? "current" : "",
  })));
  if (app.mode === "player") drawPlayer();
}

// Start -------------------------------------------------------------------------------------

async function main() {
  window.addEventListener("error", (event) => reportError(event.error || event.message));
  window.addEventListener("unhandledrejection", (event) => reportError(event.reason));
  const options = new URLSearchParams(location.hash.slice(1));
  const bytes = Uint8Array.from(atob(PLAYGROUND.wasm), (c) => c.charCodeAt(0));
  const module = new WebAssembly.Module(bytes);
  BubblePickerElement.wasmSource = module;
  BubblePickerElement.module = module;
  BubblePickerElement.recording = options.has("selftest") || options.has("record");
  app.player = new Engine(new TrapRecovery(module), bytes.length);
  customElements.define("bubble-picker", BubblePickerElement);
  const picker = app.picker = $("picker");
  if (options.has("selftest")) { picker.autoplay = false; }
  await picker.ready;
  listenToPicker(picker);
  picker.addEventListener("bubblerecover", (event) => {
    event.preventDefault();
    const report = event.detail;
    app.recoveries.push(report);
    pushEvent(report.restored ? `engine trapped in ${report.call}; recreated from the journal (${report.replayed} calls)`
                              : `engine trapped in ${report.call}; restarted empty`);
  });
  wireControls();
  if (options.has("phone") || options.has("rotated") || options.has("selftest")) {
    app.sizeMode = "phone";
    app.rotated = options.has("rotated");
    document.querySelector('input[name="size"][value="phone"]').checked = true;
  }
  applySize();
  startLive();
  setDebug(options.has("debug"));
  if (options.has("selftest")) return runSelfTest();
  if (options.has("bench")) return runBench();
  if (options.has("stress")) picker.addMany(1000, THOUSAND);
  // Frames before the first paint (headless screenshots get no display frames of their own).
  for (let i = 0; i < Number(options.get("frames") || 0); i++) picker.frame(i / 60);
  if (options.has("scenario")) {
    const index = PLAYGROUND.scenarios.findIndex((s) => s.name === options.get("scenario"));
    setMode("player");
    loadScenario(Math.max(index, 0));
    if (options.has("step")) { app.player.seek(Number(options.get("step"))); updatePlayer(); }
  }
  watchFrames();
  updateReadout();
}

// Started once every script is in (selftest.js comes after this file).
document.addEventListener("DOMContentLoaded", () => main().catch(reportError));
