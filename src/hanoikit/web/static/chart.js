// The colour-crossing chart: the colour of S, I, D move by move (+1 red, 0 neutral, -1 blue), and the crossings so
// far, both as the server counted them. ``view`` is null or {trace, crossings, index, total}.

import { el } from "./board.js";
import { POSTS } from "./state.js";

const CHART = { left: 34, right: 390, top: 12, lane: 70, gap: 8, window: 600 };

function shownIndex(view) {
  return view ? Math.min(view.index, view.trace.length - 1) : -1;
}

export function drawChart(svg, view, palette) {
  svg.textContent = "";
  const trace = view ? view.trace : [];
  const shown = shownIndex(view);
  const span = view ? Math.max(1, Math.min(view.total, CHART.window)) : 1;
  const first = Math.max(0, shown - CHART.window);
  const x = (i) => CHART.left + (CHART.right - CHART.left) * (i - first) / span;
  for (let post = 0; post < 3; post++) {
    const top = CHART.top + post * (CHART.lane + CHART.gap);
    const mid = top + CHART.lane / 2;
    const amp = CHART.lane / 2 - 6;
    el("rect", { x: CHART.left, y: top, width: CHART.right - CHART.left, height: CHART.lane, class: "lane" }, svg);
    el("line", { x1: CHART.left, x2: CHART.right, y1: mid, y2: mid, class: "axis" }, svg);
    const name = el("text", { x: 6, y: mid + 5, class: "lane-name" }, svg);
    name.textContent = POSTS[post];
    for (const [label, level] of [["R", -amp], ["B", amp]]) {
      const tick = el("text", { x: 24, y: mid + level + 3.5, class: "level" }, svg);
      tick.textContent = label;
    }
    if (shown < 0) continue;
    let points = "";
    let runStart = first;
    for (let i = first; i <= shown + 1; i++) {
      const value = i <= shown ? trace[i][post] : null;
      if (i > first && (i > shown || value !== trace[i - 1][post])) {
        const v = trace[i - 1][post];
        const end = i > shown ? shown + 1 : i;
        if (v !== 0) {
          el("rect", { x: x(runStart), width: Math.max(0.5, x(end) - x(runStart)),
            y: v > 0 ? mid - amp : mid, height: amp, fill: v > 0 ? palette.face.R : palette.face.B, opacity: 0.55 },
             svg);
        }
        runStart = i;
      }
      if (i <= shown) {
        const y = mid - amp * value;
        points += `${x(i)},${i > first ? mid - amp * trace[i - 1][post] : y} ${x(i)},${y} `;
      }
    }
    points += `${x(shown + 1)},${mid - amp * trace[shown][post]}`;
    el("polyline", { points, class: "trace-line" }, svg);
  }
  if (shown >= 0) {
    el("line", { x1: x(shown), x2: x(shown), y1: CHART.top - 4, y2: CHART.top + 3 * CHART.lane + 2 * CHART.gap + 4,
      class: "cursor" }, svg);
  }
}

export function crossingText(view) {
  const shown = shownIndex(view);
  if (shown < 0) return "Start watching a solution to see each post's colour move by move.";
  const counts = view.crossings[shown] || [0, 0, 0];
  const sum = counts[0] + counts[1] + counts[2];
  return `Crossings so far: S ${counts[0]} · I ${counts[1]} · D ${counts[2]} (total ${sum})`;
}
