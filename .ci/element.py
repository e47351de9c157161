#!/usr/bin/env python3
"""Writes out/web/: bubble-picker.js (one ES module: engine.js, draw.js, the element), the browser
module bubblepicker-web.wasm beside it, and example.html (the minimal page). Static files only: any
web server serves the folder. Run by `.ci/wasm build` after the link. Python standard library only."""
import os
import shutil

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SOURCES = [("Playground", "engine.js"), ("Playground", "draw.js"),
           ("Element", "bubble-picker.js")]
FOOTER = """
// The .wasm beside this module, unless the page chose another source first.
BubblePickerElement.wasmSource = BubblePickerElement.wasmSource || new URL("bubblepicker-web.wasm", import.meta.url);
if (!customElements.get("bubble-picker")) customElements.define("bubble-picker", BubblePickerElement);
export { BubblePickerElement, SceneRenderer };
"""


def read(*parts):
    with open(os.path.join(ROOT, "Sources", "BubbleWasm", *parts)) as handle:
        return handle.read()


def write(path, text):
    """Writes beside the target first, then renames over it (never through a planted symlink)."""
    temporary = path + ".tmp-" + str(os.getpid())
    descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
    with os.fdopen(descriptor, "w") as handle:
        handle.write(text)
    os.replace(temporary, path)


def main():
    web = os.path.join(ROOT, "out", "web")
    os.makedirs(web, exist_ok=True)
    module = "\n".join(f"// ---- {folder}/{name}\n" + read(folder, name) for folder, name in SOURCES) + FOOTER
    write(os.path.join(web, "bubble-picker.js"), module)
    write(os.path.join(web, "example.html"), read("Element", "example.html"))
    wasm = os.path.join(web, "bubblepicker-web.wasm")
    temporary = wasm + ".tmp-" + str(os.getpid())
    shutil.copyfile(os.path.join(ROOT, "out", "wasm", "bubblepicker-web.wasm"), temporary)
    os.replace(temporary, wasm)
    print(f"element: out/web/bubble-picker.js {len(module.encode())} bytes, out/web/bubblepicker-web.wasm, out/web/example.html")


if __name__ == "__main__":
    main()
