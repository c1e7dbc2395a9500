// What the page keeps in the browser: the game in play (in this tab's sessionStorage, so that a reload restores it
// whole, and in localStorage for the next visit), the personal bests per puzzle and the challenges completed. Storage
// may be unavailable (private windows, disabled): the page then simply forgets.

const KEYS = {
  game: "hanoikit.game", bests: "hanoikit.bests", done: "hanoikit.challenges", prefs: "hanoikit.display",
  history: "hanoikit.history", daily: "hanoikit.daily", tutorial: "hanoikit.tutorial",
};

const DISPLAY = { theme: "auto", faces: "colours", motion: "auto", sound: false };  // the display's defaults

function read(key, fallback, storage = "localStorage") {
  try {
    const text = window[storage].getItem(key);
    return text === null ? fallback : JSON.parse(text);
  } catch (error) {
    return fallback;
  }
}

function write(key, value, storage = "localStorage") {
  try { window[storage].setItem(key, JSON.stringify(value)); } catch (error) { /* storage full or disabled */ }
}

export function saveGame(game, elapsed, current) {
  if (!game.initial || !game.settings) return;
  const saved = {
    version: 1, settings: game.settings, initial: game.initial, moves: game.moves, redo: game.redo, current,
    elapsed: Math.round(elapsed), won: game.won, challenge: game.challenge, par: game.par, daily: game.daily,
  };
  write(KEYS.game, saved, "sessionStorage");
  write(KEYS.game, saved);
}

export function savedGame() {
  // the game of this tab (a reload), else the one the browser kept last
  const valid = (saved) => saved && saved.version === 1 && saved.settings && typeof saved.initial === "string";
  const tab = read(KEYS.game, null, "sessionStorage");
  if (valid(tab)) return { ...tab, tab: true };
  const kept = read(KEYS.game, null);
  return valid(kept) ? kept : null;
}

export function bestOf(key) {
  return read(KEYS.bests, {})[key] || null;
}

export function recordBest(key, moves, ms) {
  // keep the fewest moves, then the shortest time; answers the best before and whether this game beat it
  const bests = read(KEYS.bests, {});
  const before = bests[key] || null;
  const better = !before || moves < before.moves || (moves === before.moves && ms < before.ms);
  if (better) {
    bests[key] = { moves, ms, when: new Date().toISOString() };
    write(KEYS.bests, bests);
  }
  return { before, better };
}

export function completed() {
  return read(KEYS.done, {});
}

export function complete(id, stars) {
  const done = completed();
  done[id] = Math.max(stars, done[id] || 0);
  write(KEYS.done, done);
}

export function preferences() {
  // the player's display choices: theme (auto, light, dark, contrast), faces (colours, symbols), motion (auto,
  // reduce) and sound (on or off)
  return { ...DISPLAY, ...read(KEYS.prefs, {}) };
}

export function setPreference(name, value) {
  write(KEYS.prefs, { ...read(KEYS.prefs, {}), [name]: value });
}

export function history() {
  // the games won in this browser, the latest first: {when, what, moves, par, ms, stars, daily}
  return read(KEYS.history, []);
}

export function recordGame(entry) {
  write(KEYS.history, [{ when: new Date().toISOString(), ...entry }, ...history()].slice(0, 30));
}

export function dailyResults() {
  return read(KEYS.daily, {});
}

export function recordDaily(date, stars, moves) {
  const results = dailyResults();
  const before = results[date];
  if (!before || stars > before.stars || (stars === before.stars && moves < before.moves)) {
    results[date] = { stars, moves };
    write(KEYS.daily, results);
  }
}

export function tutorialSeen() {
  return read(KEYS.tutorial, false) === true;
}

export function markTutorial() {
  write(KEYS.tutorial, true);
}
