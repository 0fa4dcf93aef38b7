import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/**
 * One log line per request, written once it has been answered: the request (method, URL, address), the status and
 * the time it took. Fastify's default writes a second line when the request arrives, before its handler runs: the
 * same information, in the path of every answer.
 */
export class RequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    if (error) {
      reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    } else {
      reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
    }
  }
}
