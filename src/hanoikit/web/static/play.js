// The player's game: new games, moves asked of the server, undo and redo, hints, save and load. Its state is the
// one state object, ``game``.

import { animateMove } from "./animation.js";
import { api } from "./api.js";
import { flashHint, liftDisk, shake } from "./board.js";
import { POSTS, currentState, game, parseMove, reverse, topDisk } from "./state.js";
import { $, hideWin, readSettings, render, say, showSettings, showTargets, showWin, updateStatus } from "./view.js";
import { stopWatch } from "./watch.js";

function animate(before, move, after, dragged = null) {
  return animateMove($("board"), render, game.config.palette, before, move, after, { dragged });
}

export async function newGame(random = false) {
  stopWatch();
  const settings = readSettings();
  const ticket = ++game.ticket;
  try {
    const position = random
      ? await api("/api/random", { settings })
      : await api("/api/position", { settings, state: null });
    if (ticket !== game.ticket) return;  // settings changed again meanwhile: the later game wins
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
  Object.assign(game, {
    settings, initial: initial.state, optimal: initial.distance, moves, states, redo: [], selected: null, position,
  });
  hideWin();
  render(currentState());
  updateStatus();
}

async function refreshPosition() {
  game.position = await api("/api/position", { settings: game.settings, state: currentState() });
  updateStatus();
}

export async function tryMove(src, dst, dragged = null) {
  if (game.busy || game.watch || !game.position) return;
  if (game.position.solved) {
    game.selected = null;
    render(currentState());
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
    await animate(before, result.move, result.position.state, dragged);
    updateStatus();
    if (result.position.solved) showWin();
  } catch (error) {
    say(`Not allowed: ${error.message}`, "error");
    render(before);
    shake($("board"), src);
  } finally {
    game.busy = false;
    showTargets();
  }
}

export async function undo() {
  if (game.busy || game.watch || !game.moves.length) return;
  game.busy = true;
  const move = game.moves.pop();
  const from = game.states.pop();
  game.redo.push({ move, state: from });
  hideWin();
  await animate(from, reverse(move), currentState());
  say(`Took back ${move}.`);
  try { await refreshPosition(); } finally { game.busy = false; }
}

export async function redo() {
  if (game.busy || game.watch || !game.redo.length) return;
  game.busy = true;
  const { move, state } = game.redo.pop();
  const before = currentState();
  game.moves.push(move);
  game.states.push(state);
  await animate(before, move, state);
  say(`Played ${move} again.`);
  try {
    await refreshPosition();
    if (game.position.solved) showWin();
  } finally { game.busy = false; }
}

export function restart() {
  if (game.busy || !game.initial) return;
  stopWatch();
  Object.assign(game, { moves: [], states: [], redo: [], selected: null });
  hideWin();
  render(game.initial);
  refreshPosition().then(() => say("Back to the initial position."));
}

export async function hint() {
  if (game.busy || game.watch || !game.position) return;
  try {
    const answer = await api("/api/hint", { settings: game.settings, state: currentState() });
    if (answer.move === null) { say("Already solved."); return; }
    say(`Hint: move disk ${answer.disk} from ${POSTS[answer.src]} to ${POSTS[answer.dst]} ` +
        `(${answer.distance} move${answer.distance === 1 ? "" : "s"} to go).`, "hint");
    flashHint($("board"), answer.disk, answer.dst);
  } catch (error) {
    say(error.message, "error");
  }
}

export function pickPost(post) {
  if (game.watch || game.busy) return;
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
  showTargets();
  if (game.selected !== null) liftDisk($("board"), topDisk(currentState(), game.selected));
}

export function cancelPick() {
  game.selected = null;
  showTargets();
  say("");
}

export function saveGame() {
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

export async function loadGame(file) {
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
