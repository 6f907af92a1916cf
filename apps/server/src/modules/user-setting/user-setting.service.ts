import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Locale, UserInfo } from '@atrium/contracts';
import {
  AVATAR_MAX_BYTES,
  type Certification,
  type CertificationApply,
  type CertificationRecord,
  type SaveInfo,
} from '@atrium/contracts/calls/user-setting';
import type { Db } from '../../db/client.ts';
import type { SessionInfo } from '../../http/context.ts';
import { diffFields, type AuditDraft } from '../../audit/audit-entry.ts';
import { AppError, fieldError } from '../../http/errors.ts';
import type { MultipartBody } from '../../http/multipart.ts';
import { changeUser } from '../shared/users.repository.ts';
import { getUserInfo } from '../user/user.service.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { areaName } from '../shared/area.ts';
import { checkImage, UPLOAD_NAME_PATTERN, UPLOADS_URL_PREFIX } from './avatar.ts';
import { discardUpload, storeUpload } from './upload-store.ts';
import {
  certificationsOf,
  emailTakenByOther,
  findOwnCertification,
  insertCertification,
  pendingCertification,
  replaceAvatar,
  withdrawCertification,
  type CertificationRow,
} from './user-setting.repository.ts';

/** Saves the user setting's 基础信息 (basic information): nickname -> name, profile -> introduction, area -> locationName. */
export async function saveInfo(db: Db, session: SessionInfo, body: SaveInfo, locale: Locale, audit: AuditDraft): Promise<UserInfo> {
  const locationName = areaName(body.area);
  if (locationName === undefined) throw fieldError('area', 'userSetting.form.error.area.invalid');
  if (await emailTakenByOther(db, body.email, session.userId)) throw fieldError('email', 'userSetting.form.error.email.taken');
  try {
    const rows = await changeUser(db, session.userId, {
      email: body.email,
      name: body.nickname,
      countryRegion: body.countryRegion,
      area: body.area,
      locationName,
      address: body.address,
      introduction: body.profile,
    });
    if (!rows) throw new AppError('SESSION_EXPIRED');
    audit.set({ changes: diffFields(rows.before, rows.after, ['email', 'name', 'countryRegion', 'area', 'locationName', 'address', 'introduction']) });
  } catch (err) {
    // The unique index caught an account that took the address between the check and the write.
    if (isUniqueViolation(err)) throw fieldError('email', 'userSetting.form.error.email.taken');
    throw err;
  }
  return getUserInfo(db, session, locale);
}

/**
 * Stores an avatar under `<uploadsDir>/<uuid>.<ext>` and makes it the caller's avatar. The type comes from
 * the file's leading bytes only (the client's file name and declared type are ignored) and its
 * dimensions from its header, both checked before anything is written. Either the file is stored and
 * the avatar points to it, or neither: a storage failure answers UNAVAILABLE and a failed database
 * update removes the new file again. The replaced upload is removed only once nothing refers to it.
 */
export async function uploadAvatar(
  db: Db,
  session: SessionInfo,
  uploadsDir: string,
  body: MultipartBody,
  audit: AuditDraft,
  log?: FastifyBaseLogger,
): Promise<{ url: string }> {
  const file = body.files.find((f) => f.field === 'file');
  if (!file || file.data.length === 0) throw fieldError('file', 'userSetting.avatar.required');
  if (file.data.length > AVATAR_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', { message: 'userSetting.avatar.size' });
  const image = checkImage(file.data);
  if (!image.ok && image.reason === 'type') throw new AppError('UNSUPPORTED_MEDIA_TYPE', { message: 'userSetting.avatar.type' });
  if (!image.ok) {
    throw new AppError('VALIDATION_FAILED', { message: 'userSetting.avatar.dimensions', details: [{ path: 'file', message: 'userSetting.avatar.dimensions' }] });
  }

  const name = `${randomUUID()}.${image.ext}`;
  await storeUpload(uploadsDir, name, file.data);
  const url = `${UPLOADS_URL_PREFIX}${name}`;
  let previous: string | undefined;
  try {
    previous = await replaceAvatar(db, session.userId, url);
    audit.set({ changes: [{ field: 'avatar', before: previous ?? null, after: url }] });
  } catch (err) {
    await discardUpload(uploadsDir, name, log);
    throw err;
  }
  // The replaced upload is no longer referenced by anyone: remove it (seeded or external avatars stay).
  const previousName = previous?.startsWith(UPLOADS_URL_PREFIX) ? previous.slice(UPLOADS_URL_PREFIX.length) : undefined;
  if (previousName && UPLOAD_NAME_PATTERN.test(previousName)) await discardUpload(uploadsDir, previousName, log);
  return { url };
}

/** Identity numbers never leave the server in full. */
function maskMiddle(value: string, keepStart: number, keepEnd: number): string {
  if (value.length <= keepStart + keepEnd) return '*'.repeat(value.length);
  return `${value.slice(0, keepStart)}${'*'.repeat(value.length - keepStart - keepEnd)}${value.slice(value.length - keepEnd)}`;
}
const maskName = (name: string) => (name.length <= 1 ? '*' : `${name.slice(0, 1)}${'*'.repeat(Math.max(2, name.length - 1))}`);

function detailOf(row: CertificationRow): CertificationRecord['detail'] {
  return {
    enterpriseName: row.enterpriseName,
    enterpriseCertificateType: row.enterpriseCertificateType,
    organizationCode: maskMiddle(row.organizationCode, 4, 4),
    legalPerson: maskName(row.legalPerson),
    certificateType: row.certificateType,
    authenticationNumber: maskMiddle(row.authenticationNumber, 3, 4),
  };
}

function toRecord(row: CertificationRow): CertificationRecord {
  return {
    id: row.id,
    certificationType: 'enterprise',
    certificationContent: row.enterpriseName,
    status: row.status === 1 ? 1 : row.status === 2 ? 2 : 0,
    time: row.createdAt.toISOString(),
    detail: detailOf(row),
  };
}

export async function certificationOf(db: Db, userId: number): Promise<Certification> {
  const rows = await certificationsOf(db, userId);
  // The enterprise panel shows the newest approved application; approval happens outside this console.
  const approved = rows.find((r) => r.status === 1);
  const detail = approved ? detailOf(approved) : undefined;
  return {
    enterpriseInfo:
      approved && detail
        ? { accountType: 'enterprise', status: 1, time: (approved.decidedAt ?? approved.createdAt).toISOString(), ...detail }
        : null,
    record: rows.map(toRecord),
  };
}

const pendingConflict = () => new AppError('CONFLICT', { message: 'userSetting.certification.apply.pending' });

export async function applyCertification(db: Db, userId: number, body: CertificationApply, now: Date, audit: AuditDraft): Promise<CertificationRecord> {
  return db.transaction(async (tx) => {
    if (await pendingCertification(tx, userId)) throw pendingConflict();
    try {
      const row = await insertCertification(tx, userId, { ...body, authenticationNumber: body.authenticationNumber.toUpperCase() }, now);
      // As the console shows it: identity numbers masked, in the trail too.
      const shown = { status: row.status, ...detailOf(row) };
      audit.set({ targetType: 'certification', targetId: row.id, changes: diffFields<typeof shown>(null, shown) });
      return toRecord(row);
    } catch (err) {
      // A concurrent application won the race: the partial unique index allows one under review.
      if (isUniqueViolation(err)) throw pendingConflict();
      throw err;
    }
  });
}

export async function withdraw(db: Db, userId: number, id: number, now: Date, audit: AuditDraft): Promise<CertificationRecord> {
  const own = await findOwnCertification(db, userId, id);
  if (!own) throw new AppError('NOT_FOUND');
  const row = await withdrawCertification(db, userId, id, now);
  if (!row) throw new AppError('CONFLICT', { message: 'userSetting.certification.error.notPending' });
  audit.set({ targetType: 'certification', targetId: row.id, changes: diffFields(own, row, ['status']) });
  return toRecord(row);
}
