// fonts.js — <bubble-picker> labels laid out in the font they are drawn in (canvas measureText).
import { DEFAULT_FONT, SceneRenderer } from "./renderer.js";

/** Measured for every label font: the ellipsis truncation adds. Each label's graphemes are
 *  measured when it arrives (only those: every measureText call counts on a phone's startup), so
 *  a label is laid out in widths of the font it is drawn in. */
const FONT_SAMPLE = "\u2026";

/** Text in which every character is a grapheme of its own (no combining marks, surrogates,
 *  joiners or control characters: printable ASCII, Latin-1 and Latin Extended-A/B, the ellipsis):
 *  split without Intl.Segmenter, whose first use costs ~10 ms (40 ms on a throttled phone) at
 *  startup. */
const SIMPLE_TEXT = /^[\u0020-\u007e\u00a0-\u024f\u2026]*$/;

/** fonts.js: see the file's top. */
export const WithFonts = (Base) => class extends Base {
  // Fonts -------------------------------------------------------------------------------------

  /** The family labels are drawn in: --bubble-font, else the renderer's default. */
  labelFamily() { return getComputedStyle(this).getPropertyValue("--bubble-font").trim() || DEFAULT_FONT; }

  /**
   * Labels are laid out in the font they are drawn in: measures (canvas measureText, regular and
   * the labels' bold, in em) FONT_SAMPLE and the graphemes of `labels` not measured yet, and passes
   * every width measured in the family to the engine (`engine.labelWidths`). From scratch, with
   * every current label, when the family changed or `force` (web fonts finished loading).
   */
  measureLabels(labels = [], force = false) {
    if (!this.engine) return;
    const family = this.labelFamily();
    if (force || family !== this.fontFamily || !this.fontWidths) {
      this.fontFamily = family;
      this.fontWidths = new Map();
      // Every bubble's label, from what the element knows (events keep `meta` whole): no engine call.
      labels = labels.concat(Array.from(this.meta.values(), (known) => known.label));
    }
    const fresh = new Set();
    for (const text of [FONT_SAMPLE, ...labels]) {
      const parts = this.graphemes(text);
      for (const g of parts) if (!this.fontWidths.has(g) && !g.includes("\0")) fresh.add(g);  // U+0000 separates them
    }
    if (!fresh.size) return;
    const ctx = this.fontContext ||= document.createElement("canvas").getContext("2d");
    // At the renderer's base size (it draws every label at that size, scaled), so hinting agrees.
    const size = SceneRenderer.BASE_SIZE;
    ctx.font = `${size}px ${family}`;
    for (const g of fresh) this.fontWidths.set(g, [ctx.measureText(g).width / size, 0]);
    ctx.font = `600 ${size}px ${family}`;
    for (const g of fresh) this.fontWidths.get(g)[1] = ctx.measureText(g).width / size;
    const graphemes = Array.from(this.fontWidths.keys()), widths = graphemes.map((g) => this.fontWidths.get(g));
    const result = this.engine.labelWidths(family, graphemes, widths.map((w) => w[0]), widths.map((w) => w[1]));
    if (!result.ok) console.warn(`<bubble-picker> --bubble-font ${family}: ${result.error}`);
    this.dirty = true;
  }

  /** The extended grapheme clusters of `text` (Intl.Segmenter, made on first need). */
  graphemes(text) {
    if (SIMPLE_TEXT.test(text)) return Array.from(text);
    const segmenter = typeof Intl !== "undefined" && Intl.Segmenter ? (this.segmenter ||= new Intl.Segmenter()) : null;
    return segmenter ? Array.from(segmenter.segment(text), (s) => s.segment) : Array.from(text);
  }

  /** Measures again when the family changed (or always, `force`) and redraws. */
  refreshFont(force = false) {
    if (!this.engine || (!force && this.labelFamily() === this.fontFamily)) return;
    this.renderer.fontsChanged();
    this.measureLabels([], true);
    this.changed();
  }
};
