// selftest.js — `playground.html#selftest`: a scripted session through the page's real input
// paths (synthetic pointer events on the <bubble-picker>'s canvas, keys on its listbox, button
// clicks, control changes) on a virtual clock (the element's `autoplay` off: each display frame is
// `picker.frame(t)`), checked through the element's own API and DOM events. Results go to
// <pre id="selftest"> as JSON, with the engine's journal (<pre id="journal">) and the calls JS made
// (<pre id="calllog">), which the Swift test replays natively to check the hash. `#bench` times the
// player on the demo and crowd-2000.
"use strict";

const selftest = { checks: [], pointerId: 7, virtual: 0, events: [] };

function check(name, ok, detail) {
  selftest.checks.push({ name, ok: Boolean(ok), detail: detail === undefined ? "" : String(detail) });
}

/** Display frames on the virtual clock: 1/60 s each. */
function frames(count) {
  for (let i = 0; i < count; i++) { selftest.virtual += 1000 / 60; app.picker.frame(selftest.virtual / 1000); }
}

/** The engine object under the element (the adapter's inner `Engine` when there is one). */
function inner() { return app.picker.engine.engine || app.picker.engine; }

function clientPoint(point) {
  const rect = app.picker.canvas.getBoundingClientRect();
  return { clientX: rect.left + point.x, clientY: rect.top + point.y };
}

function pointer(type, point, id = selftest.pointerId) {
  app.picker.canvas.dispatchEvent(new PointerEvent(type, {
    ...clientPoint(point), pointerId: id, pointerType: "touch", isPrimary: id === selftest.pointerId, bubbles: true, cancelable: true,
  }));
}

/** Bubbles now: {id, x, y, d, selected} (centres, container points). */
function bubbles() {
  return app.picker.engine.accessibility().elements.map((e) => ({ id: e.id, label: e.label, x: e.x + e.width / 2, y: e.y + e.height / 2, d: e.width, selected: Boolean(e.selected) }));
}
function bubble(id) { return bubbles().find((b) => b.id === id) || null; }
function selected() { return bubbles().filter((b) => b.selected).map((b) => b.id); }
function distance(a, b) { return Math.hypot(a.x - b.x, a.y - b.y); }

function tap(point) { pointer("pointerdown", point); frames(2); pointer("pointerup", point); frames(1); }

function testTapAndDrag() {
  check("the picker starts with 17 bubbles", bubbles().length === 17, bubbles().length);
  selftest.events.length = 0;
  tap(bubble(0));
  frames(20);
  check("a tap selects the bubble", selected().includes(0), JSON.stringify(selected()));
  const event = selftest.events.find((e) => e.type === "bubbleselect");
  check("bubbleselect fires with the bubble's id and label", event && event.detail.id === 0 && event.detail.label === bubble(0).label,
    JSON.stringify(event && event.detail));
  const start = bubble(3), offset = { x: 60, y: 40 };
  pointer("pointerdown", start);
  for (let i = 1; i <= 20; i++) { frames(1); pointer("pointermove", { x: start.x + 3 * i, y: start.y + 2 * i }); }
  frames(30);
  const held = bubble(3), finger = { x: start.x + offset.x, y: start.y + offset.y };
  check("a dragged bubble follows the finger", distance(held, finger) < 25, `${distance(held, finger).toFixed(1)} px from the finger`);
  pointer("pointerup", finger);
  frames(1);
  check("a drag is not a tap", !selected().includes(3));
}

function testFlick() {
  const all = bubbles(), w = app.picker.size.w, h = app.picker.size.h, centre = { x: w / 2, y: h / 2 };
  const far = all.reduce((a, b) => (distance(b, centre) > distance(a, centre) ? b : a));
  let dx = far.x - centre.x, dy = far.y - centre.y;
  const length = Math.hypot(dx, dy) || 1;
  dx /= length; dy /= length;
  pointer("pointerdown", far);
  let finger = far;
  for (let i = 1; i <= 6; i++) { frames(1); finger = { x: far.x + 14 * i * dx, y: far.y + 14 * i * dy }; pointer("pointermove", finger); }
  frames(1);
  pointer("pointerup", finger);
  const released = bubble(far.id);
  frames(4);
  const after = bubble(far.id);
  const travel = (after.x - released.x) * dx + (after.y - released.y) * dy;
  check("a flicked bubble keeps moving the way it was thrown", travel > 5, `#${far.id}: ${travel.toFixed(1)} px in 4 frames`);
  frames(60);
}

function testButtons() {
  const count = bubbles().length;
  $("add-standard").click();
  $("add-selected").click();
  frames(30);
  check("the add buttons add two bubbles, one selected", bubbles().length === count + 2 && selected().length >= 2, `${count} -> ${bubbles().length}`);
  $("select-all").click();
  frames(1);
  check("select all selects every bubble", selected().length === bubbles().length, selected().length);
  $("deselect-all").click();
  frames(1);
  check("deselect all deselects every bubble", selected().length === 0);
  tap(bubble(1));
  tap(bubble(2));
  frames(20);
  const before = bubbles().length;
  selftest.events.length = 0;
  $("remove-selected").click();
  frames(40);
  check("remove selected removes the two tapped bubbles", bubbles().length === before - 2 && !bubble(1) && !bubble(2), `${before} -> ${bubbles().length}`);
  check("bubbleremove fires for each", selftest.events.filter((e) => e.type === "bubbleremove").length === 2,
    selftest.events.map((e) => e.type).join(","));
}

function change(element, value, type = "change") {
  if (typeof value === "boolean") element.checked = value; else element.value = value;
  element.dispatchEvent(new Event(type));
}

function testSettings() {
  const law = $("setting-fieldLaw"), was = law.value, otherLaw = Array.from(law.options).find((o) => o.value !== was).value;
  change(law, otherLaw);
  check("the field law control switches the law", app.picker.get("fieldLaw") === otherLaw, `${app.picker.get("fieldLaw")} (wanted ${otherLaw})`);
  frames(30);
  change(law, was);
  const slider = $("setting-resistance");
  change(slider, String(Number(slider.max) * 0.6), "input");
  check("the resistance slider applies", app.picker.get("resistance") === Number(slider.value), `${app.picker.get("resistance")} vs ${slider.value}`);
  const refused = app.picker.set("fieldStrength", 5e9);
  check("an out-of-range strength is refused with a message naming it (no 32-bit trap)", !refused.ok && /fieldStrength/.test(refused.error), refused.error);
  // The limit: off shows no value; on applies; "-3" is marked invalid and not applied.
  const field = $("setting-maxSelected"), toggle = $("setting-maxSelected-on");
  check("max selected shows no value while there is no limit", !toggle.checked && field.value === "" && field.disabled, `"${field.value}"`);
  change(toggle, true);
  check("switching the limit on applies its field's value", app.picker.get("maxSelected") === 3 && field.value === "3", app.picker.get("maxSelected"));
  change(field, "-3", "input");
  check("\"-3\" is marked invalid and not applied", field.getAttribute("aria-invalid") === "true" && app.picker.get("maxSelected") === 3
    && !$("setting-maxSelected-error").hidden, app.picker.get("maxSelected"));
  change(field, "1", "input");
  check("a valid value clears the mark and applies", field.getAttribute("aria-invalid") === "false" && app.picker.get("maxSelected") === 1);
  // A refused tap: the limit is 1 and one bubble is selected.
  tap(bubble(0));
  frames(10);
  selftest.events.length = 0;
  const other = bubbles().find((b) => !b.selected);
  tap(other);
  frames(2);
  const refusal = selftest.events.find((e) => e.type === "selectionrefused");
  check("a tap over the limit is refused: selectionrefused, a shake and an announcement",
    refusal && refusal.detail.id === other.id && app.picker.renderer.shakes.has(other.id) && app.picker.live.textContent.length > 0,
    JSON.stringify(refusal && refusal.detail) + " " + app.picker.live.textContent);
  frames(30);
  change(toggle, false);
  check("switching the limit off empties the field", app.picker.get("maxSelected") === null && field.value === "" && field.disabled,
    `${app.picker.get("maxSelected")} "${field.value}"`);
  change($("setting-horizontalScroll"), true);
  frames(10);
  change($("setting-horizontalScroll"), false);
  check("horizontal scrolling toggles on and off", app.picker.get("horizontalScroll") === false);
  // An attribute changes a setting live.
  app.picker.setAttribute("resistance", "4");
  frames(1);
  return Promise.resolve().then(() => {
    check("an attribute sets its setting live (resistance=\"4\")", app.picker.get("resistance") === 4, app.picker.get("resistance"));
    $("rotate").click();
    frames(60);
    const size = app.picker.size, inside = bubbles().every((b) => b.x >= b.d / 2 - 1 && b.x <= size.w - b.d / 2 + 1 && b.y >= b.d / 2 - 1 && b.y <= size.h - b.d / 2 + 1);
    check("rotate swaps the phone's sides and keeps every bubble inside", size.w === 667 && size.h === 375 && inside, JSON.stringify(size));
  });
}

function testKeyboard() {
  app.picker.deselectAll();
  frames(2);
  app.picker.listbox.focus();
  const key = (k) => app.picker.listbox.dispatchEvent(new KeyboardEvent("keydown", { key: k, bubbles: true, cancelable: true, composed: true }));
  key("ArrowRight");
  const focused = app.picker.engine.accessibility().focused;
  check("an arrow key focuses a bubble (aria-activedescendant)", focused !== null &&
    app.picker.listbox.getAttribute("aria-activedescendant") === "bubble-" + focused, app.picker.listbox.getAttribute("aria-activedescendant"));
  key("Enter");
  frames(2);
  check("Enter selects the focused bubble", selected().includes(focused), JSON.stringify(selected()));
  const option = app.picker.shadowRoot.getElementById("bubble-" + focused);
  check("its option says aria-selected=true", option && option.getAttribute("aria-selected") === "true");
  check("one role=option per bubble", app.picker.shadowRoot.querySelectorAll("[role=option]").length === bubbles().length);
  frames(30);
}

function testPlayer() {
  $("mode-player").click();
  const select = $("scenario");
  select.value = String(PLAYGROUND.scenarios.findIndex((s) => s.name === "selection-growth"));
  select.dispatchEvent(new Event("change"));
  check("switching scenario loads it", updateState().player.scenario === "selection-growth");
  const scrub = $("scrub");
  change(scrub, "150", "input");
  let p = updateState().player;
  check("scrubbing to step 150 matches the golden hash", p.step === 150 && p.match === 1 && $("match").textContent.startsWith("matches"), JSON.stringify(p));
  change(scrub, "40", "input");
  p = updateState().player;
  check("scrubbing back replays to the golden hash", p.step === 40 && p.match === 1, JSON.stringify(p));
  check("the player lists its own events", $("player-events").children.length > 0 || app.markers.every((m) => m.step > 40), $("player-events").textContent);
  $("step-forward").click();
  $("play").click();
  for (let i = 0; i <= 30; i++) playerFrame(i / 60);
  $("play").click();
  p = updateState().player;
  check("playing steps at the step rate and stays on the golden", p.step === 71 && p.match === 1, JSON.stringify(p));
  check("timeline events are marked", $("markers").children.length > 0, $("markers").children.length);
  $("mode-live").click();
  frames(2);
}

/** A trap (forced by leaving the module 64 bytes of stack) is recovered from: a fresh instance
 *  replays the journal to the same state. */
function testTrapRecovery() {
  const before = inner().hash();
  const recovery = inner().recovery;
  recovery.raw.__stack_pointer.value = recovery.raw.__stack_low.value + 64;
  const count = recovery.recoveries;
  try { app.picker.frame((selftest.virtual + 1) / 1000); } catch (_) { /* reported below */ }
  check("a trap is recovered: a fresh instance replays the journal to the same state",
    recovery.recoveries === count + 1 && inner().hash() === before && app.events.some((e) => e.includes("recreated from the journal")),
    `${before} -> ${inner().hash()}`);
  frames(10);
}

async function runSelfTest() {
  const picker = app.picker;
  picker.clock = () => selftest.virtual;
  for (const type of ["bubbleselect", "bubbledeselect", "bubbleremove", "selectionrefused", "pause", "resume"]) {
    picker.addEventListener(type, (event) => selftest.events.push({ type, detail: event.detail }));
  }
  try {
    frames(120);
    testTapAndDrag();
    testFlick();
    testButtons();
    await testSettings();
    testKeyboard();
    testPlayer();
    testTrapRecovery();
  } catch (error) {
    reportError(error);
    check("the session ran without exceptions", false, error && error.stack || error);
  }
  const errors = $("errors").textContent;
  const engine = inner();
  const result = { ok: !errors && selftest.checks.every((c) => c.ok), checks: selftest.checks, hash: engine.hash(),
    step: engine.state ? engine.state().step : null, count: bubbles().length, selected: selected().sort((a, b) => a - b), errors };
  $("journal").textContent = engine.journal();
  $("calllog").textContent = (engine.callLog || []).join("\n");
  $("selftest").textContent = JSON.stringify(result);
  // The page goes on live (on the display clock); headless Chromium needs display frames to
  // composite the canvas into a screenshot.
  picker.clock = () => performance.now();
  picker.autoplay = true;
  picker.changed();
  watchFrames();
}

/** Times the player replaying the demo and crowd-2000 to the end (ms/step in wasm, in this
    browser): the median of three replays, the first of which also warms up the compiled code. */
async function runBench() {
  const results = {};
  for (const name of ["demo", "crowd-2000"]) {
    const s = PLAYGROUND.scenarios.find((entry) => entry.name === name);
    const times = [];
    let steps = 0;
    for (let run = 0; run < 3; run++) {
      app.player.loadScenario(s.name, s.json, s.golden);
      steps = app.player.playerSteps();
      const start = performance.now();
      app.player.seek(steps);
      times.push(performance.now() - start);
    }
    const ms = times.sort((a, b) => a - b)[1];
    results[name] = { steps, ms, msPerStep: ms / steps, match: app.player.playerMatch() };
  }
  $("bench").textContent = JSON.stringify(results);
  watchFrames();
}
