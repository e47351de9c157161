// wasm.js — loads the wasm module (Embedded Swift: BubbleWeb behind bp_* exports), gives it the
// few WASI imports wasi-libc asks for, and keeps an instance alive across traps. An ES module;
// the playground and the fuzz harness load it as a classic script (import/export lines removed).
//
// Trap recovery — `TrapRecovery`, self-contained below, reusable by anything that hosts the module
// (the playground's `Engine`, a `<bubble-picker>` element):
//   * Every export is called through `recovery.x.NAME(...)`. The exports validate their arguments
//     and return error codes, so a trap means a bug; but after a trap an instance can no longer be
//     trusted (its stack pointer is left wherever the trap happened, its heap may be half-updated),
//     so it is never called again.
//   * Instead the instance is discarded, a fresh one is instantiated from the same compiled module,
//     and the journal — the calls that built the state, kept here in JS, outside the broken memory —
//     is replayed into it. The trapping call itself is dropped (it returns `undefined`), so the new
//     instance holds the state from just before it.
//   * It says so: `onRecover({ call, error, replayed, restored })` runs (the page reports it in its
//     event list and on the console), and `recovery.recoveries` counts them.
//   * Journals are lanes (`"live"`, `"player"`): `recovery.journal(lane, entry, reset)` appends a call,
//     or starts the lane afresh with it (a new session, a scenario load, a seek). An entry is
//     `{ name, args, texts, bytes }`; `texts`, when present, are written into the input buffer first and
//     their byte lengths passed before `args` (as bp_player_load and bp_create_scenario take them);
//     `bytes` (a Uint8Array, optional) follow the texts in the buffer (bp_label_widths' numbers).
//   * If the replay itself traps, every lane is dropped and the instance is fresh and empty
//     (`restored: false`): the host must start again.
//   * Two modules: the host may start on a lean module that lacks some exports (the element's has no
//     `bp_restore`) and give `loadFull`, a function returning a promise of the module that has them
//     all (one cached download). `adopt(module)` moves the journal into a fresh instance of it (the
//     same replay, exact) and makes that the live one. A trap whose journal holds a call the lean
//     module lacks recovers asynchronously: the full module is loaded first; meanwhile `pending`
//     is that promise, calls return `undefined` and are not journaled, and `onRecover` runs when
//     the replay is done.

/** WASI functions wasi-libc's stdio and Swift's hashing need: output, seeding, nothing else. */
export function wasiImports(getMemory) {
  const lines = { 1: "", 2: "" };
  const decoder = new TextDecoder();
  return {
    fd_write(fd, iovs, count, writtenPointer) {
      const view = new DataView(getMemory().buffer);
      let written = 0;
      for (let i = 0; i < count; i++) {
        const pointer = view.getUint32(iovs + 8 * i, true), length = view.getUint32(iovs + 8 * i + 4, true);
        lines[fd] = (lines[fd] || "") + decoder.decode(new Uint8Array(getMemory().buffer, pointer, length));
        written += length;
      }
      // Whole lines go to the console: stdout as logs, stderr (Swift's fatal errors) as errors.
      let end;
      while ((end = lines[fd].indexOf("\n")) >= 0) {
        const line = lines[fd].slice(0, end);
        lines[fd] = lines[fd].slice(end + 1);
        if (fd === 2) console.error("wasm:", line); else console.log("wasm:", line);
      }
      view.setUint32(writtenPointer, written, true);
      return 0;
    },
    fd_close() { return 0; },
    fd_seek() { return 70; },  // ESPIPE: the console cannot seek
    random_get(pointer, length) {  // seeds the playground module's Hasher (the element's modules import nothing)
      for (let offset = 0; offset < length; offset += 65536) {
        crypto.getRandomValues(new Uint8Array(getMemory().buffer, pointer + offset, Math.min(65536, length - offset)));
      }
      return 0;
    },
    proc_exit(code) { throw new Error("wasm exited with " + code); },
  };
}

/** A wasm module instance that survives traps by replaying its journal (see the top of this file). */
export class TrapRecovery {
  /** `module`: a compiled WebAssembly.Module; `onRecover(report)`: told of every recovery (by
   *  default `report.message` goes to the console as a warning). */
  constructor(module, onRecover = (report) => console.warn(report.message), loadFull = null) {
    this.module = module;
    this.onRecover = onRecover;
    this.loadFull = loadFull;  // () => Promise<WebAssembly.Module> with every export, or null
    this.pending = null;       // while an asynchronous recovery loads the full module: its promise
    this.lanes = new Map();  // lane name -> [{ name, args, texts }], replayed in the order lanes were made
    this.recoveries = 0;
    this.instantiate();
    this.x = {};
    this.addExports(module);
  }

  /** Adds `recovery.x.NAME` for each function `module` exports that `x` does not have yet. */
  addExports(module) {
    for (const entry of WebAssembly.Module.exports(module)) {
      if (entry.kind === "function" && !this.x[entry.name]) this.x[entry.name] = (...args) => this.call(entry.name, args);
    }
  }

  /**
   * Makes a fresh instance of `module` (which has every export the current one has) the live one,
   * the journal replayed into it; returns false, the current instance kept, when the replay trapped.
   * - Complexity: the journal's replay.
   */
  adopt(module) {
    const previous = { module: this.module, instance: this.instance, raw: this.raw };
    this.module = module;
    this.instantiate();
    try {
      for (const calls of this.lanes.values()) for (const entry of calls) this.replay(entry);
    } catch (error) {
      if (!(error instanceof WebAssembly.RuntimeError)) throw error;
      Object.assign(this, previous);
      return false;
    }
    this.addExports(module);
    return true;
  }

  /** Whether a journaled call names an export the live module lacks. - Complexity: O(journal). */
  get journalNeedsFull() {
    for (const calls of this.lanes.values()) for (const entry of calls) if (!this.raw[entry.name]) return true;
    return false;
  }

  /** A fresh instance: the WASI imports, then the C runtime's constructors. */
  instantiate() {
    let memory = null;
    const wasi = wasiImports(() => memory);
    const imports = {};
    for (const wanted of WebAssembly.Module.imports(this.module)) {
      imports[wanted.module] = imports[wanted.module] || {};
      imports[wanted.module][wanted.name] = wasi[wanted.name] || (() => {
        throw new Error(`wasm import ${wanted.module}.${wanted.name} is not provided`);
      });
    }
    this.instance = new WebAssembly.Instance(this.module, imports);
    this.raw = this.instance.exports;
    memory = this.raw.memory;
    this.raw._initialize();
  }

  get memory() { return this.raw.memory; }

  /** Calls an export; a trap discards the instance and replays the journal into a fresh one. */
  call(name, args) {
    if (this.pending) return undefined;
    try {
      return this.raw[name](...args);
    } catch (error) {
      if (!(error instanceof WebAssembly.RuntimeError)) throw error;
      this.recover(`${name}(${args.map(String).join(", ")})`, error);
      return undefined;
    }
  }

  /** Records a call in a lane; `reset` starts the lane afresh with it. */
  journal(lane, entry, reset = false) {
    if (reset || !this.lanes.has(lane)) this.lanes.set(lane, []);
    this.lanes.get(lane).push(entry);
  }

  /** The calls in every lane, in order. */
  get journalLength() { let n = 0; for (const calls of this.lanes.values()) n += calls.length; return n; }

  recover(call, error) {
    this.recoveries++;
    this.instantiate();  // a sound (empty) instance at once: nothing calls into the trapped one again
    if (!this.loadFull || !this.journalNeedsFull) { this.replayJournal(call, error); return; }
    const done = () => { this.pending = null; this.replayJournal(call, error); };
    this.pending = this.loadFull().then((module) => {
      this.module = module;
      this.addExports(module);
      this.instantiate();
    }).then(done, done);
  }

  /** Replays every lane into the fresh instance and reports (`onRecover`). */
  replayJournal(call, error) {
    let replayed = 0, restored = !this.journalNeedsFull;
    try {
      for (const calls of restored ? this.lanes.values() : []) {
        for (const entry of calls) { this.replay(entry); replayed++; }
      }
    } catch (replayError) {
      if (!(replayError instanceof WebAssembly.RuntimeError)) throw replayError;
      restored = false;
    }
    if (!restored) { this.lanes.clear(); this.instantiate(); }
    const report = { call, error: String(error && error.message || error), replayed, restored };
    report.message = `wasm trapped in ${call} (${report.error}); instance discarded, ` +
      (restored ? `recreated from the journal (${replayed} calls)` : "the journal did not replay: started empty");
    this.onRecover(report);
  }

  replay(entry) {
    const lengths = entry.texts ? this.writeInput(entry.texts, entry.bytes) : [];
    this.raw[entry.name](...lengths, ...entry.args);
  }

  /** Copies UTF-8 strings into the input buffer, back to back, then `bytes` (optional); returns
   *  the strings' byte lengths. */
  writeInput(texts, bytes = null) {
    const encoded = texts.map((t) => new TextEncoder().encode(t));
    if (bytes) encoded.push(bytes);
    const total = encoded.reduce((sum, e) => sum + e.length, 0);
    const pointer = this.raw.bp_input(total);
    if (!pointer) throw new Error(`input of ${total} bytes refused (more than the module accepts)`);
    let offset = 0;
    for (const e of encoded) { new Uint8Array(this.memory.buffer, pointer + offset, e.length).set(e); offset += e.length; }
    return encoded.slice(0, texts.length).map((e) => e.length);
  }
}
