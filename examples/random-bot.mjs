#!/usr/bin/env node
// A bot for stich's bot protocol (docs/bot-protocol.md): reads one JSON
// message per line on standard input and answers every "decide" with one
// of the legal actions, chosen at random, as one JSON line on standard output.
import { createInterface } from 'node:readline';

const lines = createInterface({ input: process.stdin });
for await (const line of lines) {
  const message = JSON.parse(line);
  if (message.type === 'hello') {
    // message.game, message.rules, message.seats, message.timeMs: once at the start.
  } else if (message.type === 'decide') {
    // message.seat, message.view (what this seat may know), message.legal (actions in the game's notation), message.timeMs.
    const action = message.legal[Math.floor(Math.random() * message.legal.length)];
    process.stdout.write(JSON.stringify({ id: message.id, action }) + '\n');
  } else if (message.type === 'bye') {
    break;
  }
  // "events" messages narrate the deal as the seat sees it; this bot ignores them.
}
