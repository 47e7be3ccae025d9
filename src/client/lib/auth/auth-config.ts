// Which sign-in this server uses, asked of the server at start-up and remembered so that the app can
// start with no signal.
import { readAuthConfig, type AuthConfig } from '../../../shared/api/auth-config';
import { authConfigEndpoint } from '../../../shared/api/auth';
import { callApi } from '../api-client';
import { signInDataFromPage } from '../sign-in-data';

const STORAGE_KEY = 'gv-auth-config';

function remembered(): AuthConfig | null {
  try {
    return readAuthConfig(JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null'));
  } catch {
    return null;
  }
}

export async function loadAuthConfig(): Promise<AuthConfig> {
  // /login's page carries it (sign-in-data.ts): no round trip before the sign-in screen.
  const fromPage = readAuthConfig(signInDataFromPage()?.config);
  if (fromPage) {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(fromPage));
    return fromPage;
  }
  try {
    const { data } = await callApi(authConfigEndpoint, {});
    const config = readAuthConfig(data);
    if (!config) throw new Error('The server answered GET /api/auth/config with a configuration this app cannot read.');
    localStorage.setItem(STORAGE_KEY, JSON.stringify(config));
    return config;
  } catch (error) {
    const config = remembered();
    if (config) return config;
    throw error;
  }
}
