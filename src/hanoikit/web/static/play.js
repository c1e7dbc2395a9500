// The player's game: new games, moves asked of the server, undo and redo, hints, save and load, the clock, the
// personal bests and the challenges. Each change of the game is an action of the one reducer (``dispatch``, game.js);
// the readouts are drawn from the state it makes.
//
// Every click and key of the player's is an action, and actions run one after the other: a click made while a disk
// is still moving waits its turn (and the waiting makes the animations short), so none is lost.

import { ANIMATION_MS, animateMove } from "./animation.js";
import { Refusal, api } from "./api.js";
import { flashHint, liftDisk, shake } from "./board.js";
import { challenge as challengeOf, next as nextChallenge } from "./challenges.js";
import { dispatch, getState } from "./game.js";
import { showLink } from "./link.js";
import { sound } from "./sound.js";
import { complete, recordBest, recordDaily, recordGame, saveGame as keep } from "./store.js";
import { count, currentState, elapsed, parseMove, postNames, puzzleKey, reverse, topDisk } from "./state.js";
import {
  $, hideWin, readSettings, render, say, showChallenges, showChoices, showHistory, showSettings, showTargets, showWin,
  stars, updateStatus,
} from "./view.js";
import { stopWatch } from "./watch.js";

const QUICK_MS = 140;  // the animation while more actions wait

const queue = { busy: false, actions: [] };  // the scheduler of the player's actions (not game state: functions)

export const busy = () => queue.busy;

function animate(before, move, after, dragged = null) {
  const state = getState();
  const duration = queue.actions.length ? QUICK_MS : ANIMATION_MS;
  return animateMove($("board"), (shown) => render(getState(), shown), state.config.palette, before, move, after,
    { k: state.k, dragged, duration });
}

export function act(action) {
  // run ``action`` (an async function) after the actions asked before it
  queue.actions.push(action);
  if (!queue.busy) drain();
}

function dropActions() {
  queue.actions.length = 0;
}

async function drain() {
  queue.busy = true;
  try {
    while (queue.actions.length) {
      const action = queue.actions.shift();
      try {
        await action();
      } catch (error) {
        say(error.message, "error");
      }
    }
  } finally {
    queue.busy = false;
    showTargets(getState());
  }
}

function remember() {
  // keep the game in the browser and in the address bar
  const state = getState();
  keep(state, elapsed(state), currentState(state));
  showLink(state.settings, state.initial, currentState(state), state.par);
}

const names = () => postNames(getState().k);

function newTicket() {
  return dispatch({ type: "ticket" }).ticket;
}

// ---- new games --------------------------------------------------------------------------------------------------

const CHOICES = new Map();  // the server's /api/choices by disks, posts and kind

export async function loadChoices(n, k, magnetic) {
  // what the menus may offer for this size: kept in ``game.choices`` and shown (disabled choices with their reasons)
  const key = `n=${n}&posts=${k}&magnetic=${magnetic}`;
  if (!CHOICES.has(key)) CHOICES.set(key, await api(`/api/choices?${key}`));
  const now = readSettings();  // the menus may have changed meanwhile: their own choices are shown
  if (now.n !== n || (now.posts || 3) !== k || now.magnetic !== magnetic) return "";
  return showChoices(dispatch({ type: "choices", choices: CHOICES.get(key) }).choices);
}

export async function changeSettings() {
  // a menu changed: its choices for the size and kind chosen, a playable combination, then the new game (a game
  // asked for before is dropped at once, so that it does not put its settings back in the menus)
  const settings = readSettings();
  const ticket = newTicket();
  let note = "";
  try {
    note = await loadChoices(settings.n, settings.posts || 3, settings.magnetic);
  } catch (error) {
    say(error.message, "error");
  }
  if (ticket === getState().ticket) newGame(false, null, { notice: note || null });
}

export function newGame(random = false, settings = null, options = {}) {
  dropActions();  // what was asked for the old game is dropped
  stopWatch();
  const ticket = newTicket();
  act(() => startGame(ticket, random, settings || readSettings(getState().choices), options));
}

async function startGame(ticket, random, settings,
  { challenge = null, state = null, seed = undefined, note = null, par = null, notice = null, fallback = null,
    daily = null } = {}) {
  let position;
  try {
    position = random
      ? await api("/api/random", { settings, seed })
      : await api("/api/position", { settings, state });
  } catch (error) {
    if (ticket !== getState().ticket) return;
    const firstGame = !getState().settings;
    const text = refuseSettings(settings, error);
    if (firstGame) {  // nothing to go back to: the default game, with the reason the other could not be had
      await startGame(ticket, false, fallback || defaults());
      offerLargest(settings, error, text);
    }
    return;
  }
  if (ticket !== getState().ticket) return;  // settings changed again meanwhile: the later game wins
  const ups = position.goal.split(":")[1];
  if (position.distance === null && settings.magnetic && !settings.goal_up && ups) {
    // the model's goal cannot be reached with these rules (a link that names no goal): the other face may be
    const other = { ...settings, goal_up: ups[0] === "B" ? "R" : "B" };
    await startGame(ticket, false, other, { challenge, state, par, daily, notice: notice ||
      `A tower on ${postNames(position.post_colors.length).slice(-1)} showing ${ups[0] === "B" ? "blue" : "red"} cannot be reached here, so the goal ` +
      `is the tower showing ${other.goal_up === "B" ? "blue" : "red"}.` });
    return;
  }
  if (position.distance === null) {  // no game without a par: this one cannot be won from here
    const text = "This position cannot reach the goal with these rules and colours, so there is no game to play.";
    if (!getState().settings) {
      await startGame(ticket, false, defaults());
      say(`${text} Here is the default puzzle instead.`, "error");
    } else {
      showSettings(getState(), getState().settings);
      say(`${text} Your game goes on.`, "error");
    }
    return;
  }
  showSettings(getState(), settings);
  begin(settings, position, { challenge, par, daily });
  const item = challengeOf(challenge);
  if (note) say(note, "error");
  else if (daily) say(`The daily puzzle of ${daily}: bring the tower to ${names().slice(-1)} in ${count(par)} moves.`);
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
  const config = getState().config;
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
  const state = getState();
  if (state.settings) {
    showSettings(state, state.settings);
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
  elapsedMs = 0, won = false, par = null, running = false, daily = null } = {}) {
  const state = dispatch({
    type: "begin", settings, initial: initial.state, optimal: initial.distance, par, moves, states, redo, position,
    challenge, daily, elapsed: elapsedMs, won, running, now: performance.now(),
  });
  hideWin();
  render(state);
  updateStatus(state);
  showChallenges(state, playChallenge);
  remember();
  loadChoices(settings.n, settings.posts || 3, settings.magnetic).catch(() => {});  // the menus for this game
}

function describe(state) {
  // the game in a few words, for the history: "Daily 2026-11-25", "Challenge: Five disks", "magnetic RBN, 4 disks"
  const item = challengeOf(state.challenge);
  if (state.daily) return `Daily ${state.daily}`;
  if (item) return `Challenge: ${item.title}`;
  const s = state.settings;
  const kind = s.magnetic ? `magnetic ${s.colors}` : "classic";
  const rule = s.moves && s.moves !== "any" ? `, ${s.moves} moves` : "";
  return `${kind}, ${s.n} disks${s.posts ? `, ${s.posts} posts` : ""}${rule}`;
}

export function playDaily(day) {
  // the day's puzzle: its member, from its start, with its par (all from the server)
  newGame(false, day.settings, { state: day.start, par: day.par, daily: day.date });
}

export function playChallenge(item) {
  newGame(Boolean(item.seed), item.settings, { challenge: item.id, seed: item.seed });
}

export function playNext() {
  const item = nextChallenge(getState().challenge);
  if (item) playChallenge(item);
}

export function openGame(settings, state, par = null) {
  // a game from a link: its puzzle, from the position it names, with the par it names (else the optimum)
  newGame(false, settings, { state, par });
}

export function restore(saved, par = null) {
  // the game kept in the browser, replayed by the server (which checks it), with the par a link names: true if it
  // could be
  dropActions();
  const ticket = newTicket();
  return new Promise((resolve) => act(async () => {
    let loaded;
    try {
      loaded = await api("/api/game/load", { settings: saved.settings, initial: saved.initial, moves: saved.moves });
    } catch (error) {
      resolve(false);
      return;
    }
    if (ticket !== getState().ticket) { resolve(false); return; }
    showSettings(getState(), loaded.settings);
    const redo = Array.isArray(saved.redo) ? saved.redo.filter((item) => item && item.move && item.state) : [];
    const won = Boolean(saved.won);
    begin(loaded.settings, loaded.initial, { moves: loaded.moves, states: loaded.states, position: loaded.position,
      redo, challenge: saved.challenge || null, elapsedMs: Number(saved.elapsed) || 0, won, par,
      running: loaded.moves.length > 0 && !won, daily: saved.daily || null });  // the clock runs on as it was
    const done = loaded.position.solved ? " (solved)" : "";
    const parText = par === null ? "" : ` Par: ${count(par)} moves.`;
    say(`Welcome back: your game is as you left it, ${count(loaded.moves.length)} moves played${done}.${parText}`);
    resolve(true);
  }));
}

// ---- moves ------------------------------------------------------------------------------------------------------

export function pickPost(post) {
  if (getState().watch) return;
  act(() => pick(post));
}

export function tryMove(src, dst, dragged = null) {
  if (getState().watch) return;
  act(() => move(src, dst, dragged));
}

async function pick(post) {
  const state = getState();
  if (!state.position || post >= state.k) return;
  const here = currentState(state);
  if (state.selected === null) {
    if (topDisk(here, post, state.k) === null) {
      say(`Post ${names()[post]} is empty: pick a post with a disk on it.`, "error");
      shake($("board"), post);
      return;
    }
    dispatch({ type: "select", post });
    say(`From ${names()[post]} to…`);
  } else if (state.selected === post) {
    dispatch({ type: "select", post: null });
    say("");
  } else {
    const src = state.selected;
    dispatch({ type: "select", post: null });
    await move(src, post);
    return;
  }
  const after = getState();
  showTargets(after);
  if (after.selected !== null) liftDisk($("board"), topDisk(here, after.selected, after.k));
}

async function move(src, dst, dragged = null) {
  let state = dispatch({ type: "select", post: null });
  if (!state.position) return;
  const before = currentState(state);
  if (state.position.solved) {
    render(state);
    say("Solved! Undo, restart or begin a new game.", "win");
    return;
  }
  const result = await api("/api/move", {
    settings: state.settings, state: before, move: names()[src] + names()[dst],
  });
  if (!result.legal) {
    dispatch({ type: "refused" });
    say(`Not allowed: ${result.reason}`, "error");
    sound("refused");
    render(getState());
    shake($("board"), src);
    return;
  }
  state = dispatch({ type: "played", move: result.move, state: result.position.state, position: result.position,
    now: performance.now() });
  say(`Disk ${parseMove(result.move, state.k).disk} from ${names()[src]} to ${names()[dst]}.`);
  sound("move");
  await animate(before, result.move, result.position.state, dragged);
  updateStatus(getState());
  if (result.position.solved) won();
  remember();
}

function won() {
  const first = !getState().won;
  const state = dispatch({ type: "won", now: performance.now() });
  const ms = state.elapsed;
  const used = state.moves.length;
  const rating = stars(used, state.optimal);
  const best = first ? recordBest(puzzleKey(state.settings, state.initial), used, ms) : { before: null, better: false };
  const item = challengeOf(state.challenge);
  const par = Boolean(item && item.par);
  if (item && (!par || used <= state.optimal)) complete(item.id, rating);
  if (first) {
    if (state.daily) recordDaily(state.daily, rating, used);
    recordGame({ what: describe(state), moves: used, par: state.optimal, ms, stars: rating, daily: state.daily });
    showHistory();
  }
  showChallenges(state, playChallenge);
  updateStatus(state);
  sound("win");
  showWin({ used, optimal: state.optimal, ms, rating, best, challenge: item, next: item && nextChallenge(item.id), par });
}

export function undo() {
  if (getState().watch) return;
  act(async () => {
    const before = getState();
    if (!before.moves.length) return;
    const played = before.moves[before.moves.length - 1];
    const from = currentState(before);
    const state = dispatch({ type: "undo" });
    hideWin();
    await animate(from, reverse(played, state.k), currentState(state));
    say(`Took back ${played}.`);
    await refreshPosition();
    remember();
  });
}

export function redo() {
  if (getState().watch) return;
  act(async () => {
    const before = getState();
    if (!before.redo.length) return;
    const { move: again, state: after } = before.redo[before.redo.length - 1];
    dispatch({ type: "redo" });
    await animate(currentState(before), again, after);
    say(`Played ${again} again.`);
    await refreshPosition();
    if (getState().position.solved) won();
    remember();
  });
}

async function refreshPosition() {
  const state = getState();
  const position = await api("/api/position", { settings: state.settings, state: currentState(state) });
  updateStatus(dispatch({ type: "position", position }));
}

export function restart() {
  if (!getState().initial) return;
  stopWatch();
  dropActions();
  act(async () => {
    const state = dispatch({ type: "restart" });
    hideWin();
    render(state);
    await refreshPosition();
    say("Back to the initial position.");
    remember();
  });
}

export function hint() {
  if (getState().watch) return;
  act(async () => {
    const state = getState();
    if (!state.position) return;
    const answer = await api("/api/hint", { settings: state.settings, state: currentState(state) });
    if (answer.move === null) { say("Already solved."); return; }
    say(`Hint: move disk ${answer.disk} from ${names()[answer.src]} to ${names()[answer.dst]} ` +
        `(${count(answer.distance)} move${answer.distance === 1 ? "" : "s"} to go).`, "hint");
    flashHint($("board"), answer.disk, answer.dst);
  });
}

export function cancelPick() {
  act(async () => {
    showTargets(dispatch({ type: "select", post: null }));
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
  const game = getState();
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
    newTicket();
    showSettings(getState(), loaded.settings);
    begin(loaded.settings, loaded.initial, { moves: loaded.moves, states: loaded.states, position: loaded.position });
    say(`Loaded ${file.name}: ${count(loaded.moves.length)} moves.`);
  });
}
