// The page's one state object, the one reducer that makes each next one, and the notation it reads (the notation,
// not the rules: the server holds those). Everything here is a pure function.

export const POSTS = "SID";

const MIDDLE = "IJKLMPQT";  // as hanoikit.post_names: N, R and B name colours, O looks like 0

export function postNames(k = 3) {
  // the letters of k posts, as the library names them: S, then I, J, K..., then D ("SID", "SIJD", "SIJKD")
  return "S" + MIDDLE.slice(0, k - 2) + "D";
}

export function initialState() {
  // the page's one state object: everything the readouts are drawn from; only ``reduce`` makes a new one
  return {
    config: null,       // the server's /api/config: bounds, choices and the palette
    choices: null,      // the server's /api/choices for the menus' size and kind
    settings: null,     // {n, magnetic, colors, goal_up} (and posts, moves when not the default ones)
    k: 3,               // the number of posts (from the server's description of the position)
    initial: null,      // state notation the game began in
    optimal: null,      // the par: optimal number of moves from it (or the par a link names)
    par: null,          // the par a link named, else null
    moves: [],          // moves played, e.g. "1SD"
    states: [],         // position after each move
    redo: [],           // [{move, state}] taken back
    position: null,     // the server's description of the current position
    selected: null,     // source post picked by click or key
    ticket: 0,          // the latest new game asked for: a later one wins
    watch: null,        // the solution being watched: {algorithm, from, start, total, moves, states, trace, crossings,
                        // index, playing}
    elapsed: 0,         // milliseconds played before ``since``
    since: null,        // when the clock last started (performance.now()), null while stopped
    won: false,         // the game was won (the clock stopped, the best recorded)
    challenge: null,    // the id of the challenge being played (challenges.js), or null
    daily: null,        // the date of the daily puzzle being played ("2026-11-25"), or null
    refusals: 0,        // moves the rules refused so far (the tutorial waits for one)
    tutorial: false,    // the game is the tutorial's (tutorial.js follows only its own game)
    aside: null,        // the unfinished game a new one replaced, which Undo at the new one's start brings back
  };
}

export function reduce(state, action) {
  // the one reducer: the state after ``action`` (a new object; ``state`` is left as it was). Times come in the
  // actions (``now``), so that the same actions always give the same state.
  switch (action.type) {
    case "config": return { ...state, config: action.config };
    case "choices": return { ...state, choices: action.choices };
    case "ticket": return { ...state, ticket: state.ticket + 1, selected: null };
    case "begin": return {
      ...state, settings: action.settings, k: action.position.post_colors.length, initial: action.initial,
      optimal: action.par === null || action.par === undefined ? action.optimal : action.par,
      par: action.par ?? null, moves: action.moves || [], states: action.states || [], redo: action.redo || [],
      position: action.position, selected: null, challenge: action.challenge || null, daily: action.daily || null,
      elapsed: action.elapsed || 0, since: action.running ? action.now : null, won: Boolean(action.won),
      tutorial: Boolean(action.tutorial), aside: action.aside || null,
    };
    case "select": return { ...state, selected: action.post };
    case "refused": return { ...state, selected: null, refusals: state.refusals + 1 };
    case "played": return {
      ...state, moves: [...state.moves, action.move], states: [...state.states, action.state], redo: [],
      position: action.position, selected: null,
      since: state.since === null && !state.won ? action.now : state.since,
    };
    case "undo": {
      if (!state.moves.length) return state;
      const move = state.moves[state.moves.length - 1];
      const undone = state.states[state.states.length - 1];
      return { ...state, moves: state.moves.slice(0, -1), states: state.states.slice(0, -1), selected: null,
        redo: [...state.redo, { move, state: undone }] };
    }
    case "redo": {
      if (!state.redo.length) return state;
      const { move, state: again } = state.redo[state.redo.length - 1];
      return { ...state, moves: [...state.moves, move], states: [...state.states, again], selected: null,
        redo: state.redo.slice(0, -1) };
    }
    case "position": return { ...state, position: action.position };
    case "restart": return { ...state, moves: [], states: [], redo: [], selected: null, elapsed: 0, since: null,
      won: false };
    case "won": return { ...state, elapsed: elapsed(state, action.now), since: null, won: true };
    case "watch": return { ...state, watch: action.watch, selected: null };
    case "watched": return state.watch ? { ...state, watch: { ...state.watch, ...action.change } } : state;
    case "page": return state.watch ? { ...state, watch: addPage(state.watch, action.page) } : state;
    default: throw new Error(`unknown action ${action.type}`);
  }
}

function addPage(watch, page) {
  // a watched solution with one more page of moves (and of its colour trace)
  const skip = watch.trace.length ? 1 : 0;  // a page's first row is the last of the page before
  return {
    ...watch, moves: [...watch.moves, ...page.moves], states: [...watch.states, ...page.states],
    trace: page.trace ? [...watch.trace, ...page.trace.slice(skip)] : watch.trace,
    crossings: page.crossings ? [...watch.crossings, ...page.crossings.slice(skip)] : watch.crossings,
  };
}

export function currentState(state) {
  return state.states.length ? state.states[state.states.length - 1] : state.initial;
}

export function postColors(settings, k = 3) {
  // the posts' own colours as chosen in the settings: all "N" for the classic puzzle
  return settings && settings.magnetic ? settings.colors.toUpperCase() : "N".repeat(k);
}

export function parseMove(move, k = 3) {
  // "12SD" -> {disk: 12, src: 0, dst: 2}
  const names = postNames(k);
  const disk = parseInt(move, 10);
  const posts = move.slice(String(disk).length);
  return { disk, src: names.indexOf(posts[0]), dst: names.indexOf(posts[1]) };
}

export function reverse(move, k = 3) {
  const names = postNames(k);
  const { disk, src, dst } = parseMove(move, k);
  return `${disk}${names[dst]}${names[src]}`;
}

export function decode(state, k = 3) {
  // "SSI:RRB" -> posts of disks 1..n and their top colours
  const names = postNames(k);
  const [letters, ups] = state.split(":");
  return { posts: [...letters].map((c) => names.indexOf(c)), ups: ups ? [...ups] : null };
}

export function stacks(state, k = 3) {
  // the disks on each post, bottom first
  const { posts } = decode(state, k);
  const result = Array.from({ length: k }, () => []);
  for (let disk = posts.length; disk >= 1; disk--) result[posts[disk - 1]].push(disk);
  return result;
}

export function topDisk(state, post, k = 3) {
  const stack = stacks(state, k)[post];
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

export function elapsed(state, now = performance.now()) {
  // the time played: before the clock last started, and since
  return state.elapsed + (state.since === null ? 0 : now - state.since);
}

export function puzzleKey(settings, initial) {
  // one puzzle: its rules and the position it begins in (personal bests are kept per key)
  const kind = settings.magnetic ? `${settings.colors.toUpperCase()}${settings.goal_up ? "-" + settings.goal_up : ""}` : "classic";
  const family = settings.posts ? `-p${settings.posts}-${settings.moves || "any"}` : "";
  return `${kind}${family}:${initial}`;
}
