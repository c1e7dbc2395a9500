// What the page keeps in the browser (localStorage): the game in play, the personal bests per puzzle and the
// challenges completed. Storage may be unavailable (private windows, disabled): the page then simply forgets.

const KEYS = { game: "hanoikit.game", bests: "hanoikit.bests", done: "hanoikit.challenges" };

function read(key, fallback) {
  try {
    const text = window.localStorage.getItem(key);
    return text === null ? fallback : JSON.parse(text);
  } catch (error) {
    return fallback;
  }
}

function write(key, value) {
  try { window.localStorage.setItem(key, JSON.stringify(value)); } catch (error) { /* storage full or disabled */ }
}

export function saveGame(game, elapsed) {
  if (!game.initial || !game.settings) return;
  write(KEYS.game, {
    version: 1, settings: game.settings, initial: game.initial, moves: game.moves, redo: game.redo,
    elapsed: Math.round(elapsed), won: game.won, challenge: game.challenge,
  });
}

export function savedGame() {
  const saved = read(KEYS.game, null);
  return saved && saved.version === 1 && saved.settings && typeof saved.initial === "string" ? saved : null;
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
