"""`.ci/browser fit [DIR]`: the fit policy (issue 38) in the <bubble-picker> element, in headless Chromium.

Each case makes the example page's element the case's size on a phone (390 x 844, DPR 3, touch) or an
iPad (1024 x 1366, DPR 2, touch), fills it with `addMany(n)` bubbles of 20-80 pt (its own <option>s
removed, so the count is the native bench's) or keeps the first k of its <option>s (80 pt genres),
settles 10 s of 60 Hz frames on the element's own clock, and measures what the element's own API
shows (accessibility frames, the renderer's label boxes): worst and mean overlap of drawn circles as
a fraction of the smaller radius, pairs overlapping more than 5%, the smallest label drawn (CSS px)
and labels under 11 px, bubbles reaching past the element across its scroll axis. The same scenes
natively: `bubblepicker bench fit` (.ci/benchmarks/*/fit-*.csv). A rotated case turns the page's
viewport and the element to landscape after settling, then settles again.

Assertions (every policy but `none`, the behaviour before fit policies, printed for comparison):
worst overlap <= 5% (1% for 8-10 genres in a box or a strip, where native lies at 0.0-0.1%; 1.5%
on the iPad, where the policy does not act and native lies at 0.4-0.7%) and no pair over 5% after
settling, no label under 11 px, nothing past the element across the scroll axis. In the overfull cases that scroll, the wheel is run through the whole
extent and every bubble must come wholly into view at some offset, and keyboard focus (Home, End,
arrows) must scroll the focused bubble wholly into view. Screenshots of each go to DIR (default
out/shots-fit). `fit_checks` runs a quick subset inside `.ci/browser` (check).
"""
import itertools
import os
from collections import namedtuple

from browser import PHONE, Report, open_page, settle, shot

IPAD = {"viewport": {"width": 1024, "height": 1366}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}
DEFAULT = "scaleThenScroll"

WORST = 0.05      # worst overlap after settling, fraction of the smaller radius (a case may ask less)
MIN_LABEL = 11    # CSS px: the engine's smallest label at the default font

Case = namedtuple("Case", "name device width height count options rotate policies reach worst", defaults=(WORST,))
CASES = [
    Case("phone-200", PHONE, 390, 844, 200, 0, False, ("none", DEFAULT), False),
    Case("phone-1000", PHONE, 390, 844, 1000, 0, False, ("none", DEFAULT), True),
    Case("box-200-8", PHONE, 200, 200, 0, 8, False, ("none", DEFAULT), False, 0.01),
    Case("box-200-10", PHONE, 200, 200, 0, 10, False, ("none", "scroll", DEFAULT), False, 0.01),
    Case("phone-200-rotated", PHONE, 390, 844, 200, 0, True, ("none", DEFAULT), False),
    Case("phone-1000-rotated", PHONE, 390, 844, 1000, 0, True, (DEFAULT,), True),
    Case("strip-150x600-8", PHONE, 150, 600, 0, 8, False, ("none", DEFAULT), False, 0.01),
    Case("strip-150x600-200", PHONE, 150, 600, 200, 0, False, ("none", "scroll", DEFAULT), True),
    Case("ipad-200", IPAD, 1024, 1366, 200, 0, False, ("none", DEFAULT), False, 0.015),
]
QUICK = [  # the subset `.ci/browser` checks: few large bubbles in a box, an overfull strip that scrolls
    Case("box-200-10", PHONE, 200, 200, 0, 10, False, (DEFAULT,), False, 0.01),
    Case("strip-150x600-200", PHONE, 150, 600, 200, 0, False, (DEFAULT,), True),
]

SIZE_JS = """([w, h]) => { const p = bp.picker(); Object.assign(p.style, {position: 'fixed', left: '0px', top: '0px',
    width: w + 'px', height: h + 'px', margin: '0', background: '#fff', zIndex: '1'}); }"""

KEEP_OPTIONS_JS = """(k) => { const p = bp.picker(); for (const o of [...p.querySelectorAll(':scope > option')].slice(k)) o.remove(); }"""

LABELS_JS = """() => { const p = bp.picker(); p.collectLayout = true; p.dirty = true; p.frame(p.clock() / 1000);
    p.collectLayout = false; return p.layout.labels.map((l) => l.height); }"""

# The bubbles wholly in view (1 px of slack) and the focused one, in client coordinates.
IN_VIEW_JS = """() => { const rect = bp.picker().getBoundingClientRect(), data = bp.picker().engine.accessibility();
    const inside = (b) => b.x - b.r >= rect.left - 1 && b.x + b.r <= rect.right + 1 && b.y - b.r >= rect.top - 1
        && b.y + b.r <= rect.bottom + 1;
    const all = bp.bubbles();
    return { ids: all.filter(inside).map((b) => b.id), count: all.length, focused: data.focused,
             focusedInView: data.focused === null ? null : all.some((b) => b.id === data.focused && inside(b)) }; }"""


def overlap(bubbles):
    """Worst and mean overlap of intersecting pairs (fraction of the smaller radius), pairs over 5%."""
    worst, total, touching, over5 = 0.0, 0.0, 0, 0
    for a, b in itertools.combinations(bubbles, 2):
        depth = a["r"] + b["r"] - ((a["x"] - b["x"]) ** 2 + (a["y"] - b["y"]) ** 2) ** 0.5
        if depth <= 0:
            continue
        fraction = depth / min(a["r"], b["r"])
        worst, total, touching = max(worst, fraction), total + fraction, touching + 1
        over5 += fraction > 0.05
    return worst, (total / touching if touching else 0.0), over5


def outside_across(bubbles, rect, horizontal):
    """Bubbles reaching more than 1 px past the element across its scroll axis."""
    if horizontal:
        return sum(1 for b in bubbles if b["y"] - b["r"] < rect["top"] - 1 or b["y"] + b["r"] > rect["bottom"] + 1)
    return sum(1 for b in bubbles if b["x"] - b["r"] < rect["left"] - 1 or b["x"] + b["r"] > rect["right"] + 1)


def fit_shots(browser, base, directory):
    """The whole table with screenshots; exits 1 when an assertion failed."""
    report = Report()
    os.makedirs(directory, exist_ok=True)
    run_cases(browser, base, CASES, report, directory)
    print(f"fit: {report.passed} ok, {report.failures} failed")
    if report.failures:
        raise SystemExit(1)


def fit_checks(browser, base, report):
    """The quick subset, as checks of `.ci/browser`."""
    run_cases(browser, base, QUICK, report, None)


def run_cases(browser, base, cases, report, directory):
    print("case                 policy           bubbles  worst    mean     >5%    min_label_px  labels<11px  outside")
    for case in cases:
        for policy in case.policies:
            try:
                measure(browser, base, directory, case, policy, report)
            except Exception as error:  # a page that fails is a failed check, and the table goes on
                report.check(f"fit {case.name} {policy}: the page runs", False, str(error).splitlines()[0][:160])


def measure(browser, base, directory, case, policy, report):
    context, page = open_page(browser, base + "web/example.html", case.device, [])
    try:
        measure_page(page, directory, case, policy, report)
    finally:
        context.close()


def measure_page(page, directory, case, policy, report):
    page.evaluate(SIZE_JS, [case.width, case.height])
    page.evaluate(f"bp.picker().setAttribute('fit-policy', '{policy}')")
    page.evaluate(KEEP_OPTIONS_JS, case.options)
    if case.count:
        page.evaluate(f"bp.picker().addMany({case.count}, {{ seed: 38 }})")
    page.evaluate("bp.frames(5)")
    settle(page, 10)
    width, height = case.width, case.height
    if case.rotate:
        width, height = height, width
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate(SIZE_JS, [width, height])
        page.evaluate("bp.frames(5)")
        settle(page, 10)
    bubbles = page.evaluate("bp.bubbles()")
    rect = page.evaluate("(() => { const r = bp.picker().getBoundingClientRect(); return {left: r.left, top: r.top, right: r.right, bottom: r.bottom}; })()")
    worst, mean, over5 = overlap(bubbles)
    outside = outside_across(bubbles, rect, width > height)
    labels = page.evaluate(LABELS_JS)
    smallest = min(labels) if labels else float("nan")
    small = sum(1 for size in labels if size < MIN_LABEL - 0.05)
    print(f"{case.name:<20} {policy:<16} {len(bubbles):<8} {worst * 100:6.1f}%  {mean * 100:6.1f}%  {over5:<6} "
          f"{smallest:<13.1f} {small}/{len(labels):<10} {outside}", flush=True)
    if directory:
        shot(page, directory, f"{case.name}-{policy}.png")
    if policy != "none":
        name = f"fit {case.name} {policy}"
        report.check(f"{name}: worst overlap <= {case.worst:.1%}, no pair over 5%, labels >= {MIN_LABEL} px, none outside",
                     worst <= case.worst and over5 == 0 and small == 0 and outside == 0,
                     f"worst {worst:.1%}, {over5} pairs > 5%, {small} labels < {MIN_LABEL} px, {outside} outside")
        if case.reach:
            reach_checks(page, name, report)


WHEEL_JS = """() => { window.fitWheel = { taken: 0, passed: 0 };
    document.addEventListener('wheel', (e) => { if (e.defaultPrevented) fitWheel.taken++; else fitWheel.passed++; }); }"""


def reach_checks(page, name, report):
    """The wheel through the whole extent shows every bubble whole; keyboard focus scrolls to it.
    The end of the extent: the element leaves a wheel to the page (not defaultPrevented)."""
    box = page.evaluate("(() => { const r = bp.picker().getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2, Math.max(r.width, r.height)]; })()")
    page.evaluate(WHEEL_JS)
    page.mouse.move(box[0], box[1])
    page.mouse.wheel(0, -1e6)  # to the start
    page.evaluate("bp.frames(2)")
    page.evaluate("fitWheel.taken = fitWheel.passed = 0")
    seen, turns = set(page.evaluate(IN_VIEW_JS)["ids"]), 0
    count = page.evaluate("bp.bubbles().length")
    for turns in range(1, 400):  # half a view per turn: every bubble is whole in some window
        page.mouse.wheel(0, box[2] / 2)
        page.evaluate("bp.frames(2)")
        seen.update(page.evaluate(IN_VIEW_JS)["ids"])
        if page.evaluate("fitWheel.passed") > 0:
            break
    report.check(f"{name}: the wheel scrolls through the content and every bubble comes wholly into view",
                 page.evaluate("fitWheel.taken") > 1 and len(seen) == count,
                 f"{len(seen)} of {count} seen whole over {turns} wheel turns")
    page.focus("bubble-picker")
    missed, keys = [], ["End", "Home"] + ["ArrowDown"] * 12 + ["End"] + ["ArrowUp"] * 6 + ["ArrowRight", "ArrowLeft"]
    for key in keys:
        page.keyboard.press(key)
        page.evaluate("bp.frames(2)")
        state = page.evaluate(IN_VIEW_JS)
        if state["focused"] is None or not state["focusedInView"]:
            missed.append(f"{key}: #{state['focused']}")
    report.check(f"{name}: keyboard focus (Home, End, arrows) scrolls the focused bubble wholly into view",
                 not missed, missed[:4])
    kept = page.evaluate("""() => { const e = bp.picker().engine, before = e.accessibility().focused;
        const done = e.checkpoint(); return [before, done, e.accessibility().focused]; }""")
    report.check(f"{name}: a journal checkpoint (snapshot and restore) keeps the keyboard focus",
                 kept[0] is not None and kept[1] and kept[2] == kept[0], kept)
