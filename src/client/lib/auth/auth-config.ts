// Which sign-in this server uses, asked of the server at start-up and remembered so that the app can
// start with no signal.
import { authConfigSchema, type AuthConfig } from '../../../shared/api/auth-config';
import { authConfigEndpoint } from '../../../shared/api/auth';
import { callApi } from '../api-client';

const STORAGE_KEY = 'gv-auth-config';

export async function loadAuthConfig(): Promise<AuthConfig> {
  try {
    const { data } = await callApi(authConfigEndpoint, {});
    const config = authConfigSchema.parse(data);
    localStorage.setItem(STORAGE_KEY, JSON.stringify(config));
    return config;
  } catch (error) {
    const remembered = authConfigSchema.safeParse(JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null'));
    if (remembered.success) return remembered.data;
    throw error;
  }
}
