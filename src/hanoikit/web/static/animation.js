// Animation: lift, carry while flipping, drop. ``draw(state)`` draws a whole position; the carried disk is moved
// between two of them.

import { slot, swapFaces } from "./board.js";
import { decode, parseMove, stacks } from "./state.js";

export const ANIMATION_MS = 420;

export function reducedMotion() {
  // the system's wish, or the player's (the Reduce motion box)
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches ||
    document.documentElement.dataset.motion === "reduce";
}

export function animateMove(svg, draw, palette, before, move, after,
  { k = 3, dragged = null, duration = ANIMATION_MS } = {}) {
  // ``move`` from ``before`` to ``after`` on ``k`` posts; ``draw(state)`` draws a whole position
  const { disk, src, dst } = parseMove(move, k);
  const n = decode(before, k).posts.length;
  if (duration < 30 || reducedMotion() || !svg.querySelector(`#disk-${disk}`)) { draw(after); return Promise.resolve(); }
  draw(before);
  const node = svg.querySelector(`#disk-${disk}`);
  const body = node.querySelector(".disk-body");
  const fromStack = stacks(before, k)[src];
  const toStack = stacks(after, k)[dst];
  const start = dragged || slot(n, src, fromStack.length - 1, k);
  const end = slot(n, dst, toStack.length - 1, k);
  const top = 40;
  const [up, landed] = [decode(before, k).ups, decode(after, k).ups].map((ups) => ups && ups[disk - 1]);
  const flips = up !== landed;  // as the two positions say, not by a rule of the page's
  const leg = [Math.abs(start.y - top), Math.abs(end.x - start.x), Math.abs(end.y - top)];
  const total = leg[0] + leg[1] + leg[2] || 1;
  node.parentNode.appendChild(node);  // carried disk drawn above the others
  return new Promise((resolve) => {
    let swapped = false;
    const t0 = performance.now();
    const frame = (now) => {
      const t = Math.min(1, (now - t0) / duration);
      const e = t < 0.5 ? 2 * t * t : 1 - 2 * (1 - t) * (1 - t);
      const d = e * total;
      let x; let y;
      if (d < leg[0]) { x = start.x; y = start.y - (start.y - top) * (d / leg[0]); }
      else if (d < leg[0] + leg[1]) { x = start.x + (end.x - start.x) * ((d - leg[0]) / (leg[1] || 1)); y = top; }
      else { x = end.x; y = top + (end.y - top) * ((d - leg[0] - leg[1]) / (leg[2] || 1)); }
      node.setAttribute("transform", `translate(${x} ${y})`);
      if (flips) {
        const scale = Math.abs(Math.cos(Math.PI * t));
        if (t >= 0.5 && !swapped) { swapped = true; swapFaces(node, palette); }
        body.setAttribute("transform", `scale(1 ${Math.max(scale, 0.04)})`);
      }
      if (t < 1) requestAnimationFrame(frame);
      else { draw(after); resolve(); }
    };
    requestAnimationFrame(frame);
  });
}
