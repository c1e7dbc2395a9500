// hanoikit play: draws the tower and asks the server about everything else (the page holds no rules).
"use strict";

const SVG_NS = "http://www.w3.org/2000/svg";
const POSTS = "SID";
const POST_X = [150, 450, 750];
const BASE_Y = 362;
const FACE = { R: "#d7263d", B: "#1f6fd1" };
const FACE_DARK = { R: "#9e1427", B: "#134a94" };
const FACE_NAME = { R: "red", B: "blue" };
const $ = (id) => document.getElementById(id);

// ---- server ---------------------------------------------------------------------------------------------------

async function api(path, body) {
  const options = body === undefined ? {} : {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  };
  const response = await fetch(path, options);
  let data = null;
  try { data = await response.json(); } catch (error) { data = null; }
  if (!response.ok) {
    throw new Error((data && data.detail) || `the server answered ${response.status}`);
  }
  return data;
}

// ---- the game: a move stack of positions the server gave ------------------------------------------------------

const game = {
  settings: null,     // {n, magnetic, colors, goal_up}
  initial: null,      // state notation the game began in
  optimal: null,      // optimal number of moves from it
  moves: [],          // moves played, e.g. "1SD"
  states: [],         // position after each move
  redo: [],           // [{move, state}] taken back
  position: null,     // the server's description of the current position
  selected: null,     // source post picked by click or key
  busy: false,
};

let watch = null;     // the solution being watched, see startWatch

function readSettings() {
  const magnetic = $("mode").value === "magnetic";
  return {
    n: Number($("disks").value),
    magnetic,
    colors: magnetic ? $("colors").value : "NNN",
    goal_up: magnetic && $("goal-up").value ? $("goal-up").value : null,
  };
}

function showSettings(settings) {
  $("mode").value = settings.magnetic ? "magnetic" : "classic";
  $("colors").value = settings.colors.toUpperCase();
  $("disks").value = settings.n;
  $("goal-up").value = settings.goal_up || "";
  updateSettingsView();
}

function updateSettingsView() {
  const magnetic = $("mode").value === "magnetic";
  document.body.classList.toggle("classic", !magnetic);
  $("disks-out").textContent = $("disks").value;
  $("title").textContent = magnetic ? "Magnetic Tower of Hanoi" : "Tower of Hanoi";
  for (const option of $("algorithm").options) {
    if (option.value !== "optimal") option.disabled = !magnetic;
  }
  if ($("algorithm").selectedOptions[0] && $("algorithm").selectedOptions[0].disabled) $("algorithm").value = "optimal";
}

function currentState() {
  return game.states.length ? game.states[game.states.length - 1] : game.initial;
}

let newGames = 0;

async function newGame(random = false) {
  stopWatch();
  const settings = readSettings();
  const ticket = ++newGames;
  try {
    const position = random
      ? await api("/api/random", { settings })
      : await api("/api/position", { settings, state: null });
    if (ticket !== newGames) return;  // settings changed again meanwhile: the later game wins
    begin(settings, position);
    say(random ? "A random position: bring the tower to D." : startMessage(position));
  } catch (error) {
    say(error.message, "error");
  }
}

function startMessage(position) {
  if (position.distance === null) return "The goal cannot be reached with these post colours; try another colouring.";
  return "Move the tower to post D.";
}

function begin(settings, initial, moves = [], states = [], position = initial) {
  game.settings = settings;
  game.initial = initial.state;
  game.optimal = initial.distance;
  game.moves = moves;
  game.states = states;
  game.redo = [];
  game.selected = null;
  game.position = position;
  hideWin();
  drawBoard(currentState());
  updateStatus();
}

async function refreshPosition() {
  game.position = await api("/api/position", { settings: game.settings, state: currentState() });
  updateStatus();
}

function updateStatus() {
  const position = game.position;
  $("moves").textContent = game.moves.length;
  $("optimal").textContent = game.optimal === null ? "–" : game.optimal;
  $("remaining").textContent = position && position.distance !== null ? position.distance : "–";
  $("goal").textContent = position ? goalText(position.goal) : "–";
  $("undo").disabled = !game.moves.length || !!watch;
  $("redo").disabled = !game.redo.length || !!watch;
  drawTargets();
}

function goalText(goal) {
  const [, ups] = goal.split(":");
  return ups ? `tower on D, ${FACE_NAME[ups[0]]} up` : "tower on D";
}

function say(text, kind = "") {
  const message = $("message");
  message.textContent = text;
  message.className = kind;
}

// ---- moves ----------------------------------------------------------------------------------------------------

async function tryMove(src, dst, dragged = null) {
  if (game.busy || watch || !game.position) return;
  if (game.position.solved) {
    game.selected = null;
    drawBoard(currentState());
    say("Solved! Undo, restart or begin a new game.", "win");
    return;
  }
  game.busy = true;
  game.selected = null;
  const before = currentState();
  try {
    const result = await api("/api/move", {
      settings: game.settings, state: before, move: POSTS[src] + POSTS[dst],
    });
    game.moves.push(result.move);
    game.states.push(result.position.state);
    game.redo = [];
    game.position = result.position;
    say(`Disk ${parseMove(result.move).disk} from ${POSTS[src]} to ${POSTS[dst]}.`);
    await animateMove(before, result.move, result.position.state, dragged);
    updateStatus();
    if (result.position.solved) showWin();
  } catch (error) {
    say(`Not allowed: ${error.message}`, "error");
    drawBoard(before);
    shake(src);
  } finally {
    game.busy = false;
    drawTargets();
  }
}

async function undo() {
  if (game.busy || watch || !game.moves.length) return;
  game.busy = true;
  const move = game.moves.pop();
  const from = game.states.pop();
  game.redo.push({ move, state: from });
  hideWin();
  await animateMove(from, reverse(move), currentState());
  say(`Took back ${move}.`);
  try { await refreshPosition(); } finally { game.busy = false; }
}

async function redo() {
  if (game.busy || watch || !game.redo.length) return;
  game.busy = true;
  const { move, state } = game.redo.pop();
  const before = currentState();
  game.moves.push(move);
  game.states.push(state);
  await animateMove(before, move, state);
  say(`Played ${move} again.`);
  try {
    await refreshPosition();
    if (game.position.solved) showWin();
  } finally { game.busy = false; }
}

function restart() {
  if (game.busy || !game.initial) return;
  stopWatch();
  game.moves = [];
  game.states = [];
  game.redo = [];
  game.selected = null;
  hideWin();
  drawBoard(game.initial);
  refreshPosition().then(() => say("Back to the initial position."));
}

async function hint() {
  if (game.busy || watch || !game.position) return;
  try {
    const answer = await api("/api/hint", { settings: game.settings, state: currentState() });
    if (answer.move === null) { say("Already solved."); return; }
    say(`Hint: move disk ${answer.disk} from ${POSTS[answer.src]} to ${POSTS[answer.dst]} ` +
        `(${answer.distance} move${answer.distance === 1 ? "" : "s"} to go).`, "hint");
    flashHint(answer.disk, answer.dst);
  } catch (error) {
    say(error.message, "error");
  }
}

function parseMove(move) {
  // "12SD" -> {disk: 12, src: 0, dst: 2} (the notation, not a rule)
  const disk = parseInt(move, 10);
  const posts = move.slice(String(disk).length);
  return { disk, src: POSTS.indexOf(posts[0]), dst: POSTS.indexOf(posts[1]) };
}

function reverse(move) {
  const { disk, src, dst } = parseMove(move);
  return `${disk}${POSTS[dst]}${POSTS[src]}`;
}

function pickPost(post) {
  if (watch || game.busy) return;
  if (game.selected === null) {
    game.selected = post;
    say(`From ${POSTS[post]} to…`);
  } else if (game.selected === post) {
    game.selected = null;
    say("");
  } else {
    tryMove(game.selected, post);
    return;
  }
  drawTargets();
  liftSelected();
}

// ---- win, save, load ------------------------------------------------------------------------------------------

function showWin() {
  const used = game.moves.length;
  const best = game.optimal;
  let text = `You used ${used} move${used === 1 ? "" : "s"}; the optimal is ${best}.`;
  if (used === best) text += " A perfect solution!";
  $("win-text").textContent = text;
  $("win").hidden = false;
  say(`Solved in ${used} moves (optimal ${best}).`, "win");
}

function hideWin() { $("win").hidden = true; }

function saveGame() {
  if (!game.initial) return;
  const data = {
    format: "hanoikit-game", version: 1, settings: game.settings, initial: game.initial, moves: game.moves,
  };
  const blob = new Blob([JSON.stringify(data, null, 1) + "\n"], { type: "application/json" });
  const link = document.createElement("a");
  const kind = game.settings.magnetic ? game.settings.colors : "classic";
  link.href = URL.createObjectURL(blob);
  link.download = `hanoi-${kind}-${game.settings.n}.json`;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
  say(`Saved ${game.moves.length} moves as ${link.download}.`);
}

async function loadGame(file) {
  stopWatch();
  try {
    const text = await file.text();
    const loaded = await api("/api/game/load", text);
    showSettings(loaded.settings);
    begin(loaded.settings, loaded.initial, loaded.moves, loaded.states, loaded.position);
    say(`Loaded ${file.name}: ${loaded.moves.length} moves.`);
    if (loaded.position.solved) showWin();
  } catch (error) {
    say(`Could not load ${file.name}: ${error.message}`, "error");
  }
}

// ---- drawing the tower ----------------------------------------------------------------------------------------

function el(name, attributes = {}, parent = null) {
  const node = document.createElementNS(SVG_NS, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  if (parent) parent.appendChild(node);
  return node;
}

function decode(state) {
  // "SSI:RRB" -> posts of disks 1..n and their top colours (the notation, not a rule)
  const [letters, ups] = state.split(":");
  return { posts: [...letters].map((c) => POSTS.indexOf(c)), ups: ups ? [...ups] : null };
}

function stacks(state) {
  const { posts } = decode(state);
  const result = [[], [], []];
  for (let disk = posts.length; disk >= 1; disk--) result[posts[disk - 1]].push(disk);
  return result;
}

function geometry(n) {
  const height = Math.min(34, 262 / n);
  const width = (disk) => (n === 1 ? 200 : 62 + (238 - 62) * (disk - 1) / (n - 1));
  return { height, width };
}

function slot(n, post, level) {
  const { height } = geometry(n);
  return { x: POST_X[post], y: BASE_Y - height * (level + 0.5) };
}

function drawBoard(state) {
  const svg = $("board");
  svg.textContent = "";
  svg.dataset.state = state;
  drawDefs(svg);
  const colors = game.settings && game.settings.magnetic ? game.settings.colors.toUpperCase() : "NNN";
  el("rect", { x: 0, y: 0, width: 900, height: 430, fill: "url(#wall)" }, svg);
  // posts
  for (let post = 0; post < 3; post++) {
    const x = POST_X[post];
    const own = colors[post];
    const column = el("g", { class: "post", "data-post": post }, svg);
    el("rect", { x: x - 150, y: 20, width: 300, height: 372, fill: "transparent", class: "post-hit" }, column);
    el("rect", { x: x - 135, y: 52, width: 270, height: BASE_Y - 50, rx: 18, class: "target-glow" }, column);
    const fill = own === "N" ? "url(#rod)" : `url(#rod-${own})`;
    el("rect", { x: x - 7, y: 70, width: 14, height: BASE_Y - 66, rx: 7, fill, stroke: "#4a2d14", "stroke-width": 1 },
       column);
    if (own !== "N") {
      el("rect", { x: x - 120, y: BASE_Y + 3, width: 240, height: 7, rx: 3.5, fill: FACE[own], opacity: 0.9 }, column);
    }
  }
  // base
  el("rect", { x: 20, y: BASE_Y, width: 860, height: 30, rx: 8, fill: "url(#wood)", stroke: "#5b3716" }, svg);
  for (let i = 0; i < 5; i++) {
    el("path", { d: `M ${40 + i * 13} ${BASE_Y + 8 + i * 4} q 200 ${-4 + i * 2} 400 0 t ${390 - i * 26} ${1 - i}`,
      fill: "none", stroke: "rgba(80,45,15,0.25)", "stroke-width": 1.2 }, svg);
  }
  if (colors !== "NNN") {
    for (let post = 0; post < 3; post++) {
      if (colors[post] === "N") continue;
      el("rect", { x: POST_X[post] - 120, y: BASE_Y + 1, width: 240, height: 6, rx: 3, fill: FACE[colors[post]] }, svg);
    }
  }
  for (let post = 0; post < 3; post++) {
    const label = el("text", { x: POST_X[post], y: BASE_Y + 58, class: "post-label" }, svg);
    label.textContent = POSTS[post];
    const key = el("text", { x: POST_X[post] + 26, y: BASE_Y + 58, class: "post-key" }, svg);
    key.textContent = `[${post + 1}]`;
    if (colors[post] !== "N") {
      const tag = el("text", { x: POST_X[post] - 26, y: BASE_Y + 58, class: "post-key", fill: FACE[colors[post]] }, svg);
      tag.textContent = colors[post] === "R" ? "red" : "blue";
      tag.setAttribute("text-anchor", "end");
    }
  }
  // disks
  const { ups } = decode(state);
  const n = ups ? ups.length : decode(state).posts.length;
  const layer = el("g", { id: "disks" }, svg);
  stacks(state).forEach((stack, post) => {
    stack.forEach((disk, level) => {
      const { x, y } = slot(n, post, level);
      drawDisk(layer, disk, n, ups ? ups[disk - 1] : null, x, y);
    });
  });
  drawTargets();
}

function drawDefs(svg) {
  const defs = el("defs", {}, svg);
  const gradient = (id, stops, vertical = true) => {
    const g = el("linearGradient", vertical ? { id, x1: 0, y1: 0, x2: 0, y2: 1 } : { id, x1: 0, y1: 0, x2: 1, y2: 0 },
                 defs);
    stops.forEach(([offset, color]) => el("stop", { offset, "stop-color": color }, g));
  };
  gradient("wall", [[0, "#fdfaf4"], [1, "#efe4d2"]]);
  gradient("wood", [[0, "#c58a4d"], [0.45, "#a96a32"], [1, "#7c4a1e"]]);
  gradient("rod", [[0, "#8a5527"], [0.4, "#d9a36a"], [1, "#7a4a20"]], false);
  gradient("rod-R", [[0, "#8e1222"], [0.4, "#ff6b7d"], [1, "#8e1222"]], false);
  gradient("rod-B", [[0, "#0f3f80"], [0.4, "#6aa9ff"], [1, "#0f3f80"]], false);
  gradient("shine", [[0, "rgba(255,255,255,0.55)"], [1, "rgba(255,255,255,0)"]]);
  const shadow = el("filter", { id: "shadow", x: "-10%", y: "-30%", width: "120%", height: "170%" }, defs);
  el("feDropShadow", { dx: 0, dy: 2, stdDeviation: 1.6, "flood-color": "#3b2410", "flood-opacity": 0.35 }, shadow);
}

function drawDisk(layer, disk, n, up, x, y) {
  const { height, width } = geometry(n);
  const w = width(disk);
  const h = height - 2;
  const r = Math.min(h / 2, 10);
  const group = el("g", { class: "disk", id: `disk-${disk}`, "data-disk": disk, filter: "url(#shadow)" }, layer);
  group.setAttribute("transform", `translate(${x} ${y})`);
  const body = el("g", { class: "disk-body" }, el("g", { class: "disk-lift" }, group));
  if (up) {
    const down = up === "R" ? "B" : "R";
    const band = Math.max(3, h * 0.34);
    el("rect", { x: -w / 2, y: -h / 2, width: w, height: h, rx: r, class: "face-bottom", fill: FACE_DARK[down] }, body);
    el("path", { d: topPath(w, h - band, r, -h / 2), class: "face-top", fill: FACE[up] }, body);
  } else {
    const hue = Math.round(8 + 250 * (disk - 1) / Math.max(1, n - 1));  // a rainbow, red on top
    el("rect", { x: -w / 2, y: -h / 2, width: w, height: h, rx: r, fill: `hsl(${hue} 55% 52%)`,
      stroke: `hsl(${hue} 55% 32%)` }, body);
  }
  el("rect", { x: -w / 2 + r * 0.6, y: -h / 2 + 1.5, width: w - r * 1.2, height: Math.max(2, h * 0.22), rx: 2,
    fill: "url(#shine)", "pointer-events": "none" }, body);
  el("rect", { x: -w / 2, y: -h / 2, width: w, height: h, rx: r, fill: "none", stroke: "rgba(0,0,0,0.35)",
    class: "outline" }, body);
  if (h >= 13) {
    const label = el("text", { x: 0, y: up ? -h * 0.14 : 0, class: "disk-label" }, body);
    label.textContent = disk;
    label.setAttribute("font-size", Math.min(15, h * 0.5));
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

function drawTargets() {
  const board = $("board");
  board.querySelectorAll(".post").forEach((node) => node.classList.remove("source", "target"));
  board.querySelectorAll(".disk").forEach((node) => node.classList.remove("lifted"));
  if (game.selected === null || watch || !game.position) return;
  board.querySelector(`.post[data-post="${game.selected}"]`).classList.add("source");
  for (const { src, dst } of game.position.legal_moves.map(parseMove)) {
    if (src === game.selected) board.querySelector(`.post[data-post="${dst}"]`).classList.add("target");
  }
}

function liftSelected() {
  if (game.selected === null) return;
  const stack = stacks(currentState())[game.selected];
  if (!stack.length) return;
  const node = $(`disk-${stack[stack.length - 1]}`);
  if (node) node.classList.add("lifted");
}

function flashHint(disk, dst) {
  const node = $(`disk-${disk}`);
  const post = $("board").querySelector(`.post[data-post="${dst}"]`);
  [node, post].forEach((item) => item && item.classList.add("hinted"));
  setTimeout(() => [node, post].forEach((item) => item && item.classList.remove("hinted")), 2200);
}

function shake(post) {
  const column = $("board").querySelector(`.post[data-post="${post}"]`);
  if (!column) return;
  column.classList.remove("refused");
  void column.getBoundingClientRect();
  column.classList.add("refused");
}

// ---- animation: lift, carry while flipping, drop ------------------------------------------------------------

const ANIMATION_MS = 420;

function animateMove(before, move, after, dragged = null, duration = ANIMATION_MS) {
  const { disk, src, dst } = parseMove(move);
  const n = decode(before).posts.length;
  if (duration < 30 || !$(`disk-${disk}`)) { drawBoard(after); return Promise.resolve(); }
  drawBoard(before);
  const node = $(`disk-${disk}`);
  const body = node.querySelector(".disk-body");
  const fromStack = stacks(before)[src];
  const toStack = stacks(after)[dst];
  const start = dragged || slot(n, src, fromStack.length - 1);
  const end = slot(n, dst, toStack.length - 1);
  const top = 40;
  const flips = decode(before).ups !== null;
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
        if (t >= 0.5 && !swapped) { swapped = true; swapFaces(node); }
        body.setAttribute("transform", `scale(1 ${Math.max(scale, 0.04)})`);
      }
      if (t < 1) requestAnimationFrame(frame);
      else { drawBoard(after); resolve(); }
    };
    requestAnimationFrame(frame);
  });
}

function swapFaces(node) {
  const top = node.querySelector(".face-top");
  const bottom = node.querySelector(".face-bottom");
  if (!top || !bottom) return;
  const up = top.getAttribute("fill") === FACE.R ? "R" : "B";
  const down = up === "R" ? "B" : "R";
  top.setAttribute("fill", FACE[down]);
  bottom.setAttribute("fill", FACE_DARK[up]);
}

// ---- pointer: click, drag and drop, touch -------------------------------------------------------------------

let press = null;

function boardPoint(event) {
  const svg = $("board");
  const point = svg.createSVGPoint();
  point.x = event.clientX;
  point.y = event.clientY;
  return point.matrixTransform(svg.getScreenCTM().inverse());
}

function postAt(x) {
  return x < 300 ? 0 : x < 600 ? 1 : 2;
}

function onPointerDown(event) {
  if (watch || game.busy || !game.initial) return;
  const point = boardPoint(event);
  const post = postAt(point.x);
  const stack = stacks(currentState())[post];
  press = { post, x: point.x, y: point.y, disk: stack.length ? stack[stack.length - 1] : null, dragging: false };
  $("board").setPointerCapture(event.pointerId);
}

function onPointerMove(event) {
  if (!press || press.disk === null) return;
  const point = boardPoint(event);
  if (!press.dragging && Math.hypot(point.x - press.x, point.y - press.y) > 8) {
    press.dragging = true;
    game.selected = press.post;
    drawTargets();
    const node = $(`disk-${press.disk}`);
    node.parentNode.appendChild(node);
    node.classList.add("dragging");
  }
  if (press.dragging) {
    $(`disk-${press.disk}`).setAttribute("transform", `translate(${point.x} ${point.y})`);
  }
}

function onPointerUp(event) {
  if (!press) return;
  const point = boardPoint(event);
  const { post, dragging } = press;
  press = null;
  if (!dragging) { pickPost(post); return; }
  const target = postAt(point.x);
  game.selected = null;
  if (target === post) { drawBoard(currentState()); return; }
  tryMove(post, target, { x: point.x, y: point.y });
}

// ---- watch mode -------------------------------------------------------------------------------------------------

const PAGE = 1000;  // moves per solution page (the server's bound)

async function startWatch() {
  if (!game.initial || game.busy) return;
  const algorithm = $("algorithm").value;
  const from = algorithm === "optimal" ? currentState() : null;
  let page;
  try {
    page = await api("/api/solution", { settings: game.settings, state: from, algorithm, offset: 0, limit: PAGE });
  } catch (error) { say(error.message, "error"); return; }
  stopWatch();
  game.selected = null;
  hideWin();
  watch = {
    algorithm, start: page.start, total: page.total, moves: [], states: [page.start], trace: [], crossings: [],
    index: 0, playing: true, timer: null, loading: null, busy: false, queue: [], last: null, count: [0, 0, 0],
  };
  addPage(page);
  document.body.classList.add("watching");
  $("player").hidden = false;
  const label = $("algorithm").selectedOptions[0].textContent;
  say(page.total ? `Watching: ${label}, ${page.total} moves.` : "Nothing to watch: the goal is reached.");
  drawBoard(watch.start);
  updateStatus();
  showWatch();
  schedule();
}

function addPage(page) {
  watch.moves.push(...page.moves);
  watch.states.push(...page.states);
  if (page.trace) {
    const rows = watch.trace.length ? page.trace.slice(1) : page.trace;
    for (const row of rows) {
      watch.trace.push(row);
      watch.crossings.push(countCrossing(row));
    }
  }
}

// A colour crossing: a post goes from one colour, through neutral, to the other (Levy, "Color-Crossings").
function countCrossing(row) {
  if (!watch.last) { watch.last = row.slice(); return [0, 0, 0]; }
  row.forEach((value, post) => {
    if (value === 0) return;
    if (watch.last[post] !== 0 && watch.last[post] !== value) watch.count[post] += 1;
    watch.last[post] = value;
  });
  return watch.count.slice();
}

async function ensureLoaded() {
  if (!watch || watch.moves.length >= watch.total || watch.loading) return;
  if (watch.index + PAGE / 2 < watch.moves.length) return;
  const optimal = watch.algorithm === "optimal";
  const request = {
    settings: game.settings,
    algorithm: watch.algorithm,
    limit: PAGE,
    // the optimal solution continues from the last known position; Levy's runs are paged from the start
    state: optimal ? watch.states[watch.states.length - 1] : null,
    offset: optimal ? 0 : watch.moves.length,
  };
  const current = watch;
  current.loading = api("/api/solution", request).then((page) => {
    if (watch === current) addPage(page);
  }).catch((error) => say(error.message, "error")).finally(() => { current.loading = null; });
  await current.loading;
}

function speed() {
  // moves per second, from 0.5 to 2000 on an exponential slider; above 30 the moves are shown without animation
  return 0.5 * Math.pow(4000, Number($("speed").value) / 100);
}

function schedule() {
  if (!watch) return;
  clearTimeout(watch.timer);
  $("play-pause").textContent = watch.playing ? "Pause" : "▶ Play";
  if (!watch.playing) return;
  const fast = speed() > 30;
  watch.timer = setTimeout(async () => {
    if (!watch) return;
    if (watch.index >= watch.total) { watch.playing = false; schedule(); showWatch(); return; }
    if (fast) leap(Math.round(speed() / 30));
    else await stepForward();
    schedule();
  }, fast ? 1000 / 30 : 1000 / speed());
}

function leap(count) {
  // many moves in one frame, drawn as the position they lead to
  if (watch.busy) return;
  watch.index = Math.min(watch.index + count, watch.moves.length);
  drawBoard(watch.states[watch.index]);
  showWatch();
  ensureLoaded();
}

async function stepForward() {
  if (!watch || watch.busy) return;
  await ensureLoaded();
  if (!watch || watch.index >= watch.moves.length) return;
  watch.busy = true;
  const i = watch.index;
  const duration = Math.min(ANIMATION_MS, 800 / speed());
  watch.index += 1;
  await animateMove(watch.states[i], watch.moves[i], watch.states[i + 1], null, duration);
  stepped();
  ensureLoaded();
}

async function stepBack() {
  if (!watch || watch.busy || watch.index === 0) return;
  watch.busy = true;
  watch.index -= 1;
  const i = watch.index;
  await animateMove(watch.states[i + 1], reverse(watch.moves[i]), watch.states[i], null, Math.min(ANIMATION_MS, 800 / speed()));
  stepped();
}

function stepped() {
  if (!watch) return;
  watch.busy = false;
  showWatch();
  const next = watch.queue.shift();
  if (next !== undefined) (next > 0 ? stepForward : stepBack)();
}

function step(direction) {
  // a step asked by the player pauses the play; steps asked during an animation follow it in turn
  if (!watch) return;
  watch.playing = false;
  schedule();
  if (watch.busy) { if (watch.queue.length < 20) watch.queue.push(direction); return; }
  (direction > 0 ? stepForward : stepBack)();
}

function togglePlay() {
  if (!watch) return;
  if (!watch.playing && watch.index >= watch.total) {
    watch.index = 0;
    drawBoard(watch.start);
  }
  watch.playing = !watch.playing;
  schedule();
}

function showWatch() {
  if (!watch) return;
  const done = watch.index >= watch.total;
  const last = watch.index ? ` · last ${watch.moves[watch.index - 1]}` : "";
  $("watch-progress").textContent = `Move ${watch.index} of ${watch.total}${last}${done ? " · done" : ""}`;
  drawChart();
}

function stopWatch() {
  if (!watch) return;
  clearTimeout(watch.timer);
  watch = null;
  document.body.classList.remove("watching");
  $("player").hidden = true;
  $("watch-progress").textContent = "";
  if (game.initial) { drawBoard(currentState()); updateStatus(); }
  drawChart();
}

// ---- the colour-crossing chart: the colour of S, I, D move by move (+1 red, 0 neutral, -1 blue) -------------

const CHART = { left: 34, right: 390, top: 12, lane: 70, gap: 8, window: 600 };

function drawChart() {
  const svg = $("chart");
  svg.textContent = "";
  const trace = watch ? watch.trace : [];
  const shown = watch ? Math.min(watch.index, trace.length - 1) : -1;
  const span = watch ? Math.max(1, Math.min(watch.total, CHART.window)) : 1;
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
            y: v > 0 ? mid - amp : mid, height: amp, fill: v > 0 ? FACE.R : FACE.B, opacity: 0.55 }, svg);
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
    const counts = watch.crossings[shown] || [0, 0, 0];
    const sum = counts[0] + counts[1] + counts[2];
    $("crossings").textContent = `Crossings so far: S ${counts[0]} · I ${counts[1]} · D ${counts[2]} (total ${sum})`;
  } else {
    $("crossings").textContent = "Start watching a solution to see each post's colour move by move.";
  }
}

// ---- wiring -----------------------------------------------------------------------------------------------------

function describeColoring(code) {
  if (code === "NNN") return "NNN · free";
  const names = { R: "red", B: "blue", N: "neutral" };
  return `${code} · ${[...code].map((c, i) => `${POSTS[i]} ${names[c]}`).join(", ")}`;
}

async function init() {
  const config = await api("/api/config");
  const colors = $("colors");
  for (const code of config.variants.slice().reverse()) {
    const option = document.createElement("option");
    option.value = code;
    option.textContent = describeColoring(code);
    colors.appendChild(option);
  }
  colors.value = "NNN";
  $("disks").max = config.max_disks;
  for (const algorithm of config.algorithms) {
    const option = document.createElement("option");
    option.value = algorithm.name;
    option.textContent = algorithm.label;
    $("algorithm").appendChild(option);
  }
  for (const id of ["mode", "colors", "goal-up"]) $(id).addEventListener("change", () => { updateSettingsView(); newGame(); });
  $("disks").addEventListener("input", updateSettingsView);
  $("disks").addEventListener("change", () => newGame());
  $("new-game").addEventListener("click", () => newGame());
  $("random").addEventListener("click", () => newGame(true));
  $("win-again").addEventListener("click", () => newGame());
  $("win-random").addEventListener("click", () => newGame(true));
  $("hint").addEventListener("click", hint);
  $("undo").addEventListener("click", undo);
  $("redo").addEventListener("click", redo);
  $("restart").addEventListener("click", restart);
  $("save").addEventListener("click", saveGame);
  $("load-file").addEventListener("change", (event) => {
    const file = event.target.files[0];
    event.target.value = "";
    if (file) loadGame(file);
  });
  $("watch-start").addEventListener("click", startWatch);
  $("watch-stop").addEventListener("click", () => { stopWatch(); say("Back to your game."); });
  $("play-pause").addEventListener("click", togglePlay);
  $("step-forward").addEventListener("click", () => step(1));
  $("step-back").addEventListener("click", () => step(-1));
  $("speed").addEventListener("input", () => schedule());
  const board = $("board");
  board.addEventListener("pointerdown", onPointerDown);
  board.addEventListener("pointermove", onPointerMove);
  board.addEventListener("pointerup", onPointerUp);
  board.addEventListener("pointercancel", () => { press = null; drawBoard(currentState()); });
  document.addEventListener("keydown", onKey);
  updateSettingsView();
  drawChart();
  await newGame();
}

function onKey(event) {
  if (event.target.matches && event.target.matches("input[type=text], input[type=number], textarea")) return;
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  const key = event.key.toLowerCase();
  if (watch) {
    if (key === " ") { event.preventDefault(); togglePlay(); }
    else if (key === "arrowright") step(1);
    else if (key === "arrowleft") step(-1);
    else if (key === "escape") stopWatch();
    return;
  }
  if (key >= "1" && key <= "3") pickPost(Number(key) - 1);
  else if (key === "h") hint();
  else if (key === "u") undo();
  else if (key === "y") redo();
  else if (key === "escape") { game.selected = null; drawTargets(); say(""); }
}

init().catch((error) => say(`Cannot start: ${error.message}`, "error"));
