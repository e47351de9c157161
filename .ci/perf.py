#!/usr/bin/env python3
"""`.ci/browser perf`: the <bubble-picker> element against d3-force, side by side in one run.

    .ci/browser perf [--quick] [--before DIR] [--rounds R] [--seconds S] [--counts 20,200,...]

One harness page (.ci/perf_harness.js) per engine: ours (out/web, the minified bundle when there is
one), BEFORE (another out/web, e.g. main's, when --before names it) and d3-force 1.2 from Debian's
node-d3-force with node-d3-quadtree, -dispatch, -timer and -collection. Rounds are interleaved
(every engine once per round, the order rotating), each on a fresh page: the bubbles in, one second
of a finger dragging round the crowd (real input through CDP: touch on the phone, the mouse on the
desktop), then S seconds measured on the page's real requestAnimationFrame loop. Profiles: desktop
1280x800 at CPU x1, and a phone (390x844, DPR 3, touch) with CDP Emulation.setCPUThrottlingRate 4.
Bubble sizes fill about 40% of the viewport whatever the count (the same seeded sizes for all).

Prints medians over rounds: fps, ms per frame split into physics / scene / draw / rasterize, long
tasks (PerformanceObserver 'longtask': count in the window and the longest), the load average. Then
startup: navigation to the first frame drawn (the task that drew its first bubble done: the whole
frame, whatever the page draws first) and to its first bubble, cold cache (a fresh browser context
each time), files served precompressed (.br) as a static server would, on loopback and on a slow
phone link (CDP Network.emulateNetworkConditions: 1.6 Mbit/s down, 150 ms round trip), with the
bytes fetched; ours also as "ours-preload", the page README recommends (the .wasm in a <link
rel="preload">), and as "ours-options", that page with the bubbles as <option data-size> children
made before the engine loads (the picker adds them as it starts, with no empty frame first).
--quick: 200 bubbles, one round of 2 s, both profiles, startup once on loopback (for .ci/run: well
under a minute).
--csv FILE also writes every row as data (e.g. .ci/benchmarks/<machine>/perf-<commit>.csv).
"""
import argparse
import csv
import functools
import gzip
import http.server
import math
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
D3_FILES = ["d3-dispatch", "d3-quadtree", "d3-timer", "d3-collection", "d3-force"]  # in load order
D3_PLACES = ["/usr/share/nodejs", "/usr/lib/nodejs"]
PROFILES = {
    "desktop x1": ({"viewport": {"width": 1280, "height": 800}, "device_scale_factor": 1}, 1, False),
    "phone x4": ({"viewport": {"width": 390, "height": 844}, "device_scale_factor": 3, "is_mobile": True,
                  "has_touch": True}, 4, True),
}
SLOW_LINK = {"offline": False, "latency": 150, "downloadThroughput": 1.6e6 / 8, "uploadThroughput": 750e3 / 8}
PAGE = """<!doctype html>
<html lang="en" data-engine="{engine}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>perf: {engine}</title>
<style>html, body {{ margin: 0; height: 100%; overflow: hidden; background: #111; }}
#stage {{ position: fixed; inset: 0; }} #stage > * {{ display: block; width: 100%; height: 100%; touch-action: none; }}</style>
{scripts}
<script type="module" src="perf_harness.js"></script>
</head><body><div id="stage">{stage}</div></body></html>
"""


class Precompressed(http.server.SimpleHTTPRequestHandler):
    """A static server that sends FILE.br (or FILE.gz) when the browser accepts it, as a CDN would."""
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, ".wasm": "application/wasm",
                      ".js": "text/javascript", ".html": "text/html"}

    def send_head(self):
        path = self.translate_path(self.path.split("?", 1)[0])
        accepted = self.headers.get("Accept-Encoding", "")
        for suffix, name in ((".br", "br"), (".gz", "gzip")):
            if name in accepted and os.path.isfile(path + suffix):
                body = open(path + suffix, "rb")
                self.send_response(200)
                self.send_header("Content-Type", self.guess_type(path))
                self.send_header("Content-Encoding", name)
                self.send_header("Content-Length", str(os.fstat(body.fileno()).st_size))
                self.send_header("Cache-Control", "no-store")
                self.end_headers()
                return body
        return super().send_head()

    def log_message(self, *args):
        pass


def d3_directory():
    for place in D3_PLACES:
        if os.path.isfile(os.path.join(place, "d3-force", "dist", "d3-force.js")):
            return place
    sys.exit(".ci/browser perf: needs Debian's node-d3-force, node-d3-quadtree, node-d3-dispatch, node-d3-timer "
             "and node-d3-collection (apt-get install them)")


def compress(directory):
    """Writes FILE.br and FILE.gz beside every served file that has none (what the build ships for ours)."""
    for folder, _, names in os.walk(directory):
        for name in names:
            path = os.path.join(folder, name)
            if not name.endswith((".js", ".wasm", ".html", ".css")):
                continue
            if not os.path.exists(path + ".br"):
                subprocess.run(["brotli", "-q", "11", "-k", "-f", path], check=True)
            if not os.path.exists(path + ".gz"):
                with open(path, "rb") as source, gzip.open(path + ".gz", "wb", 9) as target:
                    target.write(source.read())


def entry(directory):
    """The element's script a page loads: the minified bundle when the build made one."""
    return "bubble-picker.min.js" if os.path.isfile(os.path.join(directory, "bubble-picker.min.js")) else "bubble-picker.js"


def site(ours, before):
    """A temporary site: ours/, before/, d3/, a page per engine and the harness; returns its path."""
    top = tempfile.mkdtemp(prefix="bubble-perf-")
    engines = {"ours": ours}
    if before:
        engines["before"] = before
    for name, source in engines.items():
        shutil.copytree(source, os.path.join(top, name), ignore=shutil.ignore_patterns("*.html"))
        script = f'<script type="module" src="{name}/{entry(source)}"></script>'
        write(os.path.join(top, f"harness-{name}.html"), PAGE.format(engine=name, scripts=script, stage="<bubble-picker></bubble-picker>"))
        # The page a README reader writes: the .wasm preloaded beside the script (startup only).
        preload = f'<link rel="preload" href="{name}/bubblepicker-web.wasm" as="fetch" type="application/wasm" crossorigin>\n'
        write(os.path.join(top, f"harness-{name}-preload.html"),
              PAGE.format(engine=f"{name}-preload", scripts=preload + script, stage="<bubble-picker></bubble-picker>"))
        # The declarative page: the bubbles as <option> children, made by script before the engine loads.
        write(os.path.join(top, f"harness-{name}-options.html"),
              PAGE.format(engine=f"{name}-options", scripts=preload + script, stage="<bubble-picker></bubble-picker>"))
    os.makedirs(os.path.join(top, "d3"))
    place = d3_directory()
    scripts = []
    for package in D3_FILES:
        shutil.copy(os.path.join(place, package, "dist", package + ".min.js"), os.path.join(top, "d3"))
        scripts.append(f'<script src="d3/{package}.min.js"></script>')
    write(os.path.join(top, "harness-d3.html"), PAGE.format(engine="d3", scripts="\n".join(scripts), stage="<canvas></canvas>"))
    shutil.copy(os.path.join(ROOT, ".ci", "perf_harness.js"), top)
    compress(top)
    return top, list(engines) + ["d3"]


def write(path, text):
    with open(path, "w") as handle:
        handle.write(text)


def serve(directory):
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Precompressed, directory=directory))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_address[1]}/"


def bubble_size(device, count):
    """A diameter (CSS px) for `count` bubbles to cover about 40% of the viewport, within 8...80."""
    area = device["viewport"]["width"] * device["viewport"]["height"]
    return max(8.0, min(80.0, math.sqrt(0.4 * area * 4 / (math.pi * count))))


class Finger:
    """Drags round a circle through the middle of the crowd with real input (CDP), on its own thread."""

    def __init__(self, cdp, device, touch):
        self.cdp, self.touch = cdp, touch
        w, h = device["viewport"]["width"], device["viewport"]["height"]
        self.cx, self.cy, self.radius = w / 2, h / 2, min(w, h) / 5
        self.angle = 0.0

    def send(self, kind):
        x, y = self.cx + self.radius * math.cos(self.angle), self.cy + self.radius * math.sin(self.angle)
        if self.touch:
            points = [] if kind == "touchEnd" else [{"x": x, "y": y, "id": 1, "radiusX": 4, "radiusY": 4, "force": 1}]
            self.cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})
        else:
            mouse = {"touchStart": "mousePressed", "touchMove": "mouseMoved", "touchEnd": "mouseReleased"}[kind]
            self.cdp.send("Input.dispatchMouseEvent", {"type": mouse, "x": x, "y": y, "button": "left",
                                                        "buttons": 0 if kind == "touchEnd" else 1, "clickCount": 1})

    def drag(self, seconds):
        """Moves for `seconds` at up to 60 events a second (each waits for the page to take it)."""
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            self.angle += 0.05
            self.send("touchMove")
            time.sleep(max(0.0, 1 / 60 - 0.002))


def open_dragging(browser, base, engine, profile, count, errors):
    """A harness page of `engine` with `count` bubbles under `profile`'s CPU throttling, a finger
    down and dragging for a second: (context, page, cdp, finger, throttle). Page errors go to
    `errors`."""
    device, throttle, touch = PROFILES[profile]
    context = browser.new_context(**device)
    page = context.new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    cdp = context.new_cdp_session(page)
    page.goto(f"{base}harness-{engine}.html?n={count}&size={bubble_size(device, count):.2f}")
    page.wait_for_function("window.H && window.H.ready", timeout=60000)
    page.evaluate("H.ready")
    if throttle != 1:
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": throttle})
    finger = Finger(cdp, device, touch)
    finger.send("touchStart")
    finger.drag(1.0)
    return context, page, cdp, finger, throttle


def measure(browser, base, engine, profile, count, seconds):
    errors = []
    context, page, cdp, finger, throttle = open_dragging(browser, base, engine, profile, count, errors)
    page.evaluate("H.start()")
    finger.drag(seconds)
    result = page.evaluate("H.stop()")
    finger.send("touchEnd")
    if throttle != 1:
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
    context.close()
    if errors:
        print(f"perf: {engine} {profile} {count}: page errors: {errors[:3]}", file=sys.stderr)
    return result


def startup(browser, base, engine, profile, link):
    """Navigation to the first frame drawn and to its first bubble (ms, cold cache); the bytes the
    page fetched (encoded)."""
    device, throttle, _ = PROFILES[profile]
    context = browser.new_context(**device)
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.setCacheDisabled", {"cacheDisabled": True})
    if link:
        cdp.send("Network.emulateNetworkConditions", SLOW_LINK)
    if throttle != 1:
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": throttle})
    page.goto(f"{base}harness-{engine}.html?n=200&size={bubble_size(device, 200):.2f}")
    page.wait_for_function("window.H && H.firstFrame !== null", timeout=120000)
    frame, draw = page.evaluate("[H.firstFrame, H.firstDraw]")
    fetched = page.evaluate("performance.getEntriesByType('resource').reduce((s, e) => s + e.transferSize, 0)"
                            " + performance.getEntriesByType('navigation')[0].transferSize")
    context.close()
    return frame, draw, fetched


def median(values):
    values = [v for v in values if v is not None and not (isinstance(v, float) and math.isnan(v))]
    return statistics.median(values) if values else float("nan")


def main():
    parser = argparse.ArgumentParser(prog=".ci/browser perf")
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--before", help="another out/web directory to measure beside this one")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=4.0)
    parser.add_argument("--counts", default="20,200,1000,2000")
    parser.add_argument("--profiles", default=",".join(PROFILES))
    parser.add_argument("--no-startup", action="store_true")
    parser.add_argument("--startup-only", action="store_true", help="only the startup table")
    parser.add_argument("--csv", help="also write the rows to this CSV file")
    options = parser.parse_args(sys.argv[2:] if len(sys.argv) > 1 and sys.argv[1] == "perf" else sys.argv[1:])
    if options.quick:
        options.rounds, options.seconds, options.counts = 1, 2.0, "200"
    counts = [int(c) for c in options.counts.split(",")]
    profiles = options.profiles.split(",")
    ours = os.path.join(ROOT, "out", "web")
    if not os.path.isfile(os.path.join(ours, "bubble-picker.js")):
        sys.exit(".ci/browser perf: no out/web/bubble-picker.js (run .ci/wasm build)")
    top, engines = site(ours, options.before)
    base = serve(top)
    from playwright.sync_api import sync_playwright
    load = os.getloadavg()
    started = time.monotonic()
    rows = {}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=shutil.which("chromium"), args=["--no-sandbox", "--disable-gpu"])
        for profile in [] if options.startup_only else profiles:
            for count in counts:
                for round_ in range(options.rounds):
                    order = engines[round_ % len(engines):] + engines[:round_ % len(engines)]
                    for engine in order:
                        rows.setdefault((profile, count, engine), []).append(
                            measure(browser, base, engine, profile, count, options.seconds))
        starts = {}
        startup_pages = engines if options.quick else engines[:1] + ["ours-preload", "ours-options"] + engines[1:]
        if not options.no_startup:
            for profile in profiles:
                for link in (False,) if options.quick else (False, True):
                    for round_ in range(1 if options.quick else options.rounds):
                        for engine in startup_pages[round_ % len(startup_pages):] + startup_pages[:round_ % len(startup_pages)]:
                            starts.setdefault((profile, link, engine), []).append(startup(browser, base, engine, profile, link))
        version = browser.version
        browser.close()
    end_load = os.getloadavg()
    shutil.rmtree(top, ignore_errors=True)
    print(f"perf: Chromium {version} --disable-gpu; load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} at the start, "
          f"{end_load[0]:.2f} {end_load[1]:.2f} {end_load[2]:.2f} at the end; {os.cpu_count()} cores; "
          f"medians of {options.rounds} interleaved round(s) of {options.seconds:g} s, a finger dragging")
    print("| profile | bubbles | page | fps | physics ms | scene ms | draw ms | rasterize ms | long tasks | longest ms |")
    print("|---|---:|---|---:|---:|---:|---:|---:|---:|---:|")
    for (profile, count, engine), results in rows.items():
        m = {key: median([r[key] for r in results]) for key in ("fps", "physics", "scene", "draw", "raster", "longTasks", "longestTask")}
        split = all(r["split"] for r in results)
        parts = [f"{m[k]:.2f}" if split else "n/a" for k in ("physics", "scene", "draw", "raster")]
        if engine == "d3":
            parts[1] = "–"
        print(f"| {profile} | {count:,} | {engine} | {m['fps']:.1f} | {' | '.join(parts)} | {m['longTasks']:.0f} | {m['longestTask']:.0f} |")
    if starts:
        print()
        print("Startup: navigation → the first frame drawn (its script done) and → its first bubble drawn (ms), "
              "200 bubbles, cold cache, files served .br; bytes fetched")
        print("| profile | link | page | first frame ms | (fastest–slowest) | first bubble ms | bytes fetched |")
        print("|---|---|---|---:|---|---:|---:|")
        for (profile, link, engine), results in starts.items():
            frames = [r[0] for r in results]
            print(f"| {profile} | {'1.6 Mbit/s, 150 ms' if link else 'loopback'} | {engine} | "
                  f"{median(frames):.0f} | {min(frames):.0f}–{max(frames):.0f} | {median([r[1] for r in results]):.0f} | "
                  f"{median([r[2] for r in results]):,.0f} |")
    if options.csv:
        write_csv(options.csv, rows, starts, version, load)
    print(f"perf: {time.monotonic() - started:.0f} s")


def write_csv(path, rows, starts, version, load):
    with open(path, "w", newline="") as handle:
        out = csv.writer(handle)
        out.writerow(["kind", "profile", "bubbles_or_link", "page", "round", "fps", "physics_ms", "scene_ms", "draw_ms",
                      "rasterize_ms", "long_tasks", "longest_task_ms", "first_frame_ms", "bytes_fetched",
                      "chromium", "load1_at_start", "first_bubble_ms"])
        for (profile, count, engine), results in rows.items():
            for index, r in enumerate(results):
                out.writerow(["frames", profile, count, engine, index, f"{r['fps']:.2f}", f"{r['physics']:.3f}",
                              f"{r['scene']:.3f}", f"{r['draw']:.3f}", f"{r['raster']:.3f}", r["longTasks"],
                              f"{r['longestTask']:.0f}", "", "", version, f"{load[0]:.2f}", ""])
        for (profile, link, engine), results in starts.items():
            for index, (frame, draw, fetched) in enumerate(results):
                out.writerow(["startup", profile, "slow" if link else "loopback", engine, index, "", "", "", "", "", "",
                              "", f"{frame:.0f}", fetched, version, f"{load[0]:.2f}", f"{draw:.0f}"])


if __name__ == "__main__":
    main()
