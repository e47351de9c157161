#!/usr/bin/env python3
"""Makes out/web/ ready to serve, after .ci/element.py wrote it (run by `.ci/wasm build`):

  bubble-picker.min.js   the element's ES modules (entry bubble-picker.js and whatever it imports)
                         bundled into one and minified by Debian's esbuild, beside the readable
                         sources; it loads the .wasm beside it as they do (import.meta.url).
  FILE.br, FILE.gz       every served file (.js, .wasm, .html, .css, .d.ts) precompressed
                         (brotli -q 11, gzip -9 without a timestamp) for a static server that
                         sends them with Content-Encoding (nginx gzip_static / brotli_static, a CDN).

Prints raw / gzip / brotli bytes of each file and the total a page loads (the minified bundle and
the lean wasm; bubblepicker-web-restore.wasm is fetched only when a page restores a snapshot). Writes beside each target and renames over it. Needs esbuild and brotli (Debian)."""
import gzip
import os
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WEB = os.path.join(ROOT, "out", "web")
ENTRY = "bubble-picker.js"
BUNDLE = "bubble-picker.min.js"
SERVED = (".js", ".mjs", ".wasm", ".html", ".css", ".d.ts", ".json")


def need(tool, package):
    if not shutil.which(tool):
        sys.exit(f".ci/webdist.py: needs {tool} (apt-get install {package})")


def replace(path, data):
    temporary = f"{path}.tmp-{os.getpid()}"
    descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
    with os.fdopen(descriptor, "wb") as handle:
        handle.write(data)
    os.replace(temporary, path)


def bundle():
    """esbuild --bundle --minify of the entry module; returns the bundle's path."""
    target = os.path.join(WEB, BUNDLE)
    done = subprocess.run(["esbuild", os.path.join(WEB, ENTRY), "--bundle", "--minify", "--format=esm",
                           "--target=es2020", "--log-level=warning"], capture_output=True)
    if done.returncode != 0:
        sys.exit(f".ci/webdist.py: esbuild failed:\n{done.stderr.decode(errors='replace')}")
    replace(target, done.stdout)
    return target


def compressed(path):
    """(gzip, brotli) bytes of the file; both written beside it."""
    with open(path, "rb") as handle:
        data = handle.read()
    gz = gzip.compress(data, 9, mtime=0)
    br = subprocess.run(["brotli", "-q", "11", "-c", path], capture_output=True, check=True).stdout
    replace(path + ".gz", gz)
    replace(path + ".br", br)
    return len(data), len(gz), len(br)


def main():
    need("esbuild", "esbuild")
    need("brotli", "brotli")
    if not os.path.isfile(os.path.join(WEB, ENTRY)):
        sys.exit(f".ci/webdist.py: no out/web/{ENTRY} (run .ci/element.py first)")
    bundle()
    sizes = {}
    for name in sorted(os.listdir(WEB)):
        path = os.path.join(WEB, name)
        if os.path.isfile(path) and name.endswith(SERVED) and ".tmp-" not in name:
            sizes[name] = compressed(path)
    for name, (raw, gz, br) in sizes.items():
        print(f"webdist: out/web/{name:28} {raw:9,} raw {gz:9,} gzip {br:9,} brotli")
    loaded = [sizes[n] for n in (BUNDLE, "bubblepicker-web.wasm") if n in sizes]
    print(f"webdist: a page loads {sum(s[0] for s in loaded):,} bytes raw, {sum(s[1] for s in loaded):,} gzip, "
          f"{sum(s[2] for s in loaded):,} brotli ({BUNDLE} + bubblepicker-web.wasm; "
          "bubblepicker-web-restore.wasm only when a snapshot is restored)")


if __name__ == "__main__":
    main()
