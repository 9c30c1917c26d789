import { notificationAskedStore } from '../session/client-stores.js';

let audio: AudioContext | undefined;

/**
 * A short two-tone chime made with the Web Audio API (no sound file to ship or load). Browsers
 * start audio only after the page had a user gesture; before that the chime is silently skipped.
 */
export function chime(): void {
  if (typeof AudioContext === 'undefined') return;
  audio ??= new AudioContext();
  if (audio.state === 'suspended') void audio.resume();
  const start = audio.currentTime;
  for (const [index, frequency] of [880, 1320].entries()) {
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.frequency.value = frequency;
    gain.gain.setValueAtTime(0.12, start + index * 0.12);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + index * 0.12 + 0.25);
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start(start + index * 0.12);
    oscillator.stop(start + index * 0.12 + 0.26);
  }
}

/**
 * A desktop notification, when the agent allowed them; one per conversation at a time (its tag).
 * A click brings the workspace forward and, when given, opens the conversation.
 */
export function notify(title: string, body: string, tag: string, open?: () => void): void {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
  const shown = new Notification(title, { body, tag });
  shown.onclick = () => {
    window.focus();
    open?.();
    shown.close();
  };
}

/**
 * Asks the browser for notification permission once per browser (the answer is the browser's to
 * keep; asking again after a refusal only annoys). Called from a user gesture, as browsers require.
 */
export function askForNotificationsOnce(): void {
  if (typeof Notification === 'undefined' || notificationAskedStore.get()) return;
  notificationAskedStore.set(true);
  if (Notification.permission === 'default') void Notification.requestPermission();
}
