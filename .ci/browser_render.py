"""The <bubble-picker> element's per-frame costs and first picture, for .ci/browser (read it first):
the frame budget on slow displays, the accessibility mirror's rate while bubbles move and while a
finger holds, sprites on a 3x screen, labels that keep their code units, and the first picture
drawn before the first options are made."""
from browser import DESKTOP, JS_HELPERS, PHONE, wait_rest, watch_console
from browser_element import evaluate_at_rest, more_page


def render_checks(browser, base, report):
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
