import { asc, count, desc, eq, sql } from 'drizzle-orm';
import { LATEST_ACTIVITY_MAX } from '@atrium/contracts/demo/user-center/calls';
import type { Db } from '../../db/client.ts';
import { activities, projects, teams, visits } from './schema.ts';

export function projectsOf(db: Db, userId: number) {
  return db.select().from(projects).where(eq(projects.userId, userId)).orderBy(asc(projects.position), asc(projects.id));
}

export function teamsOf(db: Db, userId: number) {
  return db.select().from(teams).where(eq(teams.userId, userId)).orderBy(asc(teams.position), asc(teams.id));
}

export function latestActivitiesOf(db: Db, userId: number) {
  return db.select().from(activities).where(eq(activities.userId, userId)).orderBy(desc(activities.createdAt), desc(activities.id)).limit(LATEST_ACTIVITY_MAX);
}

export function visitsOf(db: Db, userId: number) {
  return db.select().from(visits).where(eq(visits.userId, userId)).orderBy(asc(visits.position), asc(visits.id));
}

export async function countsOf(db: Db, userId: number): Promise<{ projects: number; teams: number; members: number; activities: number }> {
  const [[p], [t], [a]] = await Promise.all([
    db.select({ n: count() }).from(projects).where(eq(projects.userId, userId)),
    db.select({ n: count(), members: sql<string | number | null>`sum(${teams.peopleNumber})` }).from(teams).where(eq(teams.userId, userId)),
    db.select({ n: count() }).from(activities).where(eq(activities.userId, userId)),
  ]);
  return { projects: Number(p?.n ?? 0), teams: Number(t?.n ?? 0), members: Number(t?.members ?? 0), activities: Number(a?.n ?? 0) };
}
