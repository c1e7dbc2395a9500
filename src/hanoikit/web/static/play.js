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
import { accepts, nearest, showLink } from "./link.js";
import { sound } from "./sound.js";
import { complete, recordBest, recordDaily, recordGame, saveGame as keep } from "./store.js";
import { count, currentState, elapsed, parseMove, postNames, puzzleKey, reverse, topDisk } from "./state.js";
import {
  $, hideWin, readSettings, refreshDaily, render, say, showChallenges, showChoices, showHistory, showSettings,
  showTargets, showWin, stars, updateStatus,
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

const address = { held: false };  // a link that could not be opened stays in the address bar as typed (a typo seen)

function remember() {
  // keep the game in the browser and in the address bar (once the player plays, if a bad link is held there)
  const state = getState();
  keep(state, elapsed(state), currentState(state));
  if (!address.held) showLink(state.settings, state.initial, currentState(state), state.par);
}

async function working(promise, text) {
  // the answer of ``promise``; while it is slow in coming (a large member's tables being built), the page says so and
  // puts the counters it will change out of sight (not the old game's par)
  let shown = false;
  const timer = setTimeout(() => {
    shown = true;
    $("play").setAttribute("aria-busy", "true");
    for (const id of ["optimal", "remaining"]) $(id).textContent = "…";
    say(text, "busy");
  }, 250);
  try {
    return await promise;
  } finally {
    clearTimeout(timer);
    if (shown) {
      $("play").removeAttribute("aria-busy");
      if (getState().position) updateStatus(getState());
      say("");
    }
  }
}

function describeMember(settings) {
  // "10 disks on 4 posts with linear moves"
  const rule = settings.moves && settings.moves !== "any" ? ` with ${settings.moves} moves` : "";
  return `${settings.n} disk${settings.n === 1 ? "" : "s"} on ${settings.posts || 3} posts${rule}`;
}

const names = () => postNames(getState().k);

function newTicket() {
  return dispatch({ type: "ticket" }).ticket;
}

// ---- new games --------------------------------------------------------------------------------------------------

const CHOICES = new Map();  // the server's /api/choices by disks, posts and kind: each asked once (its promise)

function choicesOf(key) {
  // the choices of the member ``key``, asked of the server once even while an earlier request is under way
  if (!CHOICES.has(key)) {
    CHOICES.set(key, api(`/api/choices?${key}`).catch((error) => { CHOICES.delete(key); throw error; }));
  }
  return CHOICES.get(key);
}

export async function loadChoices(n, k, magnetic) {
  // what the menus may offer for this size: kept in ``game.choices`` and shown (disabled choices with their reasons)
  const choices = await choicesOf(`n=${n}&posts=${k}&magnetic=${magnetic}`);
  const now = readSettings();  // the menus may have changed meanwhile: their own choices are shown
  if (now.n !== n || (now.posts || 3) !== k || now.magnetic !== magnetic) return "";
  return showChoices(dispatch({ type: "choices", choices }).choices);
}

export async function changeSettings() {
  // a menu changed: its choices for the size and kind chosen, a playable combination, then the new game (a game
  // asked for before is dropped at once, so that it does not put its settings back in the menus)
  const settings = readSettings();
  const ticket = newTicket();
  let note = "";
  try {
    note = await working(loadChoices(settings.n, settings.posts || 3, settings.magnetic),
      `Working out what can be played with ${describeMember(settings)}: its tables are being built…`);
  } catch (error) {
    say(error.message, "error");
  }
  if (ticket === getState().ticket) newGame(false, null, { notice: note || null });
}

export function newGame(random = false, settings = null, options = {}) {
  dropActions();  // what was asked for the old game is dropped
  stopWatch();
  address.held = Boolean(options.holdAddress);
  const ticket = newTicket();
  act(() => startGame(ticket, random, settings || readSettings(getState().choices), options));
}

async function startGame(ticket, random, settings,
  options = {}) {
  const { challenge = null, state = null, seed = undefined, note = null, fallback = null, daily = null,
    tutorial = false, link = null, action = null } = options;
  let { par = null, notice = null } = options;
  let position;
  try {
    position = await working(random ? api("/api/random", { settings, seed }) : api("/api/position", { settings, state }),
      `Working out the par of ${describeMember(settings)}: its tables are being built…`);
  } catch (error) {
    if (ticket !== getState().ticket) return;
    if (link && !getState().settings) {  // a link's game the server refused: why, and the nearest puzzle
      const refusal = options.switched ? await linkUnreachable(link, settings) : linkRefusal(link, error);
      address.held = true;
      await startGame(ticket, false, fallback || defaults());
      say(refusal.text, "error", refusal.action);
      return;
    }
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
    await startGame(ticket, false, other, { ...options, switched: true, notice: notice ||
      `A tower on ${postNames(position.post_colors.length).slice(-1)} showing ${ups[0] === "B" ? "blue" : "red"} cannot be reached here, so the goal ` +
      `is the tower showing ${other.goal_up === "B" ? "blue" : "red"}.` });
    return;
  }
  if (position.distance === null && link && !getState().settings) {
    const refusal = await linkUnreachable(link, settings);
    address.held = true;
    await startGame(ticket, false, fallback || defaults());
    say(refusal.text, "error", refusal.action);
    return;
  }
  if (position.solved && link) {  // a link to the goal itself: its game from the start (or the tower on S)
    const param = link.at ? "at" : "start";
    await startGame(ticket, false, settings, { ...options, state: link.at ? link.start : null,
      link: { ...link, at: null, start: link.at ? link.start : null },
      notice: `This link's ${param}=${link[param]} is the goal itself, already reached, so the game begins at ` +
        `${link.at && link.start ? "its start" : `the tower on ${postNames(position.post_colors.length)[0]}`}.` });
    return;
  }
  if (par !== null && position.distance !== null && par < position.distance) {  // a par no one can meet
    notice = `This link's par=${par} is fewer moves than the optimum, ${count(position.distance)}, so the par is the ` +
      "optimum.";
    par = null;
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
  const before = getState();
  const after = begin(settings, position, { challenge, par, daily, tutorial, aside: true });
  const item = challengeOf(challenge);
  if (note) say(note, "error", action);
  else if (daily) say(`The daily puzzle of ${daily}: bring the tower to ${names().slice(-1)} in ${count(par)} moves.`);
  else if (notice) say(`${notice} ${startMessage(position)}`);
  else if (item) say(`Challenge: ${item.title}. ${item.about}`);
  else if (par !== null) {
    const optimum = par === position.distance ? "the optimum" : `the optimum is ${count(position.distance)}`;
    say(`${startMessage(position)} Par: ${count(par)} moves (${optimum}).`);
  }
  else say(random ? `A random position: bring the tower to ${names().slice(-1)}.` : startMessage(position));
  if (after.aside && after.aside !== before.aside) {  // an unfinished game was replaced: Undo brings it back
    const moves = after.aside.moves.length;
    say(`${$("message").textContent} Your game before (${count(moves)} move${moves === 1 ? "" : "s"}) is put aside: ` +
      "Undo brings it back.", $("message").className, { label: "Back to it", run: undo });
  }
}

function defaults() {
  return { n: 3, magnetic: true, colors: "NNN", goal_up: null };
}

export function capOf(settings) {
  // the largest tower the server offers for the member ``settings`` names (/api/config)
  const k = settings.posts || 3;
  const config = getState().config;
  if (k === 3 && (settings.moves || "any") === "any") return config.max_disks;
  return config.family_max_disks[`${k}${settings.magnetic ? "m" : ""}`] || config.max_disks;
}

export function openNearest(query, param) {
  // the button that opens ``query``, the nearest puzzle to a link that failed on ``param``
  const value = new URLSearchParams(query).get(param);
  const label = value === null ? `Open it without ${param}` : `Open it with ${param}=${value}`;
  return { label, run: () => window.location.assign(query === "?" ? window.location.pathname : query) };
}

function linkAction(link, param, value = null) {
  // the link with ``param`` set to ``value``, or without it, offered
  return openNearest(nearest(link.search, param, value), param);
}

function linkRefusal(link, error) {
  // a link's game the server refused (its position, mostly): the parameter at fault, why, and the nearest puzzle
  const query = new URLSearchParams(link.search);
  const field = /settings\.(\w+)/.exec(error.message);
  const position = link.at ? "at" : "start";
  let param = position;
  if (error instanceof Refusal && error.kind === "TooLargeError") param = "n";
  else if (field) param = { goal_up: "goal" }[field[1]] || field[1];
  else if (!link.start && !link.at) param = link.settings.magnetic ? "colors" : "moves";
  const reason = error instanceof Refusal && error.kind === "ValidationError"
    ? accepts(param, { posts: link.settings.posts || 3, n: link.settings.n, cap: capOf(link.settings) })
    : error.message;
  const cap = param === "n" ? String(capOf(link.settings)) : null;
  return { text: `This link's ${param}=${query.get(param)} cannot be played: ${reason}. Here is the default puzzle ` +
    "meanwhile.", action: linkAction(link, param, cap) };
}

async function linkUnreachable(link, settings) {
  // a link's puzzle whose goal cannot be reached: why (the menus' reason for its colouring, from the tower), and the
  // nearest puzzle (plain posts)
  const query = new URLSearchParams(link.search);
  const k = settings.posts || 3;
  const param = link.at || link.start ? (link.at ? "at" : "start") : "colors";
  let reason = `no tower on ${postNames(k).slice(-1)} can be reached from there with these rules and colours`;
  if (param === "colors") {
    try {
      await loadChoices(settings.n, k, settings.magnetic);
      const choices = await choicesOf(`n=${settings.n}&posts=${k}&magnetic=${settings.magnetic}`);
      const rule = choices.rules.find((item) => item.moves === (settings.moves || "any"));
      const code = settings.colors.slice(0, 2) + settings.colors.slice(-1);
      const coloring = rule && rule.colorings.find((item) => item.code === code);
      if (rule && rule.reason) reason = rule.reason;
      else if (coloring && coloring.reason) reason = coloring.reason;
    } catch (error) { /* the general reason */ }
  }
  const value = query.get(param) || settings.colors;
  return { text: `This link's ${param}=${value} cannot be played: ${reason}. Here is the default puzzle meanwhile.`,
    action: linkAction(link, param, param === "colors" ? "N".repeat(k) : null) };
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

function asideOf(game) {
  // the game to put aside as another begins: this one if it was under way, else the one already aside
  if (!game.initial || !game.moves.length || game.won) return game.aside;
  return {
    settings: game.settings, initial: game.initial, optimal: game.optimal, par: game.par, moves: game.moves,
    states: game.states, redo: game.redo, position: game.position, challenge: game.challenge, daily: game.daily,
    elapsed: elapsed(game), tutorial: game.tutorial,
  };
}

function begin(settings, initial, { moves = [], states = [], position = initial, redo = [], challenge = null,
  elapsedMs = 0, won = false, par = null, running = false, daily = null, tutorial = false, aside = false } = {}) {
  // the game from ``initial`` ({state, distance}); ``aside``: keep the game it replaces for Undo
  const state = dispatch({
    type: "begin", settings, initial: initial.state, optimal: initial.distance, par, moves, states, redo, position,
    challenge, daily, elapsed: elapsedMs, won, running, now: performance.now(), tutorial,
    aside: aside ? asideOf(getState()) : null,
  });
  hideWin();
  render(state);
  updateStatus(state);
  showChallenges(state, playChallenge);
  remember();
  loadChoices(settings.n, settings.posts || 3, settings.magnetic).catch(() => {});  // the menus for this game
  return state;
}

function bringBack() {
  // the game put aside when this one began (Undo at this game's start)
  const old = getState().aside;
  newTicket();
  showSettings(getState(), old.settings);
  begin(old.settings, { state: old.initial, distance: old.optimal }, {
    moves: old.moves, states: old.states, position: old.position, redo: old.redo, challenge: old.challenge,
    elapsedMs: old.elapsed, par: old.par, running: true, daily: old.daily, tutorial: old.tutorial,
  });
  say(`Back to your game: ${count(old.moves.length)} move${old.moves.length === 1 ? "" : "s"} played.`);
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

export function openGame(settings, state, par = null, link = null) {
  // a game from a link: its puzzle, from the position it names, with the par it names (else the optimum)
  newGame(false, settings, { state, par, link });
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
    say(`Welcome back: your game is as you left it, ${count(loaded.moves.length)} move${loaded.moves.length === 1 ? "" : "s"} played${done}.${parText}`);
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
  address.held = false;  // the address follows the game played
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
    if (state.daily) { recordDaily(state.daily, rating, used); refreshDaily(); }
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
    if (!before.moves.length && before.aside) { bringBack(); return; }
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
    const answer = await working(api("/api/hint", { settings: state.settings, state: currentState(state) }),
      "Working out the best move: the tables of this puzzle are being built…");
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
