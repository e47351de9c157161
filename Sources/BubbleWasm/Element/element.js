// element.js — `BubblePickerElement`, the <bubble-picker> class: the core (core.js: shadow tree,
// lifecycle, engine, settings) with one mixin per concern, each its own module. bubble-picker.js
// (the module a page loads) defines the tag; the playground defines it itself.
import { PickerCore } from "./core.js";
import { WithFonts } from "./fonts.js";
import { WithFrameLoop } from "./frame.js";
import { WithAccessibility } from "./a11y.js";
import { WithPointerInput } from "./input.js";
import { WithContent } from "./content.js";
import { WithOptions } from "./options.js";
import { WithForm } from "./form.js";

/** The <bubble-picker> element (README "On a web page"): form-associated, like <select multiple>. */
export class BubblePickerElement extends
  WithForm(WithOptions(WithContent(WithPointerInput(WithAccessibility(WithFrameLoop(WithFonts(PickerCore))))))) {}

/** Where the engine's .wasm comes from: a URL, bytes, or a compiled WebAssembly.Module. The ES
 *  module build sets it to the file beside the module; a page may set it before the first picker. */
BubblePickerElement.wasmSource = null;
/** The compiled module (a promise), shared by every picker on the page. */
BubblePickerElement.module = null;
/** Where the restore-capable .wasm comes from (the lean `wasmSource` has no snapshot reader): a
 *  URL, bytes or a module, fetched only when a picker restores a snapshot. The ES module build sets
 *  it beside the module; a page that sets `wasmSource` sets this too. */
BubblePickerElement.restoreWasmSource = null;
/** The restore-capable compiled module (a promise), once needed. */
BubblePickerElement.fullModule = null;
