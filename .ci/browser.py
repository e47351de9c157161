#!/usr/bin/env python3
"""The browser checks and screenshots behind .ci/browser (read it first); `fps`: browser_fps.py."""
import functools
import http.server
import json
import os
import shutil
import sys
import threading
import time

from playwright.sync_api import sync_playwright

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "out")
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 3, "is_mobile": True, "has_touch": True}
DESKTOP = {"viewport": {"width": 1280, "height": 800}, "device_scale_factor": 1}


class Quiet(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, ".wasm": "application/wasm", ".js": "text/javascript"}

    def log_message(self, *args):
        pass


def serve(directory):
    """Serves `directory` on 127.0.0.1 (a free port) from a daemon thread; returns the base URL."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=directory))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_address[1]}/"


class Report:
    def __init__(self):
        self.failures = 0
        self.passed = 0

    def check(self, name, ok, detail=""):
        print(("ok   " if ok else "FAIL ") + name + (f" — {detail}" if detail not in ("", None) else ""))
        if not ok:
            self.failures += 1
        else:
            self.passed += 1
        return ok


def watch_console(page, sink):
    page.on("console", lambda m: sink.append(f"{m.type}: {m.text}") if m.type in ("error", "warning") else None)
    page.on("pageerror", lambda e: sink.append(f"pageerror: {e}"))


# Helpers run in the page ----------------------------------------------------------------------

JS_HELPERS = """
window.bp = {
  picker: () => document.querySelector("bubble-picker"),
  events: [],
  listen() {
    for (const type of ["bubbleselect", "bubbledeselect", "bubbleremove", "selectionrefused", "pause", "resume"])
      this.picker().addEventListener(type, (e) => this.events.push({ type, detail: e.detail }));
  },
  /** Bubbles in client coordinates: {id, label, selected, x, y, r}. */
  bubbles() {
    const p = this.picker(), rect = p.getBoundingClientRect();
    return p.engine.accessibility().elements.map((e) => ({ id: e.id, label: e.label, selected: Boolean(e.selected),
      x: rect.left + e.x + e.width / 2, y: rect.top + e.y + e.height / 2, r: e.width / 2 }));
  },
  /** Labels outside their bubbles (drawn boxes vs circles), after a forced draw. */
  labelsOutside() {
    const p = this.picker();
    p.collectLayout = true; p.dirty = true; p.frame(p.clock() / 1000); p.collectLayout = false;
    const circles = new Map(p.layout.circles.map((c) => [c.id, c]));
    const bad = [];
    for (const l of p.layout.labels) {
      const c = circles.get(l.id);
      if (!c) continue;
      for (const [x, y] of [[l.x, l.y], [l.x + l.width, l.y], [l.x, l.y + l.height], [l.x + l.width, l.y + l.height]]) {
        // The text's box corners may round the rim by a pixel; beyond that the label spills.
        if (Math.hypot(x - c.x, y - c.y) > c.r + 1.5 && Math.abs(l.y + l.height / 2 - c.y) < c.r) {
          // Corners of the em box overshoot a round rim for any fitted text: check the ink's
          // widest line instead (the middle of the box) and the top and bottom centres.
          const mid = Math.max(Math.abs(l.x - c.x), Math.abs(l.x + l.width - c.x));
          const dy = Math.abs(l.y + l.height / 2 - c.y);
          if (Math.hypot(mid, dy) > c.r + 1.5) { bad.push(`${l.text} (#${l.id})`); break; }
        }
      }
    }
    return { labels: p.layout.labels.length, circles: p.layout.circles.length, bad };
  },
  frames(n) { return new Promise((resolve) => { const f = () => (n-- > 0 ? requestAnimationFrame(f) : resolve()); requestAnimationFrame(f); }); },
};
"""

CLIPPED_JS = """
() => {
  const bad = [];
  for (const el of document.querySelectorAll("button, label, select, summary, h1, h2, output, #readout, .setting > *, p")) {
    const style = getComputedStyle(el);
    if (el.closest("[hidden]") || style.display === "none" || style.visibility === "hidden" || !el.getClientRects().length) continue;
    if (el.scrollWidth > el.clientWidth + 1 && style.overflowX !== "auto") bad.push(`${el.tagName.toLowerCase()}#${el.id || ""} "${el.textContent.trim().slice(0, 30)}" ${el.scrollWidth}>${el.clientWidth}`);
  }
  return bad;
}
"""

TARGETS_JS = """
() => {
  const small = [];
  for (const el of document.querySelectorAll("button, select, input, summary, a[href]")) {
    if (el.closest("[hidden]") || !el.getClientRects().length || getComputedStyle(el).visibility === "hidden") continue;
    const target = el.closest("label") || el;   // a checkbox is hit through its label
    const box = target.getBoundingClientRect();
    if (box.height < 44 || box.width < 44) small.push(`${el.tagName.toLowerCase()}#${el.id || el.name || ""} ${Math.round(box.width)}x${Math.round(box.height)}`);
  }
  return small;
}
"""


def open_page(browser, url, device, console):
    context = browser.new_context(**device)
    page = context.new_page()
    watch_console(page, console)
    page.add_init_script(JS_HELPERS)
    page.goto(url)
    page.wait_for_function("document.querySelector('bubble-picker') && document.querySelector('bubble-picker').engine")
    page.evaluate("document.querySelector('bubble-picker').ready")
    return context, page


def touch(cdp, kind, points):
    cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": [
        {"x": x, "y": y, "id": i, "radiusX": 4, "radiusY": 4, "force": 1} for i, (x, y) in points]})


# The element on a plain page ------------------------------------------------------------------

def element_checks(browser, base, report):
    console = []
    context, page = open_page(browser, base + "web/example.html", PHONE, console)
    page.evaluate("bp.listen()")
    page.evaluate("bp.frames(90)")
    bubbles = page.evaluate("bp.bubbles()")
    report.check("element: one bubble per <option> child", len(bubbles) == 10, len(bubbles))
    # Tap selects, with the right detail.
    target = bubbles[0]
    page.touchscreen.tap(target["x"], target["y"])
    page.evaluate("bp.frames(20)")
    events = page.evaluate("bp.events")
    select = next((e for e in events if e["type"] == "bubbleselect"), None)
    report.check("element: a tap selects (bubbleselect with id and label)",
                 select is not None and select["detail"]["id"] == target["id"] and select["detail"]["label"] == target["label"],
                 select and select["detail"])
    # Two fingers drag two bubbles (no long press on a loaded machine's slow first moves).
    page.evaluate("bp.picker().set('longPressDuration', 5)")
    cdp = page.context.new_cdp_session(page)
    bubbles = page.evaluate("bp.bubbles()")
    a, b = sorted(bubbles, key=lambda e: e["x"])[0], sorted(bubbles, key=lambda e: e["x"])[-1]
    fingers = [(a["x"], a["y"]), (b["x"], b["y"])]
    touch(cdp, "touchStart", enumerate(fingers))
    for step in range(1, 16):
        page.evaluate("bp.frames(1)")
        fingers = [(a["x"] + 2 * step, a["y"] + 3 * step), (b["x"] - 2 * step, b["y"] + 3 * step)]
        touch(cdp, "touchMove", enumerate(fingers))
    page.evaluate("bp.frames(20)")
    now = {e["id"]: e for e in page.evaluate("bp.bubbles()")}
    gaps = [((now[x["id"]]["x"] - f[0]) ** 2 + (now[x["id"]]["y"] - f[1]) ** 2) ** 0.5 for x, f in zip((a, b), fingers)]
    report.check("element: two fingers drag two bubbles at once", all(g < 25 for g in gaps), f"{gaps[0]:.1f} and {gaps[1]:.1f} px from the fingers")
    touch(cdp, "touchEnd", [])
    page.evaluate("bp.picker().set('longPressDuration', 0.55)")
    page.evaluate("bp.frames(60)")
    # A flick: a fast throw keeps the bubble moving after release.
    bubbles = page.evaluate("bp.bubbles()")
    c = min(bubbles, key=lambda e: e["y"])
    start = (c["x"], c["y"])
    touch(cdp, "touchStart", [(0, start)])
    for step in range(1, 7):
        page.evaluate("bp.frames(1)")
        touch(cdp, "touchMove", [(0, (start[0], start[1] + 24 * step))])
    touch(cdp, "touchEnd", [])
    released = next(e for e in page.evaluate("bp.bubbles()") if e["id"] == c["id"])
    page.wait_for_timeout(100)
    after = next(e for e in page.evaluate("bp.bubbles()") if e["id"] == c["id"])
    report.check("element: a flicked bubble keeps moving the way it was thrown", after["y"] - released["y"] > 10,
                 f"{after['y'] - released['y']:.1f} px in the 100 ms after release")
    page.evaluate("bp.frames(60)")
    # Attributes change settings live.
    value = page.evaluate("""async () => { const p = bp.picker(); p.setAttribute("max-selected", "1");
        p.setAttribute("resistance", "4"); await Promise.resolve(); return [p.get("maxSelected"), p.get("resistance")]; }""")
    report.check("element: attributes set settings live (max-selected, resistance)", value == [1, 4], value)
    page.evaluate("""() => { const p = bp.picker(); p.removeAttribute("max-selected"); p.deselectAll(); bp.events.length = 0; }""")
    # Keyboard: Tab focuses the listbox, an arrow focuses a bubble, Enter selects it, Delete removes it.
    # Focus from outside: a click on the text after the picker, then Shift+Tab back into it.
    page.click("#chosen")
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("ArrowRight")
    focused = page.evaluate("bp.picker().engine.accessibility().focused")
    page.keyboard.press("Enter")
    page.evaluate("bp.frames(3)")
    events = page.evaluate("bp.events")
    report.check("element: keyboard focus + Enter selects (bubbleselect)", focused is not None and any(
        e["type"] == "bubbleselect" and e["detail"]["id"] == focused for e in events), f"focused {focused}, events {[e['type'] for e in events]}")
    active = page.evaluate("bp.picker().shadowRoot.querySelector('[role=listbox]').getAttribute('aria-activedescendant')")
    report.check("element: aria-activedescendant names the focused option", active == f"bubble-{focused}", active)
    ax_checks(page, cdp, report, "element")
    page.keyboard.press("Enter")
    page.keyboard.press("Delete")
    page.evaluate("bp.frames(40)")
    types = [e["type"] for e in page.evaluate("bp.events")]
    report.check("element: Enter again deselects, Delete removes (bubbledeselect, bubbleremove)",
                 "bubbledeselect" in types and "bubbleremove" in types, types)
    # Methods: by tag and by predicate; the loop stops at rest.
    count = page.evaluate("""() => { const p = bp.picker(); p.deselectAll(); return p.select((b) => b.label.length <= 4); }""")
    page.evaluate("bp.frames(30)")
    chosen = page.evaluate("bp.bubbles().filter((b) => b.selected).map((b) => b.label)")
    report.check("element: select(predicate) selects the bubbles it names", count > 0 and all(len(l) <= 4 for l in chosen) and len(chosen) == count, chosen)
    rest = page.evaluate("""() => new Promise((resolve) => setTimeout(() => resolve(bp.picker().running), 6000))""")
    report.check("element: the frame loop stops at rest", rest is False, rest)
    outside = page.evaluate("bp.labelsOutside()")
    report.check("element: no label outside its bubble", not outside["bad"] and outside["labels"] > 0, outside)
    report.check("element: no console errors or warnings", not console, console)
    context.close()


def ax_checks(page, cdp, report, where):
    """The accessibility tree: one option per bubble, named, with its selected state."""
    tree = cdp.send("Accessibility.getFullAXTree")["nodes"]
    def prop(node, name):
        return next((p["value"].get("value") for p in node.get("properties", []) if p["name"] == name), None)
    options = [n for n in tree if n.get("role", {}).get("value") == "option" and not n.get("ignored")]
    listboxes = [n for n in tree if n.get("role", {}).get("value") == "listbox"]
    bubbles = page.evaluate("bp.bubbles()")
    by_name = {}
    for o in options:
        by_name.setdefault(o.get("name", {}).get("value", ""), []).append(bool(prop(o, "selected")))
    states_ok = all(b["selected"] in by_name.get(b["label"], []) for b in bubbles)
    report.check(f"{where}: accessibility tree has a listbox with one named option per bubble and its selected state",
                 len(listboxes) == 1 and len(options) == len(bubbles) and all(o.get("name", {}).get("value") for o in options) and states_ok,
                 f"{len(listboxes)} listbox, {len(options)} options for {len(bubbles)} bubbles, "
                 f"{sum(1 for o in options if prop(o, 'selected'))} selected")
    return options


# The playground on phone and desktop -----------------------------------------------------------

def playground_checks(browser, base, report):
    for name, device in (("phone", PHONE), ("desktop", DESKTOP)):
        console = []
        context, page = open_page(browser, base + "playground.html", device, console)
        page.evaluate("bp.listen(); bp.frames(120)")
        if name == "phone":
            size = page.evaluate("(() => { const r = bp.picker().getBoundingClientRect(); return [r.width, r.height]; })()")
            report.check("phone: the picker fills the screen's width and most of its height", size[0] >= 388 and size[1] >= 600, size)
            page.tap("#sheet-handle")
            page.wait_for_timeout(100)
        page.click("#debug-toggle") if name == "desktop" else None
        clipped = page.evaluate(CLIPPED_JS)
        report.check(f"{name}: no control text clipped (scrollWidth <= clientWidth)", not clipped, clipped)
        if name == "phone":
            small = page.evaluate(TARGETS_JS)
            report.check("phone: touch targets >= 44 CSS px", not small, small)
            page.tap("#sheet-handle")
        # Three selected, then +1,000: labels stay inside their bubbles.
        page.evaluate("""() => { const p = bp.picker(); p.select((b) => b.id < 3); }""")
        page.evaluate("bp.frames(60)")
        outside = page.evaluate("bp.labelsOutside()")
        report.check(f"{name}: three selected — no label outside its bubble", not outside["bad"], outside)
        page.evaluate("bp.picker().addMany(1000, THOUSAND)")
        page.evaluate("bp.frames(90)")
        outside = page.evaluate("bp.labelsOutside()")
        report.check(f"{name}: +1,000 — no label outside its bubble", not outside["bad"], f"{outside['labels']} labels, {len(outside['bad'])} outside {outside['bad'][:5]}")
        report.check(f"{name}: no console errors or warnings", not console, console)
        context.close()
    # The scripted self-test of the playground (also run by Tests/WasmTests/BrowserTests).
    console = []
    context = browser.new_context(**DESKTOP)
    page = context.new_page()
    watch_console(page, console)
    page.goto(base + "playground.html#selftest")
    page.wait_for_function("document.getElementById('selftest').textContent !== ''", timeout=120000)
    result = json.loads(page.text_content("#selftest"))
    bad = [c["name"] + ": " + c["detail"] for c in result["checks"] if not c["ok"]]
    report.check(f"playground #selftest: {len(result['checks'])} checks pass", result["ok"] and not bad, bad or result["errors"])
    context.close()


# Screenshots -----------------------------------------------------------------------------------

def shots(browser, base, directory):
    os.makedirs(directory, exist_ok=True)
    taken = []
    for name, device in (("desktop", DESKTOP), ("phone", PHONE)):
        console = []
        context, page = open_page(browser, base + "playground.html", device, console)
        page.evaluate("bp.frames(150)")
        wait_rest(page)
        taken.append(shot(page, directory, f"{name}-load.png"))
        page.evaluate("""() => { const p = bp.picker(); const b = p.bubbles; for (const i of [0, 3, 7]) if (b[i]) p.select(b[i].id); }""")
        page.evaluate("bp.frames(60)")
        wait_rest(page)
        taken.append(shot(page, directory, f"{name}-three-selected.png"))
        page.evaluate("bp.picker().addMany(1000, THOUSAND)")
        settle(page, 8)
        taken.append(shot(page, directory, f"{name}-plus-1000.png"))
        if name == "phone":
            page.evaluate("bp.picker().engine && 0")
            page.tap("#sheet-handle")
            page.wait_for_timeout(150)
            taken.append(shot(page, directory, "phone-sheet-open.png"))
        if console:
            print(f"{name}: console: {console}")
        context.close()
    for name, device in (("example-desktop", DESKTOP), ("example-phone", PHONE)):
        context, page = open_page(browser, base + "web/example.html", device, [])
        page.evaluate("bp.frames(120)")
        wait_rest(page)
        taken.append(shot(page, directory, f"{name}.png"))
        context.close()
    print("\n".join(taken))


def settle(page, seconds):
    """Runs `seconds` of display frames at 60 Hz on the element's own clock, as fast as the machine
    allows (a loaded machine's slow frames would otherwise make the engine catch up in big steps)."""
    page.evaluate(f"""() => {{ const p = bp.picker(); p.autoplay = false; p.running = false;
        let t = performance.now() / 1000; const clock = p.clock;
        for (let i = 0; i < {seconds * 60}; i++) {{ t += 1 / 60; p.clock = () => t * 1000; p.frame(t); }}
        p.clock = clock; p.autoplay = true; p.changed(); }}""")
    page.evaluate("bp.frames(3)")


def wait_rest(page, seconds=6):
    page.evaluate(f"""() => new Promise((resolve) => {{ const end = performance.now() + {seconds * 1000};
        const poll = () => (!bp.picker().running || performance.now() > end ? resolve() : setTimeout(poll, 100)); poll(); }})""")


def shot(page, directory, name):
    path = os.path.join(directory, name)
    page.screenshot(path=path)
    return path


def main():
    command = sys.argv[1] if len(sys.argv) > 1 else "check"
    base = serve(OUT)
    started = time.monotonic()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=shutil.which("chromium"), args=["--no-sandbox", "--disable-gpu", "--js-flags=--expose-gc"])
        if command in ("check", "web"):
            from browser_element import element_more_checks
            from browser_render import render_checks
            from browser_platform import platform_checks
            from browser_forms import form_checks
            report = Report()
            if command == "check":
                from fit import fit_checks
                element_checks(browser, base, report)
                element_more_checks(browser, base, report)
                render_checks(browser, base, report)
                fit_checks(browser, base, report)
            platform_checks(browser, base, report)
            form_checks(browser, base, report)
            if command == "check":
                playground_checks(browser, base, report)
            print(f"browser: {report.passed} ok, {report.failures} failed, {time.monotonic() - started:.0f} s")
            sys.exit(1 if report.failures else 0)
        elif command == "shots":
            shots(browser, base, sys.argv[2] if len(sys.argv) > 2 else os.path.join(OUT, "shots"))
        elif command == "fontshots":
            from browser_element import font_shots
            font_shots(browser, base, sys.argv[2] if len(sys.argv) > 2 else os.path.join(OUT, "shots-font"))
        elif command in ("soak", "webshots"):
            from browser_forms import soak, web_shots
            if command == "soak":
                soak(browser, base, float(sys.argv[2]) if len(sys.argv) > 2 else 600)
            else:
                web_shots(browser, base, sys.argv[2] if len(sys.argv) > 2 else os.path.join(OUT, "shots-web"))
        elif command == "fps":
            from browser_fps import fps
            fps(browser, base, sys.argv[2] if len(sys.argv) > 2 else None)
        elif command == "fit":
            from fit import fit_shots
            fit_shots(browser, base, sys.argv[2] if len(sys.argv) > 2 else os.path.join(OUT, "shots-fit"))
        else:
            sys.exit("usage: .ci/browser [check | web | shots DIR | fontshots DIR | webshots DIR | soak [SECONDS] | fps [BEFORE.html] | fit DIR | perf ...]")
        browser.close()


if __name__ == "__main__":
    main()
