// What the page shows first once the app runs: a replay link's review, a share link's or an
// embed configuration's game, the saved game, or (index.html) the app's New game screen. A
// link met while a game is in progress opens behind a question, and the saved game stays as
// it is until the player chooses.
import { callJson, failed, setPaused, startGame } from './bridge.js';
import { post } from './embedding.js';
import { $, PAGE, cleanUrl, gameCode, notice, query, showList } from './page.js';
import * as P from './params.js';
import { keepPrevious, loadSave, persist, resumeSaved, saving, setAside, unfinishedSave } from './persistence.js';
import { joinLinkedRoom, resumeHostedRoom } from './room.js';

const MAX_CODE = 200000; // longest replay code accepted (the bridge has the same limit)

export function openReplay(code) {
  const r = code.length > MAX_CODE ? { ok: false, error: 'the game code is empty or too long' }
    : callJson('catan_web_load_game_code', ['string'], [code]);
  if (r.ok === true) {
    notice('Opened the review of a shared game: step through it, or play on from any point with "Play from here".', 'info');
    return true;
  }
  const error = failed(r, 'the game code is invalid').error;
  console.error('[catan] replay link: ' + error);
  notice('This replay link could not be opened: ' + error, 'error', true);
  post('error', { errors: ['replay link: ' + error] });
  return false;
}

export function loadGameCode(code) {
  const c = String(code);
  if (c.length > MAX_CODE) return { ok: false, error: 'the game code is empty or too long' };
  return callJson('catan_web_load_game_code', ['string'], [c]);
}

function showParamErrors(errors) {
  const box = $('param-errors');
  if (!box) return;
  showList(box, errors);
  post('error', { errors });
}

function reportUnknownParameters() {
  if (!query.unknown.length) return;
  const names = query.unknown.map((u) => (/"([^"]*)"/.exec(u) || ['', u])[1]);
  notice('Ignored unknown link parameters: ' + names.join(', '), 'warn');
  post('error', { errors: query.unknown });
}

export function startFirstGame() {
  // An invitation link (#room=...) opens the room; the saved game stays saved meanwhile.
  if (PAGE === 'index' && joinLinkedRoom(startFirstGame)) return;
  // A room this page hosted before a reload opens again, ahead of the saved local game (which
  // stays saved); a link to a game or a replay comes first.
  const linked = gameCode !== null || (query.present && Object.keys(query.game).length > 0);
  if (PAGE === 'index' && !linked && resumeHostedRoom()) return;
  reportUnknownParameters();
  if (query.errors.length) {
    showParamErrors(query.errors.concat(query.unknown));
    return;
  }
  const linkedGame = query.present && Object.keys(query.game).length > 0;
  // A replay link is tried once: the hash leaves the URL either way, so a reload resumes
  // the saved game instead of failing again. After a bad link the page carries on as
  // without it.
  const previous = PAGE === 'index' && (gameCode !== null || linkedGame) ? unfinishedSave() : null;
  saving.hold = !!previous;
  if (gameCode !== null) {
    cleanUrl(location.pathname + location.search);
    if (openReplay(gameCode)) {
      if (previous) askAboutSavedGame(previous, 'replay');
      return;
    }
  }
  if (linkedGame) {
    startLinkedGame(previous);
    return;
  }
  saving.hold = false;
  if (resumeSaved()) return;
  if (PAGE === 'embed') {
    const r = startGame({}, 'default embed game');
    if (!r.ok) showParamErrors([r.error]);
  }
  // index.html without a save: the app shows its New game screen.
}

// A share link or an embed configuration. The embed page resumes its own save for the same
// parameters (a reload resumes); the main page starts the linked game and then drops the
// query, so the next reload resumes it from the save.
function startLinkedGame(previous) {
  if (PAGE === 'embed' && resumeSaved()) return;
  const r = startGame(P.gameConfig(query.game), 'URL parameters');
  saving.hold = !!previous && r.ok;
  if (!r.ok) showParamErrors([r.error]);
  else if (PAGE === 'index') cleanUrl(location.pathname);
  if (saving.hold) askAboutSavedGame(previous, 'board');
}

function choiceDialog(previous, kind) {
  const el = (tag, props) => Object.assign(document.createElement(tag), props);
  const box = el('div', { id: 'link-choice', className: 'choice' });
  box.setAttribute('role', 'dialog');
  box.setAttribute('aria-modal', 'true');
  box.setAttribute('aria-labelledby', 'link-choice-title');
  const card = el('div', { className: 'choice-card' });
  const h = el('h2', { id: 'link-choice-title', textContent: 'You have a game in progress' });
  const where = previous.turn !== null ? ` (turn ${previous.turn + 1})` : '';
  const p = el('p', {
    textContent: (kind === 'replay'
      ? 'This link opens the review of a shared game.'
      : 'This link starts a new game on a shared board.') +
      ` Your game${where} is kept until you choose.`,
  });
  const buttons = el('div', { className: 'choice-buttons' });
  const resume = el('button', { id: 'link-choice-resume', className: 'primary', textContent: 'Resume my game' });
  const open = el('button', {
    id: 'link-choice-open',
    textContent: kind === 'replay' ? 'Open the shared game' : 'Play the linked game',
  });
  const small = el('p', { className: 'choice-note', textContent: 'Opening the link replaces your game in progress.' });
  buttons.append(resume, open);
  card.append(h, p, buttons, small);
  box.appendChild(card);
  return { box, resume, open };
}

// Keeping the link sets the old game aside under saveKey + '.previous' before the link's game
// is saved (when that copy fails, the link's game is not saved).
function keepLink(previous, kind) {
  // The old game is overwritten only once its copy is stored.
  saving.hold = !keepPrevious(previous.text);
  if (kind === 'board') setPaused(false);
  if (saving.hold) {
    notice('Your game in progress could not be copied aside (browser storage is full), so ' +
      'it stays saved and this game is not saved. Reload to resume your game.', 'error', true);
  }
  persist();
}

function resumePrevious(previous, kind) {
  const r = loadSave(previous.text, 'saved game');
  if (r.ok) {
    setPaused(false);
    notice('Resumed your game.', 'info');
  } else {
    // The link's game goes on; the save that cannot be read is set aside first.
    setAside(previous.text, r.error, 'the linked game goes on');
    if (kind === 'board') setPaused(false);
  }
}

// Asks whether to resume the saved game or keep the link's game (kind 'board' | 'replay'),
// which is already open behind the question (a board link's game paused).
function askAboutSavedGame(previous, kind) {
  if (kind === 'board') setPaused(true);
  const { box, resume, open } = choiceDialog(previous, kind);
  document.body.appendChild(box);
  const done = (link) => {
    box.remove();
    saving.hold = false;
    if (link) keepLink(previous, kind);
    else resumePrevious(previous, kind);
    $('canvas').focus();
  };
  resume.addEventListener('click', () => done(false));
  open.addEventListener('click', () => done(true));
  resume.focus();
}
