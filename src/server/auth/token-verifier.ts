// A verified bearer token says who the caller is: the Entra object id of the user.
export type VerifiedIdentity = { azureUserId: string; /** When the token stops being valid (ms since epoch). */ expiresAt: number };

export type TokenVerifier = {
  verify(token: string): Promise<VerifiedIdentity>;
};

export const INVALID_TOKEN_MESSAGE = 'Your sign-in is not valid. Please sign in again.';
export const EXPIRED_TOKEN_MESSAGE = 'Your sign-in has expired. Please sign in again.';
