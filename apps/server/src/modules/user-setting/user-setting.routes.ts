import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { userSettingCalls } from '@atrium/contracts/calls/user-setting';
import { AppError } from '../../http/errors.ts';
import { parseMultipart } from '../../http/multipart.ts';
import { registerCall } from '../../http/register-call.ts';
import { imageMime, UPLOAD_NAME_PATTERN, type ImageExt } from './avatar.ts';
import { sweepStaleTempFiles } from './upload-store.ts';
import { applyCertification, certificationOf, saveInfo, uploadAvatar, withdraw } from './user-setting.service.ts';

/** A temporary upload file older than this was left by a process that stopped while writing it. */
const STALE_TEMP_MS = 60 * 60 * 1000;

export function registerUserSettingRoutes(app: FastifyInstance): void {
  registerCall(app, userSettingCalls.saveInfo, ({ db, session, body, locale, audit }) => saveInfo(db, session, body, locale, audit));
  registerCall(app, userSettingCalls.upload, ({ db, session, req, config, audit }) =>
    uploadAvatar(db, session, config.uploadsDir, parseMultipart(req), audit, req.log),
  );
  registerCall(app, userSettingCalls.certification, ({ db, session }) => certificationOf(db, session.userId));
  registerCall(app, userSettingCalls.certificationApply, ({ db, session, body, now, audit }) => applyCertification(db, session.userId, body, now(), audit));
  registerCall(app, userSettingCalls.certificationWithdraw, ({ db, session, params, now, audit }) => withdraw(db, session.userId, params.id, now(), audit));

  app.addHook('onReady', async () => {
    const removed = await sweepStaleTempFiles(app.config.uploadsDir, STALE_TEMP_MS).catch((err: unknown) => {
      app.log.warn({ err }, 'could not sweep the uploads folder');
      return 0;
    });
    if (removed > 0) app.log.info({ removed }, 'removed unfinished uploads');
  });

  // Uploaded avatars: static files under names the server chose (a UUID), so they never change and can
  // be cached for a year; anything else is not found (no path can escape the uploads folder).
  app.get<{ Params: { file: string } }>('/uploads/:file', async (req, reply) => {
    const name = req.params.file;
    if (!UPLOAD_NAME_PATTERN.test(name)) throw new AppError('NOT_FOUND');
    const path = join(app.config.uploadsDir, name);
    const info = await stat(path).catch(() => undefined);
    if (!info?.isFile()) throw new AppError('NOT_FOUND');
    const ext = name.slice(name.lastIndexOf('.') + 1) as ImageExt;
    return reply
      .header('Content-Type', imageMime[ext])
      .header('Content-Length', String(info.size))
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .send(createReadStream(path));
  });
}
