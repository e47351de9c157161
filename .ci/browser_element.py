"""More checks of the <bubble-picker> element for .ci/browser (read it first): reduced motion,
snapshot and restore, the long press, and labels laid out in the page's real font (per-frame
costs and the first picture: .ci/browser_render.py)."""
import os
import re

from browser import DESKTOP, PHONE, open_page, touch, wait_rest, shot

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
