#!/usr/bin/env python3
"""Writes out/playground.html: the page template from Sources/BubbleWasm/Playground/ with its
styles and scripts inlined, the browser module out/wasm/bubblepicker-playground.wasm (the
playground's module: the element's exports plus the scenario player) as base64, and every
bundled scenario (Scenarios/*.json) with its golden hashes (the `step hash` lines of
Scenarios/Expected/<name>.trace). One self-contained file: it opens by double-click, no server.
Run by `.ci/wasm playground` after the wasm build. Python standard library only."""
import base64
import json
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PAGE = os.path.join(ROOT, "Sources", "BubbleWasm", "Playground")
# In load order. The element's ES modules (not bubble-picker.js: the playground defines the tag
# itself) become one classic script: their import lines are dropped and "export " prefixes removed.
SCRIPTS = ["Element/wasm.js", "Element/records.js", "Element/engine.js", "Element/scene-format.js", "Element/sprites.js", "Element/renderer.js", "Element/core.js", "Element/fonts.js",
           "Element/frame.js", "Element/a11y.js", "Element/input.js", "Element/content.js",
           "Element/options.js", "Element/form.js", "Element/element.js",
           "Playground/engine.js", "Playground/app.js", "Playground/selftest.js"]


def read(*parts, mode="r"):
    with open(os.path.join(ROOT, *parts), mode) as handle:
        return handle.read()


def classic(text):
    """An ES module as classic-script text: one-line imports dropped, `export ` prefixes removed."""
    return re.sub(r"^export (?=(const|let|class|function|async) )", "", re.sub(r"^import .*;\n", "", text, flags=re.M), flags=re.M)


def scenarios():
    names = sorted(n[:-5] for n in os.listdir(os.path.join(ROOT, "Scenarios"))
                   if n.endswith(".json") and not n.endswith(".schema.json"))
    names.sort(key=lambda n: (n != "demo", n))  # the demo first: the player opens on it
    result = []
    for name in names:
        text = read("Scenarios", name + ".json")
        golden = "\n".join(line for line in read("Scenarios", "Expected", name + ".trace").splitlines()
                           if re.fullmatch(r"\d+ [0-9a-f]{16}", line))
        result.append({"name": name, "description": json.loads(text)["description"], "json": text, "golden": golden})
    return result


def main():
    wasm = read("out", "wasm", "bubblepicker-playground.wasm", mode="rb")
    data = {"wasm": base64.b64encode(wasm).decode("ascii"), "scenarios": scenarios()}
    # "</" inside a <script> would end it early; "<\/" is the same string to JavaScript.
    data_js = "const PLAYGROUND = " + json.dumps(data, separators=(",", ":")).replace("</", "<\\/") + ";"
    script = "\n".join(classic(read("Sources", "BubbleWasm", *name.split("/"))) for name in SCRIPTS)
    page = read("Sources", "BubbleWasm", "Playground", "playground.html")
    for marker, content in [("/*@STYLE@*/", read("Sources", "BubbleWasm", "Playground", "playground.css")),
                            ("/*@DATA@*/", data_js), ("/*@SCRIPT@*/", script)]:
        if page.count(marker) != 1:
            sys.exit(f"playground.py: the template must contain {marker} exactly once")
        page = page.replace(marker, content)
    os.makedirs(os.path.join(ROOT, "out"), exist_ok=True)
    path = os.path.join(ROOT, "out", "playground.html")
    with open(path, "w") as handle:
        handle.write(page)
    print(f"playground: out/playground.html {len(page.encode())} bytes "
          f"({len(wasm)} bytes of wasm, {len(data['scenarios'])} scenarios)")


if __name__ == "__main__":
    main()
