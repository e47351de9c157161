"""More checks of the <bubble-picker> element for .ci/browser (read it first): reduced motion,
snapshot and restore, the long press, and labels laid out in the page's real font."""
import os
import re

from browser import DESKTOP, JS_HELPERS, PHONE, open_page, touch, wait_rest, watch_console, shot

# Helpers run in the page (after browser.JS_HELPERS) ---------------------------------------------

MORE_JS = """
window.bpx = {
  /** Runs `n` display frames of 1/60 s on the element's own clock, now, as fast as the page can,
   *  and returns the accessibility diameter of bubble `id` after each (null once it is gone). */
  sizes(id, n) {
    const p = bp.picker(); p.autoplay = false; p.running = false;
    let t = performance.now() / 1000; const clock = p.clock, out = [];
    for (let i = 0; i < n; i++) {
      t += 1 / 60; p.clock = () => t * 1000; p.frame(t);
      const e = p.engine.accessibility().elements.find((e) => e.id === id);
      out.push(e ? e.width : null);
    }
    p.clock = clock; p.autoplay = true; p.changed();
    return out;
  },
  /** What snapshot and restore must keep: the selection, the count and the state hash. */
  state() {
    const p = bp.picker(), elements = p.engine.accessibility().elements;
    return { selected: elements.filter((e) => e.selected).map((e) => e.id).sort((a, b) => a - b),
      count: elements.length, hash: p.engine.hash() };
  },
  /** Labels drawn in the page's font after a forced draw: each one's natural width (measureText of
   *  the whole line in the drawn font, not squeezed) against its circle and the width the scene
   *  fitted. Squeezed: drawn narrower than its natural width (canvas maxWidth condensing). */
  labelsFit() {
    const p = bp.picker(), r = p.renderer;
    p.collectLayout = true; p.dirty = true; p.frame(p.clock() / 1000); p.collectLayout = false;
    const circles = new Map(p.layout.circles.map((c) => [c.id, c]));
    const outside = [], squeezed = [];
    let worst = 0;
    for (const l of p.layout.labels) {
      const c = circles.get(l.id);
      if (!c) continue;
      const natural = r.measure(r.baseFont(1), l.text) * (l.height / 16);
      worst = Math.max(worst, natural / Math.max(l.width, 1e-9));
      if (natural > l.width + 1) squeezed.push(`${l.text} ${natural.toFixed(1)}>${l.width.toFixed(1)}`);
      // The natural box's widest line (its vertical middle) and its top and bottom centres.
      const half = natural / 2, dy = Math.abs(l.y + l.height / 2 - c.y);
      if (Math.hypot(half, dy) > c.r + 1.5 || dy + l.height / 2 > c.r + 1.5) outside.push(`${l.text} (#${l.id})`);
    }
    return { labels: p.layout.labels.length, font: p.fontFamily, outside, squeezed, worst };
  },
};
"""


def more_page(browser, url, device, console, **options):
    context, page = open_page(browser, url, {**device, **options}, console)
    page.evaluate(MORE_JS)
    return context, page


def evaluate_at_rest(browser, base, device, script):
    """The example page on `device`, brought to rest, evaluates `script`: (its result, the console
    messages the page logged)."""
    console = []
    context, page = more_page(browser, base + "web/example.html", device, console)
    wait_rest(page)
    result = page.evaluate(script)
    context.close()
    return result, console


def element_more_checks(browser, base, report):
    reduced_motion_checks(browser, base, report)
    snapshot_checks(browser, base, report)
    checkpoint_trap_checks(browser, base, report)
    long_press_checks(browser, base, report)
    font_checks(browser, base, report)
    frame_budget_checks(browser, base, report)
    accessibility_rate_checks(browser, base, report)
    hold_mirror_checks(browser, base, report)
    sprite_checks(browser, base, report)
    code_unit_checks(browser, base, report)
    first_picture_checks(browser, base, report)


# The frame budget on slow displays ------------------------------------------------------------

BUDGET_JS = """() => {
  const p = bp.picker(), keys = ["lastFrameTime", "droppedTime", "stepCost", "frameInterval", "slowDisplay", "latestInput"];
  const saved = Object.fromEntries(keys.map((k) => [k, p[k]]));
  // Display frames every `ms` milliseconds for `seconds`, steps costing `cost` ms: whether the
  // display counts as slow at the end, the time dropped (ms) and the last frame's step budget.
  const run = (ms, seconds, cost) => {
    Object.assign(p, { lastFrameTime: null, droppedTime: 0, stepCost: cost, frameInterval: 0, slowDisplay: false, latestInput: 0 });
    let t = 1000;
    for (let i = 0; i * ms <= seconds * 1000; i++) { p.limitCatchUp(t); t += ms / 1000; }
    return { slow: p.slowDisplay, dropped: Math.round(p.droppedTime * 1000), budget: p.stepBudget() };
  };
  const result = { hz60: run(1000 / 60, 2, 0.5), hz30: run(1000 / 30, 2, 0.5), fps20: run(50, 2, 0.5), heavy: run(50, 2, 10) };
  Object.assign(p, saved);
  return result;
}"""


def frame_budget_checks(browser, base, report):
    """The element's own loop on slow displays (frame.js `limitCatchUp`): 60 Hz and 30 Hz keep
    real time, 20 fps runs two steps a frame and drops the rest, a costly step keeps its budget."""
    r, _ = evaluate_at_rest(browser, base, DESKTOP, BUDGET_JS)
    report.check("element: 60 Hz and 30 Hz displays keep real time (no simulated time dropped)",
                 not r["hz60"]["slow"] and r["hz60"]["dropped"] == 0 and r["hz30"]["slow"] and r["hz30"]["dropped"] <= 1, r)
    report.check("element: a 20 fps display runs two steps a frame, the rest dropped; a 10 ms step one",
                 r["fps20"]["budget"] == 2 and 600 <= r["fps20"]["dropped"] <= 700  # 40 frames x 16.7 ms
                 and r["heavy"]["budget"] == 1 and 1300 <= r["heavy"]["dropped"] <= 1400, r)


# The accessibility mirror while bubbles move -------------------------------------------------

MIRROR_JS = """() => {
  // 1,500 bubbles growing in, 150 frames of 1/60 s on the element's own clock: the option box
  // writes (style mutations) per frame, then the boxes after the picker is brought to rest.
  const p = bp.picker(); p.autoplay = false; p.running = false;
  const clock = p.clock; let t = performance.now() / 1000; p.clock = () => t * 1000;
  p.addMany(1500, { seed: 3, minSize: 10, maxSize: 24 });
  const watch = new MutationObserver(() => {});
  watch.observe(p.listbox, { subtree: true, attributes: true, attributeFilter: ["style"] });
  const writes = [];
  for (let i = 0; i < 150; i++) {
    t += 1 / 60; p.frame(t);
    writes.push(new Set(watch.takeRecords().map((r) => r.target)).size);
  }
  watch.disconnect();
  p.updateAccessibility(true);
  const boxes = p.engine.accessibility().elements, off = [], origin = p.listbox.getBoundingClientRect();
  for (const e of boxes) {
    const o = p.options.get(e.id), r = o?.getBoundingClientRect();
    if (!r || Math.abs(r.left - origin.left - e.x) > 0.5 || Math.abs(r.top - origin.top - e.y) > 0.5) off.push([e.id, r && r.left - origin.left, r && r.top - origin.top, e.x, e.y]);
  }
  p.clock = clock; p.autoplay = true; p.changed();
  return { writes, options: boxes.length, off: off.length, offs: off.slice(0, 4) };
}"""


HOLD_START_JS = """() => {
  // 300 bubbles growing in on the element's own clock; returns where bubble 1 is (client px).
  const p = bp.picker(); p.autoplay = false; p.running = false;
  window.holdClock = { saved: p.clock, t: performance.now() / 1000 }; p.clock = () => holdClock.t * 1000;
  p.addMany(300, { seed: 5, minSize: 14, maxSize: 30 });
  for (let i = 0; i < 20; i++) { holdClock.t += 1 / 60; p.frame(holdClock.t); }
  const e = p.engine.accessibility().elements[0], box = p.getBoundingClientRect();
  return { x: box.left + e.x + e.width / 2, y: box.top + e.y + e.height / 2 };
}"""

HOLD_FRAMES_JS = """(count) => {
  // `count` frames: how many option boxes each wrote (style mutations).
  const p = bp.picker(), watch = new MutationObserver(() => {}), writes = [];
  watch.observe(p.listbox, { subtree: true, attributes: true, attributeFilter: ["style"] });
  for (let i = 0; i < count; i++) {
    holdClock.t += 1 / 60; p.frame(holdClock.t);
    writes.push(new Set(watch.takeRecords().map((r) => r.target)).size);
  }
  watch.disconnect();
  return writes;
}"""


def hold_mirror_checks(browser, base, report):
    """While a pointer is down the options' boxes wait (nobody explores by touch then); the frames
    right after its release bring them."""
    console = []
    context, page = more_page(browser, base + "web/example.html", DESKTOP, console)
    wait_rest(page)
    at = page.evaluate(HOLD_START_JS)
    page.mouse.move(at["x"], at["y"])
    page.mouse.down()
    held = page.evaluate(HOLD_FRAMES_JS, 150)
    page.mouse.up()
    released = page.evaluate(HOLD_FRAMES_JS, 3)
    page.evaluate("() => { const p = bp.picker(); p.clock = holdClock.saved; p.autoplay = true; p.changed(); }")
    report.check("element: while a pointer is down (150 frames, 300 bubbles moving) no option box is written; "
                 "the first frame after the release writes them",
                 sum(held) == 0 and released[0] > 0, {"held": sum(held), "released": released})
    report.check("element: pointer hold — no console errors or warnings", not console, console)
    context.close()


def accessibility_rate_checks(browser, base, report):
    """While bubbles move, the options' boxes follow at a low rate (a11y.js A11Y_POSITIONS_MS, one
    frame a second writes them: any moved box costs the page a paint and layerization), and at
    rest every box is where its bubble is."""
    r, _ = evaluate_at_rest(browser, base, DESKTOP, MIRROR_JS)
    later = r["writes"][5:]  # the frames after the mirror made its new options (2.4 s)
    writing = sum(1 for w in later if w)
    report.check("element: with 1,500 bubbles moving, option boxes are written in at most 3 frames of 145, and follow",
                 1 <= writing <= 3 and sum(later) >= 1000, {"frames writing": writing, "boxes": sum(later), "first": r["writes"][:5]})
    report.check("element: at rest every option's box is where its bubble is (1,500 options)",
                 r["off"] == 0 and r["options"] >= 1500, {"off": r["off"], "options": r["options"], "first off": r["offs"]})


# Sprites: bubbles copied from cached images on a 3x screen ------------------------------------

SPRITES_JS = """() => {
  // Frames drawn at rest on the element's own clock: canvas calls per frame while the sprites are
  // made (renderer.js, sprites.js), then the picture with sprites against the same scene with
  // every bubble filled as a path and its labels drawn as text.
  const p = bp.picker(), r = p.renderer, ctx = r.ctx; p.autoplay = false; p.running = false;
  const calls = { drawImage: 0, arc: 0, fillText: 0 }, saved = {};
  for (const name of Object.keys(calls)) { saved[name] = ctx[name]; ctx[name] = function (...a) { calls[name]++; return saved[name].apply(this, a); }; }
  const draw = () => { for (const k in calls) calls[k] = 0; p.dirty = true; p.frame(p.clock() / 1000); return { ...calls }; };
  r.fontsChanged();  // no sprites yet (settling made some)
  const frames = []; for (let i = 0; i < 40; i++) frames.push(draw());
  const pixels = () => {  // through a copy made for reading (reading the picker's canvas would slow it)
    const copy = document.createElement("canvas"); copy.width = ctx.canvas.width; copy.height = ctx.canvas.height;
    const reader = copy.getContext("2d", { willReadFrequently: true });
    reader.drawImage(ctx.canvas, 0, 0);
    return reader.getImageData(0, 0, copy.width, copy.height).data;
  };
  const withSprites = pixels(), sprites = r.sprites.images.cache.size;
  const images = r.sprites.images, begin = images.beginFrame;
  images.beginFrame = function (k) { begin.call(this, k); this.enabled = false; };
  const pathFrame = draw(), withPaths = pixels();
  images.beginFrame = begin;
  for (const name of Object.keys(calls)) ctx[name] = saved[name];
  let differing = 0, covered = 0, total = 0;
  for (let i = 0; i < withPaths.length; i += 4) {
    const d = Math.max(Math.abs(withSprites[i] - withPaths[i]), Math.abs(withSprites[i + 1] - withPaths[i + 1]),
      Math.abs(withSprites[i + 2] - withPaths[i + 2]), Math.abs(withSprites[i + 3] - withPaths[i + 3]));
    total += d; if (d > 96) differing++; if (withPaths[i + 3] > 0) covered++;
  }
  const bubbles = p.engine.accessibility().elements.length, bytes = images.bytes;
  p.autoplay = true; p.changed();
  const parent = p.parentNode; p.remove();  // a picker leaving the page frees its sprites at once
  const removed = { sprites: images.cache.size, bytes: images.bytes };
  parent.append(p);
  return { bubbles, first: frames[0], last: frames[frames.length - 1], pathFrame, sprites, bytes, removed,
    differing, covered, meanDifference: total / (withPaths.length / 4) };
}"""


def sprite_checks(browser, base, report):
    """On a phone (DPR 3) at rest the bubbles come to be drawn from sprites over a few frames
    (the first frame fills paths), and the picture matches the path-drawn one but for edges
    snapped to whole device pixels."""
    r, console = evaluate_at_rest(browser, base, PHONE, SPRITES_JS)
    report.check("element: on a 3x phone the first frame fills paths, later frames copy every bubble from a sprite",
                 r["first"]["arc"] == r["bubbles"] and r["first"]["drawImage"] == 0
                 and r["last"]["drawImage"] == r["bubbles"] and r["last"]["arc"] == 0 and r["last"]["fillText"] == 0
                 and r["sprites"] == r["bubbles"], r)
    # Edges snapped by up to half a device pixel differ; a bubble or label a pixel or more off, or
    # a label missing, makes several times more pixels differ.
    report.check("element: sprites draw the picture paths and text draw (< 2.5% of drawn pixels differ by > 96 of 255)",
                 r["pathFrame"]["arc"] == r["bubbles"] and r["covered"] > 0 and r["differing"] < 0.025 * r["covered"]
                 and r["meanDifference"] < 1.5,
                 {k: r[k] for k in ("differing", "covered", "meanDifference", "pathFrame")})
    report.check("element: a picker removed from the page frees its sprites at once",
                 r["bytes"] > 0 and r["removed"] == {"sprites": 0, "bytes": 0}, {"before": r["bytes"], "removed": r["removed"]})
    report.check("element: sprites — no console errors or warnings", not console, console)


# Labels keep their code units (the element's modules: Support/IdentityNormalization.c) ------

CODE_UNITS_JS = """async () => {
  // Labels canonically equivalent but different in code units (composed and decomposed é, Hangul
  // syllables and their jamo), added, read back, snapshot and restored through the restore module.
  const p = bp.picker(), labels = ["Caf\u00e9", "Cafe\u0301", "\ud55c", "\u1112\u1161\u11ab", "\u00c5", "A\u030a"];
  p.add(labels.map((label) => ({ label, tag: 900 })));
  const read = () => p.engine.accessibility().elements.filter((e) => labels.includes(e.label) || e.label.normalize() !== e.label
    || labels.some((l) => l.normalize() === e.label.normalize())).map((e) => e.label);
  const added = read();
  const result = await p.restore(p.snapshot());
  return { labels, added, restored: read(), ok: result.ok, error: result.error ?? null };
}"""


def code_unit_checks(browser, base, report):
    """The element's engine compares strings by code units, as JavaScript does: labels that are
    canonically equivalent but spelled differently stay two labels, each read back as given, also
    after a snapshot and restore."""
    r, console = evaluate_at_rest(browser, base, DESKTOP, CODE_UNITS_JS)
    report.check("element: labels keep their code units (composed and decomposed é, Hangul and its jamo: six labels)",
                 sorted(r["added"]) == sorted(r["labels"]), r)
    report.check("element: ... and keep them through snapshot() and restore()",
                 r["ok"] and sorted(r["restored"]) == sorted(r["labels"]), r)
    report.check("element: code units — no console errors or warnings", not console, console)


FIRST_PICTURE_JS = """
window.firstPicture = null;
for (const name of ["arc", "fill", "drawImage", "fillText"]) {
  const original = CanvasRenderingContext2D.prototype[name];
  CanvasRenderingContext2D.prototype[name] = function (...args) {
    if (window.firstPicture === null) {
      window.firstPicture = {};
      queueMicrotask(() => {
        const picker = document.querySelector("bubble-picker");
        window.firstPicture = { options: picker.shadowRoot.querySelectorAll("[role=option]").length,
                                bubbles: picker.bubbles.length };
      });
    }
    return original.apply(this, args);
  };
}
"""


def first_picture_checks(browser, base, report):
    """The first picture is not held back by the accessibility mirror: the task that draws the
    first bubbles makes no option, the task right after makes them all."""
    console = []
    context = browser.new_context(**DESKTOP)
    page = context.new_page()
    watch_console(page, console)
    page.add_init_script(JS_HELPERS)
    page.add_init_script(FIRST_PICTURE_JS)
    page.goto(base + "web/example.html")
    page.wait_for_function("window.firstPicture && window.firstPicture.bubbles !== undefined")
    first = page.evaluate("window.firstPicture")
    page.wait_for_function("document.querySelector('bubble-picker').shadowRoot.querySelectorAll('[role=option]').length"
                           " === document.querySelector('bubble-picker').bubbles.length", timeout=5000)
    after = page.evaluate("""() => { const p = document.querySelector('bubble-picker');
        return { options: p.shadowRoot.querySelectorAll('[role=option]').length, bubbles: p.bubbles.length }; }""")
    report.check("element: the first frame's task draws the bubbles and makes no option; the options follow "
                 "(one per bubble)", first["bubbles"] > 0 and first["options"] == 0
                 and after["options"] == after["bubbles"] > 0, {"first": first, "after": after})
    report.check("element: first picture — no console errors or warnings", not console, console)
    context.close()


# Reduced motion -------------------------------------------------------------------------------

def tap_growth(browser, base, reduce):
    """Taps an unselected bubble and returns (setting, sizes per frame after the tap)."""
    console = []
    context, page = more_page(browser, base + "web/example.html", PHONE, console,
                              reduced_motion="reduce" if reduce else "no-preference")
    page.evaluate("bp.frames(90)")
    wait_rest(page)
    duration = page.evaluate("bp.picker().get('selectionDuration')")
    target = next(b for b in page.evaluate("bp.bubbles()") if not b["selected"])
    page.evaluate("() => { const p = bp.picker(); p.autoplay = false; p.running = false; }")
    page.touchscreen.tap(target["x"], target["y"])
    sizes = page.evaluate(f"bpx.sizes({target['id']}, 45)")
    selected = next(b for b in page.evaluate("bp.bubbles()") if b["id"] == target["id"])["selected"]
    context.close()
    return duration, 2 * target["r"], sizes, selected, console


def frames_to_settle(start, sizes, tolerance=0.5):
    """Frames until the size is within `tolerance` points of its final value for good."""
    final = sizes[-1]
    for index in range(len(sizes) - 1, -1, -1):
        if abs(sizes[index] - final) > tolerance:
            return index + 2, final
    return 1 if abs(start - final) > tolerance else 0, final


def reduced_motion_checks(browser, base, report):
    duration, start, sizes, selected, console = tap_growth(browser, base, True)
    frames, final = frames_to_settle(start, sizes)
    report.check("element: prefers-reduced-motion sets selectionDuration (and the other animations) to 0", duration == 0, duration)
    report.check("element: reduced motion — a tapped bubble is at its selected size within 2 frames",
                 selected and final > start + 1 and frames <= 2,
                 f"{start:.1f} -> {final:.1f} pt in {frames} frame(s); sizes {[round(s, 1) for s in sizes[:4]]}")
    report.check("element: reduced motion — no console errors or warnings", not console, console)
    duration, start, sizes, selected, console = tap_growth(browser, base, False)
    frames, final = frames_to_settle(start, sizes)
    report.check("element: without reduced motion a tapped bubble grows over several frames",
                 duration > 0 and selected and final > start + 1 and frames >= 4,
                 f"selectionDuration {duration} s: {start:.1f} -> {final:.1f} pt in {frames} frames")


# Snapshot and restore --------------------------------------------------------------------------

# The state just before and just after a restore, with no frame after it (a frame advances time,
# which the hash includes): the restore itself runs in the promise's last synchronous part.
RESTORE_JS = "async (text) => { const before = bpx.state(); const result = await bp.picker().restore(text); return [before, result, bpx.state()]; }"
# The .wasm files the page fetched so far (resource timing), by file name.
WASM_FETCHED_JS = """() => performance.getEntriesByType("resource").map((e) => e.name.split("/").pop())
  .filter((name) => name.endsWith(".wasm"))"""


# A trap after a checkpoint on the lean module: the journal's live lane holds a bp_restore, which
# only the restore-capable module has, so the recovery loads that first (asynchronously: calls
# return undefined meanwhile), replays, and the picker is back at the hash from before the trap.
TRAP_AFTER_CHECKPOINT_JS = """async () => {
  const p = bp.picker(), engine = p.engine;
  p.autoplay = false; p.running = false;
  let t = performance.now() / 1000;
  for (let i = 0; i < 30; i++) engine.frame(t += 1 / 60);
  const lean = typeof engine.x.bp_restore !== "function", checkpointed = engine.checkpoint();
  const lane = engine.recovery.lanes.get("live").map((e) => e.name);
  p.select(p.bubbles[2].id); p.addMany(5);
  for (let i = 0; i < 20; i++) engine.frame(t += 1 / 60);
  const before = engine.hash();
  const recovered = new Promise((resolve) => p.addEventListener("bubblerecover", (e) => { e.preventDefault(); resolve(e.detail); }, { once: true }));
  engine.recovery.raw.__stack_pointer.value = engine.recovery.raw.__stack_low.value + 64;
  const frame = engine.frame(t + 1 / 60), waiting = engine.recovering, meanwhile = engine.x.bp_hash();
  const report = await recovered;
  return { lean, checkpointed, lane, dropped: frame.stepsRun === 0, waiting, meanwhile: meanwhile === undefined,
    report: { restored: report.restored, replayed: report.replayed }, before, after: engine.hash(),
    full: typeof engine.x.bp_restore === "function", recovering: engine.recovering };
}"""


def checkpoint_trap_checks(browser, base, report):
    console = []
    context, page = more_page(browser, base + "web/example.html", DESKTOP, console)
    page.evaluate("bp.frames(30)")
    r = page.evaluate(TRAP_AFTER_CHECKPOINT_JS)
    report.check("element: on the lean module a checkpoint restores in place; the journal's lane is create, frame, restore(text), …",
                 r["lean"] and r["checkpointed"] and r["lane"][:3] == ["bp_create", "bp_frame", "bp_restore"], r)
    report.check("element: a trap after that checkpoint recovers asynchronously through the restore module: same state hash",
                 r["waiting"] and r["meanwhile"] and r["dropped"] and r["report"]["restored"] and r["after"] == r["before"]
                 and r["full"] and not r["recovering"], r)
    fetched = page.evaluate(WASM_FETCHED_JS)
    report.check("element: that recovery fetched bubblepicker-web-restore.wasm once",
                 fetched == ["bubblepicker-web.wasm", "bubblepicker-web-restore.wasm"], fetched)
    report.check("element: trap after checkpoint — no console errors or warnings", not console, console)
    context.close()


def snapshot_checks(browser, base, report):
    console = []
    context, page = more_page(browser, base + "web/example.html", DESKTOP, console)
    page.evaluate("bp.frames(90)")
    page.evaluate("bp.picker().deselectAll()")
    wait_rest(page)
    bubbles = page.evaluate("bp.bubbles()")
    a, b, c = bubbles[1], bubbles[4], bubbles[7]
    for target in (a, b):
        page.mouse.click(target["x"], target["y"])
        page.evaluate("bp.frames(5)")
    wait_rest(page)
    before = page.evaluate("bpx.state()")
    text = page.evaluate("bp.picker().snapshot()")
    report.check("element: two taps select two bubbles before the snapshot",
                 before["selected"] == sorted([a["id"], b["id"]]), before["selected"])
    # Change things: deselect one (a tap), remove another, drag a third, let it all move.
    page.mouse.click(a["x"], a["y"])
    page.evaluate(f"bp.picker().removeBubbles({c['id']})")
    now = {e["id"]: e for e in page.evaluate("bp.bubbles()")}
    d = now[b["id"]]
    page.mouse.move(d["x"], d["y"])
    page.mouse.down()
    page.mouse.move(d["x"] + 80, d["y"] + 60, steps=12)
    page.mouse.up()
    page.evaluate("bp.frames(60)")
    fetched = page.evaluate(WASM_FETCHED_JS)
    report.check("element: until restore() the page fetched only the lean module (bubblepicker-web.wasm)",
                 fetched == ["bubblepicker-web.wasm"], fetched)
    changed, result, after = page.evaluate(RESTORE_JS, text)
    report.check("element: restore(snapshot) brings back the selection, the count and the state hash",
                 result == {"ok": True} and after == before and changed != before,
                 f"before {before}, changed {changed}, restored {after} ({result})")
    fetched = page.evaluate(WASM_FETCHED_JS)
    report.check("element: the first restore() fetched bubblepicker-web-restore.wasm once, and that module is live",
                 fetched == ["bubblepicker-web.wasm", "bubblepicker-web-restore.wasm"]
                 and page.evaluate("typeof bp.picker().engine.x.bp_restore === 'function'"), fetched)
    page.evaluate("bp.frames(30)")
    shown = sorted(x["id"] for x in page.evaluate("bp.bubbles()") if x["selected"])
    report.check("element: after restore the page shows the restored selection", shown == before["selected"], shown)
    # A damaged snapshot: refused with a reason, nothing changes.
    wait_rest(page)
    damaged = text.replace("\n", "\nnot a number here ", 1) if "\n" in text else "x" + text
    lines = text.split("\n")
    truncated = "\n".join(lines[: max(2, len(lines) // 2)])
    middle = len(lines) // 2
    number = "\n".join(lines[:middle] + [re.sub(r"-?\d+(\.\d+)?", "12.5.7", lines[middle], count=1)] + lines[middle + 1:])
    for name, bad in (("a number damaged", number), ("a line damaged", damaged), ("cut in half", truncated), ("not a snapshot", "hello")):
        held, result, now = page.evaluate(RESTORE_JS, bad)
        report.check(f"element: a corrupted snapshot ({name}) gives {{ok: false, error}} and changes nothing",
                     result.get("ok") is False and isinstance(result.get("error"), str) and len(result["error"]) > 8 and now == held,
                     result.get("error"))
    report.check("element: snapshot checks — no console errors or warnings", not console, console)
    context.close()


# Long press ------------------------------------------------------------------------------------

LISTEN_JS = """() => { window.bpxEvents = [];
  for (const type of ["bubblelongpress", "bubbleselect", "bubbledeselect", "bubbleremove"])
    bp.picker().addEventListener(type, (e) => bpxEvents.push({ type, id: e.detail.id, label: e.detail.label })); }"""


def hold(page, cdp, target, seconds):
    """A finger resting on `target` for `seconds` of real time (the element's own frames run)."""
    touch(cdp, "touchStart", [(0, (target["x"], target["y"]))])
    page.wait_for_timeout(int(seconds * 1000))
    touch(cdp, "touchEnd", [])
    page.evaluate("bp.frames(30)")
    return page.evaluate("bpxEvents.splice(0)")


def long_press_checks(browser, base, report):
    console = []
    context, page = more_page(browser, base + "web/example.html", PHONE, console)
    cdp = context.new_cdp_session(page)
    page.evaluate("bp.frames(90)")
    page.evaluate("bp.picker().deselectAll()")
    wait_rest(page)
    page.evaluate(LISTEN_JS)
    action, duration = page.evaluate("[bp.picker().get('longPressAction'), bp.picker().get('longPressDuration')]")
    bubbles = page.evaluate("bp.bubbles()")
    target = bubbles[2]
    events = hold(page, cdp, target, duration + 0.5)
    presses = [e for e in events if e["type"] == "bubblelongpress"]
    count = len(page.evaluate("bp.bubbles()"))
    report.check(f"element: a held touch fires one bubblelongpress with id and label (default action {action})",
                 len(presses) == 1 and presses[0]["id"] == target["id"] and presses[0]["label"] == target["label"],
                 events)
    report.check("element: the default long press removes the bubble and does not toggle it",
                 action == "remove" and [e["type"] for e in events if e["id"] == target["id"]] == ["bubblelongpress", "bubbleremove"]
                 and count == len(bubbles) - 1, f"{[e['type'] for e in events]}, {len(bubbles)} -> {count} bubbles")
    # reportOnly: the page decides; the bubble stays as it was.
    page.evaluate("bp.picker().setAttribute('long-press-action', 'reportOnly')")
    page.evaluate("bp.frames(3)")
    wait_rest(page)
    target = page.evaluate("bp.bubbles()")[0]
    events = hold(page, cdp, target, duration + 0.5)
    after = next((b for b in page.evaluate("bp.bubbles()") if b["id"] == target["id"]), None)
    report.check("element: long-press-action=reportOnly — one bubblelongpress, the bubble neither toggled nor removed",
                 [e["type"] for e in events] == ["bubblelongpress"] and events[0]["id"] == target["id"]
                 and after is not None and after["selected"] == target["selected"], events)
    # A short press is a tap, not a long press.
    events = hold(page, cdp, page.evaluate("bp.bubbles()")[1], 0.1)
    report.check("element: a short press is a tap (bubbleselect, no bubblelongpress)",
                 [e["type"] for e in events] == ["bubbleselect"], events)
    report.check("element: long press — no console errors or warnings", not console, console)
    context.close()


# Labels in the page's font ---------------------------------------------------------------------

WIDE_FONT = "monospace"


def font_checks(browser, base, report):
    for page_name, url, device in (("element", "web/example.html", PHONE), ("playground desktop", "playground.html", DESKTOP)):
        console = []
        context, page = more_page(browser, base + url, device, console)
        page.evaluate("bp.frames(60)")
        if page_name.startswith("playground"):
            page.evaluate("() => { const p = bp.picker(); p.select((b) => b.id < 3); p.addMany(300, THOUSAND); }")
        # The font changes after start: the element notices, measures it and lays labels out again.
        page.evaluate(f"bp.picker().style.setProperty('--bubble-font', '{WIDE_FONT}')")
        page.evaluate("bp.frames(90)")
        wait_rest(page)
        fit = page.evaluate("bpx.labelsFit()")
        report.check(f"{page_name}: --bubble-font: {WIDE_FONT} — every label inside its bubble, none squeezed",
                     fit["font"] == WIDE_FONT and fit["labels"] > 0 and not fit["outside"] and not fit["squeezed"],
                     f"{fit['labels']} labels, widest natural/fitted {fit['worst']:.3f}, outside {fit['outside'][:4]}, squeezed {fit['squeezed'][:4]}")
        # Control: the same font over the built-in table's layout squeezes labels (the check can fail).
        page.evaluate("bp.picker().engine.labelWidths(null)")
        control = page.evaluate("bpx.labelsFit()")
        page.evaluate("bp.picker().refreshFont(true)")
        report.check(f"{page_name}: control — with the built-in width table the same font squeezes labels",
                     len(control["squeezed"]) > 0, f"{len(control['squeezed'])} of {control['labels']} squeezed, "
                     f"widest natural/fitted {control['worst']:.3f}")
        report.check(f"{page_name}: wide font — no console errors or warnings", not console, console)
        context.close()


def font_shots(browser, base, directory):
    """Screenshots of the element and the playground in the wide font, desktop and phone."""
    os.makedirs(directory, exist_ok=True)
    taken = []
    for name, device in (("desktop", DESKTOP), ("phone", PHONE)):
        for page_name, url in (("example", "web/example.html"), ("playground", "playground.html")):
            context, page = more_page(browser, base + url, device, [])
            page.evaluate(f"bp.picker().style.setProperty('--bubble-font', '{WIDE_FONT}')")
            page.evaluate("bp.frames(120)")
            if page_name == "playground":
                page.evaluate("() => { const p = bp.picker(); p.select((b) => b.id < 3); }")
                page.evaluate("bp.frames(60)")
            wait_rest(page)
            taken.append(shot(page, directory, f"{page_name}-{name}-monospace.png"))
            context.close()
    print("\n".join(taken))
