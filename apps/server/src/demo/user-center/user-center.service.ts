import { interpolate, type Locale } from '@atrium/contracts';
import type { Activity, Project, ProjectAndTeam, Team, Visit } from '@atrium/contracts/demo/user-center/calls';
import type { Db } from '../../db/client.ts';
import { pickText } from '../../db/localized.ts';
import { countsOf, latestActivitiesOf, projectsOf, teamsOf, visitsOf } from './user-center.repository.ts';

export async function myProjects(db: Db, userId: number, locale: Locale): Promise<Project[]> {
  return (await projectsOf(db, userId)).map((p) => ({
    id: p.id,
    name: pickText(p.name, locale),
    description: pickText(p.description, locale),
    peopleNumber: p.peopleNumber,
    contributors: p.contributors.map((c) => ({ ...c, name: typeof c.name === 'string' ? c.name : pickText(c.name, locale) })),
  }));
}

export async function latestActivity(db: Db, userId: number, locale: Locale): Promise<Activity[]> {
  return (await latestActivitiesOf(db, userId)).map((a) => ({ id: a.id, title: pickText(a.title, locale), description: pickText(a.description, locale), avatar: a.avatar }));
}

export async function myTeams(db: Db, userId: number, locale: Locale): Promise<Team[]> {
  return (await teamsOf(db, userId)).map((t) => ({ id: t.id, avatar: t.avatar, name: pickText(t.name, locale), peopleNumber: t.peopleNumber }));
}

export async function myVisits(db: Db, userId: number, locale: Locale): Promise<Visit[]> {
  return (await visitsOf(db, userId)).map((v) => ({ name: pickText(v.name, locale), visits: v.visits, growth: v.growth }));
}

const summaryTexts: Record<Locale, string[]> = {
  'zh-CN': ['我的项目 {n} 个', '我的团队 {n} 个', '团队成员 {n} 人', '最新动态 {n} 条'],
  'en-US': ['{n} projects', '{n} teams', '{n} team members', '{n} activities'],
};

/** A summary of the caller's projects and teams (kept for outside clients; no page shows it). */
export async function projectAndTeam(db: Db, userId: number, locale: Locale): Promise<ProjectAndTeam[]> {
  const c = await countsOf(db, userId);
  return [c.projects, c.teams, c.members, c.activities].map((n, i) => ({ id: i + 1, content: interpolate(summaryTexts[locale][i]!, { n }) }));
}
