// a11y.js — <bubble-picker> events, announcements, the role=option mirror of the engine's
// accessibility elements, and the keyboard.

const EVENT_NAMES = { selected: "bubbleselect", deselected: "bubbledeselect", removed: "bubbleremove",
  selectionRefused: "selectionrefused", paused: "pause", resumed: "resume", longPressed: "bubblelongpress" };
const KEY_DIRECTIONS = { ArrowUp: "up", ArrowDown: "down", ArrowLeft: "left", ArrowRight: "right" };

/** a11y.js: see the file's top. */
export const WithAccessibility = (Base) => class extends Base {
  // Events ------------------------------------------------------------------------------------

  drainEvents() {
    if (!this.engine) return;
    for (const event of this.engine.events()) {
      const known = this.meta.get(event.id);
      const detail = { id: event.id, tag: event.tag ?? known?.tag ?? 0, label: event.label ?? known?.label ?? "", reason: event.reason ?? null };
      if (event.type === "selected") this.selectedIds.add(event.id);
      if (event.type === "deselected") this.selectedIds.delete(event.id);
      if (event.type === "removed") { this.selectedIds.delete(event.id); this.meta.delete(event.id); }
      if (event.type === "added" || event.type === "contentChanged") this.meta.set(event.id, { tag: detail.tag, label: detail.label });
      if (event.type === "selectionRefused") this.renderer.shakes.set(event.id, this.clock());
      if (event.type !== "paused" && event.type !== "resumed") this.a11yDirty = true;
      const name = EVENT_NAMES[event.type];
      if (name) this.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true }));
    }
    const announcements = this.engine.announcements();
    if (announcements.length) this.announce(announcements.join(". "));
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

  key(event) {
    if (!this.engine) return;
    const direction = KEY_DIRECTIONS[event.key];
    if (direction) this.engine.moveFocus(direction);
    else if (event.key === "Enter" || event.key === " ") this.engine.activateFocused();
    else if (event.key === "Delete" || event.key === "Backspace") this.engine.removeFocused();
    else if (event.key === "Home" || event.key === "End") this.engine.moveFocus(event.key === "Home" ? "previous" : "next");
    else return;
    event.preventDefault();
    this.changed();
    this.updateAccessibility(true);
  }
};
