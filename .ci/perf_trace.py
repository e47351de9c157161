#!/usr/bin/env python3
"""`.ci/browser perf-trace`: where a frame's time goes, ours against d3-force, on perf.py's harness.

    .ci/browser perf-trace [--profile "phone x4"] [--count 200] [--seconds 3] [--before DIR] [--top 25]

For each page (ours, BEFORE when given, d3): the bubbles in, a finger dragging (as `.ci/browser perf`),
then S seconds under a Chromium trace (devtools.timeline) and the JS sampling profiler at once.
Prints per page: frames per second, the renderer main thread's events by total time per second
(nested events count in their own row too: Paint inside a frame, FunctionCall inside an event),
and JS self time per second by function (file:line). Numbers are ms per second of wall time.
"""
import argparse
import collections
import json
import os
import shutil
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import perf  # noqa: E402

CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline", "blink", "cc", "v8"]


def trace(browser, base, engine, profile, count, seconds, top):
    context, page, cdp, finger, _ = perf.open_dragging(browser, base, engine, profile, count, [])
    cdp.send("Profiler.enable")
    cdp.send("Profiler.setSamplingInterval", {"interval": 250})
    browser.start_tracing(page=page, categories=CATEGORIES)
    cdp.send("Profiler.start")
    page.evaluate("H.start()")
    started = time.monotonic()
    finger.drag(seconds)
    result = page.evaluate("H.stop()")
    elapsed = time.monotonic() - started
    profile_data = cdp.send("Profiler.stop")["profile"]
    events = json.loads(browser.stop_tracing())["traceEvents"]
    finger.send("touchEnd")
    context.close()
    summary = {"fps": result["fps"], "events": collections.Counter(), "js": collections.Counter(), "files": collections.Counter()}
    threads = {}
    for e in events:
        if e.get("ph") == "M" and e.get("name") == "thread_name":
            threads[(e["pid"], e["tid"])] = e["args"]["name"]
    for e in events:
        if e.get("ph") == "X" and "dur" in e and threads.get((e["pid"], e["tid"])) == "CrRendererMain":
            summary["events"][e["name"]] += e["dur"] / 1000 / elapsed
    nodes = {n["id"]: n for n in profile_data["nodes"]}
    for sample, delta in zip(profile_data["samples"], profile_data["timeDeltas"]):
        frame = nodes[sample]["callFrame"]
        where = frame["url"].split("/")[-1]
        name = "wasm" if where.endswith(".wasm") else f"{frame['functionName'] or '(anonymous)'} {where}:{frame['lineNumber'] + 1}"
        summary["js"][name] += delta / 1000 / elapsed
        summary["files"][where or "(native)"] += delta / 1000 / elapsed
    return summary


def table(title, summaries, key, top):
    """Rows of the largest entries (by any page), one column per page."""
    names = collections.Counter()
    for summary in summaries.values():
        for name, value in summary[key].items():
            names[name] = max(names[name], value)
    print(f"\n{title} | " + " | ".join(summaries))
    for name, _ in names.most_common(top):
        print("  " + " | ".join(f"{summary[key].get(name, 0):7.1f}" for summary in summaries.values()) + f"  {name}")


def main():
    parser = argparse.ArgumentParser(prog=".ci/browser perf-trace")
    parser.add_argument("--profile", default="phone x4", choices=list(perf.PROFILES))
    parser.add_argument("--count", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--before")
    parser.add_argument("--top", type=int, default=25)
    options = parser.parse_args(sys.argv[2:] if len(sys.argv) > 1 and sys.argv[1] == "perf-trace" else sys.argv[1:])
    top, engines = perf.site(os.path.join(perf.ROOT, "out", "web"), options.before)
    base = perf.serve(top)
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=shutil.which("chromium"), args=["--no-sandbox", "--disable-gpu"])
        summaries = {engine: trace(browser, base, engine, options.profile, options.count, options.seconds, options.top)
                     for engine in engines}
        browser.close()
    print(f"{options.profile}, {options.count} bubbles, ms per second of wall time; fps: "
          + ", ".join(f"{engine} {summary['fps']:.1f}" for engine, summary in summaries.items()))
    table("main thread events (nested ones in their own rows too)", summaries, "events", options.top)
    table("JS self time by function", summaries, "js", options.top)
    table("JS self time by file", summaries, "files", 12)
    shutil.rmtree(top, ignore_errors=True)
    print(f"\nload average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
