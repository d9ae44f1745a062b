import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { BotPool } from './botPool.js';
import type { Limits } from './limits.js';
import type { Store } from './store/store.js';

/**
 * The version of the analyses kept: one of another version is computed afresh. 2: the format of RecordAnalysis.version 2
 * (the side's points less the other side's); 3: the same format, the Rufer's cards still face down valued alike; 4: the
 * same format, bids valued from the own view as the strong bot values them (Bauernschnapsen: the card play after a
 * bid solved, which had graded bids the hint advised as blunders), with a Ramsch's standings after each trick
 * (`DealAnalysis.standings`) and Schnapsen games named with their value: an analysis of 3 is computed afresh when
 * asked for. The format reads alike (the standings are optional), so one kept without them still shows.
 */
export const ANALYSIS_VERSION = 4;

export interface AnalysisRoutesOptions {
  readonly store: Store;
  readonly bots: BotPool;
  readonly limits: Pick<Limits, 'analysesAtOnce' | 'analysesPerAddress' | 'analysisMaxDeals' | 'analysisVerdictsKept'>;
}

type Job =
  | { readonly state: 'computing'; readonly since: number; readonly address: string }
  | { readonly state: 'failed'; readonly message: string }
  /** A sitting of more deals than `analysisMaxDeals`: refused again without reading its record (up to 1,000 deals, 0.9 MB) anew. */
  | { readonly state: 'tooLong'; readonly deals: number };

/**
 * `GET /api/records/:id/analysis` (issue 22): the analysis of a finished
 * sitting, every decision of every deal valued (src/search/analysis.ts).
 * The first request starts it in a bot worker at low priority and answers
 * 202 (with Retry-After) while it is computed; once done it is kept in the
 * store and served from there (200), the same for everyone. A record that
 * cannot be analysed answers 422 with the reason, an unknown one 404. A
 * store without analyses (optional methods) keeps the result in memory.
 *
 * Anyone may ask (no session is needed), for any record, so what is computed at once is bounded
 * (docs/security.md): `limits.analysesAtOnce` analyses computing or waiting in the process, and
 * `limits.analysesPerAddress` of them started by one client address; past either a new analysis is refused
 * (503 `busy`, 429 `tooManyAnalyses`, both with Retry-After) and nothing is started. Asking again for an analysis
 * being computed costs nothing and counts nowhere.
 */
export const analysisRoutes: FastifyPluginAsync<AnalysisRoutesOptions> = async (app, { store, bots, limits }) => {
  const jobs = new Map<string, Job>();
  const memory = new Map<string, string>();
  /** Analyses computing or waiting, per client address that started them. */
  const running = new Map<string, number>();
  let computing = 0;
  /** Refusals of analyses (`failed`, `tooLong`) kept beside the jobs computing, at most `limits.analysisVerdictsKept`: the oldest is forgotten first (asked again, it is found anew). */
  let verdicts = 0;
  const verdict = (id: string, job: Exclude<Job, { state: 'computing' }>): void => {
    const was = jobs.get(id);
    if (was && was.state !== 'computing') verdicts--;
    jobs.delete(id);
    jobs.set(id, job);
    verdicts++;
    for (const [old, j] of jobs) {
      if (verdicts <= limits.analysisVerdictsKept) break;
      if (j.state === 'computing') continue;
      jobs.delete(old);
      verdicts--;
    }
  };
  const finished = (address: string): void => {
    computing--;
    const n = (running.get(address) ?? 1) - 1;
    if (n > 0) running.set(address, n);
    else running.delete(address);
  };

  const stored = async (id: string): Promise<string | undefined> => (store.analysis ? store.analysis(id, ANALYSIS_VERSION) : memory.get(id));

  const start = (id: string, record: unknown, address: string): void => {
    jobs.set(id, { state: 'computing', since: Date.now(), address });
    computing++;
    running.set(address, (running.get(address) ?? 0) + 1);
    void bots.analyze(record, `analysis/${id}`).then(async (reply) => {
      finished(address);
      if (!reply.ok) {
        verdict(id, { state: 'failed', message: reply.message });
        return;
      }
      try {
        if (store.saveAnalysis) await store.saveAnalysis(id, ANALYSIS_VERSION, reply.analysis);
        else memory.set(id, reply.analysis);
        jobs.delete(id);
        app.log.info({ record: id, ms: Math.round(reply.ms) }, 'record analysed');
      } catch (e) {
        verdict(id, { state: 'failed', message: e instanceof Error ? e.message : String(e) });
      }
    });
  };

  const tooLong = (reply: FastifyReply, deals: number) =>
    reply.code(422).send({
      error: { code: 'noAnalysis', message: `the sitting has ${deals} deals; the server analyses sittings of at most ${limits.analysisMaxDeals} (stich analyze analyses any record on your own machine)`, params: { max: limits.analysisMaxDeals } },
    });
  /** The refusal of a new analysis now (the process's places, then the address's), or undefined when it may start. */
  const refusal = (reply: FastifyReply, address: string) => {
    if (computing >= limits.analysesAtOnce) {
      return reply.code(503).header('retry-after', '10').send({ error: { code: 'busy', message: `the server is computing ${limits.analysesAtOnce} analyses already; ask again in a little while`, params: { max: limits.analysesAtOnce, wait: 10 } } });
    }
    if ((running.get(address) ?? 0) >= limits.analysesPerAddress) {
      return reply.code(429).header('retry-after', '10').send({ error: { code: 'tooManyAnalyses', message: `at most ${limits.analysesPerAddress} analyses at once from one address; ask again when one is done`, params: { max: limits.analysesPerAddress, wait: 10 } } });
    }
    return undefined;
  };

  app.get('/api/records/:id/analysis', async (req, reply) => {
    const id = (req.params as { id: string }).id;
    if (id.length === 0 || id.length > 100) return reply.code(404).send({ error: { code: 'unknownRecord', message: 'no such record' } });
    const done = await stored(id);
    if (done !== undefined) return reply.header('content-type', 'application/json; charset=utf-8').send(done);
    const job = jobs.get(id);
    if (job?.state === 'failed') return reply.code(422).send({ error: { code: 'noAnalysis', message: `the record cannot be analysed: ${job.message}` } });
    if (job?.state === 'tooLong') return tooLong(reply, job.deals);
    if (!job) {
      const r = await store.record(id);
      if (!r) return reply.code(404).send({ error: { code: 'unknownRecord', message: 'no such record' } });
      // A sitting of more deals than the server analyses would hold a worker for as long as it lasts (30–60 min for 1,000).
      const deals = (r.record as { deals?: unknown }).deals;
      if (Array.isArray(deals) && deals.length > limits.analysisMaxDeals) {
        // Remembered: reading and parsing a record of up to 1,000 deals took the event loop 15 ms, and a client that
        // asked again and again made the process do it for nothing (another player's ping 58 ms at p50 instead of 1).
        verdict(id, { state: 'tooLong', deals: deals.length });
        return tooLong(reply, deals.length);
      }
      // Checked after the lookup (which waits for the store), so that requests at the same moment cannot slip past together.
      if (jobs.get(id) === undefined) {
        const late = refusal(reply, req.ip);
        if (late) return late;
        start(id, r.record, req.ip);
      }
    }
    const since = (jobs.get(id) as { since?: number } | undefined)?.since ?? Date.now();
    return reply.code(202).header('retry-after', '2').send({ status: 'computing', record: id, seconds: Math.round((Date.now() - since) / 1000) });
  });
};
