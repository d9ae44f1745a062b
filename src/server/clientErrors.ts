import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { isStoreError } from './store/store.js';

/**
 * A client's mistakes are not the server's errors: a malformed body, a frame over the size limit, a socket that
 * breaks off are logged at info level without a stack trace, so that no client can fill the error log
 * (docs/security.md). Only the server's own faults (5xx, a handler that throws) are logged as errors.
 */
export function clientErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req: FastifyRequest, reply: FastifyReply) => {
    // A fault of the request that only the store noticed (a NUL character in a path, …) is the client's, not a 500.
    if (isStoreError(err, 'badInput')) {
      req.log.info({ why: err.message }, 'refused a request');
      return reply.code(400).send({ error: { code: 'badMessage', message: err.message } });
    }
    const status = err.statusCode !== undefined && err.statusCode >= 400 ? err.statusCode : 500;
    if (status < 500) {
      req.log.info({ code: err.code, status, why: err.message }, 'refused a request');
      return reply.code(status).send({ error: { code: status === 413 ? 'tooLarge' : 'badMessage', message: err.message } });
    }
    req.log.error({ err }, 'request failed');
    return reply.code(status).send({ error: { code: 'internal', message: 'the server could not handle that request' } });
  });
}

/** Errors of a WebSocket (@fastify/websocket's errorHandler): the client's (ws's own codes, a reset) at info; the rest as errors. */
export function socketErrorHandler(this: FastifyInstance, err: Error & { code?: string }, socket: WebSocket, req: FastifyRequest): void {
  const fromClient = (err.code ?? '').startsWith('WS_ERR_') || ['ECONNRESET', 'EPIPE', 'ETIMEDOUT'].includes(err.code ?? '');
  if (fromClient) req.log.info({ code: err.code, why: err.message }, 'closed a socket after a protocol error');
  else req.log.error({ err }, 'socket handler failed');
  socket.terminate();
}
