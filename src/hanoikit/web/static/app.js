// hanoikit play: the page's entry module. It draws the tower and asks the server about everything else: the rules,
// the solutions, the colour crossings and the palette (the page holds no rules and no analysis).
//
// Modules: api (the server), state (the one state object and the notation), board (drawing the tower), animation,
// chart (the colour-crossing chart), view (the readouts), play (the player's game), watch (watch mode), and this one,
// which wires the controls, the pointer and the keys.

import { api } from "./api.js";
import { boardPoint, postAt } from "./board.js";
import { cancelPick, hint, loadGame, newGame, pickPost, redo, restart, saveGame, tryMove, undo } from "./play.js";
import { POSTS, currentState, game, topDisk } from "./state.js";
import { $, render, say, showTargets, updateSettingsView } from "./view.js";
import { schedule, showChart, startWatch, step, stopWatch, togglePlay } from "./watch.js";

// ---- pointer: click, drag and drop, touch -------------------------------------------------------------------

function onPointerDown(event) {
  if (game.watch || game.busy || !game.initial) return;
  const point = boardPoint($("board"), event);
  const post = postAt(point.x);
  game.press = { post, x: point.x, y: point.y, disk: topDisk(currentState(), post), dragging: false };
  $("board").setPointerCapture(event.pointerId);
}

function onPointerMove(event) {
  const press = game.press;
  if (!press || press.disk === null) return;
  const point = boardPoint($("board"), event);
  if (!press.dragging && Math.hypot(point.x - press.x, point.y - press.y) > 8) {
    press.dragging = true;
    game.selected = press.post;
    showTargets();
    const node = $(`disk-${press.disk}`);
    node.parentNode.appendChild(node);
    node.classList.add("dragging");
  }
  if (press.dragging) {
    $(`disk-${press.disk}`).setAttribute("transform", `translate(${point.x} ${point.y})`);
  }
}

function onPointerUp(event) {
  const press = game.press;
  if (!press) return;
  const point = boardPoint($("board"), event);
  const { post, dragging } = press;
  game.press = null;
  if (!dragging) { pickPost(post); return; }
  const target = postAt(point.x);
  game.selected = null;
  if (target === post) { render(currentState()); return; }
  tryMove(post, target, { x: point.x, y: point.y });
}

function onPointerCancel() {
  game.press = null;
  if (game.initial) render(currentState());
}

// ---- keys -------------------------------------------------------------------------------------------------------

function onKey(event) {
  if (event.target.matches && event.target.matches("input[type=text], input[type=number], textarea")) return;
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  const key = event.key.toLowerCase();
  if (game.watch) {
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
  else if (key === "escape") cancelPick();
}

// ---- wiring -----------------------------------------------------------------------------------------------------

function describeColoring(code) {
  if (code === "NNN") return "NNN · free";
  const names = { R: "red", B: "blue", N: "neutral" };
  return `${code} · ${[...code].map((c, i) => `${POSTS[i]} ${names[c]}`).join(", ")}`;
}

async function init() {
  const config = await api("/api/config");
  game.config = config;
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
  board.addEventListener("pointercancel", onPointerCancel);
  document.addEventListener("keydown", onKey);
  updateSettingsView();
  showChart();
  await newGame();
}

init().catch((error) => say(`Cannot start: ${error.message}`, "error"));
