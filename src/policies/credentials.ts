/**
 * Signed credentials as their holder reaches them (docs/decisions/verifiable-credentials.md): a credential a
 * department signed for a member is that member's to download; to anyone else it does not exist here (its verify
 * page is public to whoever holds its id). A revoked one is no longer offered.
 */
import type { IssuedCredential } from '../models/IssuedCredential';
import { definePolicy } from './policy';

const heldBy = (viewer: { id: number } | null, credential: IssuedCredential) =>
  viewer !== null && credential.userId === viewer.id && credential.revokedAt === null;

export const issuedCredentialPolicy = definePolicy<IssuedCredential, never>({
  notFoundMessage: 'Credential not found',
  rules: { read: heldBy },
  scope: (query, viewer) =>
    viewer
      ? query.where('issued_credentials.userId', viewer.id).whereNull('issued_credentials.revokedAt')
      : query.whereRaw('false'),
});
