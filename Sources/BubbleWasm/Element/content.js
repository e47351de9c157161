// content.js — the <bubble-picker> content API: add, removeBubbles, select…, the bubbles, values,
// snapshot and restore. Methods called before `ready` throw an InvalidStateError naming `ready`.
//
// Values: each bubble may carry a string `value` (an <option value>, else its label) — the form
// value of the selection. The engine keeps Int tags only, so values live here, id -> value, and
// travel with a snapshot in one trailing line (`#bubble-picker {"bubbles": [[id, tag, value], …]}`)
// that restore() reads back and removes before the engine sees the text.
//
// Restore anywhere: a snapshot restores into a picker of any size — the engine is resized to the
// element after it (bubbles brought inside, hit testing and focus right) — and attributes present
// on the element win over the snapshot's settings (they are applied again after it).

/** The line a snapshot's values travel in (after the engine's text). */
const VALUES_MARK = "\n#bubble-picker ";

/** content.js: the content API (see the file's top). */
export const WithContent = (Base) => class extends Base {
  /** Adds a bubble ({label, tag, value, size, selected, color, at}) or an array of them; returns
   *  the id(s) (-1 for a bubble the engine refused). A `selected` bubble beyond `maxSelected`
   *  is added unselected (as the engine decides). */
  add(items) {
    const engine = this.engineFor("add");
    const list = Array.isArray(items) ? items : [items];
    this.measureLabels(list.map((item) => String(item?.label ?? "")));
    const ids = list.map((item) => {
      const { value, ...spec } = item || {};
      const id = engine.add({ tag: 0, selected: false, ...spec });
      if (id >= 0) this.meta.set(id, { tag: Number(spec.tag) || 0, label: String(spec.label ?? ""), value: value ?? null });
      return id;
    });
    if (list.some((item) => item?.selected)) this.syncSelection();  // unselected adds change no selection
    this.changed();
    return Array.isArray(items) ? ids : ids[0];
  }

  /** Adds `count` generated bubbles (the engine's seeded sizes and labels); returns the ids. */
  addMany(count, options = {}) { const ids = this.engineFor("addMany").addMany(count, options); this.changed(); return ids; }

  /** The bubbles as {id, tag, label, value, selected}, in reading order. */
  get bubbles() {
    if (!this.engine) return [];
    return this.engine.accessibility().elements.map((e) => ({
      id: e.id, tag: this.meta.get(e.id)?.tag ?? 0, label: e.label, value: this.bubbleValue(e.id, e.label),
      selected: Boolean(e.selected),
    }));
  }

  /** A bubble's form value: its own, else its label. */
  bubbleValue(id, label) {
    const known = this.meta.get(id);
    return known?.value ?? label ?? known?.label ?? "";
  }

  /** The ids a selector names: an id, {id}, {tag: n}, {value: "…"}, an array of those, or a
   *  predicate over {id, tag, label, value, selected}. {tag} and {value} read the element's own
   *  index (O(bubbles), no engine call). */
  resolve(selector) {
    if (typeof selector === "number") return [selector];
    if (Array.isArray(selector)) return selector.flatMap((s) => this.resolve(s));
    if (typeof selector === "function") return this.bubbles.filter(selector).map((b) => b.id);
    if (selector && typeof selector === "object" && "tag" in selector) {
      const tag = Number(selector.tag), ids = [];
      for (const [id, known] of this.meta) if (known.tag === tag) ids.push(id);
      return ids;
    }
    if (selector && typeof selector === "object" && "value" in selector) {
      const value = String(selector.value), ids = [];
      for (const [id, known] of this.meta) if ((known.value ?? known.label) === value) ids.push(id);
      return ids;
    }
    if (selector && typeof selector === "object" && "id" in selector) return [selector.id];
    throw new TypeError("<bubble-picker>: select bubbles by an id, {id}, {tag}, {value}, an array, or a predicate");
  }

  /** Removes the bubbles `selector` names (animated); returns how many. `{tag}` is one engine call. */
  removeBubbles(selector) {
    const engine = this.engineFor("removeBubbles");
    let count;
    if (selector && typeof selector === "object" && !Array.isArray(selector) && Object.keys(selector).join() === "tag") {
      count = engine.removeTag(Number(selector.tag));
    } else {
      const ids = this.resolve(selector);
      for (const id of ids) engine.remove(id);
      count = ids.length;
    }
    this.changed();
    return count;
  }
  select(selector) { return this.each("select", selector); }
  deselect(selector) { return this.each("deselect", selector); }
  toggle(selector) { return this.each("toggle", selector); }
  each(method, selector) {
    const engine = this.engineFor(method), ids = this.resolve(selector);
    for (const id of ids) engine[method](id);
    this.changed();
    return ids.length;
  }
  selectAll() { this.engineFor("selectAll").selectAll(); this.changed(); }
  deselectAll() { this.engineFor("deselectAll").deselectAll(); this.changed(); }
  removeSelected() { this.engineFor("removeSelected").removeSelected(); this.changed(); }

  /** The picker as versioned text: the engine's saved state, then the bubbles' tags and values. */
  snapshot() {
    const text = this.engineFor("snapshot").snapshot();
    const bubbles = [];
    for (const [id, known] of this.meta) bubbles.push([id, known.tag, known.value ?? null]);
    return text + VALUES_MARK + JSON.stringify({ bubbles });
  }

  /** Restores a snapshot (this element's, or the engine's text alone) → a Promise of {ok} or
   *  {ok: false, error} (nothing changed). The first restore on a page loads the restore-capable
   *  module (see engine.js). See the file's top for sizes and attributes. */
  async restore(text) {
    const engine = this.engineFor("restore");
    text = String(text);
    const mark = text.lastIndexOf(VALUES_MARK);
    let extra = null;
    if (mark >= 0) {
      try { extra = JSON.parse(text.slice(mark + VALUES_MARK.length)); } catch (error) {
        return { ok: false, error: `snapshot: the #bubble-picker line is not JSON (${error.message})` };
      }
      text = text.slice(0, mark);
    }
    const result = await engine.restore(text);
    if (!result.ok) return result;
    this.adoptRestored(extra);
    try { engine.resize(this.size.w, this.size.h); } catch (error) { console.warn(`<bubble-picker> restore: ${error.message}`); }
    this.applyAttributes();
    this.applyReducedMotion();
    this.measureLabels([], true);
    this.changed();
    this.updateFormValue?.();
    return result;
  }

  /** After a restore: ids, labels, tags and values from the engine and the snapshot's values line. */
  adoptRestored(extra) {
    const elements = this.engine.accessibility().elements;
    const saved = new Map((extra?.bubbles || []).map(([id, tag, value]) => [id, { tag, value }]));
    const meta = new Map();
    for (const e of elements) {
      const known = saved.get(e.id) ?? this.meta.get(e.id);
      meta.set(e.id, { tag: Number(known?.tag) || 0, label: e.label, value: known?.value ?? null });
    }
    this.meta = meta;
    this.selectedIds = new Set(elements.filter((e) => e.selected).map((e) => e.id));
    this.engine.events();  // a restore reports no events; drop any the engine queued
  }

  /** The selection as the engine has it (after adds: a bubble added selected beyond the limit is not). */
  syncSelection() {
    const selected = new Set(this.engine.accessibility().elements.filter((e) => e.selected).map((e) => e.id));
    for (const id of this.selectedIds) if (!selected.has(id)) this.selectedIds.delete(id);
    for (const id of selected) this.selectedIds.add(id);
  }

  /** Sets a setting by its engine name; returns {ok} or {ok: false, error}. */
  set(name, value) { const result = this.engineFor("set").set(name, value); this.changed(); return result; }
  get(name) { return this.engineFor("get").get(name); }

  changed() { this.dirty = true; this.a11yDirty = true; this.drainEvents(); this.wake(); }
};
