// The server: every question the page asks goes through here (the page holds no rules and no analysis).

export function words(text) {
  // a message of the server's in the player's terms: the library's names of puzzles (its reprs, such as
  // "MagneticPuzzle(3, colors='NNNNN', moves='star')") become "this puzzle"
  return String(text).replace(/\b(?:Magnetic)?Puzzle\([^()]*\)/g, "this puzzle").replace(/\bin this puzzle\b/g, "here");
}

export class Refusal extends Error {
  // the server refused a request: ``message`` is its reason in words, ``kind`` the error it names
  // (IllegalMoveError, ValidationError...)
  constructor(message, kind) {
    super(words(message));
    this.kind = kind;
  }
}

export class ServerGone extends Error {
  // no answer at all: the server that serves the page has stopped (or cannot be reached)
  constructor() {
    super("The game's server has stopped, so the page cannot check moves or give hints. Start it again in a terminal " +
      "with hanoi play (the same command that opened this page), then reload the page: your game is kept.");
  }
}

export async function api(path, body) {
  // a question is sent as asked, never answered from the browser's HTTP cache: Chromium holds a request for an
  // address while another for the same address is under way (its cache lock), so that the same menus' question,
  // asked twice at once, waited seconds for the first answer, or past a test's minute; the page keeps what it reuses
  const options = body === undefined ? { cache: "no-store" } : {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  };
  let response;
  try {
    response = await fetch(path, options);
  } catch (error) {  // a network error (fetch rejects only so): nothing answers at the page's address
    throw new ServerGone();
  }
  let data = null;
  try { data = await response.json(); } catch (error) { data = null; }
  if (!response.ok) {
    throw new Refusal((data && data.detail) || `the server answered ${response.status}`, data && data.error);
  }
  return data;
}
