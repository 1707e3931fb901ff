// The one error type of web/net: a stable `code` for the page to act on and a `message` written
// for the player.
export class TransportError extends Error {
  constructor(code, message) {
    super(message);
    this.name = 'TransportError';
    this.code = code;
  }
}

// ICE found no working path between the two browsers (firewalls, symmetric NATs, no TURN).
export const NO_DIRECT_PATH =
  'Could not connect directly; try the same network, or a TURN server in settings.';

export const iceFailed = () => new TransportError('ice-failed', NO_DIRECT_PATH);
export const timedOut = (what, ms) => new TransportError('timeout',
  `${what} did not happen within ${Math.round(ms / 1000)} s. ${NO_DIRECT_PATH}`);
