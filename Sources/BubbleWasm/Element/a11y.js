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

  /** Mirrors engine.accessibility() as role=option children of the listbox: on content changes,
   *  at rest, and twice a second while moving (positions for touch exploration). */
  updateAccessibility(force) {
    const now = this.clock();
    if (!force && !(this.a11yDirty && now - this.lastA11y > 100) && now - this.lastA11y < 500) return;
    this.lastA11y = now;
    this.a11yDirty = false;
    const data = this.engine.accessibility();
    const seen = new Set();
    let previous = null;
    for (const e of data.elements) {
      seen.add(e.id);
      let option = this.options.get(e.id);
      if (!option) {
        option = document.createElement("div");
        option.setAttribute("role", "option");
        option.id = "bubble-" + e.id;
        this.options.set(e.id, option);
      }
      if (option.textContent !== e.label) option.textContent = e.label;
      // An empty label still gets a name: its value, else its position.
      const name = e.label.trim() ? null : (this.meta.get(e.id)?.value || `Bubble ${seen.size}`);
      if (option.getAttribute("aria-label") !== name) { if (name) option.setAttribute("aria-label", name); else option.removeAttribute("aria-label"); }
      const selected = e.selected ? "true" : "false";
      if (option.getAttribute("aria-selected") !== selected) option.setAttribute("aria-selected", selected);
      const style = option.style;
      style.left = `${e.x}px`; style.top = `${e.y}px`; style.width = `${e.width}px`; style.height = `${e.height}px`;
      option.classList.toggle("focused", data.focused === e.id && this.matches(":focus-within"));
      // Reading order: move only the options out of place.
      const wanted = previous ? previous.nextSibling : this.listbox.firstChild;
      if (wanted !== option) this.listbox.insertBefore(option, wanted);
      previous = option;
    }
    for (const [id, option] of this.options) if (!seen.has(id)) { option.remove(); this.options.delete(id); }
    if (data.focused !== null && data.focused !== undefined && this.options.has(data.focused)) {
      this.listbox.setAttribute("aria-activedescendant", "bubble-" + data.focused);
    } else {
      this.listbox.removeAttribute("aria-activedescendant");
    }
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
      const elements = engine.accessibility().elements;
      const target = elements[event.key === "Home" ? 0 : elements.length - 1];
      if (target) engine.focus(target.id);
    } else return;
    event.preventDefault();
    this.internals.states.add("keyboard");
    this.dirty = true; this.a11yDirty = true;
    this.drainEvents(true);
    this.wake();
    this.updateAccessibility(true);
  }
};
