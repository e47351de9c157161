"""Checks of <bubble-picker> where pages really use it (.ci/browser; issue 35): no freeze when wasm
memory grows, DOM conventions, collectable when removed, a bounded trap journal, taps under CSS
zoom and transforms, the focus ring and keys, restore into another size, bad seeds, methods
before ready and small edges. Forms: .ci/browser_forms.py."""
from browser import DESKTOP, PHONE, touch
from browser_page import GENRES, page_with

# In the page: picker(i) is the i-th <bubble-picker>; at(p, id) the client point of bubble `id`'s
# centre where it is drawn (the renderer's layout, mapped through the element's screen scale).
PAGE_JS = """
window.bq = {
  picker: (i = 0) => document.querySelectorAll("bubble-picker")[i],
  circles(p) { p.collectLayout = true; p.dirty = true; p.frame(p.clock() / 1000); p.collectLayout = false; return p.layout.circles; },
  at(p, id) {
    const c = bq.circles(p).find((c) => c.id === id), s = p.screenScale(), v = p.view;
    return c && { x: s.rect.left + (c.x + v.ox) * s.x, y: s.rect.top + (c.y + v.oy) * s.y, r: c.r * s.x };
  },
  memory: (p) => p.engine.recovery.memory.buffer.byteLength,
  frames(n) { return new Promise((resolve) => { const f = () => (n-- > 0 ? requestAnimationFrame(f) : resolve()); requestAnimationFrame(f); }); },
  /** Runs `n` rAF frames and returns how many the picker drew (its frame clock moved). */
  async moving(p, n) { const before = p.lastFrameTime; await bq.frames(n); return p.lastFrameTime !== before && p.running !== undefined; },
};
"""


def open_check(browser, base, body, device, console, **options):
    context, page = page_with(browser, base, body, device, console, **options)
    page.evaluate(PAGE_JS)
    return context, page


def platform_checks(browser, base, report):
    freeze_checks(browser, base, report)
    dom_checks(browser, base, report)
    collect_checks(browser, base, report)
    geometry_checks(browser, base, report)
    focus_checks(browser, base, report)
    restore_checks(browser, base, report)
    edge_checks(browser, base, report)


# Never freeze ---------------------------------------------------------------------------------

GROW_JS = """async ([mode]) => {
  const p = bq.picker(), errors = [];
  p.addEventListener("bubblerecover", (e) => errors.push(e.detail.message));
  const before = bq.memory(p), steps = [];
  const moving = async (what) => { const ok = await bq.moving(p, 20); steps.push([what, ok, bq.memory(p)]); };
  p.addMany(2000); await moving("2,000 adds");
  const snap = p.snapshot();
  const other = document.createElement("bubble-picker"); other.style.cssText = "width: 300px; height: 300px";
  if (mode) other.setAttribute(mode, "");
  document.body.append(other); await other.ready;
  const otherBefore = bq.memory(other);
  const restored = await other.restore(snap); await bq.frames(20);
  steps.push(["large restore", restored.ok && other.bubbles.length > 1000, bq.memory(other) - otherBefore]);
  const glyphs = Array.from({ length: 6000 }, (_, i) => String.fromCodePoint(0x4E00 + i)).join("");
  p.measureLabels([glyphs], true); p.changed(); await moving("label widths");
  const id = p.bubbles[0].id; p.select(id); await moving("a selection after growth");
  return { grew: bq.memory(p) - before, steps, errors, labels: bq.circles(p).length };
}"""


def freeze_checks(browser, base, report):
    for mode in ("", "horizontal-scroll", "vertical-scroll"):
        console = []
        context, page = open_check(browser, base, f"<bubble-picker {mode} style='height: 500px'>{GENRES}</bubble-picker>",
                                   PHONE, console)
        result = page.evaluate(GROW_JS, [mode])
        frozen = [s[0] for s in result["steps"] if not s[1]]
        report.check(f"element {mode or 'no scroll'}: wasm memory grows (+{result['grew'] / 2**20:.0f} MiB) and frames go on "
                     "after 2,000 adds, a large restore, label widths", result["grew"] > 0 and not frozen and not result["errors"],
                     f"frozen at {frozen}, recoveries {result['errors'][:2]}")
        report.check(f"element {mode or 'no scroll'}: no console errors while memory grows", not console, console[:3])
        context.close()


# DOM conventions ------------------------------------------------------------------------------

SHADOW_JS = """() => {
  const p = bq.picker(), names = new Set(Object.getOwnPropertyNames(p));
  for (let proto = Object.getPrototypeOf(p); proto && proto !== HTMLElement.prototype; proto = Object.getPrototypeOf(proto))
    for (const name of Object.getOwnPropertyNames(proto)) names.add(name);
  return { count: names.size, clashes: [...names].filter((n) => n !== "constructor" && n in HTMLElement.prototype) };
}"""


def dom_checks(browser, base, report):
    console = []
    context, page = open_check(browser, base, f"<bubble-picker>{GENRES}</bubble-picker><div id=after></div>", DESKTOP, console)
    names = page.evaluate(SHADOW_JS)
    report.check("element: none of its own members shadows a member of HTMLElement or its prototypes",
                 names["count"] > 50 and not names["clashes"], f"{names['count']} members, clashes {names['clashes']}")
    removed = page.evaluate("""() => { const p = bq.picker(), n = p.bubbles.length;
        const gone = p.removeBubbles((b) => b.label === "Jazz"); return [n, gone, p.bubbles.length]; }""")
    report.check("element: removeBubbles(predicate) removes the bubbles it names", removed[1] == 1, removed)
    gone = page.evaluate("() => { const p = bq.picker(); p.remove(); return [p.isConnected, document.querySelectorAll('bubble-picker').length]; }")
    report.check("element: el.remove() takes the element out of the page (Element.remove)", gone == [False, 0], gone)
    back = page.evaluate("""async () => { const p = document.createElement("bubble-picker"); p.innerHTML = "<option>A</option><option>B</option>";
        document.body.append(p); await p.ready; p.remove(); document.body.append(p); p.select(() => true); await bq.frames(5);
        const moved = await bq.moving(p, 10); return [p.bubbles.filter((b) => b.selected).length, moved, p.internals.states.has("disabled")]; }""")
    report.check("element: a picker removed and inserted again goes on (listeners re-added, frames run)", back == [2, True, False], back)
    reflected = page.evaluate("""async () => { const p = document.createElement("bubble-picker"); p.innerHTML = "<option>A</option>";
        p.maxSelected = 2; p.name = "n"; p.disabled = true; document.body.append(p); await p.ready;
        return [p.getAttribute("max-selected"), p.maxSelected, p.getAttribute("name"), p.hasAttribute("disabled"), p.get("maxSelected")]; }""")
    report.check("element: reflected properties (maxSelected, name, disabled) set their attributes and the engine",
                 reflected == ["2", 2, "n", True, 2], reflected)
    report.check("element: DOM conventions — no console errors", not console, console[:3])
    context.close()


# Collectable and bounded -----------------------------------------------------------------------

GC_JS = """async () => {
  const refs = [];
  const one = async () => { const p = document.createElement("bubble-picker"); p.innerHTML = "<option>A</option><option>B</option>";
    document.body.append(p); await p.ready; await bq.frames(2); p.remove(); return new WeakRef(p); };
  for (let i = 0; i < 10; i++) refs.push(await one());
  const control = new WeakRef(document.body.appendChild(document.createElement("div"))); control.deref().remove();
  // Up to 2 s of collections: a removed picker's last frame may still be queued on a loaded
  // machine (a leak stays alive however long this waits). A WeakRef made or deref'd holds its
  // target until the task ends, so every gc() runs in a task after the last deref.
  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
  for (let i = 0; i < 20; i++) {
    await sleep(0); gc(); await sleep(100);
    if (!refs.some((r) => r.deref()) && !control.deref()) break;
  }
  return { alive: refs.filter((r) => r.deref()).length, control: Boolean(control.deref()) };
}"""

JOURNAL_JS = """async () => {
  const p = bq.picker(), c = p.canvas, r = c.getBoundingClientRect(); p.autoplay = false; p.running = false;
  let t = performance.now() / 1000; const clock = p.clock, lengths = [], heap = [];
  const send = (type, x, y) => c.dispatchEvent(new PointerEvent(type, { pointerId: 1, clientX: r.left + x, clientY: r.top + y, bubbles: true, button: 0, isPrimary: true }));
  for (let i = 0; i < 2400; i++) {
    t += 1 / 60; p.clock = () => t * 1000;
    const k = i % 60, x = 60 + (i * 7) % 240, y = 60 + (i * 13) % 180;
    if (k === 0) send("pointerdown", x, y); else if (k < 40) send("pointermove", x + k, y + k / 2); else if (k === 40) send("pointerup", x + 40, y + 20);
    p.frame(t);
    if (i % 600 === 599) lengths.push(p.engine.recovery.journalLength);
  }
  p.clock = clock; p.autoplay = true; p.changed();
  return lengths;
}"""


def collect_checks(browser, base, report):
    console = []
    context, page = open_check(browser, base, f"<bubble-picker>{GENRES}</bubble-picker>", DESKTOP, console)
    gc = page.evaluate(GC_JS)
    report.check("element: 10 created and removed pickers are collected (gc), like a removed <div>",
                 gc["alive"] == 0 and not gc["control"], gc)
    lengths = page.evaluate(JOURNAL_JS)
    report.check("element: the trap-recovery journal stays bounded over 40 s of drags (checkpoints)",
                 max(lengths) <= 1300, f"journal entries every 10 s: {lengths}")
    report.check("element: lifecycle — no console errors", not console, console[:3])
    context.close()


# Geometry -------------------------------------------------------------------------------------

TAP_JS = """(index) => { const p = bq.picker(), b = p.bubbles.filter((b) => !b.selected)[index]; return { id: b.id, label: b.label, ...bq.at(p, b.id) }; }"""
# Under rotate(90deg) about (200px, 200px) of #wrap: the drawn centre rotated about that origin.
TAP_ROTATED_JS = """(index) => { const p = bq.picker(), b = p.bubbles.filter((b) => !b.selected)[index];
  const c = bq.circles(p).find((c) => c.id === b.id), v = p.view, ox = wrap.offsetLeft + 200 - scrollX, oy = wrap.offsetTop + 200 - scrollY;
  const x = wrap.offsetLeft - scrollX + c.x + v.ox, y = wrap.offsetTop - scrollY + c.y + v.oy;
  return { id: b.id, x: ox - (y - oy), y: oy + (x - ox) }; }"""


def geometry_checks(browser, base, report):
    wraps = (("zoom 2", "zoom: 2"), ("scale 0.75", "transform: scale(0.75); transform-origin: 0 0"),
             ("rotate 90deg", "transform: rotate(90deg); transform-origin: 200px 200px"),
             ("a scrolled container", "height: 200px; overflow: auto; padding-top: 150px"))
    for name, style in wraps:
        console = []
        body = f"<div id=wrap style='margin: 20px; {style}'><bubble-picker style='width: 360px; height: 300px'>{GENRES}</bubble-picker></div>"
        context, page = open_check(browser, base, body, DESKTOP, console)
        if "overflow" in style:
            page.evaluate("wrap.scrollTop = 120")
        page.evaluate("bq.frames(150)")
        hits = []
        for index in range(3):
            target = page.evaluate(TAP_ROTATED_JS if "rotate" in style else TAP_JS, index)
            page.mouse.click(target["x"], target["y"])
            page.evaluate("bq.frames(20)")
            chosen = page.evaluate("bq.picker().bubbles.filter((b) => b.selected).map((b) => b.id)")
            hits.append(target["id"] in chosen)
        report.check(f"element under {name}: 3 taps where bubbles are drawn select those bubbles", all(hits), hits)
        backing = page.evaluate("(() => { const p = bq.picker(), s = p.screenScale(); return [p.canvas.width, p.size.w, Math.max(s.x, s.y)]; })()")
        report.check(f"element under {name}: the canvas backing store follows the effective scale (crisp)",
                     abs(backing[0] - round(backing[1] * backing[2])) <= 1, f"{backing[0]} device px for {backing[1]} CSS px at x{backing[2]:.2f}")
        report.check(f"element under {name}: no console errors", not console, console[:3])
        context.close()
    console = []
    context, page = open_check(browser, base, f"<bubble-picker>{GENRES}</bubble-picker>", DESKTOP, console)
    cdp = context.new_cdp_session(page)
    before = page.evaluate("bq.picker().canvas.width")
    cdp.send("Emulation.setDeviceMetricsOverride", {"width": 1280, "height": 800, "deviceScaleFactor": 2, "mobile": False})
    page.evaluate("bq.frames(10)")
    after = page.evaluate("bq.picker().canvas.width")
    report.check("element: a devicePixelRatio change at the same CSS size re-sizes the canvas backing", after == 2 * before, f"{before} -> {after}")
    context.close()
    # A picker taller than the phone's screen lets a vertical swipe scroll the page.
    context, page = open_check(browser, base, f"<bubble-picker style='height: 1400px'>{GENRES}</bubble-picker>", PHONE, console)
    pans = page.evaluate("""async () => { const p = bq.picker(), a = getComputedStyle(p).touchAction;
        p.setAttribute("vertical-scroll", ""); await bq.frames(2); const b = getComputedStyle(p).touchAction;
        p.style.height = "400px"; p.removeAttribute("vertical-scroll"); await bq.frames(2); p.resize();
        return [a, b, getComputedStyle(p).touchAction]; }""")
    report.check("element: touch-action pan-y when taller than the viewport, none when vertical-scroll claims it or it fits",
                 pans == ["pan-y", "none", "none"], pans)
    context.close()
    scrolled = []
    for mode in ("", "vertical-scroll"):
        context, page = open_check(browser, base, f"<bubble-picker {mode} style='height: 1400px'>{GENRES}</bubble-picker><p>After</p>", PHONE, console)
        cdp = context.new_cdp_session(page)
        touch(cdp, "touchStart", [(0, (200, 700))])
        for step in range(1, 13):
            touch(cdp, "touchMove", [(0, (200, 700 - step * 40))])
        touch(cdp, "touchEnd", [])
        page.wait_for_timeout(400)
        scrolled.append(page.evaluate("scrollY"))
        context.close()
    report.check("element: a vertical swipe on a picker taller than the phone's screen scrolls the page (not with vertical-scroll)",
                 scrolled[0] > 100 and scrolled[1] < 5, f"scrollY {scrolled[0]}, with vertical-scroll {scrolled[1]}")
    report.check("element: touch panning — no console errors", not console, console[:3])


# Focus and keys -------------------------------------------------------------------------------

def focus_checks(browser, base, report):
    console = []
    context, page = open_check(browser, base, f"<button id=before>Before</button><bubble-picker>{GENRES}</bubble-picker>", DESKTOP, console)
    page.evaluate("bq.frames(120)")
    target = page.evaluate(TAP_JS, 0)
    page.mouse.click(target["x"], target["y"])
    page.evaluate("bq.frames(5)")
    ring = page.evaluate("getComputedStyle(bq.picker().listbox).boxShadow")
    report.check("element: no focus ring after a mouse click", ring == "none", ring)
    page.focus("#before")
    page.keyboard.press("Tab")
    page.evaluate("bq.frames(5)")
    ring = page.evaluate("getComputedStyle(bq.picker().listbox).boxShadow")
    report.check("element: the focus ring shows for keyboard focus (Tab)", ring != "none", ring)
    page.evaluate("""() => { window.keyLog = []; document.addEventListener("keydown", (e) => keyLog.push([e.key, e.altKey || e.ctrlKey || e.metaKey, e.defaultPrevented])); }""")
    count = page.evaluate("bq.picker().bubbles.length")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Alt+ArrowLeft")
    page.keyboard.press("Control+Backspace")
    page.keyboard.press("Meta+a")
    log = page.evaluate("keyLog")
    after = page.evaluate("bq.picker().bubbles.length")
    report.check("element: keys with Alt/Ctrl/Meta are not consumed (Alt+←, Ctrl+Backspace, Meta+A), plain arrows are",
                 log[0] == ["ArrowRight", False, True] and not any(e[2] for e in log[1:]) and after == count, f"{log}, bubbles {count} -> {after}")
    page.keyboard.press("End")
    order = page.evaluate("(() => { const d = bq.picker().engine.accessibility(); return [d.focused, d.elements[0].id, d.elements.at(-1).id]; })()")
    page.keyboard.press("Home")
    first = page.evaluate("bq.picker().engine.accessibility().focused")
    report.check("element: End focuses the last bubble in reading order, Home the first", order[0] == order[2] and first == order[1],
                 f"End -> {order[0]} (last {order[2]}), Home -> {first} (first {order[1]})")
    report.check("element: focus and keys — no console errors", not console, console[:3])
    context.close()


# Restore anywhere -----------------------------------------------------------------------------

TAGGED = "".join(f"<option data-tag=\"{i + 10}\" value=\"v{i}\">{v}</option>" for i, v in enumerate(("North", "South", "East", "West")))


def restore_checks(browser, base, report):
    console = []
    body = (f"<bubble-picker id=big style='width: 900px; height: 600px'>{TAGGED}</bubble-picker>"
            f"<bubble-picker id=small max-selected=1 style='width: 300px; height: 200px'></bubble-picker>")
    context, page = open_check(browser, base, body, {**DESKTOP, "viewport": {"width": 1280, "height": 900}}, console)
    page.evaluate("bq.frames(60)")
    result = page.evaluate("""async () => { const big = bq.picker(0), small = bq.picker(1);
        big.select({ tag: 11 }); const snap = big.snapshot(); const r = await small.restore(snap); await bq.frames(90);
        const inside = small.engine.accessibility().elements.every((e) => e.x >= -1 && e.y >= -1 && e.x + e.width <= 301 && e.y + e.height <= 201);
        return { ok: r.ok, inside, bubbles: small.bubbles.map((b) => [b.label, b.tag, b.value, b.selected]), max: small.get("maxSelected"), values: small.values }; }""")
    report.check("element: a 900x600 snapshot restored into a 300x200 picker keeps labels, tags, values, selection; bubbles inside",
                 result["ok"] and result["inside"] and sorted(result["bubbles"]) == sorted([["North", 10, "v0", False], ["South", 11, "v1", True], ["East", 12, "v2", False], ["West", 13, "v3", False]]),
                 result)
    report.check("element: attributes on the element win over the snapshot's settings (max-selected=1)", result["max"] == 1, result["max"])
    hits = []
    page.evaluate("bq.picker(1).deselectAll(); bq.picker(1).setAttribute('max-selected', 'none')")
    for index in range(3):
        target = page.evaluate("(i) => { const p = bq.picker(1), b = p.bubbles.filter((b) => !b.selected)[i]; return { id: b.id, ...bq.at(p, b.id) }; }", 0)
        page.mouse.click(target["x"], target["y"])
        page.evaluate("bq.frames(20)")
        hits.append(target["id"] in page.evaluate("bq.picker(1).bubbles.filter((b) => b.selected).map((b) => b.id)"))
    report.check("element: after that restore 3 taps on drawn bubbles select them", all(hits), hits)
    page.focus("#small")
    page.keyboard.press("Tab")
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("ArrowRight")
    ring = page.evaluate("""(() => { const p = bq.picker(1), o = p.shadowRoot.querySelector(".focused"); if (!o) return null;
        const a = o.getBoundingClientRect(), b = p.getBoundingClientRect(); return [a.left >= b.left - 1, a.right <= b.right + 1, a.top >= b.top - 1, a.bottom <= b.bottom + 1]; })()""")
    report.check("element: after that restore the keyboard focus ring sits inside the element", ring is not None and all(ring), ring)
    report.check("element: restore anywhere — no console errors", not console, console[:3])
    context.close()


# Small edges ----------------------------------------------------------------------------------

def edge_checks(browser, base, report):
    for seed in ("NaN", "abc", "3.7"):
        console = []
        context, page = open_check(browser, base, f"<bubble-picker seed='{seed}'>{GENRES}</bubble-picker>", DESKTOP, console)
        count = page.evaluate("bq.picker().bubbles.length")
        report.check(f"element: seed=\"{seed}\" warns (naming seed) and the picker starts", count == 6 and len(console) == 1 and "seed" in console[0], [count, console])
        context.close()
    console = []
    context, page = open_check(browser, base, "<div id=host></div>", DESKTOP, console)
    early = page.evaluate("""async () => { const p = document.createElement("bubble-picker"); let message = null;
        try { p.add({ label: "A" }); } catch (error) { message = error.name + ": " + error.message; }
        host.append(p); await p.ready; const id = p.add({ label: "A" }); return [message, id >= 0]; }""")
    report.check("element: a method before ready throws an error naming ready; after ready it works",
                 early[0] is not None and "ready" in early[0] and early[1], early)
    edges = page.evaluate("""async () => { const p = document.querySelector("bubble-picker");
        p.style.setProperty("--bubble-palette", "#e33, #3a3, #33e"); p.maxSelected = 1;
        p.add([{ label: "S1", selected: true }, { label: "S2", selected: true }, { label: "S3", selected: true }]);
        const painted = p.selectedIds.size, engine = p.bubbles.filter((b) => b.selected).length;
        p.add(Array.from({ length: 500 }, (_, i) => ({ label: "t" + i, tag: 1000 + i })));
        const t0 = performance.now(); for (let i = 0; i < 500; i++) p.removeBubbles({ tag: 1000 + i }); const ms = performance.now() - t0;
        const id = p.add({ label: "" }); p.updateAccessibility(true);
        const name = p.shadowRoot.getElementById("bubble-" + id).getAttribute("aria-label");
        return { painted, engine, ms, name }; }""")
    report.check("element: bubbles added selected beyond max-selected are not painted selected", edges["painted"] == edges["engine"] == 1, edges)
    report.check("element: 500 removeBubbles({tag}) calls take under 500 ms", edges["ms"] < 500, f"{edges['ms']:.0f} ms")
    report.check("element: a bubble with an empty label still has an accessible name", bool(edges["name"]), edges["name"])
    report.check("element: small edges — no console errors", not console, console[:3])
    context.close()
