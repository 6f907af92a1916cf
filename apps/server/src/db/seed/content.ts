// The core's content seeded after the accounts exist (a certification record; the message box's samples are
// the demo's, demo/accounts/messages.ts). Called once by the seed orchestrator on an empty database outside
// production; the slices' seeds follow it (src/slice.ts). Times are relative to the moment of seeding.
import { eq } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { users } from '../schema/auth.ts';
import { certifications } from '../schema/content.ts';

const DAY = 86_400_000;

export async function seedContent(db: Db, ids: { adminId: number; userId: number }, now: Date): Promise<void> {
  const at = (msAgo: number) => new Date(now.getTime() - msAgo);
  await seedCertification(db, ids.adminId, at);
}

async function seedCertification(db: Db, adminId: number, at: (ms: number) => Date) {
  const application = {
    enterpriseName: '北京示例科技有限公司',
    enterpriseCertificateType: 'businessLicense' as const,
    organizationCode: '91110000600037341L',
    legalPerson: '李明',
    certificateType: 'idCard' as const,
    authenticationNumber: '11010519491231002X',
  };
  await db.insert(certifications).values([
    { userId: adminId, status: 2, ...application, enterpriseName: '北京示例网络有限公司', createdAt: at(40 * DAY), decidedAt: at(39 * DAY) },
    { userId: adminId, status: 1, ...application, createdAt: at(30 * DAY), decidedAt: at(28 * DAY) },
  ]);
  await db.update(users).set({ certification: 1 }).where(eq(users.id, adminId));
}
