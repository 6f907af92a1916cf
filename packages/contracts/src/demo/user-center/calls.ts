import * as z from '../../zod.ts';
import { defineCall } from '../../call.ts';

/** User centre lists (用户信息 page), per signed-in user; seeded texts in the caller's language. */
const contributorSchema = z.object({ name: z.string(), email: z.string(), avatar: z.string() });
const projectSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  peopleNumber: z.number().int(),
  contributors: z.array(contributorSchema),
});
export type Project = z.infer<typeof projectSchema>;

export const LATEST_ACTIVITY_MAX = 50;
const activitySchema = z.object({ id: z.number().int(), title: z.string(), description: z.string(), avatar: z.string() });
export type Activity = z.infer<typeof activitySchema>;

const visitSchema = z.object({ name: z.string(), visits: z.number().int(), growth: z.number() });
export type Visit = z.infer<typeof visitSchema>;

const projectAndTeamSchema = z.object({ id: z.number().int(), content: z.string() });
export type ProjectAndTeam = z.infer<typeof projectAndTeamSchema>;

const teamSchema = z.object({ id: z.number().int(), avatar: z.string(), name: z.string(), peopleNumber: z.number().int() });
export type Team = z.infer<typeof teamSchema>;

export const userCenterCalls = {
  myProjects: defineCall({ id: 'user.projects', method: 'GET', path: '/api/user/my-project/list', access: 'signed', summary: "The caller's projects", response: z.array(projectSchema) }),
  latestActivity: defineCall({ id: 'user.activity', method: 'GET', path: '/api/user/latest-activity', access: 'signed', summary: "The caller's 50 newest activities", response: z.array(activitySchema).max(LATEST_ACTIVITY_MAX) }),
  visits: defineCall({ id: 'user.visits', method: 'GET', path: '/api/user/visits', access: 'signed', summary: "Visits of the caller's pages", response: z.array(visitSchema) }),
  projectAndTeam: defineCall({ id: 'user.project-team', method: 'GET', path: '/api/user/project-and-team/list', access: 'signed', summary: "Counts of the caller's projects and teams", response: z.array(projectAndTeamSchema) }),
  myTeams: defineCall({ id: 'user.teams', method: 'GET', path: '/api/user/my-team/list', access: 'signed', summary: "The caller's teams", response: z.array(teamSchema) }),
};
