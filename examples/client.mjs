// A small client of stich's server protocol (docs/protocol.md): a guest
// creates a table with bots, sits down, plays random legal actions until
// the sitting is over and downloads the record. When the server restarts it
// closes the socket with code 4001: the client reconnects after a short random
// pause, joins again from the last event it has and resends its unanswered action.
//   node examples/client.mjs [http://localhost:8080] [schafkopf]
import { randomBytes } from 'node:crypto';
import WebSocket from 'ws';

const base = process.argv[2] ?? 'http://localhost:8080';
const game = process.argv[3] ?? 'schafkopf';

const post = async (path, body, token) => {
  const res = await fetch(base + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${path}: ${json.error?.message}`);
  return json;
};

const { token, user } = await post('/api/guest', { name: 'Example' });
const games = await (await fetch(`${base}/api/games`)).json();
const info = games.games.find((g) => g.id === game);
if (!info) throw new Error(`unknown game ${game}`);
// One open seat for us, the game's default bot at every other seat (seat count of the default rules).
const seats = Array.from({ length: info.seats }, (_, i) => (i === 0 ? 'open' : 'bot'));
const table = await post('/api/tables', { game, seats, length: { deals: 2 }, botDelayMs: 200, public: false }, token);
console.log(`${user.name} at table ${table.id} (${game})`);

// The WebSocket takes no token in its URL (URLs get logged): the token buys a single-use ticket, valid for 30 s,
// a new one for every connection. A server that restarts sends one for the reconnect (`restart`): tried first.
let restartTicket = null;
const wsUrl = async () => {
  const ticket = restartTicket ?? (await post('/api/ticket', {}, token)).ticket;
  restartTicket = null;
  return `${base.replace(/^http/, 'ws')}/ws?ticket=${encodeURIComponent(ticket)}`;
};
const RESTART_CODE = 4001; // the server restarts: reconnect (docs/protocol.md)
let ws;
const send = (m) => {
  if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(m));
};
let last = -1; // the number of the last event we have
let cseq = 0; // our last accepted sequence number
let seat = -1;
let pending = null; // our action not answered yet (sent again after a restart)
let done = false;
let restarting = false; // between a 4001 and the next open socket
let attempt = 0;
const contributions = new Map(); // deal -> our contribution, and the socket it went out on

// Fair deals (docs/fairness.md): a random 32-byte contribution to each deal's shuffle, after its commitment
// (the same one again if the server did not get it before a restart).
const contribute = (deal) => {
  if (seat < 0) return;
  const c = contributions.get(deal) ?? { hex: randomBytes(32).toString('hex'), on: null };
  if (c.on === ws) return;
  contributions.set(deal, { ...c, on: ws });
  send({ type: 'contribute', table: table.id, deal, contribution: c.hex });
};

let now = { toAct: [], legal: [] }; // who the deal waits for and our legal actions, as last heard

const maybeAct = (toAct, legal) => {
  now = { toAct, legal };
  if (pending || !toAct.includes(seat) || legal.length === 0) return;
  const action = legal[Math.floor(Math.random() * legal.length)];
  pending = { type: 'act', table: table.id, cseq: cseq + 1, action };
  send(pending);
};

const onMessage = async (data) => {
  const m = JSON.parse(data.toString());
  switch (m.type) {
    case 'snapshot':
      seat = m.seat;
      if (last < 0) last = m.last; // after a join with `since`, the events after it follow the snapshot
      cseq = Math.max(cseq, m.cseq);
      if (pending && pending.cseq <= cseq) pending = null; // applied before the restart
      if (m.fair?.collecting && !m.fair.contributed) contribute(m.fair.context.deal);
      maybeAct(m.toAct, m.legal);
      break;
    case 'events':
      for (const { e, event } of m.events) {
        if (e !== last + 1) console.warn(`gap: expected ${last + 1}, got ${e}`);
        last = e;
        if (event.type === 'dealStart' && event.fair) contribute(event.deal);
        if (event.type === 'dealEnd') console.log(`deal ${event.deal + 1} over: score ${JSON.stringify(event.outcome.score)}; seed revealed: ${event.fair?.seed ?? 'none'}`);
        if (event.type === 'sittingEnd') {
          done = true;
          const record = await (await fetch(`${base}/api/records/${event.record}`)).json();
          console.log(`sitting over after ${record.deals.length} deals; record ${event.record}`);
          ws.close();
          return;
        }
      }
      if (seat < 0) send({ type: 'join', table: table.id, since: last }); // learn our seat once seated
      maybeAct(m.toAct, m.legal);
      break;
    case 'status':
      maybeAct(m.toAct, m.legal);
      break;
    case 'ok':
      if (m.cseq > 0) {
        cseq = Math.max(cseq, m.cseq);
        pending = null;
        // The news may have come before the answer: act on it now.
        maybeAct(now.toAct, now.legal);
      }
      break;
    case 'restart':
      restartTicket = m.ticket;
      break;
    case 'error':
      console.warn(`refused: ${m.code}: ${m.message}`);
      if (m.cseq) pending = null;
      break;
  }
};

const connect = async () => {
  let url;
  try {
    url = await wsUrl();
  } catch {
    // The server is not back yet: try again shortly.
    if (restarting && attempt < 60) setTimeout(connect, Math.min(2000, 100 * 2 ** attempt++));
    else {
      console.error('could not get a ticket for the WebSocket');
      process.exitCode = 1;
    }
    return;
  }
  ws = new WebSocket(url);
  ws.on('open', () => {
    attempt = 0;
    if (restarting) {
      restarting = false;
      console.log('reconnected');
      send({ type: 'join', table: table.id, since: last });
      if (pending) send(pending);
    } else {
      send({ type: 'join', table: table.id });
      send({ type: 'sit', table: table.id, seat: 0 });
    }
  });
  ws.on('message', onMessage);
  ws.on('error', () => {}); // a refused connection while the server restarts: 'close' follows
  ws.on('close', (code) => {
    if (done) return;
    if (code === RESTART_CODE) {
      restarting = true;
      const pause = 50 + Math.random() * 250;
      console.log(`the server restarts: reconnecting in ${Math.round(pause)} ms`);
      setTimeout(connect, pause);
    } else if (restarting && attempt < 60) {
      setTimeout(connect, Math.min(2000, 100 * 2 ** attempt++)); // not back yet
    } else {
      console.error(`connection closed (${code})`);
      process.exitCode = 1;
    }
  });
};
connect();
