// The page side of .ci/perf.py: one harness for every engine, so only the engine differs.
//   harness-<engine>.html?n=N&size=D   N bubbles of about D CSS px across, filling the viewport.
// Engines: "ours" (and "before", another build of the element): a <bubble-picker> in the page;
// "d3": d3-force 1.2 (forceX/forceY toward the centre + forceCollide) drawn with the simplest loop
// a web developer writes (arc + fill + fillText per bubble) from d3's own timer, a finger dragging
// a node with fx/fy and alphaTarget(0.3), as in d3's drag examples.
//
// window.H: ready (a promise: bubbles in, engine running), start() begins a measurement window,
// stop() ends it and returns frames per second of requestAnimationFrame; physics, scene, draw and
// rasterize ms per frame (means) (rasterize: a 1-pixel getImageData right after the draw, which
// makes the canvas rasterize its recorded commands then instead of at paint); long tasks
// (PerformanceObserver 'longtask'). firstDraw: performance.now() of the first canvas call that
// draws a bubble; firstFrame: when the task that made it has finished (the whole first frame
// drawn, whatever the page draws first); navigation start is 0.
const params = new URLSearchParams(location.search);
const engine = document.documentElement.dataset.engine;
const count = Number(params.get("n") || 200);
const size = Number(params.get("size") || 40);

const H = window.H = { engine, count, firstDraw: null, firstFrame: null, parts: { physics: 0, scene: 0, draw: 0, raster: 0 } };

// The first bubble drawn, whoever draws it; its frame is drawn when that task's script is done
// (a microtask runs as soon as the callback that draws returns).
for (const name of ["arc", "fill", "drawImage", "fillText"]) {
  const original = CanvasRenderingContext2D.prototype[name];
  CanvasRenderingContext2D.prototype[name] = function (...args) {
    if (H.firstDraw === null) {
      H.firstDraw = performance.now();
      queueMicrotask(() => { H.firstFrame = performance.now(); });
    }
    return original.apply(this, args);
  };
}

const longTasks = [];
try {
  new PerformanceObserver((list) => { for (const e of list.getEntries()) longTasks.push(e); })
    .observe({ type: "longtask", buffered: true });
} catch (_) { /* no longtask support: reported as none */ }

/** Wraps object[name] so its time adds to H.parts[part]; `after` runs inside the timing of `part2`. */
function timed(object, name, part, after = null) {
  if (!object || typeof object[name] !== "function") return false;
  const original = object[name];
  object[name] = function (...args) {
    const start = performance.now();
    try { return original.apply(this, args); } finally {
      H.parts[part] += performance.now() - start;
      if (after) after();
    }
  };
  return true;
}

/** Forces the canvas to rasterize what was drawn since the last flush; the time goes to `raster`. */
function rasterizer(canvas) {
  const ctx = canvas.getContext("2d");
  return () => { const t = performance.now(); ctx.getImageData(0, 0, 1, 1); H.parts.raster += performance.now() - t; };
}

/** A seeded generator (the same sizes for every engine). */
function random(seed) {
  return () => { seed = (seed * 1664525 + 1013904223) >>> 0; return seed / 4294967296; };
}

/** The same bubbles as <option data-size> children, made before the engine has loaded (the
 *  declarative page: the picker adds them when it starts, in its first frame). */
function optionChildren(picker) {
  const next = random(7);
  const options = [];
  for (let i = 0; i < count; i++) {
    const option = document.createElement("option");
    option.textContent = String(i + 1);
    option.dataset.size = String(size * (0.8 + 0.4 * next()));
    options.push(option);
  }
  picker.append(...options);
}

async function ours() {
  const picker = document.querySelector("bubble-picker");
  const declarative = engine.endsWith("-options");
  if (declarative) optionChildren(picker);
  await customElements.whenDefined("bubble-picker");
  await picker.ready;
  const canvas = picker.canvas || picker.shadowRoot?.querySelector("canvas");
  H.split = timed(picker.engine, "frame", "physics") && timed(picker.engine, "scene", "scene")
    && timed(picker.renderer, "draw", "draw", canvas ? rasterizer(canvas) : null);
  H.surface = picker;
  if (declarative) return;
  const next = random(7);
  // All at once through the public API (labels numbered like d3's), sizes from one seed.
  const items = [];
  for (let i = 0; i < count; i++) items.push({ label: String(i + 1), size: size * (0.8 + 0.4 * next()) });
  picker.add(items);
}

async function d3page() {
  const canvas = document.querySelector("canvas");
  const dpr = devicePixelRatio, width = innerWidth, height = innerHeight;
  canvas.width = Math.round(width * dpr); canvas.height = Math.round(height * dpr);
  const ctx = canvas.getContext("2d");
  const next = random(7);
  const palette = ["#ff2d55", "#5856d6", "#ff9500", "#34c759", "#007aff", "#af52de"];
  const nodes = Array.from({ length: count }, (_, i) => ({ r: size * (0.8 + 0.4 * next()) / 2, label: String(i + 1), color: palette[i % palette.length] }));
  const timedForce = (force) => { const f = (alpha) => { const t = performance.now(); force(alpha); H.parts.physics += performance.now() - t; };
    f.initialize = (n) => force.initialize && force.initialize(n); return f; };
  const simulation = d3.forceSimulation(nodes)
    .force("x", timedForce(d3.forceX(width / 2).strength(0.05)))
    .force("y", timedForce(d3.forceY(height / 2).strength(0.05)))
    .force("collide", timedForce(d3.forceCollide((d) => d.r + 1)));
  const raster = rasterizer(canvas);
  const draw = () => {
    const start = performance.now();
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, width, height);
    ctx.textAlign = "center"; ctx.textBaseline = "middle"; ctx.font = "12px sans-serif";
    for (const d of nodes) {
      ctx.beginPath(); ctx.arc(d.x, d.y, d.r, 0, 2 * Math.PI); ctx.fillStyle = d.color; ctx.fill();
      ctx.fillStyle = "#fff"; ctx.fillText(d.label, d.x, d.y);
    }
    H.parts.draw += performance.now() - start;
    raster();
  };
  simulation.on("tick", draw);
  let dragged = null;
  const point = (e) => { const r = canvas.getBoundingClientRect(); return [e.clientX - r.left, e.clientY - r.top]; };
  canvas.addEventListener("pointerdown", (e) => {
    const [x, y] = point(e);
    dragged = simulation.find(x, y, size);
    simulation.alphaTarget(0.3).restart();
    if (dragged) { dragged.fx = x; dragged.fy = y; }
  });
  canvas.addEventListener("pointermove", (e) => { if (dragged) { const [x, y] = point(e); dragged.fx = x; dragged.fy = y; } });
  const up = () => { simulation.alphaTarget(0); if (dragged) { dragged.fx = null; dragged.fy = null; dragged = null; } };
  canvas.addEventListener("pointerup", up);
  canvas.addEventListener("pointercancel", up);
  H.split = true;
  H.surface = canvas;
}

H.ready = (engine === "d3" ? d3page() : ours()).then(() => new Promise((resolve) => requestAnimationFrame(() => resolve(true))));

let window_ = null;
H.start = () => {
  const frames = [];
  window_ = { frames, start: performance.now(), running: true };
  let last = null, previous = { ...H.parts };
  const tick = (t) => {
    if (!window_.running) return;
    if (last !== null) {
      const p = H.parts;
      frames.push({ dt: t - last, physics: p.physics - previous.physics, scene: p.scene - previous.scene,
        draw: p.draw - previous.draw, raster: p.raster - previous.raster });
    }
    previous = { ...H.parts }; last = t;
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
};

H.stop = () => {
  window_.running = false;
  const end = performance.now();
  const median = (xs) => { const s = xs.slice().sort((a, b) => a - b); return s.length ? s[Math.floor(s.length / 2)] : NaN; };
  const frames = window_.frames;
  const mean = (xs) => xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN;
  const tasks = longTasks.filter((e) => e.startTime >= window_.start && e.startTime < end);
  return {
    frames: frames.length, seconds: (end - window_.start) / 1000,
    fps: frames.length / ((end - window_.start) / 1000), medianFps: 1000 / median(frames.map((f) => f.dt)),
    // Means per frame (the clock's 0.1 ms grain makes a median of small parts coarse).
    physics: mean(frames.map((f) => f.physics)), scene: mean(frames.map((f) => f.scene)),
    draw: mean(frames.map((f) => f.draw)), raster: mean(frames.map((f) => f.raster)),
    split: Boolean(H.split), longTasks: tasks.length, longestTask: tasks.reduce((m, e) => Math.max(m, e.duration), 0),
  };
};
