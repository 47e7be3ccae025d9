import type { FastifyPluginAsync } from 'fastify';
import { authConfigEndpoint, demoLoginEndpoint, demoUsersEndpoint, meEndpoint } from '../../../shared/api/auth';
import { route } from '../../lib/endpoint-route';
import { ok } from '../../lib/reply';
import type { AuthService } from './auth.service';

export const authRoutes: FastifyPluginAsync<{ auth: AuthService; loginRateLimitPerMinute: number }> = async (app, { auth, loginRateLimitPerMinute }) => {
  route(app, authConfigEndpoint, async () => ok(auth.config()));
  route(app, demoUsersEndpoint, async () => ok(await auth.demoUsers()), {
    rateLimit: { max: loginRateLimitPerMinute * 5, timeWindow: '1 minute' },
  });
  route(app, demoLoginEndpoint, async ({ body }) => ok(await auth.demoLogin(body.userId), 'Signed in'), {
    rateLimit: { max: loginRateLimitPerMinute, timeWindow: '1 minute' },
  });
  route(app, meEndpoint, async ({ ctx }) => ok(auth.me(ctx.caller)));
};
