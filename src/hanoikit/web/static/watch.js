// Watch mode: a solution fetched page by page from the server and played, stepped or leapt through, with the
// colour-crossing chart. Its state is ``game.watch``.

import { ANIMATION_MS, animateMove } from "./animation.js";
import { api } from "./api.js";
import { crossingText, drawChart } from "./chart.js";
import { currentState, game, reverse } from "./state.js";
import { $, hideWin, render, say, updateStatus } from "./view.js";

const PAGE = 1000;  // moves per solution page (the server's bound)

function animate(before, move, after, duration) {
  return animateMove($("board"), render, game.config.palette, before, move, after, { duration });
}

export async function startWatch() {
  if (!game.initial || game.busy) return;
  const algorithm = $("algorithm").value;
  // the optimal solution plays from the current position; Levy's runs from the start
  const from = algorithm === "optimal" ? currentState() : null;
  let page;
  try {
    page = await api("/api/solution", { settings: game.settings, state: from, algorithm, offset: 0, limit: PAGE });
  } catch (error) { say(error.message, "error"); return; }
  stopWatch();
  game.selected = null;
  hideWin();
  game.watch = {
    algorithm, from, start: page.start, total: page.total, moves: [], states: [page.start], trace: [], crossings: [],
    index: 0, playing: true, timer: null, loading: null, busy: false, queue: [],
  };
  addPage(game.watch, page);
  document.body.classList.add("watching");
  $("player").hidden = false;
  const label = $("algorithm").selectedOptions[0].dataset.label;
  say(page.total ? `Watching: ${label}, ${page.total} moves.` : "Nothing to watch: the goal is reached.");
  render(game.watch.start);
  updateStatus();
  showWatch();
  schedule();
}

function addPage(watch, page) {
  watch.moves.push(...page.moves);
  watch.states.push(...page.states);
  if (page.trace) {
    const skip = watch.trace.length ? 1 : 0;  // a page's first row is the last of the page before
    watch.trace.push(...page.trace.slice(skip));
    watch.crossings.push(...page.crossings.slice(skip));
  }
}

async function ensureLoaded() {
  const watch = game.watch;
  if (!watch || watch.moves.length >= watch.total || watch.loading) return;
  if (watch.index + PAGE / 2 < watch.moves.length) return;
  const request = {
    settings: game.settings, algorithm: watch.algorithm, state: watch.from, offset: watch.moves.length, limit: PAGE,
  };
  watch.loading = api("/api/solution", request).then((page) => {
    if (game.watch === watch) addPage(watch, page);
  }).catch((error) => say(error.message, "error")).finally(() => { watch.loading = null; });
  await watch.loading;
}

function speed() {
  // moves per second, from 0.5 to 2000 on an exponential slider; above 30 the moves are shown without animation
  return 0.5 * Math.pow(4000, Number($("speed").value) / 100);
}

export function schedule() {
  const watch = game.watch;
  if (!watch) return;
  clearTimeout(watch.timer);
  $("play-pause").textContent = watch.playing ? "Pause" : "▶ Play";
  if (!watch.playing) return;
  const fast = speed() > 30;
  watch.timer = setTimeout(async () => {
    if (game.watch !== watch) return;
    if (watch.index >= watch.total) { watch.playing = false; schedule(); showWatch(); return; }
    if (fast) leap(Math.round(speed() / 30));
    else await stepForward();
    schedule();
  }, fast ? 1000 / 30 : 1000 / speed());
}

function leap(count) {
  // many moves in one frame, drawn as the position they lead to
  const watch = game.watch;
  if (watch.busy) return;
  watch.index = Math.min(watch.index + count, watch.moves.length);
  render(watch.states[watch.index]);
  showWatch();
  ensureLoaded();
}

async function stepForward() {
  if (!game.watch || game.watch.busy) return;
  await ensureLoaded();
  const watch = game.watch;
  if (!watch || watch.index >= watch.moves.length) return;
  watch.busy = true;
  const i = watch.index;
  watch.index += 1;
  await animate(watch.states[i], watch.moves[i], watch.states[i + 1], Math.min(ANIMATION_MS, 800 / speed()));
  stepped();
  ensureLoaded();
}

async function stepBack() {
  const watch = game.watch;
  if (!watch || watch.busy || watch.index === 0) return;
  watch.busy = true;
  watch.index -= 1;
  const i = watch.index;
  await animate(watch.states[i + 1], reverse(watch.moves[i]), watch.states[i], Math.min(ANIMATION_MS, 800 / speed()));
  stepped();
}

function stepped() {
  const watch = game.watch;
  if (!watch) return;
  watch.busy = false;
  showWatch();
  const next = watch.queue.shift();
  if (next !== undefined) (next > 0 ? stepForward : stepBack)();
}

export function step(direction) {
  // a step asked by the player pauses the play; steps asked during an animation follow it in turn
  const watch = game.watch;
  if (!watch) return;
  watch.playing = false;
  schedule();
  if (watch.busy) { if (watch.queue.length < 20) watch.queue.push(direction); return; }
  (direction > 0 ? stepForward : stepBack)();
}

export function togglePlay() {
  const watch = game.watch;
  if (!watch) return;
  if (!watch.playing && watch.index >= watch.total) {
    watch.index = 0;
    render(watch.start);
  }
  watch.playing = !watch.playing;
  schedule();
}

function showWatch() {
  const watch = game.watch;
  if (!watch) return;
  const done = watch.index >= watch.total;
  const last = watch.index ? ` · last ${watch.moves[watch.index - 1]}` : "";
  $("watch-progress").textContent = `Move ${watch.index} of ${watch.total}${last}${done ? " · done" : ""}`;
  showChart();
}

export function showChart() {
  drawChart($("chart"), game.watch, game.config.palette);
  $("crossings").textContent = crossingText(game.watch);
}

export function stopWatch() {
  const watch = game.watch;
  if (!watch) return;
  clearTimeout(watch.timer);
  game.watch = null;
  document.body.classList.remove("watching");
  $("player").hidden = true;
  $("watch-progress").textContent = "";
  if (game.initial) { render(currentState()); updateStatus(); }
  showChart();
}
