// A small client of stich's server protocol (docs/protocol.md): a guest
// creates a table with bots, sits down, plays random legal actions until
// the sitting is over and downloads the record.
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

// The WebSocket takes no token in its URL (URLs get logged): the token buys a single-use ticket, valid for 30 s.
const { ticket } = await post('/api/ticket', {}, token);
const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/ws?ticket=${encodeURIComponent(ticket)}`);
const send = (m) => ws.send(JSON.stringify(m));
let last = -1; // the number of the last event we have
let cseq = 0; // our last accepted sequence number
let seat = -1;
let pending = false;
const contributed = new Set(); // the deals we sent our contribution to

// Fair deals (docs/fairness.md): a random 32-byte contribution to each deal's shuffle, after its commitment.
const contribute = (deal) => {
  if (seat < 0 || contributed.has(deal)) return;
  contributed.add(deal);
  send({ type: 'contribute', table: table.id, deal, contribution: randomBytes(32).toString('hex') });
};

let now = { toAct: [], legal: [] }; // who the deal waits for and our legal actions, as last heard

const maybeAct = (toAct, legal) => {
  now = { toAct, legal };
  if (pending || !toAct.includes(seat) || legal.length === 0) return;
  pending = true;
  const action = legal[Math.floor(Math.random() * legal.length)];
  send({ type: 'act', table: table.id, cseq: cseq + 1, action });
};

ws.on('open', () => {
  send({ type: 'join', table: table.id });
  send({ type: 'sit', table: table.id, seat: 0 });
});
ws.on('message', async (data) => {
  const m = JSON.parse(data.toString());
  switch (m.type) {
    case 'snapshot':
      seat = m.seat;
      last = Math.max(last, m.last);
      cseq = m.cseq;
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
        cseq = m.cseq;
        pending = false;
        // The news may have come before the answer: act on it now.
        maybeAct(now.toAct, now.legal);
      }
      break;
    case 'error':
      console.warn(`refused: ${m.code}: ${m.message}`);
      if (m.cseq) pending = false;
      break;
  }
});
