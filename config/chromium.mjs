// The browser every browser test and bench drives: Debian's Chromium, headless, with the flags
// this machine's closed network needs (no sandbox, GPU, background or sync traffic).
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const chromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];
