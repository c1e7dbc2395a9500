// The store: the page's one state object, changed only by ``dispatch`` through the one reducer (state.js). The
// readouts are drawn from ``getState()`` by the pure render functions of view.js.

import { initialState, reduce } from "./state.js";

let current = initialState();
const listeners = [];  // called with each new state (the tutorial follows the game so)

export function getState() {
  return current;
}

export function dispatch(action) {
  current = reduce(current, action);
  for (const listener of listeners) listener(current, action);
  return current;
}

export function subscribe(listener) {
  listeners.push(listener);
}
