import { describe, expect, it } from 'vitest';
import { shuffleDeck } from '../cards/deck.js';
import { SeededRng } from '../core/rng.js';
import { randomAgent, type Agent } from '../games/agent.js';
import type { SchafkopfTypes } from '../games/schafkopf/game.js';
import { schafkopfModule } from '../games/schafkopf/module.js';
import { rulesOf } from '../games/schafkopf/testing.js';
import { playDeal, UndoRequest } from './play.js';

/** The undo of the sitting loop (issue 24: the terminal's `undo` against bots). */
describe('playDeal: an agent takes back its last choice', () => {
  it('goes back to the state before the seat\'s last decision with a choice, drops the later actions, and the deal ends as a deal does', async () => {
    const rules = rulesOf();
    const game = schafkopfModule.game;
    let undos = 0;
    for (let seed = 1; seed <= 20; seed++) {
      const deck = shuffleDeck(game.pack(rules), new SeededRng(`undo-${seed}`));
      const asked: { legal: number; undo: boolean }[] = [];
      let undone = false;
      const rewinds: number[] = [];
      // Seat 0 undoes once, at its first decision after two with a choice; always takes its first legal action.
      const person: Agent<SchafkopfTypes> = {
        name: 'You',
        kind: 'human',
        choose(_view, legal, seat) {
          const choices = asked.filter((a) => a.legal > 1).length;
          const undo = !undone && choices >= 2;
          asked.push({ legal: legal.length, undo });
          if (undo) {
            undone = true;
            throw new UndoRequest(seat);
          }
          return legal[0];
        },
      };
      const bots = [1, 2, 3].map((i) => randomAgent<SchafkopfTypes>(new SeededRng(`${seed}/${i}`)));
      const result = await playDeal(schafkopfModule, rules, { dealer: 3, deck, carry: { stock: 0, bock: 0 } }, [person, ...bots], {
        onRewind: (_state, actions) => {
          rewinds.push(actions);
        },
      });
      if (!undone) continue;
      undos++;
      expect(rewinds).toHaveLength(1);
      // The actions that stand replay to the same outcome: nothing of the undone branch is left.
      let state = game.setup(rules, { dealer: 3, deck, carry: { stock: 0, bock: 0 } });
      for (const [k, [seat, text]] of result.actions.entries()) {
        if (k === rewinds[0] && state.ok) expect(game.legal(state.value, 0).length).toBeGreaterThan(1);
        expect(state.ok).toBe(true);
        const action = game.parseAction(rules, text);
        expect(action.ok).toBe(true);
        if (!state.ok || !action.ok) return;
        state = game.apply(state.value, seat, action.value);
      }
      expect(state.ok && game.outcome(state.value)).toEqual(result.outcome);
      // The rewind went to seat 0's last decision with more than one legal action.
      const firstRewound = result.actions[rewinds[0]];
      expect(firstRewound[0]).toBe(0);
    }
    expect(undos).toBeGreaterThan(10);
  });
});
