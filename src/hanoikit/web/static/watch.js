// Watch mode: a solution fetched page by page from the server and played, stepped or leapt through, with the
// colour-crossing chart. What is watched is ``state.watch`` (changed by the reducer's "watch", "watched" and "page"
// actions); the player's timer and its queue of steps are the runner below.

import { ANIMATION_MS, animateMove } from "./animation.js";
import { api } from "./api.js";
import { crossingText, drawChart } from "./chart.js";
import { dispatch, getState } from "./game.js";
import { reverse } from "./state.js";
import { $, hideWin, render, say, updateStatus } from "./view.js";

const PAGE = 1000;  // moves per solution page (the server's bound)

const runner = { timer: null, busy: false, queue: [], loading: null, id: 0 };  // the player, not the game's state

function animate(before, move, after, duration) {
  const state = getState();
  return animateMove($("board"), (shown) => render(getState(), shown), state.config.palette, before, move, after,
    { k: state.k, duration });
}

export async function startWatch(busy = false) {
  const state = getState();
  if (!state.initial || busy) return;
  const algorithm = $("algorithm").value;
  // the optimal solution plays from the current position; Levy's runs from the start
  const from = algorithm === "optimal" ? (state.states.length ? state.states[state.states.length - 1] : state.initial)
    : null;
  let page;
  try {
    page = await api("/api/solution", { settings: state.settings, state: from, algorithm, offset: 0, limit: PAGE });
  } catch (error) { say(error.message, "error"); return; }
  stopWatch();
  hideWin();
  runner.id += 1;
  dispatch({ type: "watch", watch: {
    algorithm, from, start: page.start, total: page.total, moves: [], states: [page.start], trace: [], crossings: [],
    index: 0, playing: true,
  } });
  const watching = dispatch({ type: "page", page });
  document.body.classList.add("watching");
  $("player").hidden = false;
  const label = $("algorithm").selectedOptions[0].dataset.label;
  say(page.total ? `Watching: ${label}, ${page.total} moves.` : "Nothing to watch: the goal is reached.");
  render(watching, watching.watch.start);
  updateStatus(watching);
  showWatch();
  schedule();
}

async function ensureLoaded() {
  const { watch, settings } = getState();
  if (!watch || watch.moves.length >= watch.total || runner.loading) return;
  if (watch.index + PAGE / 2 < watch.moves.length) return;
  const id = runner.id;
  const request = { settings, algorithm: watch.algorithm, state: watch.from, offset: watch.moves.length, limit: PAGE };
  runner.loading = api("/api/solution", request).then((page) => {
    if (runner.id === id && getState().watch) dispatch({ type: "page", page });
  }).catch((error) => say(error.message, "error")).finally(() => { runner.loading = null; });
  await runner.loading;
}

function speed() {
  // moves per second, from 0.5 to 2000 on an exponential slider; above 30 the moves are shown without animation
  return 0.5 * Math.pow(4000, Number($("speed").value) / 100);
}

export function schedule() {
  const watch = getState().watch;
  if (!watch) return;
  clearTimeout(runner.timer);
  $("play-pause").textContent = watch.playing ? "Pause" : "▶ Play";
  if (!watch.playing) return;
  const fast = speed() > 30;
  const id = runner.id;
  runner.timer = setTimeout(async () => {
    const now = getState().watch;
    if (!now || runner.id !== id) return;
    if (now.index >= now.total) { dispatch({ type: "watched", change: { playing: false } }); schedule(); showWatch(); return; }
    if (fast) leap(Math.round(speed() / 30));
    else await stepForward();
    schedule();
  }, fast ? 1000 / 30 : 1000 / speed());
}

function leap(count) {
  // many moves in one frame, drawn as the position they lead to
  if (runner.busy) return;
  const { watch } = getState();
  const state = dispatch({ type: "watched", change: { index: Math.min(watch.index + count, watch.moves.length) } });
  render(state, state.watch.states[state.watch.index]);
  showWatch();
  ensureLoaded();
}

async function stepForward() {
  if (!getState().watch || runner.busy) return;
  await ensureLoaded();
  const watch = getState().watch;
  if (!watch || watch.index >= watch.moves.length) return;
  runner.busy = true;
  const i = watch.index;
  dispatch({ type: "watched", change: { index: i + 1 } });
  await animate(watch.states[i], watch.moves[i], watch.states[i + 1], Math.min(ANIMATION_MS, 800 / speed()));
  stepped();
  ensureLoaded();
}

async function stepBack() {
  const watch = getState().watch;
  if (!watch || runner.busy || watch.index === 0) return;
  runner.busy = true;
  const i = watch.index - 1;
  const state = dispatch({ type: "watched", change: { index: i } });
  await animate(watch.states[i + 1], reverse(watch.moves[i], state.k), watch.states[i],
    Math.min(ANIMATION_MS, 800 / speed()));
  stepped();
}

function stepped() {
  runner.busy = false;
  if (!getState().watch) return;
  showWatch();
  const next = runner.queue.shift();
  if (next !== undefined) (next > 0 ? stepForward : stepBack)();
}

export function step(direction) {
  // a step asked by the player pauses the play; steps asked during an animation follow it in turn
  if (!getState().watch) return;
  dispatch({ type: "watched", change: { playing: false } });
  schedule();
  if (runner.busy) { if (runner.queue.length < 20) runner.queue.push(direction); return; }
  (direction > 0 ? stepForward : stepBack)();
}

export function togglePlay() {
  const watch = getState().watch;
  if (!watch) return;
  if (!watch.playing && watch.index >= watch.total) {
    const state = dispatch({ type: "watched", change: { index: 0 } });
    render(state, state.watch.start);
  }
  dispatch({ type: "watched", change: { playing: !watch.playing } });
  schedule();
}

function showWatch() {
  const watch = getState().watch;
  if (!watch) return;
  const done = watch.index >= watch.total;
  const last = watch.index ? ` · last ${watch.moves[watch.index - 1]}` : "";
  $("watch-progress").textContent = `Move ${watch.index} of ${watch.total}${last}${done ? " · done" : ""}`;
  showChart();
}

export function showChart() {
  const state = getState();
  drawChart($("chart"), state.watch, state.config.palette);
  $("crossings").textContent = crossingText(state.watch);
}

export function stopWatch() {
  if (!getState().watch) return;
  clearTimeout(runner.timer);
  Object.assign(runner, { timer: null, busy: false, queue: [], id: runner.id + 1 });
  const state = dispatch({ type: "watch", watch: null });
  document.body.classList.remove("watching");
  $("player").hidden = true;
  $("watch-progress").textContent = "";
  if ($("message").textContent.startsWith("Watching") || $("message").textContent.startsWith("Nothing to watch")) say("");
  if (state.initial) { render(state); updateStatus(state); }
  showChart();
}
