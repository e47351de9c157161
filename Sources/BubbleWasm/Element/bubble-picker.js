// bubble-picker.js — the module a page loads: `<script type="module" src="bubble-picker.js">`
// defines <bubble-picker> (README "On a web page"). ES modules the browser loads as they are, no
// build step: element.js (the class) over core.js, content.js, options.js, form.js, fonts.js,
// frame.js, a11y.js and input.js;
// engine.js (`BubbleEngine`, the picker over the wasm exports) over wasm.js (the instance and its
// trap recovery) and records.js (what the module's record exports wrote); renderer.js (`SceneRenderer`, the canvas). The .wasm is loaded from beside it:
// the lean bubblepicker-web.wasm at once, bubblepicker-web-restore.wasm only for a restore.
import { BubblePickerElement } from "./element.js";
import { SceneRenderer } from "./renderer.js";
import { BubbleEngine, BubbleEngineError } from "./engine.js";

// The .wasm beside this module, unless the page chose another source first.
BubblePickerElement.wasmSource = BubblePickerElement.wasmSource || new URL("bubblepicker-web.wasm", import.meta.url);
BubblePickerElement.restoreWasmSource = BubblePickerElement.restoreWasmSource
  || new URL("bubblepicker-web-restore.wasm", import.meta.url);
if (!customElements.get("bubble-picker")) customElements.define("bubble-picker", BubblePickerElement);

export { BubblePickerElement, SceneRenderer, BubbleEngine, BubbleEngineError };
