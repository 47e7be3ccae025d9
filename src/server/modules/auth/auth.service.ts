// Sign-in rules: which configuration the client gets, who the demo users are, and issuing demo tokens.
import type { DemoUser, IssuedToken, Me } from '../../../shared/api/auth';
import type { AuthConfig } from '../../../shared/api/auth-config';
import type { DemoTokenService } from '../../auth/demo-tokens';
import type { AuthenticatedUser } from '../../auth/access-control';
import type { Db } from '../../db/client';
import type { Env } from '../../env';
import { AppError, notFound, unauthorized } from '../../lib/errors';
import { findUserById, isDeactivatedEverywhere, listDemoUsers, type UserMarketRole } from '../users/users.repository';

/** The markets a user works in: those where they are deactivated are not theirs to choose. */
const toUserMarkets = (roles: UserMarketRole[]) => roles.filter((role) => role.isActive).map((role) => ({ code: role.code, name: role.name, role: role.role }));

export function createAuthService(deps: { db: Db; env: Env; demoTokens: DemoTokenService | null }) {
  /** Demo endpoints answer 404 outside demo mode, as if they did not exist. */
  function requireDemo(): DemoTokenService {
    if (!deps.demoTokens) throw new AppError(404, 'NOT_FOUND', 'Demo sign-in is not available: this server uses Microsoft sign-in.');
    return deps.demoTokens;
  }

  return {
    config(): AuthConfig {
      const entra = deps.env.entra;
      if (!entra) return { mode: 'demo' };
      return {
        mode: 'entra',
        entra: {
          tenantId: entra.tenantId,
          clientId: entra.clientId,
          apiScope: entra.apiScope,
          authority: `${entra.authorityHost}/${entra.tenantId}`,
        },
      };
    },

    async demoUsers(): Promise<DemoUser[]> {
      requireDemo();
      const users = await listDemoUsers(deps.db);
      return users.map((user) => ({ userId: user.id, name: user.name, email: user.email, markets: toUserMarkets(user.roles) }));
    },

    async demoLogin(userId: string): Promise<IssuedToken> {
      const tokens = requireDemo();
      const user = await findUserById(deps.db, userId);
      if (!user || !user.isDemo) throw notFound('Demo user');
      if (isDeactivatedEverywhere(user.roles)) throw unauthorized('This account has been deactivated. Contact your Market Admin.');
      return tokens.issue(user);
    },

    me(caller: AuthenticatedUser): Me {
      return {
        userId: caller.id,
        azureUserId: caller.azureUserId,
        name: caller.name,
        email: caller.email,
        markets: toUserMarkets(caller.roles),
      };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
