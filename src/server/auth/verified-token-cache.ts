// Remembers tokens already verified, until they expire: checking a signature is a good part of a
// request's CPU, and a phone polls with the same token for an hour. Only the signature check is saved;
// the user, their active flag and their role are still read on every request.
import type { TokenVerifier, VerifiedIdentity } from './token-verifier';

export function withVerifiedTokenCache(verifier: TokenVerifier, maxEntries = 10_000, now: () => number = Date.now): TokenVerifier {
  const verified = new Map<string, VerifiedIdentity>();
  return {
    async verify(token) {
      const known = verified.get(token);
      if (known && known.expiresAt > now()) return known;
      if (known) verified.delete(token);
      const identity = await verifier.verify(token);
      if (verified.size >= maxEntries) {
        // Maps iterate in insertion order: drop the oldest.
        const oldest = verified.keys().next().value;
        if (oldest !== undefined) verified.delete(oldest);
      }
      verified.set(token, identity);
      return identity;
    },
  };
}
