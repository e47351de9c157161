"""Pages built for one check (.ci/browser_platform.py, .ci/browser_forms.py): any HTML around the
<bubble-picker> module, served beside it from out/web/ by intercepting the request, so module
imports and the .wasm load as on a real site."""
import itertools

from browser import JS_HELPERS, watch_console

_pages = itertools.count()

HEAD = """<!doctype html><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,"><script type="module" src="bubble-picker.js"></script>
<style>body { margin: 0; font: 16px sans-serif; } bubble-picker { width: 360px; height: 300px; }</style>"""

GENRES = "".join(f"<option value=\"{v.lower()}\">{v}</option>" for v in
                 ("Pop", "Rock", "Jazz", "Blues", "Folk", "Metal"))


def page_with(browser, base, body, device, console, ready=True, extra_args=None):
    """A new context and page showing HEAD + `body`; waits for every picker's `ready` unless told
    not to. Returns (context, page)."""
    context = browser.new_context(**device)
    url = f"{base}web/check-{next(_pages)}.html"
    context.route(url, lambda route: route.fulfill(body=HEAD + body, content_type="text/html"))
    page = context.new_page()
    watch_console(page, console)
    page.add_init_script(JS_HELPERS)
    page.goto(url)
    if ready:
        page.wait_for_function("customElements.get('bubble-picker') !== undefined")
        page.evaluate("Promise.all(Array.from(document.querySelectorAll('bubble-picker'), (p) => p.ready))")
    return context, page


def drawn_at(page, selector, x, y):
    """The colour the canvas of `selector` shows at client point (x, y) (a screenshot pixel)."""
    import struct
    import zlib
    png = page.screenshot(clip={"x": x, "y": y, "width": 1, "height": 1})
    # One pixel, RGBA or RGB, filter byte first: the decompressed IDAT is [0, r, g, b(, a)].
    data = png[8:]
    idat = b""
    while data:
        length, kind = struct.unpack(">I4s", data[:8])
        if kind == b"IDAT":
            idat += data[8:8 + length]
        data = data[12 + length:]
    raw = zlib.decompress(idat)
    return tuple(raw[1:4])
