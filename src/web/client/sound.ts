/**
 * The table's turn chime: two short tones made in the page with Web Audio (no
 * sound file). A setting kept in the browser; off by default for a player who
 * asks the system for reduced motion.
 */
const KEY = 'stich.sound';

export function soundWanted(): boolean {
  const kept = localStorage.getItem(KEY);
  if (kept === 'on' || kept === 'off') return kept === 'on';
  return !matchMedia('(prefers-reduced-motion: reduce)').matches;
}

export function setSoundWanted(on: boolean): void {
  localStorage.setItem(KEY, on ? 'on' : 'off');
}

let audio: AudioContext | null = null;

/** Plays the chime when the player wants sound and the browser allows it (after a first click or key). */
export function chime(): void {
  if (!soundWanted()) return;
  try {
    audio ??= new AudioContext();
    const t = audio.currentTime;
    for (const [i, hz] of [660, 880].entries()) {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.frequency.value = hz;
      gain.gain.setValueAtTime(0, t + i * 0.12);
      gain.gain.linearRampToValueAtTime(0.08, t + i * 0.12 + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.001, t + i * 0.12 + 0.16);
      osc.connect(gain).connect(audio.destination);
      osc.start(t + i * 0.12);
      osc.stop(t + i * 0.12 + 0.18);
    }
  } catch {
    // No audio in this browser: the title and the gold frame still say whose turn it is.
  }
}
