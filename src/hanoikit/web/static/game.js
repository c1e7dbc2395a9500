// The store: the page's one state object, changed only by ``dispatch`` through the one reducer (state.js). The
// readouts are drawn from ``getState()`` by the pure render functions of view.js.

import { initialState, reduce } from "./state.js";

let current = initialState();

export function getState() {
  return current;
}

export function dispatch(action) {
  current = reduce(current, action);
  return current;
}
