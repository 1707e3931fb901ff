// What every part of the page runtime shares: which page this is (index.html or embed.html,
// framed or not), its URL parameters, and the status elements and notices on the page.
import * as P from './params.js';

export const PAGE = document.documentElement.dataset.page === 'embed' ? 'embed' : 'index';
export const EMBEDDED = window.parent !== window;
export const $ = (id) => document.getElementById(id);
export const errorText = (e) => String((e && e.message) || e).slice(0, 300);

// The URL: a share link's or an embed configuration's parameters, a replay link's #game=.
export const query = P.parseQuery(location.search);
for (const e of query.errors) console.error('[catan] bad URL parameter: ' + e);
for (const e of query.unknown) console.warn('[catan] bad URL parameter (ignored): ' + e);
export const gameCode = new URLSearchParams(location.hash.replace(/^#/, '')).get('game');

export function cleanUrl(url) {
  try { history.replaceState(null, '', url); } catch (e) { /* a sandboxed frame: keep it */ }
}

// The status elements both pages share exist only for these scripts, so they are made here
// and the pages keep just their own markup: #fatal (the app cannot run), #notice (short
// messages) and #update (a new release is waiting).
export function addStatusElements() {
  const add = (parent, tag, attrs, text) => {
    const el = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
    if (text) el.textContent = text;
    parent.appendChild(el);
    return el;
  };
  if (!$('fatal')) {
    const box = add(document.body, 'div', { id: 'fatal', class: 'panel', role: 'alert', hidden: '' });
    add(box, 'h2', {});
    add(box, 'ul', {});
  }
  if (!$('notice')) add(document.body, 'div', { id: 'notice', class: 'notice', role: 'status', hidden: '' });
  if (!$('update')) {
    const bar = add(document.body, 'div', { id: 'update', class: 'update', role: 'status', hidden: '' },
      'A new version is ready. ');
    add(bar, 'button', { id: 'update-apply' }, 'Reload to update');
  }
}

// Shows a panel (#fatal, #param-errors) with its list replaced by `lines`.
export function showList(box, lines) {
  box.hidden = false;
  const ul = box.querySelector('ul');
  ul.textContent = '';
  for (const line of lines) {
    const li = document.createElement('li');
    li.textContent = line;
    ul.appendChild(li);
  }
}

// Notices stack at the bottom of the page; each line goes away after a while (sticky ones
// when clicked).
export function notice(text, kind, sticky) {
  const box = $('notice');
  if (!box) return;
  const line = document.createElement('div');
  line.className = 'notice-line ' + (kind || 'info');
  line.textContent = text;
  const drop = () => {
    line.remove();
    if (!box.firstChild) box.hidden = true;
  };
  line.addEventListener('click', drop);
  while (box.childNodes.length >= 4) box.firstChild.remove();
  box.appendChild(line);
  box.hidden = false;
  if (!sticky) setTimeout(drop, 8000);
}
addStatusElements();
