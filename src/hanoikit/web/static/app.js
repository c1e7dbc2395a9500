// hanoikit play: the page's entry module. It draws the tower and asks the server about everything else: the rules,
// the solutions, the colour crossings and the palette (the page holds no rules and no analysis).
//
// Modules: api (the server), state (the one state object, its reducer and the notation), game (the store: getState
// and dispatch), board (drawing the tower), animation,
// chart (the colour-crossing chart), view (the readouts), play (the player's game), watch (watch mode), store (what
// the browser keeps), link (the game in the address), challenges (the progression), and this one, which wires the
// controls, the pointer and the keys.

import { api } from "./api.js";
import { fetchDaily, today } from "./daily.js";
import { boardPoint, postAt } from "./board.js";
import { dispatch, getState } from "./game.js";
import { LinkError, accepts, readLink } from "./link.js";
import {
  busy, cancelPick, capOf, changeSettings, hint, loadChoices, loadGame, newGame, openGame, openNearest, pickPost,
  playChallenge, playNext, playDaily, redo, restart, restore, saveGame, share, tryMove, undo,
} from "./play.js";
import { sound, setSound } from "./sound.js";
import { saveGame as keep, preferences, savedGame, setPreference } from "./store.js";
import { applyDisplay } from "./theme.js";
import { tutorial } from "./tutorial.js";
import { currentState, elapsed, postNames, puzzleKey, topDisk } from "./state.js";
import {
  $, describeColoring, hideWin, render, say, showChallenges, showClock, showDaily, showHistory, showTargets,
  updateSettingsView,
} from "./view.js";
import { schedule, showChart, startWatch, step, stopWatch, togglePlay } from "./watch.js";

const FIRST_MARKS_MS = 2000;  // the longest the first game waits for the menus' marks

// ---- pointer: click, drag and drop, touch (on the post buttons over the board) ----------------------------------

function pointer() {
  // the handlers of a press on the board, sharing the one press under way (a gesture, not the game's state)
  let press = null;

  function down(event) {
    const state = getState();
    if (state.watch || !state.initial || event.button > 0) return;
    const point = boardPoint($("board"), event);
    const post = postAt(point.x, state.k);
    const disk = busy() ? null : topDisk(currentState(state), post, state.k);  // a disk is dragged when all is still
    press = { post, x: point.x, y: point.y, disk, dragging: false };
    $("posts").setPointerCapture(event.pointerId);
  }

  function move(event) {
    if (!press || press.disk === null || busy()) return;
    const point = boardPoint($("board"), event);
    if (!press.dragging && Math.hypot(point.x - press.x, point.y - press.y) > 8) {
      press.dragging = true;
      showTargets(dispatch({ type: "select", post: press.post }));
      const node = $(`disk-${press.disk}`);
      node.parentNode.appendChild(node);
      node.classList.add("dragging");
    }
    if (press.dragging) {
      $(`disk-${press.disk}`).setAttribute("transform", `translate(${point.x} ${point.y})`);
    }
  }

  function up(event) {
    if (!press) return;
    const point = boardPoint($("board"), event);
    const { post, dragging } = press;
    press = null;
    if (!dragging) { pickPost(post); return; }
    const state = dispatch({ type: "select", post: null });
    const target = postAt(point.x, state.k);
    if (target === post) { render(state); return; }
    tryMove(post, target, { x: point.x, y: point.y });
  }

  function cancel() {
    press = null;
    if (getState().initial && !busy()) render(getState());
  }

  return { down, move, up, cancel };
}

function onPostButton(event) {
  // Enter or Space on a focused post (a pointer's click is handled by the pointer events above)
  const button = event.target.closest(".post-button");
  if (button && event.detail === 0) pickPost(Number(button.dataset.post));
}

// ---- keys -------------------------------------------------------------------------------------------------------

function onKey(event) {
  if (event.target.matches && event.target.matches("input[type=text], input[type=number], textarea, select")) return;
  if (event.ctrlKey || event.metaKey || event.altKey || $("win").open) return;
  const key = event.key.toLowerCase();
  const state = getState();
  if (state.watch) {
    if (key === " " && !event.target.closest("button")) { event.preventDefault(); togglePlay(); }
    else if (key === "arrowright") step(1);
    else if (key === "arrowleft") step(-1);
    else if (key === "escape") { stopWatch(); say("Back to your game."); }
    return;
  }
  const letter = postNames(state.k).indexOf(key.toUpperCase());
  if (key >= "1" && key <= String(state.k)) pickPost(Number(key) - 1);
  else if (key.length === 1 && letter >= 0) pickPost(letter);  // S, I, D (and J, K on more posts), as in the terminal
  else if (key === "h") hint();
  else if (key === "u") undo();
  else if (key === "y") redo();
  else if (key === "escape") cancelPick();
}

// ---- wiring -----------------------------------------------------------------------------------------------------

function showAlgorithm() {
  // the menu names the algorithm; its whole description goes underneath, where it is never cut
  const option = $("algorithm").selectedOptions[0];
  $("algorithm-label").textContent = option ? option.dataset.label : "";
}

function ticking() {
  const state = getState();
  if (state.since !== null) showClock(state);
}

function wireDisplay() {
  // the display choices, kept in the browser: theme (and the header's dark toggle), symbols, motion, sound
  const show = () => {
    const prefs = preferences();
    const theme = applyDisplay(prefs);
    $("theme").value = prefs.theme;
    $("symbols").checked = prefs.faces === "symbols";
    $("reduce-motion").checked = prefs.motion === "reduce";
    $("sound").checked = Boolean(prefs.sound);
    setSound(prefs.sound);
    $("dark-toggle").setAttribute("aria-pressed", String(theme === "dark"));
  };
  $("theme").addEventListener("change", () => { setPreference("theme", $("theme").value); show(); });
  $("dark-toggle").addEventListener("click", () => {
    setPreference("theme", document.documentElement.dataset.theme === "dark" ? "light" : "dark");
    show();
  });
  $("symbols").addEventListener("change", () => { setPreference("faces", $("symbols").checked ? "symbols" : "colours"); show(); });
  $("reduce-motion").addEventListener("change", () => {
    setPreference("motion", $("reduce-motion").checked ? "reduce" : "auto");
    show();
  });
  $("sound").addEventListener("change", () => { setPreference("sound", $("sound").checked); show(); sound("move"); });
  window.matchMedia("(prefers-color-scheme: dark)").addEventListener("change", show);
  show();
}

// a game the player starts while the page opens (the daily, a challenge) is the one played: no first game after it
let chosen = false;
const choose = (play) => (...args) => { chosen = true; return play(...args); };

async function init() {
  const config = dispatch({ type: "config", config: await api("/api/config") }).config;
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
    option.textContent = algorithm.name === "optimal" ? "Optimal solution" : `Levy "${algorithm.name}"`;
    option.dataset.label = algorithm.label;
    $("algorithm").appendChild(option);
  }
  for (const id of ["mode", "colors", "goal-up", "post-count", "rule", "disks"]) {
    $(id).addEventListener("change", () => { updateSettingsView(getState()); changeSettings(); });
  }
  $("disks").addEventListener("input", () => updateSettingsView(getState()));
  $("new-game").addEventListener("click", () => newGame());
  wireDisplay();
  $("settings-toggle").addEventListener("click", () => {
    // phones: the settings open (under the game) and come into sight; tablets: they are always there, under the game
    if (!$("settings").classList.contains("open") && getComputedStyle($("settings")).display !== "none") {
      $("settings").scrollIntoView({ block: "start" });
      $("mode").focus();
      return;
    }
    const open = $("settings").classList.toggle("open");
    $("settings-toggle").setAttribute("aria-expanded", String(open));
    if (open) $("settings").scrollIntoView({ block: "nearest" });  // under the game: brought into sight
  });
  $("random").addEventListener("click", () => newGame(true));
  $("win-again").addEventListener("click", () => { hideWin(); restart(); });
  $("win-next").addEventListener("click", () => { hideWin(); playNext(); });
  $("win-close").addEventListener("click", hideWin);
  $("hint").addEventListener("click", hint);
  $("undo").addEventListener("click", undo);
  $("redo").addEventListener("click", redo);
  $("restart").addEventListener("click", restart);
  $("save").addEventListener("click", saveGame);
  $("load").addEventListener("click", () => $("load-file").click());
  $("share").addEventListener("click", share);
  $("load-file").addEventListener("change", (event) => {
    const file = event.target.files[0];
    event.target.value = "";
    if (file) loadGame(file);
  });
  $("watch-start").addEventListener("click", () => startWatch(busy()));
  $("watch-stop").addEventListener("click", () => { stopWatch(); say("Back to your game."); });
  $("play-pause").addEventListener("click", togglePlay);
  $("step-forward").addEventListener("click", () => step(1));
  $("step-back").addEventListener("click", () => step(-1));
  $("speed").addEventListener("input", () => schedule());
  $("algorithm").addEventListener("change", showAlgorithm);
  showAlgorithm();
  const posts = $("posts");
  const press = pointer();
  posts.addEventListener("pointerdown", press.down);
  posts.addEventListener("pointermove", press.move);
  posts.addEventListener("pointerup", press.up);
  posts.addEventListener("pointercancel", press.cancel);
  posts.addEventListener("click", onPostButton);
  document.addEventListener("keydown", onKey);
  setInterval(ticking, 250);
  window.matchMedia("(max-width: 600px)").addEventListener("change", () => {
    const state = getState();
    if (state.initial && !busy() && !state.watch) render(state);  // the phone's taller board, or back
  });
  window.addEventListener("pagehide", () => {  // the clock's time, kept with the game
    const state = getState();
    keep(state, elapsed(state), currentState(state));
  });
  updateSettingsView(getState());
  showChart();
  showChallenges(getState(), choose(playChallenge));
  showHistory();
  showDaily(null);
  const day = fetchDaily(today()).then((answer) => { showDaily(answer, choose(playDaily)); return answer; })
    .catch(() => null);  // the daily puzzle's card waits for the server, not the game
  // the first game waits for the menus' marks when they come at once (the server's warm caches), so that a menu
  // touched at once finds them; never longer than FIRST_MARKS_MS (the warm-up compiling numba's code: seconds)
  const marks = loadChoices(3, 3, true).catch(() => {});
  await Promise.race([marks, new Promise((resolve) => { setTimeout(resolve, FIRST_MARKS_MS); })]);
  if (chosen || getState().initial) return;
  const lessons = tutorial(newGame, say);
  if (lessons.firstVisit() && !window.location.search) lessons.open();  // a link opens its game, not the tutorial
  else await firstGame(day);
}

async function firstGame(day) {
  // the game the address names (a day's puzzle with daily=YYYY-MM-DD), else the one the browser kept, else a new one;
  // a link that cannot be played names its parameter, stays as typed, and offers the nearest puzzle
  const daily = new URLSearchParams(window.location.search).get("daily");
  if (daily !== null) {
    const date = /^\d{4}-\d{2}-\d{2}$/.test(daily) && !Number.isNaN(Date.parse(daily)) ? daily : null;
    try {
      if (date === null) throw new Error(accepts("daily"));
      const answer = date === today() ? (await day) || await fetchDaily(date) : await fetchDaily(date);
      if (!chosen) playDaily(answer);
    } catch (error) {
      newGame(false, null, { holdAddress: true, note: `This link's daily=${daily} cannot be played: ${error.message}. ` +
        "Here is the default puzzle meanwhile.", action: { ...openNearest(`?daily=${today()}`, "daily"), label: "Play today's puzzle" } });
    }
    return;
  }
  let link = null;
  try {
    link = readLink(window.location.search, capOf);
  } catch (error) {
    if (!(error instanceof LinkError)) throw error;
    newGame(false, null, { holdAddress: true, note: `This link's ${error.message}. Here is the default puzzle meanwhile.`,
      action: openNearest(error.nearest, error.param) });
    return;
  }
  if (link) link.search = window.location.search;
  const saved = savedGame();
  // a reload (or the kept game) when the address names its puzzle at the position it reached, else what the link says
  const same = saved && link && link.start && saved.current === (link.at || link.start) &&
    puzzleKey(saved.settings, saved.initial) === puzzleKey(link.settings, link.start);
  if (saved && (!link || same) && await restore(saved, link && link.par !== null ? link.par : saved.par ?? null)) return;
  if (chosen) return;  // the kept game gave way to the player's choice (a newer game), not to a refusal
  if (link) openGame(link.settings, link.at || link.start, link.par, link);
  else newGame();
}

init().catch((error) => say(`Cannot start: ${error.message}`, "error"));
