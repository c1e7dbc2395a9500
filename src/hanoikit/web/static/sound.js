// Sound effects made in the page with WebAudio (nothing is downloaded): a click for a move, a low buzz for a refused
// one, a rising chord for a win. Silent unless the player turns sound on.

const NOTES = {
  move: [[660, 0, 0.06]],
  refused: [[140, 0, 0.16]],
  win: [[523, 0, 0.18], [659, 0.1, 0.18], [784, 0.2, 0.3], [1047, 0.3, 0.4]],
};

const audio = { context: null, on: false };  // the one audio context, made on the first sound (browsers want a gesture)

export function setSound(on) {
  audio.on = Boolean(on);
}

export function sound(kind) {
  if (!audio.on || !window.AudioContext) return;
  audio.context = audio.context || new AudioContext();
  const context = audio.context;
  for (const [frequency, delay, length] of NOTES[kind] || []) {
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.type = kind === "refused" ? "square" : "sine";
    oscillator.frequency.value = frequency;
    const start = context.currentTime + delay;
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(0.12, start + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + length);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(start);
    oscillator.stop(start + length + 0.02);
  }
}
