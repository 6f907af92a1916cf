import { appendFile, mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';

/** Delivers SMS codes. A real gateway implements this interface; the development one writes a file. */
export interface SmsProvider {
  send(tel: string, code: string, sentAt: Date): Promise<void>;
}

/**
 * Development provider: appends `{"tel","code","sentAt"}` as one JSON line to the outbox file
 * (SMS_OUTBOX), where developers and browser tests read it. The log says a message went there, never the
 * code: a code signs in like a password.
 */
export function devSmsProvider(outbox: string, log: Pick<FastifyBaseLogger, 'info'>): SmsProvider {
  let dirReady: Promise<unknown> | undefined;
  return {
    async send(tel, code, sentAt) {
      dirReady ??= mkdir(dirname(outbox), { recursive: true });
      await dirReady;
      await appendFile(outbox, `${JSON.stringify({ tel, code, sentAt: sentAt.toISOString() })}\n`, 'utf8');
      log.info({ tel, outbox }, 'SMS code written to the outbox (development provider)');
    },
  };
}
