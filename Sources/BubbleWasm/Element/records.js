// records.js — what the browser module's record exports wrote (Web/RecordExports.swift), read
// back as the objects BubbleEngine returns: the settings table, the accessibility elements, the
// events and the announcements. A record is numbers in the numbers buffer, each text being its
// UTF-8 byte length among them with its bytes in the text buffer.

const DECODER = new TextDecoder();

/**
 * A cursor over what a records export wrote (Web/RecordExports.swift: numbers, and each text as
 * its UTF-8 byte length among them with its bytes in the text buffer): `number()` reads the next
 * number, `text()` the next text. null when the export returned no count (no picker). Read it
 * before the next call into the module (a call may grow memory and detach the views).
 */
export function readRecords(recovery, count) {
  if (!(count > 0)) return null;
  const numbersAt = recovery.x.bp_numbers(), textAt = recovery.x.bp_text(), length = recovery.x.bp_text_length();
  const buffer = recovery.memory.buffer;  // after the calls (as `BubbleEngine.view`: a call may grow memory)
  const values = new Float64Array(buffer, numbersAt, count);
  const bytes = length > 0 ? new Uint8Array(buffer, textAt, length) : new Uint8Array(0);
  let next = 0, at = 0;
  return {
    number: () => values[next++],
    text() { const end = at + values[next++]; const text = DECODER.decode(bytes.subarray(at, end)); at = end; return text; },
  };
}

/** A finite number, or null (as JSON would have it). */
const finite = (value) => (Number.isFinite(value) ? value : null);

/** The settings table the module exports (`bp_settings`): [{ name, kind, min, max, step?,
 *  nullable?, choices?, default }] in code order. */
export function readSettings(recovery) {
  const r = readRecords(recovery, recovery.x.bp_settings());
  const table = [];
  for (let count = r ? r.number() : 0; table.length < count;) {
    const setting = { name: r.text(), kind: r.text(), min: finite(r.number()), max: finite(r.number()) };
    const step = r.number(), value = r.number(), nullable = r.number() === 1;
    if (step > 0) setting.step = step;
    if (nullable) setting.nullable = true;
    const choices = [];
    for (let n = r.number(); choices.length < n;) choices.push(r.text());
    if (setting.kind === "choice") setting.choices = choices;
    setting.default = finite(value);
    table.push(setting);
  }
  return table;
}

/** The accessibility elements in reading order from `bp_accessibility`'s records (null: none):
 *  { focused: id|null, elements: [{ id, label, value, selected, x, y, width, height }] }. */
export function readAccessibility(r) {
  if (!r) return { focused: null, elements: [] };
  const focused = r.number(), elements = [];
  for (let count = r.number(); elements.length < count;) {
    elements.push({ id: r.number(), label: r.text(), value: r.text(), selected: r.number() === 1,
      x: r.number(), y: r.number(), width: r.number(), height: r.number() });
  }
  return { focused: focused >= 0 ? focused : null, elements };
}

/** The events from `bp_picker_events`' records (null: none), oldest first:
 *  [{ type, id: id|null, tag: tag|null, label, step, reason? }]. */
export function readEvents(r) {
  const events = [];
  for (let count = r ? r.number() : 0; events.length < count;) {
    const type = r.text(), id = r.number(), hasTag = r.number() === 1, tag = r.number();
    const event = { type, id: id >= 0 ? id : null, tag: hasTag ? tag : null, label: r.text(), step: r.number() };
    const reason = r.text();
    if (reason) event.reason = reason;
    events.push(event);
  }
  return events;
}

/** The texts to announce from `bp_announcements`' records (null: none), oldest first. */
export function readAnnouncements(r) {
  const texts = [];
  for (let count = r ? r.number() : 0; texts.length < count;) texts.push(r.text());
  return texts;
}
