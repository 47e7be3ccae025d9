import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  authConfigResponseSchema,
  demoLoginBodySchema,
  demoLoginResponseSchema,
  demoUsersResponseSchema,
  meResponseSchema,
} from '../../../shared/api/auth';
import { callerOf } from '../../auth/access-control';
import { ok } from '../../lib/reply';
import { publicAccess, signedIn } from '../../lib/route-access';
import type { AuthService } from './auth.service';

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService; loginRateLimitPerMinute: number }> = async (app, { auth, loginRateLimitPerMinute }) => {
  const tags = ['auth'];

  app.get('/auth/config', { config: { access: publicAccess }, schema: { tags, response: { 200: authConfigResponseSchema } } }, async () =>
    ok(auth.config()),
  );

  app.get(
    '/auth/demo-users',
    {
      config: { access: publicAccess, rateLimit: { max: loginRateLimitPerMinute * 5, timeWindow: '1 minute' } },
      schema: { tags, response: { 200: demoUsersResponseSchema } },
    },
    async () => ok(await auth.demoUsers()),
  );

  app.post(
    '/auth/demo-login',
    {
      config: { access: publicAccess, rateLimit: { max: loginRateLimitPerMinute, timeWindow: '1 minute' } },
      schema: { tags, body: demoLoginBodySchema, response: { 200: demoLoginResponseSchema } },
    },
    async (request) => ok(await auth.demoLogin(request.body.userId), 'Signed in'),
  );

  app.get('/auth/me', { config: { access: signedIn }, schema: { tags, response: { 200: meResponseSchema } } }, async (request) =>
    ok(auth.me(callerOf(request))),
  );
};
