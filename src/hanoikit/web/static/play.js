// The player's game: new games, moves asked of the server, undo and redo, hints, save and load, the clock, the
// personal bests and the challenges. Its state is the one state object, ``game``.
//
// Every click and key of the player's is an action, and actions run one after the other: a click made while a disk
// is still moving waits its turn (and the waiting makes the animations short), so none is lost.

import { ANIMATION_MS, animateMove } from "./animation.js";
import { Refusal, api } from "./api.js";
import { flashHint, liftDisk, shake } from "./board.js";
import { challenge as challengeOf, next as nextChallenge } from "./challenges.js";
import { showLink } from "./link.js";
import { complete, recordBest, saveGame as keep } from "./store.js";
import { count, currentState, elapsed, game, parseMove, postNames, puzzleKey, reverse, topDisk } from "./state.js";
import {
  $, hideWin, readSettings, render, say, showChallenges, showChoices, showSettings, showTargets, showWin, stars,
  updateStatus,
} from "./view.js";
import { stopWatch } from "./watch.js";

const QUICK_MS = 140;  // the animation while more actions wait

function animate(before, move, after, dragged = null) {
  const duration = game.actions.length ? QUICK_MS : ANIMATION_MS;
  return animateMove($("board"), render, game.config.palette, before, move, after, { dragged, duration });
}

export function act(action) {
  // run ``action`` (an async function) after the actions asked before it
  game.actions.push(action);
  if (!game.busy) drain();
}

async function drain() {
  game.busy = true;
  try {
    while (game.actions.length) {
      const action = game.actions.shift();
      try {
        await action();
      } catch (error) {
        say(error.message, "error");
      }
    }
  } finally {
    game.busy = false;
    showTargets();
  }
}

function remember() {
  // keep the game in the browser and in the address bar
  keep(game, elapsed(), currentState());
  showLink(game.settings, game.initial, currentState(), game.par);
}

const names = () => postNames(game.k);

// ---- new games --------------------------------------------------------------------------------------------------

const CHOICES = new Map();  // the server's /api/choices by disks, posts and kind

export async function loadChoices(n, k, magnetic) {
  // what the menus may offer for this size: kept in ``game.choices`` and shown (disabled choices with their reasons)
  const key = `n=${n}&posts=${k}&magnetic=${magnetic}`;
  if (!CHOICES.has(key)) CHOICES.set(key, await api(`/api/choices?${key}`));
  const now = readSettings();  // the menus may have changed meanwhile: their own choices are shown
  if (now.n !== n || (now.posts || 3) !== k || now.magnetic !== magnetic) return "";
  game.choices = CHOICES.get(key);
  return showChoices();
}

export async function changeSettings() {
  // a menu changed: its choices for the size and kind chosen, a playable combination, then the new game (a game
  // asked for before is dropped at once, so that it does not put its settings back in the menus)
  const settings = readSettings();
  const ticket = ++game.ticket;
  let note = "";
  try {
    note = await loadChoices(settings.n, settings.posts || 3, settings.magnetic);
  } catch (error) {
    say(error.message, "error");
  }
  if (ticket === game.ticket) newGame(false, null, { notice: note || null });
}

export function newGame(random = false, settings = null, options = {}) {
  game.actions.length = 0;  // what was asked for the old game is dropped
  stopWatch();
  const ticket = ++game.ticket;
  act(() => startGame(ticket, random, settings || readSettings(), options));
}

async function startGame(ticket, random, settings,
  { challenge = null, state = null, seed = undefined, note = null, par = null, notice = null, fallback = null } = {}) {
  let position;
  try {
    position = random
      ? await api("/api/random", { settings, seed })
      : await api("/api/position", { settings, state });
  } catch (error) {
    if (ticket !== game.ticket) return;
    const firstGame = !game.settings;
    const text = refuseSettings(settings, error);
    if (firstGame) {  // nothing to go back to: the default game, with the reason the other could not be had
      await startGame(ticket, false, fallback || defaults());
      offerLargest(settings, error, text);
    }
    return;
  }
  if (ticket !== game.ticket) return;  // settings changed again meanwhile: the later game wins
  const ups = position.goal.split(":")[1];
  if (position.distance === null && settings.magnetic && !settings.goal_up && ups) {
    // the model's goal cannot be reached with these rules (a link that names no goal): the other face may be
    const other = { ...settings, goal_up: ups[0] === "B" ? "R" : "B" };
    await startGame(ticket, false, other, { challenge, state, par, notice: notice ||
      `A tower on ${postNames(position.post_colors.length).slice(-1)} showing ${ups[0] === "B" ? "blue" : "red"} cannot be reached here, so the goal ` +
      `is the tower showing ${other.goal_up === "B" ? "blue" : "red"}.` });
    return;
  }
  if (position.distance === null) {  // no game without a par: this one cannot be won from here
    const text = "This position cannot reach the goal with these rules and colours, so there is no game to play.";
    if (!game.settings) {
      await startGame(ticket, false, defaults());
      say(`${text} Here is the default puzzle instead.`, "error");
    } else {
      showSettings(game.settings);
      say(`${text} Your game goes on.`, "error");
    }
    return;
  }
  showSettings(settings);
  begin(settings, position, { challenge, par });
  const item = challengeOf(challenge);
  if (note) say(note, "error");
  else if (notice) say(`${notice} ${startMessage(position)}`);
  else if (item) say(`Challenge: ${item.title}. ${item.about}`);
  else if (par !== null) {
    const optimum = par === position.distance ? "the optimum" : `the optimum is ${count(position.distance)}`;
    say(`${startMessage(position)} Par: ${count(par)} moves (${optimum}).`);
  }
  else say(random ? `A random position: bring the tower to ${names().slice(-1)}.` : startMessage(position));
}

function defaults() {
  return { n: 3, magnetic: true, colors: "NNN", goal_up: null };
}

function capOf(settings) {
  // the largest tower the server offers for the member ``settings`` names (/api/config)
  const k = settings.posts || 3;
  const config = game.config;
  if (k === 3 && (settings.moves || "any") === "any") return config.max_disks;
  return config.family_max_disks[`${k}${settings.magnetic ? "m" : ""}`] || config.max_disks;
}

function offerLargest(settings, error, text) {
  // a link above the page's caps: why, and the largest size that can be played instead
  if (error instanceof Refusal && error.kind === "TooLargeError") {
    const cap = capOf(settings);
    const largest = { ...settings, n: cap };
    say(`This link asks for ${count(settings.n)} disks, but with ${settings.posts || 3} posts and ` +
      `${settings.moves || "any"} moves the page offers at most ${cap} (so that every hint answers at once). ` +
      "Here is the default puzzle meanwhile.", "error",
    { label: `Play ${cap} disks`, run: () => newGame(false, largest) });
    return;
  }
  say(`${text} Here is the default puzzle instead.`, "error");
}

function refuseSettings(settings, error) {
  // a game the settings cannot make: say so plainly, and put the settings back as the game in play has them
  let text = `This puzzle cannot be played: ${error.message}.`;
  if (settings.goal_up && error instanceof Refusal && /InvalidState|Unsolvable/.test(error.kind || "")) {
    const last = names().slice(-1);
    const own = settings.colors[settings.colors.length - 1];
    const colour = { R: "red", B: "blue" }[settings.goal_up];
    text = own !== "N" && own !== settings.goal_up
      ? `A tower on ${last} cannot show ${colour} on top here: post ${last} is ${own === "R" ? "red" : "blue"}, so ` +
        `the disks on it show ${own === "R" ? "red" : "blue"}. Choose another goal or colouring.`
      : `No tower on ${last} showing ${colour} can be reached with these post colours. Choose another goal.`;
  } else if (error instanceof Refusal && error.kind === "ValidationError") {
    text = "This puzzle is not one the server offers (check the link's parameters).";
  }
  if (game.settings) {
    showSettings(game.settings);
    text += " Your game goes on.";
  }
  say(text, "error");
  return text;
}

function startMessage(position) {
  if (position.distance === null) return "The goal cannot be reached with these post colours; try another colouring.";
  return `Move the tower to post ${names().slice(-1)}.`;
}

function begin(settings, initial, { moves = [], states = [], position = initial, redo = [], challenge = null,
  elapsedMs = 0, won = false, par = null } = {}) {
  Object.assign(game, {
    settings, k: initial.post_colors.length, initial: initial.state, optimal: par === null ? initial.distance : par,
    par, moves, states, redo,
    selected: null, position, challenge, elapsed: elapsedMs, since: null, won,
  });
  hideWin();
  render(currentState());
  updateStatus();
  showChallenges(playChallenge);
  remember();
  loadChoices(settings.n, settings.posts || 3, settings.magnetic).catch(() => {});  // the menus for this game
}

export function playChallenge(item) {
  newGame(Boolean(item.seed), item.settings, { challenge: item.id, seed: item.seed });
}

export function playNext() {
  const item = nextChallenge(game.challenge);
  if (item) playChallenge(item);
}

export function openGame(settings, state, par = null) {
  // a game from a link: its puzzle, from the position it names, with the par it names (else the optimum)
  newGame(false, settings, { state, par });
}

export function restore(saved, par = null) {
  // the game kept in the browser, replayed by the server (which checks it), with the par a link names: true if it
  // could be
  game.actions.length = 0;
  const ticket = ++game.ticket;
  return new Promise((resolve) => act(async () => {
    let loaded;
    try {
      loaded = await api("/api/game/load", { settings: saved.settings, initial: saved.initial, moves: saved.moves });
    } catch (error) {
      resolve(false);
      return;
    }
    if (ticket !== game.ticket) { resolve(false); return; }
    showSettings(loaded.settings);
    const redo = Array.isArray(saved.redo) ? saved.redo.filter((item) => item && item.move && item.state) : [];
    begin(loaded.settings, loaded.initial, { moves: loaded.moves, states: loaded.states, position: loaded.position,
      redo, challenge: saved.challenge || null, elapsedMs: Number(saved.elapsed) || 0, won: Boolean(saved.won), par });
    if (loaded.moves.length && !game.won) game.since = performance.now();  // the clock runs on from where it was
    const done = loaded.position.solved ? " (solved)" : "";
    const parText = par === null ? "" : ` Par: ${count(par)} moves.`;
    say(`Welcome back: your game is as you left it, ${count(loaded.moves.length)} moves played${done}.${parText}`);
    resolve(true);
  }));
}

// ---- moves ------------------------------------------------------------------------------------------------------

export function pickPost(post) {
  if (game.watch) return;
  act(() => pick(post));
}

export function tryMove(src, dst, dragged = null) {
  if (game.watch) return;
  act(() => move(src, dst, dragged));
}

async function pick(post) {
  if (!game.position || post >= game.k) return;
  if (game.selected === null) {
    if (topDisk(currentState(), post) === null) {
      say(`Post ${names()[post]} is empty: pick a post with a disk on it.`, "error");
      shake($("board"), post);
      return;
    }
    game.selected = post;
    say(`From ${names()[post]} to…`);
  } else if (game.selected === post) {
    game.selected = null;
    say("");
  } else {
    const src = game.selected;
    game.selected = null;
    await move(src, post);
    return;
  }
  showTargets();
  if (game.selected !== null) liftDisk($("board"), topDisk(currentState(), game.selected));
}

async function move(src, dst, dragged = null) {
  game.selected = null;
  if (!game.position) return;
  const before = currentState();
  if (game.position.solved) {
    render(before);
    say("Solved! Undo, restart or begin a new game.", "win");
    return;
  }
  const result = await api("/api/move", {
    settings: game.settings, state: before, move: names()[src] + names()[dst],
  });
  if (!result.legal) {
    say(`Not allowed: ${result.reason}`, "error");
    render(before);
    shake($("board"), src);
    return;
  }
  if (game.since === null && !game.won) game.since = performance.now();
  game.moves.push(result.move);
  game.states.push(result.position.state);
  game.redo = [];
  game.position = result.position;
  say(`Disk ${parseMove(result.move).disk} from ${names()[src]} to ${names()[dst]}.`);
  await animate(before, result.move, result.position.state, dragged);
  updateStatus();
  if (result.position.solved) won();
  remember();
}

function won() {
  const ms = elapsed();
  game.elapsed = ms;
  game.since = null;
  const used = game.moves.length;
  const first = !game.won;
  game.won = true;
  const rating = stars(used, game.optimal);
  const best = first ? recordBest(puzzleKey(game.settings, game.initial), used, ms) : { before: null, better: false };
  const item = challengeOf(game.challenge);
  const par = Boolean(item && item.par);
  if (item && (!par || used <= game.optimal)) complete(item.id, rating);
  showChallenges(playChallenge);
  updateStatus();
  showWin({ used, optimal: game.optimal, ms, rating, best, challenge: item, next: item && nextChallenge(item.id), par });
}

export function undo() {
  if (game.watch) return;
  act(async () => {
    if (!game.moves.length) return;
    game.selected = null;
    const played = game.moves.pop();
    const from = game.states.pop();
    game.redo.push({ move: played, state: from });
    hideWin();
    await animate(from, reverse(played), currentState());
    say(`Took back ${played}.`);
    await refreshPosition();
    remember();
  });
}

export function redo() {
  if (game.watch) return;
  act(async () => {
    if (!game.redo.length) return;
    game.selected = null;
    const { move: again, state } = game.redo.pop();
    const before = currentState();
    game.moves.push(again);
    game.states.push(state);
    await animate(before, again, state);
    say(`Played ${again} again.`);
    await refreshPosition();
    if (game.position.solved) won();
    remember();
  });
}

async function refreshPosition() {
  game.position = await api("/api/position", { settings: game.settings, state: currentState() });
  updateStatus();
}

export function restart() {
  if (!game.initial) return;
  stopWatch();
  game.actions.length = 0;
  act(async () => {
    Object.assign(game, { moves: [], states: [], redo: [], selected: null, elapsed: 0, since: null, won: false });
    hideWin();
    render(game.initial);
    await refreshPosition();
    say("Back to the initial position.");
    remember();
  });
}

export function hint() {
  if (game.watch) return;
  act(async () => {
    if (!game.position) return;
    const answer = await api("/api/hint", { settings: game.settings, state: currentState() });
    if (answer.move === null) { say("Already solved."); return; }
    say(`Hint: move disk ${answer.disk} from ${names()[answer.src]} to ${names()[answer.dst]} ` +
        `(${count(answer.distance)} move${answer.distance === 1 ? "" : "s"} to go).`, "hint");
    flashHint($("board"), answer.disk, answer.dst);
  });
}

export function cancelPick() {
  act(async () => {
    game.selected = null;
    showTargets();
    say("");
  });
}

export async function share() {
  // the address names the puzzle and the position (link.js): put it on the clipboard, or at least show it
  const link = window.location.href;
  try {
    await navigator.clipboard.writeText(link);
    say(`Link copied; it opens this puzzle at this position: ${link}`);
  } catch (error) {
    say(`The link to this puzzle at this position: ${link}`);
  }
}

// ---- files ------------------------------------------------------------------------------------------------------

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
  say(`Saved ${count(game.moves.length)} moves as ${link.download}.`);
}

export function loadGame(file) {
  stopWatch();
  act(async () => {
    const text = await file.text();
    try {
      JSON.parse(text);
    } catch (error) {
      say(`Could not load ${file.name}: it is not a saved game (not even JSON text).`, "error");
      return;
    }
    let loaded;
    try {
      loaded = await api("/api/game/load", text);
    } catch (error) {
      const plain = error instanceof Refusal && error.kind === "ValidationError"
        ? "it is not a game saved by this page (or it was changed since)."
        : `${error.message}.`;
      say(`Could not load ${file.name}: ${plain}`, "error");
      return;
    }
    ++game.ticket;
    showSettings(loaded.settings);
    begin(loaded.settings, loaded.initial, { moves: loaded.moves, states: loaded.states, position: loaded.position });
    say(`Loaded ${file.name}: ${count(loaded.moves.length)} moves.`);
  });
}
