// form.js — <bubble-picker> as a form control (form-associated custom element, ElementInternals),
// like <select multiple>:
//   value      each selected bubble's value (its <option value>, else its label) is one FormData
//              entry under `name`, in the order they were selected; `value` is the first, `values`
//              all of them (settable: selects exactly those values, no events).
//   events     `input` then `change` (bubbling) when the user changes the selection — a tap, a key,
//              a long press — never for changes made by script, a reset or a restore.
//   reset      form.reset() restores the default selection: the options marked `selected`.
//   disabled   the `disabled` attribute or a disabled <fieldset> blocks input, greys the picker,
//              takes it out of the tab order and out of the form's data.
//   validity   `required`: at least one selected; `min-selected="n"`: at least n. Invalid, the
//              message says what is missing; reportValidity() shows it and focuses the picker.
//   history    the selection (as values) is the form state, restored on back/forward navigation.

/** form.js: the form control (see the file's top). */
export const WithForm = (Base) => class extends Base {
  static get formAssociated() { return true; }

  get form() { return this.internals.form; }
  get validity() { return this.internals.validity; }
  get validationMessage() { return this.internals.validationMessage; }
  get willValidate() { return this.internals.willValidate; }
  get labels() { return this.internals.labels; }
  checkValidity() { return this.internals.checkValidity(); }
  reportValidity() { return this.internals.reportValidity(); }
  setCustomValidity(message) { this.customMessage = String(message ?? ""); this.updateFormValue(); }

  get name() { return this.getAttribute("name") ?? ""; }
  set name(value) { this.setAttribute("name", value); }
  get disabled() { return this.hasAttribute("disabled"); }
  set disabled(value) { this.toggleAttribute("disabled", Boolean(value)); }
  get required() { return this.hasAttribute("required"); }
  set required(value) { this.toggleAttribute("required", Boolean(value)); }
  get minSelected() { const n = Number(this.getAttribute("min-selected")); return Number.isInteger(n) && n > 0 ? n : 0; }
  set minSelected(value) { this.setAttribute("min-selected", String(value)); }

  /** The selected bubbles' values, in the order they were selected. */
  get values() {
    const values = [];
    for (const id of this.selectedIds) if (this.meta.has(id)) values.push(this.bubbleValue(id));
    return values;
  }
  set values(list) {
    const wanted = new Set(Array.from(list ?? [], String));
    const engine = this.engineFor("values");
    for (const id of Array.from(this.selectedIds)) if (!wanted.has(this.bubbleValue(id))) engine.deselect(id);
    for (const [id] of this.meta) if (wanted.has(this.bubbleValue(id)) && !this.selectedIds.has(id)) engine.select(id);
    this.changed();
  }
  get value() { return this.values[0] ?? ""; }
  set value(text) { this.values = text === null || text === undefined || text === "" ? [] : [String(text)]; }

  /** Disabled by its attribute or an ancestor <fieldset> (formDisabledCallback). */
  get effectivelyDisabled() { return this.disabled || Boolean(this.fieldsetDisabled); }

  startForm() {
    this.defaultIds = this.defaultSelection();
    this.formValues = JSON.stringify(this.values);
    this.updateFormValue();
    this.updateDisabled();
  }

  formDisabledCallback(disabled) { this.fieldsetDisabled = disabled; this.updateDisabled(); }

  formResetCallback() {
    if (!this.engine) return;
    this.engine.deselectAll();
    for (const id of this.defaultSelection()) this.engine.select(id);
    this.changed();
  }

  formStateRestoreCallback(state) {
    let values;
    try { values = JSON.parse(state); } catch { return; }
    if (!Array.isArray(values)) return;
    this.ready.then(() => { this.values = values; });
  }

  updateDisabled() {
    const disabled = this.effectivelyDisabled;
    const states = this.internals.states;
    if (disabled) states.add("disabled"); else states.delete("disabled");
    this.listbox.setAttribute("tabindex", disabled ? "-1" : "0");
    if (this.autoTabIndex) this.tabIndex = disabled ? -1 : 0;
    if (disabled) this.listbox.setAttribute("aria-disabled", "true"); else this.listbox.removeAttribute("aria-disabled");
    if (disabled && this.pointers.size) for (const id of Array.from(this.pointers.keys())) this.pointer("cancel", { pointerId: id });
    this.dirty = true;
  }

  /** The form value (one entry per selected value under `name`), the history state and validity. */
  updateFormValue() {
    if (!this.engine) return;
    const values = this.values, data = new FormData();
    if (this.name) for (const value of values) data.append(this.name, value);
    this.internals.setFormValue(data, JSON.stringify(values));
    const needed = Math.max(this.required ? 1 : 0, this.minSelected);
    if (this.customMessage) this.internals.setValidity({ customError: true }, this.customMessage, this.listbox);
    else if (values.length < needed) {
      const message = needed === 1 ? "Select at least one bubble." : `Select at least ${needed} bubbles (${values.length} selected).`;
      this.internals.setValidity(values.length === 0 && this.required ? { valueMissing: true } : { rangeUnderflow: true }, message, this.listbox);
    } else this.internals.setValidity({});
    if (this.required) this.listbox.setAttribute("aria-required", "true"); else this.listbox.removeAttribute("aria-required");
  }

  /** After events were drained: a changed selection updates the form value, and fires `input`
   *  and `change` when the user made it. */
  selectionSettled(byUser) {
    const now = JSON.stringify(this.values);
    if (now === this.formValues) return;
    this.formValues = now;
    this.updateFormValue();
    if (!byUser) return;
    this.dispatchEvent(new Event("input", { bubbles: true, composed: true }));
    this.dispatchEvent(new Event("change", { bubbles: true }));
  }
};
