"""<bubble-picker> as a form control (.ci/browser; issue 35): FormData, input/change, reset,
disabled (attribute and fieldset), required and min-selected validity, history restore, string
values through snapshot and restore, <option> changes; screenshots of those (`webshots`); and the
memory soak (`soak [SECONDS]`: random input on 200 bubbles, JS heap and wasm memory at start and
end; a short form runs in the checks)."""
import os
import random
import time

from browser import DESKTOP, PHONE
from browser_page import GENRES, page_with
from browser_platform import PAGE_JS

FORM = (f"<form id=f action='about:blank'><label>Genres <bubble-picker id=p name=genres required>"
        f"{GENRES.replace('>Rock', ' selected>Rock')}</bubble-picker></label>"
        f"<fieldset id=fs><legend>More</legend><bubble-picker id=q name=more min-selected=2>{GENRES}</bubble-picker></fieldset>"
        "<button id=submit>Send</button></form>"
        "<style>bubble-picker:invalid { outline: 3px solid #d22; } bubble-picker:valid { outline: 3px solid #2a2; }"
        " bubble-picker { margin: 8px; width: 340px; height: 260px; }</style>")

LISTEN_JS = """() => { window.formEvents = [];
  for (const type of ["input", "change"]) f.addEventListener(type, (e) => formEvents.push(type + ":" + e.target.id)); }"""


def open_form(browser, base, console, device=DESKTOP):
    context, page = page_with(browser, base, FORM, device, console)
    page.evaluate(PAGE_JS)
    page.evaluate("bq.frames(120)")
    page.evaluate(LISTEN_JS)
    return context, page


def tap(page, picker, label):
    """Clicks where bubble `label` of `picker` is drawn."""
    point = page.evaluate(f"(() => {{ const pk = {picker}, b = pk.bubbles.find((b) => b.label === '{label}'); return bq.at(pk, b.id); }})()")
    page.mouse.click(point["x"], point["y"])
    page.evaluate("bq.frames(15)")


def data(page, name):
    return page.evaluate(f"new FormData(f).getAll('{name}')")


def form_checks(browser, base, report):
    console = []
    context, page = open_form(browser, base, console)
    report.check("form: the picker is a form control (in form.elements, FormData under its name: the default selection)",
                 page.evaluate("Array.from(f.elements).includes(p)") and data(page, "genres") == ["rock"], data(page, "genres"))
    tap(page, "p", "Jazz")
    tap(page, "p", "Folk")
    report.check("form: each selected bubble's <option value> is one FormData entry, in selection order",
                 data(page, "genres") == ["rock", "jazz", "folk"] and page.evaluate("p.value") == "rock", data(page, "genres"))
    events = page.evaluate("formEvents.splice(0)")
    report.check("form: a user's tap fires input then change", events == ["input:p", "change:p"] * 2, events)
    page.evaluate("p.select({ value: 'metal' }); p.deselect({ value: 'jazz' })")
    page.evaluate("bq.frames(5)")
    events = page.evaluate("formEvents.splice(0)")
    report.check("form: changes by script fire no input/change (and still update the form value)",
                 events == [] and data(page, "genres") == ["rock", "folk", "metal"], [events, data(page, "genres")])
    page.evaluate("f.reset()")
    page.evaluate("bq.frames(5)")
    report.check("form: form.reset() restores the default selection (the options marked selected)", data(page, "genres") == ["rock"], data(page, "genres"))
    snapshot = page.evaluate("p.snapshot()")
    page.evaluate("p.deselectAll(); p.select({ value: 'blues' })")
    page.evaluate("async (s) => await p.restore(s)", snapshot)
    report.check("form: string values survive snapshot and restore", data(page, "genres") == ["rock"] and
                 page.evaluate("p.bubbles.map((b) => b.value).sort().join()") == "blues,folk,jazz,metal,pop,rock", data(page, "genres"))
    # Validity: required (none selected), min-selected.
    page.evaluate("p.deselectAll()")
    validity = page.evaluate("[f.checkValidity(), p.validity.valueMissing, p.validationMessage, q.validity.rangeUnderflow, q.validationMessage]")
    report.check("form: required with nothing selected is invalid (valueMissing) with a message; min-selected=2 (rangeUnderflow)",
                 validity[0] is False and validity[1] and validity[2] and validity[3] and "2" in validity[4], validity)
    page.evaluate("document.activeElement.blur(); p.reportValidity()")
    report.check("form: reportValidity() focuses the invalid picker", page.evaluate("document.activeElement === p"), page.evaluate("document.activeElement && document.activeElement.id"))
    tap(page, "p", "Pop")
    page.evaluate("q.values = ['pop', 'rock']")
    report.check("form: selecting enough makes the form valid", page.evaluate("f.checkValidity()"), page.evaluate("[p.validationMessage, q.validationMessage]"))
    # Disabled: the attribute, then a fieldset.
    page.evaluate("p.disabled = true")
    before = data(page, "genres")
    tap(page, "p", "Metal")
    state = page.evaluate("[p.values, Number(getComputedStyle(p).opacity), p.matches(':disabled'), p.tabIndex]")
    report.check("form: disabled blocks taps, greys the picker, leaves it out of FormData and the tab order",
                 before == [] and state[0] == ["pop"] and state[1] < 1 and state[2] and state[3] == -1 and data(page, "genres") == [], [before, state])
    page.evaluate("p.disabled = false; fs.disabled = true")
    tap(page, "q", "Metal")
    report.check("form: a disabled <fieldset> disables the picker inside (no input, not in FormData)",
                 page.evaluate("q.values") == ["pop", "rock"] and data(page, "more") == [] and data(page, "genres") == ["pop"], page.evaluate("[q.values, q.matches(':disabled')]"))
    page.evaluate("fs.disabled = false")
    # <option> children changed later.
    changed = page.evaluate("""async () => { const o = document.createElement("option"); o.value = "soul"; o.textContent = "Soul"; p.append(o);
        p.querySelector("option[value=pop]").textContent = "Pop music"; p.querySelector("option[value=folk]").remove(); await bq.frames(3);
        return p.bubbles.map((b) => b.label + "=" + b.value).sort(); }""")
    report.check("form: <option>s added, removed and changed later are reflected",
                 changed == ["Blues=blues", "Jazz=jazz", "Metal=metal", "Pop music=pop", "Rock=rock", "Soul=soul"], changed)
    report.check("form: no console errors", not console, console[:3])
    context.close()
    history_checks(browser, base, report)
    soak(browser, base, 30, report)


def history_checks(browser, base, report):
    """The selection comes back when the user navigates away and back (bfcache off: the form state)."""
    console = []
    context, page = page_with(browser, base, FORM, DESKTOP, console)
    page.evaluate(PAGE_JS)
    page.evaluate("bq.frames(60)")
    page.evaluate("window.addEventListener('unload', () => {})")  # keeps the page out of the back/forward cache
    tap(page, "p", "Jazz")
    page.goto(base + "web/example.html")
    page.go_back()
    page.wait_for_function("document.querySelector('#p') && document.querySelector('#p').engine")
    page.evaluate("p.ready")
    page.evaluate(PAGE_JS)
    page.evaluate("bq.frames(10)")
    report.check("form: the selection comes back on history navigation (formStateRestoreCallback)",
                 data(page, "genres") == ["rock", "jazz"], data(page, "genres"))
    context.close()


def web_shots(browser, base, directory):
    """A form with the picker required: invalid then valid; the picker disabled; under zoom 2."""
    os.makedirs(directory, exist_ok=True)
    context, page = open_form(browser, base, [])
    page.evaluate("p.deselectAll(); p.reportValidity()")
    page.evaluate("bq.frames(30)")
    taken = [os.path.join(directory, "form-required-invalid.png")]
    page.screenshot(path=taken[-1])
    tap(page, "p", "Jazz")
    page.evaluate("q.values = ['pop', 'rock']; bq.frames(60)")
    taken.append(os.path.join(directory, "form-required-valid.png"))
    page.screenshot(path=taken[-1])
    page.evaluate("p.disabled = true; bq.frames(10)")
    taken.append(os.path.join(directory, "form-disabled.png"))
    page.screenshot(path=taken[-1])
    context.close()
    body = f"<div style='zoom: 2; margin: 10px'><bubble-picker style='width: 360px; height: 300px'>{GENRES}</bubble-picker></div>"
    context, page = page_with(browser, base, body, DESKTOP, [])
    page.evaluate(PAGE_JS)
    page.evaluate("bq.frames(150)")
    point = page.evaluate("(() => { const p = bq.picker(), b = p.bubbles[2]; return bq.at(p, b.id); })()")
    page.mouse.click(point["x"], point["y"])
    page.evaluate("bq.frames(60)")
    taken.append(os.path.join(directory, "zoom-2.png"))
    page.screenshot(path=taken[-1])
    context.close()
    print("\n".join(taken))


SOAK_STATE = """async () => { for (let i = 0; i < 4; i++) { gc(); await new Promise((r) => setTimeout(r, 30)); }
  const p = bq.picker(); return { heap: performance.memory.usedJSHeapSize, wasm: p.engine.recovery.memory.buffer.byteLength,
    journal: p.engine.recovery.journalLength, bubbles: p.bubbles.length, options: p.options.size }; }"""


def soak(browser, base, seconds, report=None):
    """`seconds` of random taps, drags, flicks, keys, adds and removals on 200 bubbles (kept near
    200), with the element's own frames; prints JS heap (after gc) and wasm memory (a high-water
    mark: it never shrinks) at the start, each quarter and the end."""
    console = []
    body = "<bubble-picker style='width: 390px; height: 700px'></bubble-picker>"
    context, page = page_with(browser, base, body, PHONE if report is None else DESKTOP, console)
    page.evaluate(PAGE_JS)
    page.evaluate("bq.picker().addMany(200); bq.frames(60)")
    # One trap-journal checkpoint (a snapshot and restore) first: the allocator's high-water mark
    # then already holds a snapshot's text, which later checkpoints reuse.
    page.evaluate("bq.picker().engine.checkpoint()")
    start = page.evaluate(SOAK_STATE)
    rng = random.Random(35)
    began = time.monotonic()
    end_time, samples = began + seconds, [("start", start)]
    actions = 0
    box = page.evaluate("(() => { const r = bq.picker().getBoundingClientRect(); return [r.left, r.top, r.width, r.height]; })()")
    while time.monotonic() < end_time:
        x, y = box[0] + rng.uniform(10, box[2] - 10), box[1] + rng.uniform(10, box[3] - 10)
        kind = rng.random()
        if kind < 0.4:
            page.mouse.click(x, y)
        elif kind < 0.75:
            page.mouse.move(x, y)
            page.mouse.down()
            page.mouse.move(x + rng.uniform(-120, 120), y + rng.uniform(-120, 120), steps=rng.randint(3, 12))
            page.mouse.up()
        elif kind < 0.85:
            page.keyboard.press(rng.choice(["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Enter", "Home", "End"]))
        else:
            page.evaluate("""() => { const p = bq.picker(), n = p.bubbles.length;
                if (n > 200) p.removeBubbles(p.bubbles.slice(0, n - 200).map((b) => b.id)); else p.addMany(200 - n + 5); }""")
        page.wait_for_timeout(rng.randint(10, 120))
        actions += 1
        if time.monotonic() - began > len(samples) * seconds / 4 and len(samples) < 4:
            samples.append((f"after {time.monotonic() - began:.0f} s", page.evaluate(SOAK_STATE)))
    page.evaluate("bq.frames(120)")
    end = page.evaluate(SOAK_STATE)
    context.close()
    mib = lambda n: f"{n / 2**20:.1f} MiB"
    print(f"soak: {seconds:.0f} s, {actions} actions on ~200 bubbles")
    print("| | JS heap (after gc) | wasm memory | journal entries | bubbles | a11y options |")
    print("|---|---:|---:|---:|---:|---:|")
    samples.append(("end", end))
    warm = samples[1][1] if len(samples) > 2 else start  # after the allocator's and the journal's first growth
    for name, s in samples:
        print(f"| {name} | {mib(s['heap'])} | {mib(s['wasm'])} | {s['journal']} | {s['bubbles']} | {s['options']} |")
    if report is not None:
        report.check(f"element soak {seconds:.0f} s: after the first quarter, JS heap and wasm memory within 1 MiB; no errors",
                     end["heap"] - warm["heap"] < 2**20 and end["wasm"] - warm["wasm"] <= 2**20 and not console,
                     f"heap {mib(start['heap'])} -> {mib(warm['heap'])} -> {mib(end['heap'])}, "
                     f"wasm {mib(start['wasm'])} -> {mib(warm['wasm'])} -> {mib(end['wasm'])}, {console[:2]}")
    return start, end
