#!/usr/bin/env python3
"""Writes out/web/: the element's ES modules as they are in Sources/BubbleWasm/Element (the page
loads bubble-picker.js, which imports the others; no bundling) with bubble-picker.d.ts,
custom-elements.json and package.json (out/web is the npm package: .ci/package), the browser modules
beside them (bubblepicker-web.wasm, the lean one the page loads, and bubblepicker-web-restore.wasm,
fetched only for a restore), and example.html (the minimal page). Static files only: any web
server serves the folder. Run by `.ci/wasm build` after the link. Python standard library only."""
import os
import shutil

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ELEMENT = os.path.join(ROOT, "Sources", "BubbleWasm", "Element")
# The lean module the page loads, and the restore-capable one fetched only for a restore.
WASM_MODULES = ("bubblepicker-web.wasm", "bubblepicker-web-restore.wasm")


def modules():
    """The element's files: every .js module, its types, manifest and package.json."""
    return sorted(name for name in os.listdir(ELEMENT) if name.endswith((".js", ".d.ts", ".json")))


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
    total = 0
    for name in modules():
        text = read("Element", name)
        total += len(text.encode())
        write(os.path.join(web, name), text)
    write(os.path.join(web, "example.html"), read("Element", "example.html"))
    for module in WASM_MODULES:
        wasm = os.path.join(web, module)
        temporary = wasm + ".tmp-" + str(os.getpid())
        shutil.copyfile(os.path.join(ROOT, "out", "wasm", module), temporary)
        os.replace(temporary, wasm)
    print(f"element: out/web/bubble-picker.js and {len(modules()) - 1} files ({total} bytes), "
          f"out/web/{' and '.join(WASM_MODULES)}, out/web/example.html")


if __name__ == "__main__":
    main()
