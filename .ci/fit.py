"""`.ci/browser fit [DIR]`: the fit policy (issue 38) in the <bubble-picker> element, in headless Chromium.

For each case and policy (`none`, the behaviour before fit policies, and the default `scaleThenScroll`)
the example page's element is made the case's size, filled with `addMany(n)` bubbles of 20-80 pt (or
keeps its own ten options in the 200 x 200 box), settled for 10 s of frames, and measured from the
element's own API (accessibility frames): worst and mean overlap as a fraction of the smaller radius,
pairs overlapping more than 5%, the smallest label drawn (CSS px), and labels under 9 px. Screenshots of
each go to DIR (default out/shots-fit). Prints one row per case and policy.
"""
import itertools
import os

from browser import PHONE, open_page, settle, shot

CASES = [  # name, width, height, bubbles added (0: the example's own options), rotate after settling
    ("phone-200", 390, 844, 200, False),
    ("phone-1000", 390, 844, 1000, False),
    ("box-200-options", 200, 200, 0, False),
    ("phone-200-rotated", 390, 844, 200, True),
]

SIZE_JS = """([w, h]) => { const p = bp.picker(); Object.assign(p.style, {position: 'fixed', left: '0px', top: '0px',
    width: w + 'px', height: h + 'px', margin: '0'}); }"""

LABELS_JS = """() => { const p = bp.picker(); p.collectLayout = true; p.dirty = true; p.frame(p.clock() / 1000);
    p.collectLayout = false; return p.layout.labels.map((l) => l.height); }"""


def overlap(bubbles):
    worst, total, touching, over5 = 0.0, 0.0, 0, 0
    for a, b in itertools.combinations(bubbles, 2):
        depth = a["r"] + b["r"] - ((a["x"] - b["x"]) ** 2 + (a["y"] - b["y"]) ** 2) ** 0.5
        if depth <= 0:
            continue
        fraction = depth / min(a["r"], b["r"])
        worst, total, touching = max(worst, fraction), total + fraction, touching + 1
        over5 += fraction > 0.05
    return worst, (total / touching if touching else 0.0), over5


def fit_shots(browser, base, directory):
    os.makedirs(directory, exist_ok=True)
    print("case               policy           bubbles  worst    mean     >5%    min_label_px  labels<9px")
    for (name, width, height, count, rotate), policy in itertools.product(CASES, ("none", "scaleThenScroll")):
        try:
            measure(browser, base, directory, name, width, height, count, rotate, policy)
        except Exception as error:  # a page that fails (e.g. memory growth under 1,000 bubbles) is reported, not fatal
            print(f"{name:<18} {policy:<16} failed: {str(error).splitlines()[0][:120]}")


def measure(browser, base, directory, name, width, height, count, rotate, policy):
    context, page = open_page(browser, base + "web/example.html", PHONE, [])
    page.evaluate(SIZE_JS, [width, height])
    page.evaluate(f"bp.picker().setAttribute('fit-policy', '{policy}')")
    if count:
        page.evaluate(f"bp.picker().addMany({count}, {{ seed: 38 }})")
    page.evaluate("bp.frames(5)")
    settle(page, 10)
    if rotate:
        page.evaluate(SIZE_JS, [height, width])
        page.evaluate("bp.frames(5)")
        settle(page, 10)
    bubbles = page.evaluate("bp.bubbles()")
    worst, mean, over5 = overlap(bubbles)
    labels = page.evaluate(LABELS_JS)
    smallest = min(labels) if labels else float("nan")
    under9 = sum(1 for size in labels if size < 9)
    print(f"{name:<18} {policy:<16} {len(bubbles):<8} {worst * 100:6.1f}%  {mean * 100:6.1f}%  {over5:<6} "
          f"{smallest:<13.1f} {under9}/{len(labels)}")
    shot(page, directory, f"{name}-{policy}.png")
    context.close()
