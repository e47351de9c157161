// selftest.js — `playground.html#selftest`: a scripted session through the page's real input
// paths (synthetic pointer events on the canvas, button clicks, control changes), checked through
// the page's own state readout. Results go to <pre id="selftest"> as JSON, with the engine's
// journal (<pre id="journal">) and the calls JS made (<pre id="calllog">), which the Swift test
// replays natively to check the hash. `#bench` times the player on the demo and crowd-2000.
"use strict";

const selftest = { checks: [], pointerId: 7 };

function check(name, ok, detail) {
  selftest.checks.push({ name, ok: Boolean(ok), detail: detail === undefined ? "" : String(detail) });
}

/** Display frames on the virtual clock: 1/60 s each. */
function frames(count) {
  for (let i = 0; i < count; i++) { clock.virtual += 1000 / 60; tick(1 / 60); }
}

function sleep(ms) { return new Promise((resolve) => setTimeout(resolve, ms)); }

/** Container point -> client coordinates through the last frame's view transform. */
function clientPoint(point) {
  const rect = canvas.getBoundingClientRect(), v = app.view;
  return { clientX: rect.left + v.ox + point.x * v.scale, clientY: rect.top + v.oy + point.y * v.scale };
}

function pointer(type, point) {
  canvas.dispatchEvent(new PointerEvent(type, {
    ...clientPoint(point), pointerId: selftest.pointerId, pointerType: "touch", isPrimary: true, bubbles: true, cancelable: true,
  }));
}

function state() { return updateState().live; }
function bubble(s, id) {
  const b = s.bubbles.find((entry) => entry[0] === id);
  return b ? { id, x: b[1], y: b[2], d: b[3], selected: b[4] === 1, leaving: b[5] === 1 } : null;
}
function distance(a, b) { return Math.hypot(a.x - b.x, a.y - b.y); }

/** A point of the container at least `clearance` from every bubble's rim. */
function emptyPoint(s, clearance) {
  for (let y = 20; y < app.containerSize.h - 20; y += 10) {
    for (let x = 20; x < app.containerSize.w - 20; x += 10) {
      if (s.bubbles.every((b) => Math.hypot(x - b[1], y - b[2]) > b[3] / 2 + clearance)) return { x, y };
    }
  }
  return null;
}

function tap(point) { pointer("pointerdown", point); frames(2); pointer("pointerup", point); frames(1); }

function testTapAndDrag() {
  let s = state();
  check("the picker starts with 17 bubbles (14 stock, 3 badges)", s.count === 17, s.count);
  tap(bubble(s, 0));
  frames(20);
  s = state();
  check("a tap selects the bubble", s.selected.includes(0), JSON.stringify(s.selected));
  const start = bubble(s, 3), offset = { x: 60, y: 40 };
  pointer("pointerdown", start);
  for (let i = 1; i <= 20; i++) { frames(1); pointer("pointermove", { x: start.x + 3 * i, y: start.y + 2 * i }); }
  frames(30);
  const held = bubble(state(), 3), finger = { x: start.x + offset.x, y: start.y + offset.y };
  check("a dragged bubble follows the finger", distance(held, finger) < 25, `${distance(held, finger).toFixed(1)} pt from the finger`);
  pointer("pointerup", finger);
  frames(1);
  check("a drag is not a tap", !state().selected.includes(3));
}

function testFlick() {
  let s = state();
  const anchor = { x: s.anchor[0], y: s.anchor[1] };
  // The bubble farthest from the attraction point: on the crowd's rim, free to be thrown outward.
  const id = s.bubbles.reduce((far, b) => (Math.hypot(b[1] - anchor.x, b[2] - anchor.y)
    > Math.hypot(far[1] - anchor.x, far[2] - anchor.y) ? b : far))[0];
  const start = bubble(s, id);
  let dx = start.x - anchor.x, dy = start.y - anchor.y;
  const length = Math.hypot(dx, dy) || 1;
  dx /= length; dy /= length;
  if (length < 5) { dx = 0; dy = -1; }
  pointer("pointerdown", start);
  let finger = start;
  for (let i = 1; i <= 6; i++) { frames(1); finger = { x: start.x + 14 * i * dx, y: start.y + 14 * i * dy }; pointer("pointermove", finger); }
  frames(1);
  pointer("pointerup", finger);  // UIKit's way: lifted a frame later at the last moved point
  const released = bubble(state(), id);
  frames(4);
  const after = bubble(state(), id);
  const travel = (after.x - released.x) * dx + (after.y - released.y) * dy;
  check("a flicked bubble keeps moving the way it was thrown", travel > 10, `#${id}: ${travel.toFixed(1)} pt in 4 frames`);
  frames(40);
}

function testBackground() {
  let s = state();
  const from = emptyPoint(s, 30);
  check("an empty spot to drag the background from", from !== null, JSON.stringify(from));
  if (!from) return;
  const anchor0 = { x: s.anchor[0], y: s.anchor[1] };
  pointer("pointerdown", from);
  for (let i = 1; i <= 10; i++) { frames(1); pointer("pointermove", { x: from.x + 6 * i, y: from.y + 9 * i }); }
  frames(20);
  s = state();
  const moved = { x: s.anchor[0] - anchor0.x, y: s.anchor[1] - anchor0.y };
  check("dragging the background moves the attraction point", moved.x > 30 && moved.y > 45, `moved by ${moved.x.toFixed(1)}, ${moved.y.toFixed(1)}`);
  pointer("pointerup", { x: from.x + 60, y: from.y + 90 });
  frames(60);
  s = state();
  const inside = s.anchor[0] >= 0 && s.anchor[0] <= app.containerSize.w && s.anchor[1] >= 0 && s.anchor[1] <= app.containerSize.h;
  check("after release the attraction point is inside the container", inside, s.anchor.map((v) => v.toFixed(1)).join(", "));
}

async function testButtons() {
  let s = state();
  const count = s.count;
  $("add-standard").click();
  $("add-badge").click();
  frames(30);
  s = state();
  check("the add buttons add a bubble and a badge", s.count === count + 2, `${count} -> ${s.count}`);
  // Long press on a bubble: removed with its shrink animation.
  const target = bubble(s, 9);
  pointer("pointerdown", target);
  await sleep(LONG_PRESS_MS + 100);
  pointer("pointerup", target);
  frames(2);
  check("a long press starts the removal animation", bubble(state(), 9) && bubble(state(), 9).leaving, JSON.stringify(bubble(state(), 9)));
  frames(30);
  s = state();
  check("the long-pressed bubble is gone after its animation", !bubble(s, 9) && s.count === count + 1, s.count);
  $("select-all").click();
  frames(1);
  check("select all selects every bubble", state().selected.length === state().count, state().selected.length);
  $("deselect-all").click();
  frames(1);
  check("deselect all deselects every bubble", state().selected.length === 0);
  s = state();
  tap(bubble(s, 1));
  tap(bubble(s, 2));
  frames(20);
  const before = state().count;
  $("remove-selected").click();
  frames(30);
  s = state();
  check("remove selected removes the two tapped bubbles", s.count === before - 2 && !bubble(s, 1) && !bubble(s, 2), `${before} -> ${s.count}`);
}

function testSettings() {
  const law = $("setting-0");
  law.value = "1";
  law.dispatchEvent(new Event("change"));
  check("the field law control switches to radial gravity", app.engine.get(0) === 1);
  frames(30);
  law.value = "0";
  law.dispatchEvent(new Event("change"));
  const resistance = $("setting-3");
  resistance.value = "12";
  resistance.dispatchEvent(new Event("input"));
  check("the resistance slider applies", app.engine.get(3) === 12, app.engine.get(3));
  const refused = app.engine.set(1, 5e9);
  check("an out-of-range strength is refused with a message (no 32-bit trap)", refused && refused.includes("5000000000"), refused);
  const scroll = $("setting-9");
  scroll.checked = true;
  scroll.dispatchEvent(new Event("change"));
  frames(10);
  scroll.checked = false;
  scroll.dispatchEvent(new Event("change"));
  check("horizontal scrolling toggles on and off", app.engine.get(9) === 0);
  $("rotate").click();
  frames(60);
  const s = state();
  const inside = s.bubbles.every((b) => b[5] === 1 || (b[1] >= b[3] / 2 - 1 && b[1] <= 667 - b[3] / 2 + 1 && b[2] >= b[3] / 2 - 1 && b[2] <= 375 - b[3] / 2 + 1));
  check("rotate swaps the phone's sides and keeps every bubble inside", app.containerSize.w === 667 && app.containerSize.h === 375 && inside,
    JSON.stringify(app.containerSize));
  $("add-selected").click();
  frames(60);
}

function testPlayer() {
  $("mode-player").click();
  const select = $("scenario");
  select.value = String(PLAYGROUND.scenarios.findIndex((s) => s.name === "selection-growth"));
  select.dispatchEvent(new Event("change"));
  check("switching scenario loads it", updateState().player.scenario === "selection-growth");
  const scrub = $("scrub");
  scrub.value = "150";
  scrub.dispatchEvent(new Event("input"));
  let p = updateState().player;
  check("scrubbing to step 150 matches the golden hash", p.step === 150 && p.match === 1 && $("match").textContent.startsWith("✓"), JSON.stringify(p));
  scrub.value = "40";
  scrub.dispatchEvent(new Event("input"));
  p = updateState().player;
  check("scrubbing back replays to the golden hash", p.step === 40 && p.match === 1, JSON.stringify(p));
  $("step-forward").click();
  $("play").click();
  frames(30);
  $("play").click();
  p = updateState().player;
  check("playing steps at the step rate and stays on the golden", p.step === 71 && p.match === 1, JSON.stringify(p));
  check("timeline events are marked", $("markers").children.length > 0, $("markers").children.length);
  $("mode-live").click();
  frames(2);
}

/** A trap (forced by leaving the module 64 bytes of stack) is recovered from: a fresh instance
 *  replays the journal to the same live and player state, and the page says so. */
function testTrapRecovery() {
  const before = { live: app.engine.hash(), player: app.engine.playerHash(), step: app.engine.playerStep() };
  const raw = app.engine.recovery.raw;
  raw.__stack_pointer.value = raw.__stack_low.value + 64;
  app.engine.step();
  const after = { live: app.engine.hash(), player: app.engine.playerHash(), step: app.engine.playerStep() };
  check("a trap is recovered: a fresh instance replays the journal to the same state, and the page says so",
    app.recoveries.length === 1 && app.recoveries[0].restored && JSON.stringify(before) === JSON.stringify(after) &&
    app.events.some((e) => e.includes("recreated from the journal")), JSON.stringify({ before, after, events: app.events }));
  frames(10);
}

async function runSelfTest() {
  clock.virtual = 0;
  app.lastWall = 0;
  try {
    frames(120);
    check("the wasm module loaded", app.engine.size > 100000, `${app.engine.size} bytes`);
    testTapAndDrag();
    testFlick();
    testBackground();
    await testButtons();
    testSettings();
    testPlayer();
    testTrapRecovery();
  } catch (error) {
    reportError(error);
    check("the session ran without exceptions", false, error && error.stack || error);
  }
  const s = updateState();
  const errors = $("errors").textContent;
  const result = { ok: !errors && selftest.checks.every((c) => c.ok), checks: selftest.checks, hash: app.engine.hash(),
    step: s.live.step, count: s.live.count, selected: s.live.selected, errors };
  $("journal").textContent = app.engine.journal();
  $("calllog").textContent = app.engine.callLog.join("\n");
  $("selftest").textContent = JSON.stringify(result);
  updateReadout();
  // The page goes on live (on the display clock). Headless Chromium also needs these display
  // frames to composite the canvas into a screenshot.
  clock.virtual = null;
  loop();
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
      app.engine.loadScenario(s.name, s.json, s.golden);
      steps = app.engine.playerSteps();
      const start = performance.now();
      app.engine.seek(steps);
      times.push(performance.now() - start);
    }
    const ms = times.sort((a, b) => a - b)[1];
    results[name] = { steps, ms, msPerStep: ms / steps, match: app.engine.playerMatch() };
  }
  $("bench").textContent = JSON.stringify(results);
  loop();
}
