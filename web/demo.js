// demo.html: the embedding side of the postMessage API (docs/WEB.md, "Embedding").
// demo.html?src=<url of embed.html with its parameters> shows that game; without src it
// shows an AI-only demo game from this site.
// Loaded as an ES module (strict mode, names of its own).
// Origins other than this page's own whose games ?src= may show. A site embedding a game
// served from another origin lists it here, as "https://host" (or "http://host:port").
const ALLOWED_ORIGINS = [];

const frame = document.getElementById('game');
const log = document.getElementById('log');
const status = document.getElementById('status');
const counts = {};
window.demoEvents = []; // read by the browser tests

const httpOrigin = (o) => {
  try {
    const u = new URL(o);
    return (u.protocol === 'https:' || u.protocol === 'http:') && u.origin === o ? o : null;
  } catch (e) {
    return null;
  }
};
const allowed = ALLOWED_ORIGINS.filter((o) => {
  if (httpOrigin(o)) return true;
  console.warn(`[demo] ALLOWED_ORIGINS: "${o}" is not an origin like https://host`);
  return false;
});
// The page's policy allows any http(s) frame; this second policy narrows it to the origins
// above (a browser enforces both).
const policy = document.createElement('meta');
policy.httpEquiv = 'Content-Security-Policy';
policy.content = ["frame-src 'self'"].concat(allowed).join(' ');
document.head.appendChild(policy);

// The game to show: an http(s) URL of this origin or of an allowed one; anything else
// (javascript:, data:, blob:, another site) is refused.
function gameUrl(raw) {
  let u;
  try {
    u = new URL(raw, location.href);
  } catch (e) {
    return { error: 'the src parameter is not a URL' };
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:') {
    return { error: `only http: and https: pages can be shown, not ${u.protocol.slice(0, 20)} URLs` };
  }
  if (u.origin !== location.origin && !allowed.includes(u.origin)) {
    return { error: `${u.origin} is not this site; add it to ALLOWED_ORIGINS in demo.js to show its games` };
  }
  return { url: u };
}

const params = new URLSearchParams(location.search);
const raw = params.get('src');
const game = gameUrl(raw === null ? 'embed.html' : raw);
if (game.error) {
  const box = document.getElementById('refused');
  box.textContent = 'This game cannot be shown: ' + game.error + '.';
  box.hidden = false;
  frame.hidden = true;
  console.error('[demo] refused src: ' + game.error);
  window.demoRefused = game.error;
} else {
  show(game.url);
}

// Shows the game at `src` in the frame and logs its events.
function show(src) {
  if (raw === null) {
    src.search = 'autoplay=1&seats=ai:easy,ai:normal:trader,ai:normal:builder,ai:hard&speed=6&seed=7';
  }
  // Our own origin is passed so the game posts its events to this page only.
  src.searchParams.set('origin', location.origin);
  const gameOrigin = src.origin;
  frame.src = src.href;

  window.addEventListener('message', (ev) => {
    if (ev.source !== frame.contentWindow || ev.origin !== gameOrigin) return;
    const m = ev.data;
    if (!m || m.source !== 'catan' || m.version !== 1 || typeof m.type !== 'string') return;
    window.demoEvents.push(m);
    counts[m.type] = (counts[m.type] || 0) + 1;
    document.getElementById('counts').textContent =
      Object.entries(counts).map(([k, v]) => `${k}: ${v}`).join('  ·  ');
    const line = document.createElement('div');
    const type = document.createElement('span');
    type.className = 't';
    type.textContent = m.type;
    const rest = Object.assign({}, m);
    delete rest.source;
    delete rest.version;
    delete rest.type;
    line.append(type, ' ' + JSON.stringify(rest));
    log.prepend(line);
    while (log.childNodes.length > 300) log.lastChild.remove();
  });

  function send(msg) { frame.contentWindow.postMessage(msg, gameOrigin); }
  window.demoSend = send;
  document.getElementById('new').addEventListener('click', () => {
    let config;
    try {
      config = JSON.parse(document.getElementById('config').value);
    } catch (e) {
      status.textContent = 'The config is not valid JSON: ' + e.message;
      return;
    }
    status.textContent = '';
    send({ type: 'newGame', config });
  });
  document.getElementById('pause').addEventListener('click', () => send({ type: 'pause' }));
  document.getElementById('resume').addEventListener('click', () => send({ type: 'resume' }));
  document.getElementById('bad').addEventListener('click', () => {
    send('just a string');
    send({ type: 'explode' });
    send({ type: 'newGame', config: { players: 9, colour: 'red' } });
    send({ type: 'newGame' });
    send({ type: 'pause', extra: 1 });
  });
}
