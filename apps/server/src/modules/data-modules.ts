// Registers the data modules (messages, workplace, lists, forms, profile, user centre) on the app.
// Called once by app.ts after the core plugins (server-data owner).
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { registerCardRoutes } from './card/card.routes.ts';
import { registerChannelFormRoutes } from './channel-form/channel-form.routes.ts';
import { registerMessageRoutes } from './message/message.routes.ts';
import { registerPolicyRoutes } from './policy/policy.routes.ts';
import { registerProfileRoutes } from './profile/profile.routes.ts';
import { registerUserCenterRoutes } from './user-center/user-center.routes.ts';
import { registerUserSettingRoutes } from './user-setting/user-setting.routes.ts';
import { registerWorkplaceRoutes } from './workplace/workplace.routes.ts';

/** Routes read the database and configuration from the app (`app.db`, `app.config`), which hold these same deps. */
export function registerDataModules(app: FastifyInstance, _deps: { db: Db; config: AppConfig }): void {
  registerMessageRoutes(app);
  registerWorkplaceRoutes(app);
  registerUserCenterRoutes(app);
  registerUserSettingRoutes(app);
  registerPolicyRoutes(app);
  registerCardRoutes(app);
  registerChannelFormRoutes(app);
  registerProfileRoutes(app);
}
