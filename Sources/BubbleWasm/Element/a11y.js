// a11y.js — <bubble-picker> events, announcements, the role=option mirror of the engine's
// accessibility elements, and the keyboard.
//
// Keys (on the focused picker): arrows move the focus spatially, Home / End to the first / last
// bubble in reading order, Enter or Space select or deselect, Delete or Backspace remove. A key
// with Alt, Ctrl or Meta is never consumed (browser shortcuts such as Alt+← stay the browser's).
// The focus ring shows only for keyboard focus: a click or tap focuses the picker without it.

const EVENT_NAMES = { selected: "bubbleselect", deselected: "bubbledeselect", removed: "bubbleremove",
  selectionRefused: "selectionrefused", paused: "pause", resumed: "resume", longPressed: "bubblelongpress" };
const KEY_DIRECTIONS = { ArrowUp: "up", ArrowDown: "down", ArrowLeft: "left", ArrowRight: "right" };
/** While bubbles move with no pointer down, the options' boxes follow at most this often,
 *  milliseconds (while a pointer drags, they wait for its release). */
const A11Y_POSITIONS_MS = 1000;

/**
 * The engine's accessibility elements in reading order: {focused, ids, numbers, labels} where
 * numbers holds, from index 2, six per element (id, selected, x, y, width, height) and labels (when
 * `withLabels`) their labels; null when the engine trapped. A module without the numeric export
 * (`bp_accessibility_layout`) is read through its JSON.
 */
export function readLayout(engine, withLabels) {
  if (!engine.x.bp_accessibility_layout) {
    const data = engine.accessibility(), numbers = [data.focused ?? -1, data.elements.length];
    for (const e of data.elements) numbers.push(e.id, e.selected ? 1 : 0, e.x, e.y, e.width, e.height);
    return { focused: data.focused ?? null, ids: data.elements.map((e) => e.id), numbers, labels: data.elements.map((e) => e.label) };
  }
  const count = engine.x.bp_accessibility_layout(withLabels ? 1 : 0);
  if (!(count >= 2)) return null;
  const numbers = Float64Array.from(engine.numbers(count)), n = numbers[1];
  const ids = new Array(n);
  for (let k = 0; k < n; k++) ids[k] = numbers[2 + 6 * k];
  let labels = null;
  if (withLabels) { labels = engine.text(engine.x.bp_text_length()).split("\0"); labels.length = n; }
  return { focused: numbers[0] < 0 ? null : numbers[0], ids, numbers, labels };
}

/** a11y.js: see the file's top. */
export const WithAccessibility = (Base) => class extends Base {
  // Events ------------------------------------------------------------------------------------

  /** Dispatches the engine's events since the last call. `byUser`: the user caused them (a
   *  pointer, a key, a frame during touch input), so a changed selection fires input and change. */
  drainEvents(byUser = false) {
    if (!this.engine) return;
    for (const event of this.engine.events()) {
      const known = this.meta.get(event.id);
      const label = event.label ?? known?.label ?? "";
      const detail = { id: event.id, tag: event.tag ?? known?.tag ?? 0, label, value: known?.value ?? label,
        reason: event.reason ?? null };
      if (event.type === "selected") this.selectedIds.add(event.id);
      if (event.type === "deselected") this.selectedIds.delete(event.id);
      if (event.type === "removed") { this.selectedIds.delete(event.id); this.meta.delete(event.id); }
      if (event.type === "added" || event.type === "contentChanged") this.meta.set(event.id, { value: null, ...known, tag: detail.tag, label });
      if (event.type === "selectionRefused") this.renderer.shakes.set(event.id, this.clock());
      if (event.type !== "paused" && event.type !== "resumed") this.a11yDirty = true;
      if (event.type === "added" || event.type === "contentChanged") this.a11yLabelsDirty = true;
      const name = EVENT_NAMES[event.type];
      if (name) this.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true }));
    }
    const announcements = this.engine.announcements();
    if (announcements.length) this.announce(announcements.join(". "));
    this.selectionSettled?.(byUser);
  }

  /** Says `text` through the polite live region. */
  announce(text) {
    this.live.textContent = "";
    const line = document.createElement("div");
    line.textContent = text;
    this.live.append(line);
  }

  // Accessibility -----------------------------------------------------------------------------

  /**
   * Mirrors the engine's accessibility elements as role=option children of the listbox,
   * incrementally: the engine hands over numbers (ids in reading order, selection, boxes), labels
   * only when content may have changed, and only what differs is written to the DOM. When it runs:
   * within 100 ms of a change (events, content), at `force` (at rest, on focus, on a key), and
   * while bubbles move at most every `A11Y_POSITIONS_MS` for the boxes (touch exploration finds
   * options where they are then; focus and rest bring them exactly up to date) — but not while a
   * pointer is down on the picker: a screen reader's touch exploration sends the page no pointer
   * drags, so then the boxes are for nobody, and the first frame after the release brings them
   * (with thousands of options a box update is a frame's work). Boxes are written
   * only on those position updates, at rest and for new options, all in one frame: the page's
   * paint and layerization after any box moved cost about the same for one box as for all, so a
   * position update is one such frame a second rather than a share of every frame. `labels`: read
   * the labels too.
   * - Complexity: O(n) numbers per run, DOM writes O(changed); nothing on frames between runs.
   */
  updateAccessibility(force, labels = false) {
    if (!this.engine) return;
    const now = this.clock();
    const positionsDue = this.pointers.size === 0 && now - (this.lastA11yBoxes ?? -Infinity) >= A11Y_POSITIONS_MS;
    if (!force && !(this.a11yDirty && now - this.lastA11y > 100) && !positionsDue) return;
    this.lastA11y = now;
    // Only boxes due (bubbles moving, nothing changed): the reading order waits for the next
    // change or rest, and a box is rewritten only where it moved a quarter of its size.
    // How far a box may lag, as a fraction of its size: none at rest, on focus or after a change.
    const boxes = force || positionsDue, tolerance = force || this.a11yDirty ? 0 : 0.25;
    const reorder = force || this.a11yDirty || !this.a11yRecords;
    if (boxes) this.lastA11yBoxes = now;
    const layout = readLayout(this.engine, labels || this.a11yLabelsDirty);
    if (!layout) return;
    if (!layout.labels && layout.ids.some((id) => !this.a11yRecords?.has(id))) {
      return this.updateAccessibility(force, true);  // a bubble the mirror has not seen: read labels
    }
    this.a11yDirty = false;
    if (layout.labels) this.a11yLabelsDirty = false;
    this.applyLayout(layout, boxes, tolerance, reorder);
  }

  /** Brings the options in line with `layout` (see `updateAccessibility`): boxes moved by more
   *  than `tolerance` times the box's size (and half a pixel) when `boxes`, the reading
   *  order when `reorder`. */
  applyLayout(layout, boxes, tolerance, reorder) {
    const records = this.a11yRecords ??= new Map();  // id -> {option, label, selected, x, y, w, h}
    const { ids, numbers } = layout;
    const pass = this.a11yPass = (this.a11yPass || 0) + 1;
    let previous = null;
    for (let k = 0; k < ids.length; k++) {
      const id = ids[k], at = 2 + 6 * k;
      let record = records.get(id);
      if (!record) {
        const option = document.createElement("div");
        option.setAttribute("role", "option");
        option.id = "bubble-" + id;
        record = { option, label: null, name: null, selected: null, x: NaN, y: NaN, w: NaN, h: NaN, seen: 0 };
        records.set(id, record);
        this.options.set(id, option);
      }
      record.seen = pass;
      const option = record.option;
      if (layout.labels && record.label !== layout.labels[k]) { record.label = layout.labels[k]; option.textContent = record.label; }
      // An empty label still gets a name: its value, else its position.
      const name = record.label.trim() ? null : (this.meta.get(id)?.value || `Bubble ${k + 1}`);
      if (record.name !== name) { record.name = name; if (name) option.setAttribute("aria-label", name); else option.removeAttribute("aria-label"); }
      const selected = numbers[at + 1] === 1;
      if (record.selected !== selected) { record.selected = selected; option.setAttribute("aria-selected", String(selected)); }
      if (record.x !== record.x) this.placeOption(record, numbers, at, 0);
      else if (boxes) this.placeOption(record, numbers, at, tolerance * record.w);
      // Reading order: move only the options out of place (new ones always go in).
      if (reorder || !option.parentNode) {
        const wanted = previous ? previous.nextSibling : this.listbox.firstChild;
        if (wanted !== option) this.listbox.insertBefore(option, wanted);
      }
      previous = option;
    }
    if (records.size > ids.length) {
      for (const [id, record] of records) if (record.seen !== pass) { record.option.remove(); records.delete(id); this.options.delete(id); }
    }
    this.markFocused(layout.focused);
  }

  /** Writes an option's box where it moved (or resized) by more than `tolerance` px (at least
   *  half a pixel). */
  placeOption(record, numbers, at, tolerance) {
    const style = record.option.style, x = numbers[at + 2], y = numbers[at + 3], w = numbers[at + 4], h = numbers[at + 5];
    const moved = (a, b) => !(Math.abs(a - b) <= Math.max(tolerance, 0.5));
    if (!moved(record.x, x) && !moved(record.y, y) && !moved(record.w, w) && !moved(record.h, h)) return;
    // A transform, not left/top: moving options then needs no layout pass.
    record.x = x; record.y = y; style.transform = `translate(${x}px, ${y}px)`;
    if (record.w !== w || record.h !== h) { record.w = w; record.h = h; style.width = `${w}px`; style.height = `${h}px`; }
  }

  /** The active descendant and the option's focus ring (two options touched at most). */
  markFocused(focused) {
    const option = focused === null ? null : this.options.get(focused) ?? null;
    const ringed = option && this.matches(":focus-within") ? option : null;
    if (this.ringedOption !== ringed) { this.ringedOption?.classList.remove("focused"); ringed?.classList.add("focused"); this.ringedOption = ringed; }
    if (option) this.listbox.setAttribute("aria-activedescendant", option.id);
    else this.listbox.removeAttribute("aria-activedescendant");
  }

  /** The focus ring is for keyboard focus: focus by Tab shows it, a click or tap does not, a key
   *  press while focused does. */
  focusChanged(focused) {
    if (!focused) this.internals.states.delete("keyboard");
    else if (!this.pointerFocus && this.listbox.matches(":focus-visible")) this.internals.states.add("keyboard");
    this.pointerFocus = false;
    this.a11yDirty = true;
    this.updateAccessibility(true);
  }

  key(event) {
    if (!this.engine || this.effectivelyDisabled || event.altKey || event.ctrlKey || event.metaKey) return;
    const engine = this.engine;
    const direction = KEY_DIRECTIONS[event.key];
    if (direction) engine.moveFocus(direction);
    else if (event.key === "Enter" || event.key === " ") engine.activateFocused();
    else if (event.key === "Delete" || event.key === "Backspace") engine.removeFocused();
    else if (event.key === "Home" || event.key === "End") {
      const ids = readLayout(engine, false)?.ids ?? [];
      const target = ids[event.key === "Home" ? 0 : ids.length - 1];
      if (target !== undefined) engine.focus(target);
    } else return;
    event.preventDefault();
    this.internals.states.add("keyboard");
    this.dirty = true; this.a11yDirty = true;
    this.drainEvents(true);
    this.wake();
    this.updateAccessibility(true);
  }
};
