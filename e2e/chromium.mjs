// Shared by the end-to-end tests and the benchmarks (plain JavaScript, so bench/*.mjs can import it).
import { chromium } from 'playwright-core';

/** Debian's Chromium, not a downloaded one: playwright-core drives whatever browser it is given. */
export function launchChromium() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    // Without the background-networking flags, Chromium keeps dialling Google on a closed network.
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
