// The page's one state object, and the notation it reads (the notation, not the rules: the server holds those).

export const POSTS = "SID";

const MIDDLE = "IJKLMPQT";  // as hanoikit.post_names: N, R and B name colours, O looks like 0

export function postNames(k = 3) {
  // the letters of k posts, as the library names them: S, then I, J, K..., then D ("SID", "SIJD", "SIJKD")
  return "S" + MIDDLE.slice(0, k - 2) + "D";
}

export const game = {
  config: null,       // the server's /api/config: bounds, choices and the palette
  settings: null,     // {n, magnetic, colors, goal_up} (and posts, moves when a link names them)
  k: 3,               // the number of posts (from the server's description of the position)
  initial: null,      // state notation the game began in
  optimal: null,      // the par: optimal number of moves from it (or the par a link names)
  par: null,          // the par a link named, else null
  moves: [],          // moves played, e.g. "1SD"
  states: [],         // position after each move
  redo: [],           // [{move, state}] taken back
  position: null,     // the server's description of the current position
  selected: null,     // source post picked by click or key
  busy: false,        // an action of the player's is under way (the others wait in ``actions``)
  actions: [],        // the player's clicks and keys not yet acted on, in order
  ticket: 0,          // the latest new game asked for: a later one wins
  watch: null,        // the solution being watched (watch.js)
  press: null,        // a pointer pressed on the board (app.js)
  elapsed: 0,         // milliseconds played before ``since``
  since: null,        // when the clock last started (performance.now()), null while stopped
  won: false,         // the game was won (the clock stopped, the best recorded)
  challenge: null,    // the id of the challenge being played (challenges.js), or null
};

export function currentState(of = game) {
  return of.states.length ? of.states[of.states.length - 1] : of.initial;
}

export function postColors(settings, k = 3) {
  // the posts' own colours as chosen in the settings: all "N" for the classic puzzle
  return settings && settings.magnetic ? settings.colors.toUpperCase() : "N".repeat(k);
}

export function parseMove(move, k = game.k) {
  // "12SD" -> {disk: 12, src: 0, dst: 2}
  const names = postNames(k);
  const disk = parseInt(move, 10);
  const posts = move.slice(String(disk).length);
  return { disk, src: names.indexOf(posts[0]), dst: names.indexOf(posts[1]) };
}

export function reverse(move, k = game.k) {
  const names = postNames(k);
  const { disk, src, dst } = parseMove(move, k);
  return `${disk}${names[dst]}${names[src]}`;
}

export function decode(state, k = game.k) {
  // "SSI:RRB" -> posts of disks 1..n and their top colours
  const names = postNames(k);
  const [letters, ups] = state.split(":");
  return { posts: [...letters].map((c) => names.indexOf(c)), ups: ups ? [...ups] : null };
}

export function stacks(state, k = game.k) {
  // the disks on each post, bottom first
  const { posts } = decode(state, k);
  const result = Array.from({ length: k }, () => []);
  for (let disk = posts.length; disk >= 1; disk--) result[posts[disk - 1]].push(disk);
  return result;
}

export function topDisk(state, post) {
  const stack = stacks(state)[post];
  return stack.length ? stack[stack.length - 1] : null;
}

export function count(number) {
  // a count with thousands separators: 161254 -> "161,254"
  return number === null || number === undefined ? "–" : Number(number).toLocaleString("en-US");
}

export function clock(ms) {
  // 83000 -> "1:23"; an hour or more -> "1:02:03"
  const seconds = Math.floor(ms / 1000);
  const [h, m, s] = [Math.floor(seconds / 3600), Math.floor(seconds / 60) % 60, seconds % 60];
  const two = (value) => String(value).padStart(2, "0");
  return h ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}

export function elapsed() {
  return game.elapsed + (game.since === null ? 0 : performance.now() - game.since);
}

export function puzzleKey(settings, initial) {
  // one puzzle: its rules and the position it begins in (personal bests are kept per key)
  const kind = settings.magnetic ? `${settings.colors.toUpperCase()}${settings.goal_up ? "-" + settings.goal_up : ""}` : "classic";
  const family = settings.posts ? `-p${settings.posts}-${settings.moves || "any"}` : "";
  return `${kind}${family}:${initial}`;
}
