// URL parameters and postMessage configs: parsing and validation, shared by index.html and
// embed.html (and loaded by the browser tests). No DOM, no wasm: pure functions.
//
// A config has the keys below; every value is validated here with a clear message, and the
// wasm side validates again (match/config.cpp) before a game starts. The names of the levels,
// personalities and option values, the modes' VP targets and the game keys are the match
// layer's own (config_tables.js, generated from match/config_tables.cpp).
//
// Keys come from URLs and from other windows, so no lookup may reach Object.prototype:
// tables are Maps or Sets, results are prototype-free objects, and only own keys are read.
import * as tables from './config_tables.js';

export const LEVELS = tables.levels;
export const PERSONALITIES = tables.personalities;
export const ENUMS = new Map(Object.entries(tables.enums).concat([['theme', ['default', 'colorblind']]]));
const MODE_VP = new Map(Object.entries(tables.modeVp));
// Game keys go to the wasm (catan_web_new_game); page keys stay in JS.
export const GAME_KEYS = tables.gameKeys;
export const PAGE_KEYS = ['theme', 'muted', 'origin'];
export const ALL_KEYS = GAME_KEYS.concat(PAGE_KEYS);
const CONFIG_KEYS = GAME_KEYS.concat(['muted', 'theme']);
// Never part of a link: the play seed decides dice, deck and steals (hidden information).
const PRIVATE_KEYS = new Set(['playseed']);
const KNOWN = new Set(ALL_KEYS);
const MAX_SEED = (1n << 64n) - 1n;

export const hasOwn = (o, k) => Object.prototype.hasOwnProperty.call(o, k);
const dict = () => Object.create(null);
// Keys and values echoed in messages are clipped and stripped of control characters.
const shown = (s, n) => String(s).replace(/[\u0000-\u001f\u007f]/g, '?').slice(0, n || 60);

function parseBool(v) {
  if (v === true || v === false) return v;
  const s = String(v).toLowerCase();
  if (s === '' || s === '1' || s === 'true' || s === 'yes' || s === 'on') return true;
  if (s === '0' || s === 'false' || s === 'no' || s === 'off') return false;
  return null;
}

function parseNumber(v, lo, hi, integer) {
  const s = String(v).trim();
  if (!/^-?\d+(\.\d+)?$/.test(s)) return null;
  const n = Number(s);
  if (!(n >= lo && n <= hi) || (integer && !Number.isInteger(n))) return null;
  return n;
}

function validSeat(text) {
  const p = String(text).trim().toLowerCase().split(':');
  if (p.length === 1 && p[0] === 'human') return 'human';
  if (p[0] !== 'ai' || p.length > 3) return null;
  if (p.length >= 2 && !LEVELS.includes(p[1])) return null;
  if (p.length === 3 && !PERSONALITIES.includes(p[2])) return null;
  return p.join(':');
}

function validOrigin(s) {
  if (s === '*') return '*';
  try {
    const u = new URL(s);
    if ((u.protocol !== 'https:' && u.protocol !== 'http:') || u.origin !== s.replace(/\/$/, '')) {
      return null;
    }
    return u.origin;
  } catch (e) {
    return null;
  }
}

// A seed: 1 .. 2^64-1 as a decimal string. "random" (or nothing) leaves it to the wasm side,
// which draws it from the browser's cryptographic random source: {value: undefined}.
function checkSeed(key, v) {
  const s = String(v).trim();
  if (s === 'random') return { value: undefined };
  if (!/^\d{1,20}$/.test(s) || BigInt(s) < 1n || BigInt(s) > MAX_SEED) {
    return { error: `${key} must be a whole number from 1 to 2^64-1 (or "random"), got "${shown(s)}"` };
  }
  return { value: BigInt(s).toString() };
}

// Validates one key/value pair. Returns {value} or {error}; {unknown: true} for keys that
// are not parameters at all. A value of undefined means "not set".
export function checkKey(key, raw) {
  const v = raw === null || raw === undefined ? '' : raw;
  switch (key) {
    case 'seed':
    case 'playseed':
      return checkSeed(key, v);
    case 'players': {
      const n = parseNumber(v, 2, 4, true);
      return n === null ? { error: `players must be 2, 3 or 4, got "${shown(v)}"` } : { value: n };
    }
    case 'seats': {
      const list = Array.isArray(v) ? v : String(v).split(',');
      if (list.length < 2 || list.length > 4) {
        return { error: `seats must list 2 to 4 seats separated by commas, got ${list.length}` };
      }
      const out = [];
      for (const item of list) {
        const seat = typeof item === 'string' ? validSeat(item) : null;
        if (!seat) {
          return {
            error: `bad seat "${shown(typeof item === 'string' ? item : JSON.stringify(item))}": ` +
              `use human or ai[:level[:personality]] with level ${LEVELS.join('|')} and ` +
              `personality ${PERSONALITIES.join('|')}`,
          };
        }
        out.push(seat);
      }
      return { value: out };
    }
    case 'vp': {
      const n = parseNumber(v, 3, 30, true);
      return n === null ? { error: `vp must be a whole number from 3 to 30, got "${shown(v)}"` } : { value: n };
    }
    case 'timer': {
      const s = String(v).trim().toLowerCase();
      if (s === 'off' || s === 'unlimited' || s === '0') return { value: 0 };
      const n = parseNumber(s, 20, 3600, true);
      return n === null
        ? { error: `timer must be off, unlimited or seconds from 20 to 3600, got "${shown(v)}"` }
        : { value: n };
    }
    case 'speed': {
      const n = parseNumber(v, 0.25, 20, false);
      return n === null ? { error: `speed must be a number from 0.25 to 20, got "${shown(v)}"` } : { value: n };
    }
    case 'think': {
      const n = parseNumber(v, 10, 5000, true);
      return n === null ? { error: `think must be milliseconds from 10 to 5000, got "${shown(v)}"` } : { value: n };
    }
    case 'masterthink': {
      const n = parseNumber(v, 250, 30000, true);
      return n === null
        ? { error: `masterthink must be milliseconds from 250 to 30000, got "${shown(v)}"` }
        : { value: n };
    }
    case 'autoplay':
    case 'muted': {
      const b = parseBool(v);
      return b === null ? { error: `${key} must be true or false, got "${shown(v)}"` } : { value: b };
    }
    case 'origin': {
      const o = validOrigin(String(v).trim());
      return o === null
        ? { error: `origin must be an origin like https://host or http://host:port (or "*"), got "${shown(v)}"` }
        : { value: o };
    }
    default: {
      const options = ENUMS.get(key);
      if (options) {
        const s = String(v).trim().toLowerCase();
        return options.includes(s)
          ? { value: s }
          : { error: `${key} must be one of ${options.join(', ')}, got "${shown(v)}"` };
      }
      return { unknown: true, error: `unknown parameter "${shown(key, 40)}" (known: ${ALL_KEYS.join(', ')})` };
    }
  }
}

// Cross-key checks on an already validated object. Returns a list of errors.
function crossCheck(c) {
  const errors = [];
  if (c.seats && c.players !== undefined && c.players !== c.seats.length) {
    errors.push(`players=${c.players} but seats lists ${c.seats.length} seats`);
  }
  if (c.autoplay && c.seats && c.seats.includes('human')) {
    errors.push('autoplay is an AI-only demo: seats must not include human');
  }
  if (c.vp !== undefined && c.mode && c.mode !== 'custom') {
    if (MODE_VP.get(c.mode) !== c.vp) errors.push(`vp=${c.vp} contradicts mode=${c.mode} (use mode=custom)`);
  }
  return errors;
}

// Parses a query string ("?seed=1&players=3"). Returns {game, page, errors, unknown, present}:
// errors (bad values, duplicates, contradictions) keep a game from starting; unknown lists
// messages about parameters that are not ours, which are ignored. `present` is true when
// any parameter was given.
export function parseQuery(search) {
  const params = new URLSearchParams(search || '');
  const game = dict();
  const page = dict();
  const errors = [];
  const unknown = [];
  const seen = new Set();
  let present = false;
  for (const [key, value] of params) {
    present = true;
    if (!KNOWN.has(key)) {
      if (!seen.has(key)) unknown.push(checkKey(key, value).error);
      seen.add(key);
      continue;
    }
    if (seen.has(key)) {
      errors.push(`parameter "${key}" is given twice`);
      continue;
    }
    seen.add(key);
    if (value.length > 400) {
      errors.push(`parameter "${key}" is too long`);
      continue;
    }
    const r = checkKey(key, value);
    if (r.error) errors.push(r.error);
    else if (PAGE_KEYS.includes(key)) page[key] = r.value;
    else game[key] = r.value; // undefined for seed=random: a game link all the same
  }
  errors.push(...crossCheck(game));
  return { game, page, errors, unknown, present };
}

// Validates a config object from postMessage / window.catan.newGame. Returns {config, errors}.
// Strict: an unknown key is an error (a typo must not silently start another game).
export function parseConfig(obj) {
  const errors = [];
  const config = dict();
  if (obj === undefined || obj === null || typeof obj !== 'object' || Array.isArray(obj)) {
    return { config, errors: ['config must be an object ({} for a default game)'] };
  }
  // A plain object only: a Map, a Date or a class instance has no own keys to read, and
  // would otherwise start a default game. Its prototype is an Object.prototype (of any
  // window, or a structured clone's) or null.
  let keys;
  try {
    const proto = Object.getPrototypeOf(obj);
    if ((proto !== null && Object.getPrototypeOf(proto) !== null) ||
        Object.prototype.toString.call(obj) !== '[object Object]') {
      const tag = Object.prototype.toString.call(obj).slice(8, -1);
      const kind = tag === 'Object' ? 'class instance' : shown(tag, 40);
      return { config, errors: [`config must be a plain object ({} for a default game), not a ${kind}`] };
    }
    keys = Object.keys(obj);
  } catch (e) {
    return { config, errors: ['config must be a plain object'] };
  }
  for (const key of keys) {
    if (!CONFIG_KEYS.includes(key)) {
      errors.push(`unknown config key "${shown(key, 40)}" (known: ${CONFIG_KEYS.join(', ')})`);
      continue;
    }
    const v = obj[key];
    const okType = typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ||
      (key === 'seats' && Array.isArray(v));
    if (!okType) {
      errors.push(`config key "${key}" has a bad type (${Array.isArray(v) ? 'array' : v === null ? 'null' : typeof v})`);
      continue;
    }
    const r = checkKey(key, v);
    if (r.error) errors.push(r.error);
    else if (r.value !== undefined) config[key] = r.value;
  }
  errors.push(...crossCheck(config));
  return { config, errors };
}

// The game keys of a validated config, as a plain object for the wasm side.
export function gameConfig(c) {
  const out = {};
  for (const k of GAME_KEYS) if (hasOwn(c, k) && c[k] !== undefined) out[k] = c[k];
  return out;
}

// The query string reproducing a config (board, options and seats from the board seed).
// The play seed is never written: a link must not reveal the dice and the deck.
export function toQuery(c) {
  const p = new URLSearchParams();
  for (const key of ALL_KEYS) {
    if (PRIVATE_KEYS.has(key) || !hasOwn(c, key) || c[key] === undefined || c[key] === null) continue;
    p.set(key, Array.isArray(c[key]) ? c[key].join(',') : String(c[key]));
  }
  return p.toString();
}
