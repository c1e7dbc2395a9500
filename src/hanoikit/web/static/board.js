// Drawing the tower: pure functions of a position, the posts' colours and the palette, into an SVG element.

import { decode, postNames, stacks } from "./state.js";

const SVG_NS = "http://www.w3.org/2000/svg";
const WIDTH = 900;
const WIDE = { height: 430, base: 362, disk: 34, top: 70 };
const TALL = { height: 640, base: 560, disk: 64, top: 80 };  // phones: the same board, taller disks
const layout = { ...WIDE };

export const narrow = () => window.matchMedia("(max-width: 600px)").matches;

export function el(name, attributes = {}, parent = null) {
  const node = document.createElementNS(SVG_NS, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  if (parent) parent.appendChild(node);
  return node;
}

function column(k) {
  return WIDTH / k;
}

export function postX(k, post) {
  return column(k) * (post + 0.5);
}

function geometry(n, k) {
  const height = Math.min(layout.disk, (layout.base - layout.top - 30) / n);
  const widest = Math.min(238, column(k) * 0.86);
  const narrowest = Math.max(30, widest * 0.32);
  const width = (disk) => (n === 1 ? widest * 0.84 : narrowest + (widest - narrowest) * (disk - 1) / (n - 1));
  return { height, width };
}

export function slot(n, post, level, k) {
  // where the disk at ``level`` (0 = bottom) of ``post`` is drawn
  const { height } = geometry(n, k);
  return { x: postX(k, post), y: layout.base - height * (level + 0.5) };
}

export function postAt(x, k) {
  return Math.max(0, Math.min(k - 1, Math.floor(x / column(k))));
}

export function boardPoint(svg, event) {
  const point = svg.createSVGPoint();
  point.x = event.clientX;
  point.y = event.clientY;
  return point.matrixTransform(svg.getScreenCTM().inverse());
}

export function drawBoard(svg, state, colors, palette, k) {
  // the position ``state`` on ``k`` posts of colours ``colors`` ("NNN", "RBN"...)
  const names = postNames(k);
  const wide = column(k);
  Object.assign(layout, narrow() ? TALL : WIDE);
  const BASE_Y = layout.base;
  svg.setAttribute("viewBox", `0 0 ${WIDTH} ${layout.height}`);
  svg.textContent = "";
  svg.dataset.state = state;
  drawDefs(svg, palette);
  el("rect", { x: 0, y: 0, width: WIDTH, height: layout.height, fill: "url(#wall)" }, svg);
  // posts
  for (let post = 0; post < k; post++) {
    const x = postX(k, post);
    const own = colors[post];
    const group = el("g", { class: "post", "data-post": post }, svg);
    el("rect", { x: x - wide / 2 + 15, y: 52, width: wide - 30, height: BASE_Y - 50, rx: 18, class: "target-glow" },
       group);
    const fill = own === "N" ? "url(#rod)" : `url(#rod-${own})`;
    el("rect", { x: x - 7, y: layout.top, width: 14, height: BASE_Y - layout.top + 4, rx: 7, fill, stroke: "#4a2d14",
      "stroke-width": 1 },
       group);
  }
  // base
  el("rect", { x: 20, y: BASE_Y, width: WIDTH - 40, height: 30, rx: 8, fill: "url(#wood)", stroke: "#5b3716" }, svg);
  for (let i = 0; i < 5; i++) {
    el("path", { d: `M ${40 + i * 13} ${BASE_Y + 8 + i * 4} q 200 ${-4 + i * 2} 400 0 t ${390 - i * 26} ${1 - i}`,
      fill: "none", stroke: "rgba(80,45,15,0.25)", "stroke-width": 1.2 }, svg);
  }
  for (let post = 0; post < k; post++) {
    if (colors[post] === "N") continue;
    el("rect", { x: postX(k, post) - wide * 0.4, y: BASE_Y + 1, width: wide * 0.8, height: 6, rx: 3,
      fill: palette.face[colors[post]] }, svg);
  }
  for (let post = 0; post < k; post++) {
    const x = postX(k, post);
    const label = el("text", { x, y: layout.height - 14, class: "post-label" }, svg);
    label.textContent = names[post];
    const key = el("text", { x: x + 26, y: layout.height - 14, class: "post-key" }, svg);
    key.textContent = `[${post + 1}]`;
    if (colors[post] !== "N") {
      const tag = el("text", { x: x - 26, y: layout.height - 14, class: "post-key post-tag",
        fill: palette.face_dark[colors[post]] }, svg);
      tag.textContent = colors[post] === "R" ? "red" : "blue";
      tag.setAttribute("text-anchor", "end");
    }
  }
  // disks
  const { posts, ups } = decode(state, k);
  const n = posts.length;
  const layer = el("g", { id: "disk-layer" }, svg);
  stacks(state, k).forEach((stack, post) => {
    stack.forEach((disk, level) => {
      const { x, y } = slot(n, post, level, k);
      drawDisk(layer, disk, n, k, ups ? ups[disk - 1] : null, x, y, palette);
    });
  });
}

function drawDefs(svg, palette) {
  const defs = el("defs", {}, svg);
  const gradient = (id, stops, vertical = true) => {
    const g = el("linearGradient", vertical ? { id, x1: 0, y1: 0, x2: 0, y2: 1 } : { id, x1: 0, y1: 0, x2: 1, y2: 0 },
                 defs);
    stops.forEach(([offset, color]) => el("stop", { offset, style: `stop-color: ${color}` }, g));
  };
  gradient("wall", [[0, "var(--wall-a)"], [1, "var(--wall-b)"]]);
  gradient("wood", [[0, "#c58a4d"], [0.45, "#a96a32"], [1, "#7c4a1e"]]);
  gradient("rod", [[0, "#8a5527"], [0.4, "#d9a36a"], [1, "#7a4a20"]], false);
  for (const face of ["R", "B"]) {
    gradient(`rod-${face}`, [[0, palette.face_dark[face]], [0.4, palette.face[face]], [1, palette.face_dark[face]]],
             false);
  }
  gradient("shine", [[0, "rgba(255,255,255,0.55)"], [1, "rgba(255,255,255,0)"]]);
  // the colour-blind-safe faces (shown with data-faces="symbols"): red striped, blue dotted
  const stripes = el("pattern", { id: "pat-R", width: 7, height: 7, patternUnits: "userSpaceOnUse",
    patternTransform: "rotate(45)" }, defs);
  el("rect", { width: 2.6, height: 7, fill: "rgba(255,255,255,0.75)" }, stripes);
  const dots = el("pattern", { id: "pat-B", width: 7, height: 7, patternUnits: "userSpaceOnUse" }, defs);
  el("circle", { cx: 3.5, cy: 3.5, r: 1.7, fill: "rgba(255,255,255,0.85)" }, dots);
  const shadow = el("filter", { id: "shadow", x: "-10%", y: "-30%", width: "120%", height: "170%" }, defs);
  el("feDropShadow", { dx: 0, dy: 2, stdDeviation: 1.6, "flood-color": "#3b2410", "flood-opacity": 0.35 }, shadow);
}

function luminance(hex) {
  // the relative luminance of "#rrggbb" (WCAG 2)
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
    .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrast(a, b) {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (high + 0.05) / (low + 0.05);
}

export function inkOn(fill) {
  // the disk number's colour on ``fill``: white or black, whichever reads better (at least 4.5:1 on the palette)
  return contrast("#ffffff", fill) >= contrast("#000000", fill) ? "#ffffff" : "#000000";
}

export function diskColor(palette, n, disk) {
  // a classic disk's colour: the palette's for its size; above the palette's ramp (ten colours), the ramp spread
  // over the sizes, each one between two of its colours, so that no two disks share one
  const ramp = palette.disks[Math.min(palette.disks.length, 10) - 1];
  if (n <= ramp.length) return palette.disks[n - 1][disk - 1];
  const at = ((disk - 1) * (ramp.length - 1)) / (n - 1);
  const [low, high] = [ramp[Math.floor(at)], ramp[Math.ceil(at)]];
  const mix = at - Math.floor(at);
  const channel = (i) => Math.round(parseInt(low.slice(i, i + 2), 16) * (1 - mix) +
    parseInt(high.slice(i, i + 2), 16) * mix);
  return `#${[1, 3, 5].map((i) => channel(i).toString(16).padStart(2, "0")).join("")}`;
}

function drawDisk(layer, disk, n, k, up, x, y, palette) {
  const { height, width } = geometry(n, k);
  const w = width(disk);
  const h = height - 2;
  const r = Math.min(h / 2, 10);
  const group = el("g", { class: "disk", id: `disk-${disk}`, "data-disk": disk, filter: "url(#shadow)" }, layer);
  group.setAttribute("transform", `translate(${x} ${y})`);
  const body = el("g", { class: "disk-body" }, el("g", { class: "disk-lift" }, group));
  if (up) {
    const down = up === "R" ? "B" : "R";
    const band = Math.max(3, h * 0.34);
    el("rect", { x: -w / 2, y: -h / 2, width: w, height: h, rx: r, class: "face-bottom", fill: palette.face_dark[down] },
       body);
    el("rect", { x: -w / 2, y: -h / 2, width: w, height: h, rx: r, class: "face-pattern bottom-pattern",
      fill: `url(#pat-${down})` }, body);
    el("path", { d: topPath(w, h - band, r, -h / 2), class: "face-top", fill: palette.face[up] }, body);
    el("path", { d: topPath(w, h - band, r, -h / 2), class: "face-pattern top-pattern", fill: `url(#pat-${up})` },
       body);
  } else {
    el("rect", { x: -w / 2, y: -h / 2, width: w, height: h, rx: r, fill: diskColor(palette, n, disk) }, body);
  }
  el("rect", { x: -w / 2 + r * 0.6, y: -h / 2 + 1.5, width: w - r * 1.2, height: Math.max(2, h * 0.22), rx: 2,
    fill: "url(#shine)", "pointer-events": "none" }, body);
  el("rect", { x: -w / 2, y: -h / 2, width: w, height: h, rx: r, fill: "none", stroke: "rgba(0,0,0,0.35)",
    class: "outline" }, body);
  if (h >= 13) {
    const fill = up ? palette.face[up] : diskColor(palette, n, disk);
    const ink = inkOn(fill);  // and a halo of the other one, drawn under symbols (style.css)
    const label = el("text", { x: 0, y: up ? -h * 0.14 : 0, class: "disk-label", fill: ink,
      stroke: ink === "#ffffff" ? "#000000" : "#ffffff" }, body);
    label.textContent = disk;
    label.setAttribute("font-size", Math.min(narrow() ? 30 : 19, h * 0.6));
  }
  return group;
}

function topPath(w, h, r, top) {
  // a slab with rounded top corners and a straight lower edge: the face that shows on top
  const left = -w / 2;
  const right = w / 2;
  const rr = Math.min(r, h);
  return `M ${left} ${top + h} L ${left} ${top + rr} Q ${left} ${top} ${left + rr} ${top} ` +
    `L ${right - rr} ${top} Q ${right} ${top} ${right} ${top + rr} L ${right} ${top + h} Z`;
}

export function swapFaces(node, palette) {
  // halfway through a flip: the face below comes on top
  const top = node.querySelector(".face-top");
  const bottom = node.querySelector(".face-bottom");
  if (!top || !bottom) return;
  const up = top.getAttribute("fill") === palette.face.R ? "R" : "B";
  const down = up === "R" ? "B" : "R";
  top.setAttribute("fill", palette.face[down]);
  bottom.setAttribute("fill", palette.face_dark[up]);
  const label = node.querySelector(".disk-label");
  if (label) {
    const ink = inkOn(palette.face[down]);
    label.setAttribute("fill", ink);
    label.setAttribute("stroke", ink === "#ffffff" ? "#000000" : "#ffffff");
  }
  const [topPattern, bottomPattern] = [".top-pattern", ".bottom-pattern"].map((name) => node.querySelector(name));
  if (topPattern) topPattern.setAttribute("fill", `url(#pat-${down})`);
  if (bottomPattern) bottomPattern.setAttribute("fill", `url(#pat-${up})`);
}

export function markTargets(svg, selected, targets) {
  // the source post (or none: null) and the posts it may move to
  svg.querySelectorAll(".post").forEach((node) => node.classList.remove("source", "target"));
  svg.querySelectorAll(".disk").forEach((node) => node.classList.remove("lifted"));
  if (selected === null) return;
  svg.querySelector(`.post[data-post="${selected}"]`).classList.add("source");
  for (const dst of targets) svg.querySelector(`.post[data-post="${dst}"]`).classList.add("target");
}

export function liftDisk(svg, disk) {
  const node = disk === null ? null : svg.querySelector(`#disk-${disk}`);
  if (node) node.classList.add("lifted");
}

export function flashHint(svg, disk, dst) {
  const node = svg.querySelector(`#disk-${disk}`);
  const post = svg.querySelector(`.post[data-post="${dst}"]`);
  [node, post].forEach((item) => item && item.classList.add("hinted"));
  setTimeout(() => [node, post].forEach((item) => item && item.classList.remove("hinted")), 2200);
}

export function shake(svg, post) {
  const column = svg.querySelector(`.post[data-post="${post}"]`);
  if (!column) return;
  column.classList.remove("refused");
  void column.getBoundingClientRect();
  column.classList.add("refused");
}
