// bubble-picker.d.ts — types for the <bubble-picker> element (bubble-picker.js). README "On a web
// page" has the API; this file states it for TypeScript: the element class, its events and their
// `detail`, and the tag in HTMLElementTagNameMap.

/** A bubble to add: `label` drawn inside; `tag` an app number; `value` its form value (default:
 *  the label); `size` points; `color` "#rrggbb"; `at` a point in the picker's CSS px. */
export interface BubbleItem {
  label?: string; tag?: number; value?: string | null; size?: number; selected?: boolean; color?: string;
  at?: { x: number; y: number };
}

/** A bubble as the element reports it (`bubbles`, selector predicates). */
export interface BubbleInfo { id: number; tag: number; label: string; value: string; selected: boolean }

/** Which bubbles a method acts on. */
export type BubbleSelector = number | { id: number } | { tag: number } | { value: string } | BubbleSelector[]
  | ((bubble: BubbleInfo) => boolean);

/** `detail` of bubbleselect, bubbledeselect, bubbleremove, selectionrefused, bubblelongpress.
 *  `reason`: why a selection was refused ("limitReached": maxSelected reached with the "refuse"
 *  policy), else null. */
export interface BubbleEventDetail { id: number; tag: number; label: string; value: string; reason: "limitReached" | null }

/** `detail` of pause (nothing moves: the frame loop stops) and resume (input woke it): container
 *  events, no bubble. */
export interface PauseDetail { id: null; tag: 0; label: ""; value: ""; reason: null }

/** `detail` of bubblerecover: a wasm trap or a failed frame the picker recovered from. */
export interface BubbleRecoverDetail { call: string; error: string; replayed: number; restored: boolean; message: string }

export type RestoreResult = { ok: true } | { ok: false; error: string };
export type SettingResult = { ok: true } | { ok: false; error: string };

/** The element's events (all bubbling; the bubble events composed). */
export interface BubblePickerEventMap extends HTMLElementEventMap {
  bubbleselect: CustomEvent<BubbleEventDetail>;
  bubbledeselect: CustomEvent<BubbleEventDetail>;
  bubbleremove: CustomEvent<BubbleEventDetail>;
  selectionrefused: CustomEvent<BubbleEventDetail>;
  pause: CustomEvent<PauseDetail>;
  resume: CustomEvent<PauseDetail>;
  bubblelongpress: CustomEvent<BubbleEventDetail>;
  bubblerecover: CustomEvent<BubbleRecoverDetail>;
  ready: CustomEvent<undefined>;
  input: Event;
  change: Event;
}

/** The engine under the element (engine.js): one wasm instance, one picker. */
export declare class BubbleEngine {
  settings(): Array<{ name: string; kind: "number" | "integer" | "boolean" | "choice"; min: number; max: number;
    default: unknown; nullable?: boolean; choices?: string[]; step?: number }>;
  get(name: string): unknown;
  set(name: string, value: unknown): SettingResult;
  snapshot(): string;
  /** Restores a snapshot; a lean engine first loads the restore-capable module (once per page).
   *  Restores synchronously, before the promise settles, when that module is already live. */
  restore(text: string): Promise<RestoreResult>;
  /** True while a trap recovery waits for the restore-capable module (calls return undefined). */
  readonly recovering: boolean;
  hash(): string;
  checkpoint(): boolean;
  readonly checkpointDue: boolean;
}

export declare class BubbleEngineError extends Error {}

/** Draws the engine's encoded scenes on a 2D canvas (renderer.js). */
export declare class SceneRenderer {
  constructor(ctx: CanvasRenderingContext2D);
  static BASE_SIZE: number;
}

/** The <bubble-picker> element: a form-associated multiple-choice control. */
export declare class BubblePickerElement extends HTMLElement {
  static readonly formAssociated: true;
  /** Where the .wasm comes from (default: beside bubble-picker.js); set before the first picker. */
  static wasmSource: string | URL | ArrayBuffer | ArrayBufferView | WebAssembly.Module | null;
  /** The restore-capable .wasm (default: bubblepicker-web-restore.wasm beside bubble-picker.js),
   *  fetched only when a picker restores a snapshot; set it too when setting `wasmSource`. */
  static restoreWasmSource: string | URL | ArrayBuffer | ArrayBufferView | WebAssembly.Module | null;

  /** Resolves once the engine runs (methods before it throw an InvalidStateError). */
  readonly ready: Promise<BubblePickerElement>;
  readonly engine: BubbleEngine | null;
  /** false: the page calls frame(t) itself. */
  autoplay: boolean;

  // Reflected attributes.
  label: string;
  debug: boolean;
  readonly seed: number;
  name: string;
  disabled: boolean;
  required: boolean;
  minSelected: number;
  // Engine settings, reflected to their kebab-case attributes (null before ready).
  /** `field-law`, default "uniformSpring". */
  fieldLaw: "spring" | "radialGravity" | "uniformSpring";
  /** `field-strength` (0…10000000), default 60000. */
  fieldStrength: number;
  /** `falloff-radius` (0…1000000), default 40. */
  falloffRadius: number;
  /** `resistance` (0…1000), default 7. */
  resistance: number;
  /** `density-selected` (0.001…1000), default 1.5. */
  densitySelected: number;
  /** `density-unselected` (0.001…1000), default 1. */
  densityUnselected: number;
  /** `horizontal-scroll`, default false. */
  horizontalScroll: boolean;
  /** `vertical-scroll`, default false. */
  verticalScroll: boolean;
  /** `grow-in-duration` (0…60), default 0.25. */
  growInDuration: number;
  /** `selection-duration` (0…60), default 0.2. */
  selectionDuration: number;
  /** `removal-duration` (0…60), default 0.25. */
  removalDuration: number;
  /** `selection-push-speed` (0…100000), default 120. */
  selectionPushSpeed: number;
  /** `selection-push-reach` (0…100), default 1.5. */
  selectionPushReach: number;
  /** `max-selected` (0…100000), default null. */
  maxSelected: number | null;
  /** `max-selected-policy`, default "refuse". */
  maxSelectedPolicy: "refuse" | "deselectOldest";
  /** `max-bubbles` (1…100000), default null. */
  maxBubbles: number | null;
  /** `background-scroll-enabled`, default true. */
  backgroundScrollEnabled: boolean;
  /** `tap-max-distance` (0…1000000), default 10. */
  tapMaxDistance: number;
  /** `tap-max-duration` (0…60), default 0.3. */
  tapMaxDuration: number;
  /** `flick-window` (0.001…10), default 0.08. */
  flickWindow: number;
  /** `max-flick-speed` (0.001…1000), default 25. */
  maxFlickSpeed: number;
  /** `drag-frequency` (0.01…1000), default 8. */
  dragFrequency: number;
  /** `anchor-smoothing` (0.001…1), default 0.2. */
  anchorSmoothing: number;
  /** `long-press-duration` (0.01…60), default 0.55. */
  longPressDuration: number;
  /** `long-press-action`, default "remove". */
  longPressAction: "remove" | "reportOnly" | "disabled";
  /** `fit-policy`, default "scaleThenScroll": what overfull content does (shrink, then scroll). */
  fitPolicy: "none" | "scale" | "scroll" | "scaleThenScroll";
  /** `fit-minimum-scale` (0.05…1), default 0.6: the smallest scale before content scrolls. */
  fitMinimumScale: number;
  /** `background-drag-scrolls`, default true: a background drag scrolls overflowing content. */
  backgroundDragScrolls: boolean;
  /** `substeps` (1…64), default 4. */
  substeps: number;

  // Form control (ElementInternals).
  /** The first selected value, or "". Setting it selects exactly that value. */
  value: string;
  /** The selected values in selection order. Setting them selects exactly those values. */
  values: string[];
  readonly form: HTMLFormElement | null;
  readonly validity: ValidityState;
  readonly validationMessage: string;
  readonly willValidate: boolean;
  readonly labels: NodeList;
  checkValidity(): boolean;
  reportValidity(): boolean;
  setCustomValidity(message: string): void;

  // Content.
  readonly bubbles: BubbleInfo[];
  add(item: BubbleItem): number;
  add(items: BubbleItem[]): number[];
  addMany(count: number, options?: { seed?: number; minSize?: number; maxSize?: number }): number[];
  removeBubbles(selector: BubbleSelector): number;
  select(selector: BubbleSelector): number;
  deselect(selector: BubbleSelector): number;
  toggle(selector: BubbleSelector): number;
  selectAll(): void;
  deselectAll(): void;
  removeSelected(): void;
  snapshot(): string;
  /** Restores a snapshot (the first restore on a page fetches bubblepicker-web-restore.wasm). */
  restore(text: string): Promise<RestoreResult>;
  set(name: string, value: unknown): SettingResult;
  get(name: string): unknown;
  resize(): void;
  frame(t: number): boolean;

  addEventListener<K extends keyof BubblePickerEventMap>(type: K,
    listener: (this: BubblePickerElement, event: BubblePickerEventMap[K]) => unknown, options?: boolean | AddEventListenerOptions): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void;
  removeEventListener<K extends keyof BubblePickerEventMap>(type: K,
    listener: (this: BubblePickerElement, event: BubblePickerEventMap[K]) => unknown, options?: boolean | EventListenerOptions): void;
  removeEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | EventListenerOptions): void;
}

declare global {
  interface HTMLElementTagNameMap { "bubble-picker": BubblePickerElement }
}
