// input.js — <bubble-picker> pointer input: pointer events to picker points and display-clock times.

/** input.js: see the file's top. */
export const WithPointerInput = (Base) => class extends Base {
  // Input -------------------------------------------------------------------------------------

  wireInput() {
    const canvas = this.canvas;
    canvas.addEventListener("pointerdown", (event) => this.pointer("down", event));
    canvas.addEventListener("pointermove", (event) => this.pointer("move", event));
    canvas.addEventListener("pointerup", (event) => this.pointer("up", event));
    canvas.addEventListener("pointercancel", (event) => this.pointer("cancel", event));
    canvas.addEventListener("lostpointercapture", (event) => { if (this.pointers.has(event.pointerId)) this.pointer("cancel", event); });
    this.addEventListener("keydown", (event) => this.key(event));
    this.listbox.addEventListener("focus", () => { this.a11yDirty = true; this.updateAccessibility(true); });
    this.listbox.addEventListener("blur", () => { this.a11yDirty = true; this.updateAccessibility(true); });
  }

  /** Container point of a pointer event (the container fills the element). */
  point(event) {
    const rect = this.canvas.getBoundingClientRect();
    return { x: event.clientX - rect.left, y: event.clientY - rect.top };
  }

  /** The event's time on the display clock, seconds (synthetic events: the element's clock). */
  time(event) {
    const t = (event.isTrusted ? event.timeStamp : this.clock()) / 1000 - this.droppedTime;
    this.latestInput = Math.max(this.latestInput, t);
    return t;
  }

  pointer(kind, event) {
    if (!this.engine) return;
    const id = event.pointerId, engine = this.engine;
    if (kind === "down") {
      if (event.button > 0) return;
      try { this.canvas.setPointerCapture(id); } catch (_) { /* a synthetic pointer cannot be captured */ }
      this.pointers.set(id, true);
      const p = this.point(event);
      engine.pointerDown(id, p.x, p.y, this.time(event));
      this.listbox.focus({ preventScroll: true });
      event.preventDefault();
    } else if (!this.pointers.has(id)) {
      return;
    } else if (kind === "move") {
      const samples = event.getCoalescedEvents ? event.getCoalescedEvents() : [];
      for (const sample of samples.length ? samples : [event]) {
        const p = this.point(sample);
        engine.pointerMove(id, p.x, p.y, this.time(sample.isTrusted ? sample : event));
      }
    } else if (kind === "up") {
      this.pointers.delete(id);
      const p = this.point(event);
      engine.pointerUp(id, p.x, p.y, this.time(event));
    } else {
      this.pointers.delete(id);
      engine.pointerCancel(id);
    }
    this.drainEvents();
    this.wake();
  }
};
