// Pings the server over WebSockets from a process of its own, so that a load generator in the test's process does
// not delay the measurement: one socket per token, a ping every `every` ms for `ms` ms, one after another per socket.
// Usage: node floodPinger.mjs URL MS EVERY TOKEN... ; prints the round trips in ms as JSON: {"quiet": [...], "busy": [...]}
// It measures twice: `ms` ms at once ("quiet"), then, after a line on standard input, `ms` ms again ("busy").
import WebSocket from 'ws';

const [url, ms, every, ...tokens] = process.argv.slice(2);
const sockets = await Promise.all(
  tokens.map(
    (t) =>
      new Promise(async (resolve, reject) => {
        // A token buys a single-use ticket for the socket (docs/protocol.md): no token goes in a URL.
        const res = await fetch(`${url}/api/ticket`, { method: 'POST', headers: { authorization: `Bearer ${t}` } });
        if (!res.ok) return reject(new Error(`/api/ticket: ${res.status}`));
        const { ticket } = await res.json();
        const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/ws?ticket=${encodeURIComponent(ticket)}`);
        ws.once('open', () => resolve(ws));
        ws.once('error', reject);
      }),
  ),
);

async function run(duration) {
  const start = performance.now();
  const all = await Promise.all(
    sockets.map(async (ws) => {
      const out = [];
      for (const end = Date.now() + duration; Date.now() < end; ) {
        const t0 = performance.now();
        await new Promise((resolve) => {
          const on = (data) => {
            if (JSON.parse(data.toString()).type !== 'pong') return;
            ws.off('message', on);
            resolve();
          };
          ws.on('message', on);
          ws.send('{"type":"ping"}');
        });
        out.push(performance.now() - t0);
        if (process.env.STICH_FLOOD_TRACE && performance.now() - t0 > 40) process.stderr.write(`slow ping at ${Math.round(t0 - start)} ms: ${Math.round(performance.now() - t0)} ms\n`);
        await new Promise((r) => setTimeout(r, Number(every)));
      }
      return out;
    }),
  );
  return all.flat();
}

const go = new Promise((r) => process.stdin.once('data', r));
process.stdout.write('ready\n');
const quiet = await run(Number(ms));
process.stdout.write('quiet done\n');
await go;
const busy = await run(Number(ms));
process.stdout.write(`${JSON.stringify({ quiet, busy })}\n`);
for (const ws of sockets) ws.close();
process.exit(0);
