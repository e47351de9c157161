// draw.js — draws an encoded scene (BubbleWeb's SceneEncoder format, documented there) on a 2D
// canvas. The scene is the package's one draw list: container, circles, labels, callouts,
// overlays, in order; this file only maps its five shapes to canvas calls. It also returns the
// view transform (container points -> canvas CSS pixels) and the bubbles' circles, which the
// pointer code uses to map touches back into the container and to find what a finger is on.
"use strict";

const SHAPE = { rect: 0, line: 1, circle: 2, path: 3, text: 4 };
const ROLE = { containerArea: 0, border: 1, bubble: 2, label: 4, callout: 6, anchor: 8, finger: 9 };
const FONT = '-apple-system, "Segoe UI", "Helvetica Neue", Arial, sans-serif';

function rgba(n, i) {
  return `rgba(${Math.round(n[i] * 255)},${Math.round(n[i + 1] * 255)},${Math.round(n[i + 2] * 255)},${n[i + 3]})`;
}

/** Fits the view box into the canvas (centred, aspect kept). */
function fitView(box, width, height) {
  const scale = Math.min(width / box.w, height / box.h);
  return { scale, ox: (width - box.w * scale) / 2 - box.x * scale, oy: (height - box.h * scale) / 2 - box.y * scale };
}

/** Reads a paint at `i`; returns [paint, next index]. */
function readPaint(n, i) {
  const dashCount = n[i + 9];
  const paint = {
    fill: n[i] < 0 ? null : rgba(n, i), stroke: n[i + 4] < 0 ? null : rgba(n, i + 4),
    width: n[i + 8], dash: Array.from(n.subarray(i + 10, i + 10 + dashCount)),
  };
  return [paint, i + 10 + dashCount];
}

function applyPaint(ctx, paint) {
  if (paint.fill) { ctx.fillStyle = paint.fill; ctx.fill(); }
  if (paint.stroke && paint.width > 0) {
    ctx.strokeStyle = paint.stroke; ctx.lineWidth = paint.width; ctx.setLineDash(paint.dash); ctx.stroke();
  }
}

/** Reads a path's elements into the current canvas path; returns the next index. */
function tracePath(ctx, n, i) {
  const count = n[i++];
  for (let e = 0; e < count; e++) {
    switch (n[i++]) {
      case 0: ctx.moveTo(n[i], n[i + 1]); i += 2; break;
      case 1: ctx.lineTo(n[i], n[i + 1]); i += 2; break;
      case 2: ctx.quadraticCurveTo(n[i], n[i + 1], n[i + 2], n[i + 3]); i += 4; break;
      case 3: ctx.bezierCurveTo(n[i], n[i + 1], n[i + 2], n[i + 3], n[i + 4], n[i + 5]); i += 6; break;
      default: ctx.closePath(); break;
    }
  }
  return i;
}

/**
 * Draws `scene` ({numbers, strings}) filling a canvas of `width` × `height` CSS pixels at `dpr`.
 * Returns {view, circles, step}: the transform used and the bubbles' circles (container points).
 */
function drawScene(ctx, scene, width, height, dpr) {
  const n = scene.numbers, decoder = drawScene.decoder || (drawScene.decoder = new TextDecoder());
  if (n.length < 13 || n[0] !== 0x5343 || n[1] !== 1) throw new Error("not an encoded scene");
  const box = { x: n[3], y: n[4], w: n[5], h: n[6] };
  const view = fitView(box, width, height);
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.fillStyle = rgba(n, 7);
  ctx.fillRect(0, 0, width, height);
  ctx.setTransform(dpr * view.scale, 0, 0, dpr * view.scale, dpr * view.ox, dpr * view.oy);
  ctx.lineJoin = "round"; ctx.lineCap = "round"; ctx.textAlign = "center"; ctx.textBaseline = "middle";
  const circles = [];
  let i = 13;
  for (let item = 0, count = n[11]; item < count; item++) {
    const shape = n[i], role = n[i + 1], bubble = n[i + 3];
    i += 4;
    let paint;
    ctx.beginPath();
    switch (shape) {
      case SHAPE.rect: ctx.rect(n[i], n[i + 1], n[i + 2], n[i + 3]); [paint, i] = readPaint(n, i + 4); applyPaint(ctx, paint); break;
      case SHAPE.line: ctx.moveTo(n[i], n[i + 1]); ctx.lineTo(n[i + 2], n[i + 3]); [paint, i] = readPaint(n, i + 4); applyPaint(ctx, paint); break;
      case SHAPE.circle:
        ctx.arc(n[i], n[i + 1], n[i + 2], 0, 2 * Math.PI);
        if (role === ROLE.bubble) circles.push({ id: bubble, x: n[i], y: n[i + 1], r: n[i + 2] });
        [paint, i] = readPaint(n, i + 3); applyPaint(ctx, paint); break;
      case SHAPE.path: i = tracePath(ctx, n, i); [paint, i] = readPaint(n, i); applyPaint(ctx, paint); break;
      case SHAPE.text: {
        const text = decoder.decode(scene.strings.subarray(n[i], n[i] + n[i + 1]));
        ctx.font = `${n[i + 10] ? "600 " : ""}${n[i + 4]}px ${FONT}`;
        ctx.fillStyle = rgba(n, i + 5);
        // The scene fitted the text with the package's width estimate; a face a little wider than
        // estimated is condensed to stay inside its bubble rather than spill over the rim.
        ctx.fillText(text, n[i + 2], n[i + 3], n[i + 9] * 1.15 + 1);
        i += 11;
        break;
      }
      default: throw new Error("unknown shape " + shape + " at " + i);
    }
  }
  ctx.setLineDash([]);
  return { view, circles, step: n[2] };
}
