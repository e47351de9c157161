"""`.ci/browser fps [BEFORE]` (read .ci/browser first): frames per second and physics / scene /
draw ms per frame of the playground at 20, 1,017 and 2,017 bubbles, beside BEFORE (another
playground.html) in the same run, with the load average."""
import os

from browser import DESKTOP

# What both scripts below start with (inside their function, after `kind`): `parts` (ms per part,
# added up by wrappers on the engine and the renderer, or on the old playground's functions),
# `picker` (null on the old page), `surface`, `add(n)` and `addOne()`, `fire(type, angle)` (a
# touch pointer event on a circle round the stage's centre) and `median(xs)`.
SETUP_JS = """
  const after = kind === "after";
  const parts = { physics: 0, scene: 0, draw: 0 };
  const wrap = (object, name, part) => { const f = object[name].bind(object);
    object[name] = (...args) => { const t = performance.now(); try { return f(...args); } finally { parts[part] += performance.now() - t; } }; };
  const picker = after ? document.querySelector("bubble-picker") : null;
  if (after) {
    wrap(picker.engine, "frame", "physics"); wrap(picker.engine, "scene", "scene"); wrap(picker.renderer, "draw", "draw");
  } else {
    wrap(app.engine, "advance", "physics"); wrap(app.engine, "scene", "scene");
    const draw = window.drawScene;
    window.drawScene = (...args) => { const t = performance.now(); try { return draw(...args); } finally { parts.draw += performance.now() - t; } };
  }
  const surface = after ? picker.canvas : document.getElementById("canvas");
  const add = (n) => after ? picker.addMany(n, { minSize: 20, maxSize: 20 }) : app.engine.addMany(n, 2);
  const addOne = () => after ? picker.add({ label: "Extra" }) : app.engine.add(0);
  const rect = surface.getBoundingClientRect();
  const cx = rect.left + rect.width / 2, cy = rect.top + rect.height / 2, radius = Math.min(rect.width, rect.height) / 5;
  const fire = (type, angle) => surface.dispatchEvent(new PointerEvent(type, { clientX: cx + radius * Math.cos(angle),
    clientY: cy + radius * Math.sin(angle), pointerId: 41, pointerType: "touch", isPrimary: true, bubbles: true, cancelable: true }));
  const median = (xs) => { const s = xs.slice().sort((a, b) => a - b); return s.length ? s[Math.floor(s.length / 2)] : NaN; };
"""

MEASURE_JS = """
async ([kind, counts, seconds]) => {
""" + SETUP_JS + """  // A finger circling on the stage keeps the crowd moving (the background drag moves the field's
  // anchor; on a bubble it drags it) so every frame runs physics, scene and drawing.
  const results = [];
  let have = 17;
  for (const count of counts) {
    while (have < count) { const step = count - have >= 100 ? 1000 * Math.floor((count - have) / 1000) : 0;
      if (step > 0) { add(step); have += step; } else { addOne(); have += 1; } }
    const frames = [];
    let angle = 0, down = false;
    await new Promise((resolve) => {
      const start = performance.now();
      let last = null, previous = { ...parts };
      const tick = (t) => {
        angle += 0.05;
        if (!down) { fire("pointerdown", angle); down = true; } else fire("pointermove", angle);
        if (last !== null && t - start > 1000) frames.push({ dt: t - last, physics: parts.physics - previous.physics,
          scene: parts.scene - previous.scene, draw: parts.draw - previous.draw });
        previous = { ...parts }; last = t;
        if (t - start < 1000 + seconds * 1000) requestAnimationFrame(tick); else { fire("pointerup", angle); resolve(); }
      };
      requestAnimationFrame(tick);
    });
    results.push({ count, frames: frames.length, fps: 1000 / median(frames.map((f) => f.dt)),
      physics: median(frames.map((f) => f.physics)), scene: median(frames.map((f) => f.scene)), draw: median(frames.map((f) => f.draw)) });
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  return results;
}
"""


FIXED_JS = """
async ([kind, counts, frames]) => {
""" + SETUP_JS + """  let frame;
  if (after) {
    picker.autoplay = false; picker.running = false;
    let t = performance.now() / 1000;
    picker.clock = () => t * 1000;
    frame = () => { t += 1 / 60; picker.frame(t); };
  } else {
    frame = () => tick(1 / 60);
  }
  const results = [];
  let have = 17;
  for (const count of counts) {
    while (have < count) { if (count - have >= 1000) { add(1000); have += 1000; } else { addOne(); have += 1; } }
    for (let i = 0; i < 60; i++) frame();
    const rows = [];
    let angle = 0;
    fire("pointerdown", angle);
    for (let i = 0; i < frames; i++) {
      const before = { ...parts }, start = performance.now();
      angle += 0.05; fire("pointermove", angle); frame();
      rows.push({ total: performance.now() - start, physics: parts.physics - before.physics, scene: parts.scene - before.scene, draw: parts.draw - before.draw });
    }
    fire("pointerup", angle);
    results.push({ count, total: median(rows.map((r) => r.total)), physics: median(rows.map((r) => r.physics)),
      scene: median(rows.map((r) => r.scene)), draw: median(rows.map((r) => r.draw)) });
  }
  return results;
}
"""


def evaluate_on_pages(browser, pages, script, args):
    """Opens each (kind, url) page on the desktop, waits for its engine and half a second, and
    evaluates `script` with [kind, *args]: [(kind, row)] for every row it returns."""
    rows = []
    for kind, url in pages:
        context = browser.new_context(**DESKTOP)
        page = context.new_page()
        page.goto(url)
        if kind == "after":
            page.wait_for_function("document.querySelector('bubble-picker') && document.querySelector('bubble-picker').engine")
        else:
            page.wait_for_function("typeof app !== 'undefined' && app.engine && app.view")
        page.wait_for_timeout(500)
        rows.extend((kind, r) for r in page.evaluate(script, [kind, *args]))
        context.close()
    return rows


def fps(browser, base, before):
    counts = [20, 1017, 2017]
    pages = []
    if before:
        pages.append(("before", "file://" + os.path.abspath(before)))
    pages.append(("after", base + "playground.html"))
    load = os.getloadavg()
    rows = evaluate_on_pages(browser, pages, MEASURE_JS, [counts, 4])
    fixed = evaluate_on_pages(browser, pages, FIXED_JS, [counts, 120])
    load_after = os.getloadavg()
    print(f"load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} (start), {load_after[0]:.2f} (end); "
          f"Chromium {browser.version}, 1280x800, DPR 1; medians over 4 s after 1 s of warm-up")
    print("| page | bubbles | fps | physics ms | scene ms | draw ms | sum ms |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for kind, r in rows:
        total = r["physics"] + r["scene"] + r["draw"]
        print(f"| {kind} | {r['count']:,} | {r['fps']:.1f} | {r['physics']:.2f} | {r['scene']:.2f} | {r['draw']:.2f} | {total:.2f} |")
    print()
    print("One 60 Hz frame at a time (each frame advances 1/60 s: one physics step, no catch-up), medians of 120 frames;")
    print("a frame = the pointer move + physics + scene + draw (the canvas's rasterization is not in it):")
    print("| page | bubbles | frame ms | physics ms | scene ms | draw ms |")
    print("|---|---:|---:|---:|---:|---:|")
    for kind, r in fixed:
        print(f"| {kind} | {r['count']:,} | {r['total']:.2f} | {r['physics']:.2f} | {r['scene']:.2f} | {r['draw']:.2f} |")
