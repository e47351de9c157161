// options.js — <bubble-picker>'s <option> children: one bubble each (text = label, `value` = form
// value, `data-tag`, `data-color` "#rrggbb", `data-size` points, `selected` = selected at start and
// after form.reset()). Options added, removed or changed later are followed (a MutationObserver
// on the element's children, connected while the element is): an added option adds a bubble, a
// removed one removes it, a changed text, value, tag, colour or size updates it in place.

/** The bubble spec an <option> describes. */
function optionSpec(option) {
  // The tag: data-tag, else a whole-number value (as before values were strings), else 0.
  const tagText = option.dataset.tag ?? option.getAttribute("value") ?? "";
  const tag = tagText.trim() === "" ? 0 : Number(tagText);
  return {
    label: option.textContent.trim(), tag: Number.isSafeInteger(tag) ? tag : 0,
    value: option.hasAttribute("value") ? option.getAttribute("value") : null,
    color: option.dataset.color || undefined, size: option.dataset.size ? Number(option.dataset.size) : undefined,
  };
}

/** options.js: the <option> children (see the file's top). */
export const WithOptions = (Base) => class extends Base {
  /** Adds a bubble per <option> child (at start). */
  readOptions() {
    this.optionIds = new Map();  // <option> -> bubble id
    const options = Array.from(this.querySelectorAll(":scope > option"));
    if (options.length) {
      const ids = this.add(options.map((o) => ({ ...optionSpec(o), selected: o.hasAttribute("selected") })));
      options.forEach((o, i) => { if (ids[i] >= 0) this.optionIds.set(o, ids[i]); });
    } else {
      this.measureLabels();
    }
    this.connectOptions();
  }

  connectOptions() {
    if (!this.optionIds || this.optionObserver) return;
    this.optionObserver = new MutationObserver((records) => this.optionsChanged(records));
    this.optionObserver.observe(this, { childList: true, subtree: true, characterData: true, attributes: true,
      attributeFilter: ["value", "data-tag", "data-color", "data-size", "label"] });
  }

  disconnectOptions() {
    if (!this.optionObserver) return;
    this.optionsChanged(this.optionObserver.takeRecords());
    this.optionObserver.disconnect();
    this.optionObserver = null;
  }

  /** The option a node belongs to (itself, or the option its text is in), if it is a child option. */
  ownOption(node) {
    const option = node.nodeType === Node.ELEMENT_NODE ? node.closest("option") : node.parentElement?.closest("option");
    return option && option.parentElement === this ? option : null;
  }

  optionsChanged(records) {
    const changed = new Set();
    let structure = false;
    for (const record of records) {
      if (record.type === "childList" && record.target === this) structure = true;
      else { const option = this.ownOption(record.target); if (option) changed.add(option); }
    }
    if (structure) this.matchOptions();
    for (const option of changed) {
      const id = this.optionIds.get(option);
      if (id === undefined) continue;
      const { value, ...spec } = optionSpec(option);
      this.engine.update(id, { label: spec.label, tag: spec.tag, size: spec.size, color: spec.color });
      this.meta.set(id, { tag: spec.tag, label: spec.label, value });
      this.measureLabels([spec.label]);
    }
    if (structure || changed.size) { this.changed(); this.updateFormValue?.(); }
  }

  /** Adds bubbles for new options and removes those of options no longer children. */
  matchOptions() {
    const current = Array.from(this.querySelectorAll(":scope > option"));
    const present = new Set(current);
    for (const [option, id] of this.optionIds) {
      if (!present.has(option)) { this.optionIds.delete(option); this.engine.remove(id); }
    }
    const fresh = current.filter((o) => !this.optionIds.has(o));
    if (!fresh.length) return;
    const ids = this.add(fresh.map((o) => ({ ...optionSpec(o), selected: o.hasAttribute("selected") })));
    fresh.forEach((o, i) => { if (ids[i] >= 0) this.optionIds.set(o, ids[i]); });
  }

  /** The ids of the options marked `selected` (the default selection, as for <select>). */
  defaultSelection() {
    const ids = [];
    for (const [option, id] of this.optionIds || []) if (option.hasAttribute("selected")) ids.push(id);
    return ids;
  }
};
