/**
 * The signing libraries, loaded on first use (src/lazyImport.ts): Digital Bazaar's VC 2.0 issuer/verifier with
 * the eddsa-rdfc-2022 Data Integrity cryptosuite and Ed25519 Multikeys (docs/decisions/verifiable-credentials.md),
 * and jose for the wallet card's compact token (docs/decisions/wallet-card.md).
 */
import { lazyImport } from '../../lazyImport';

export const loadSigning = lazyImport(async () => {
  const [vc, multikey, dataIntegrity, eddsa, statusList, jose] = await Promise.all([
    import('@digitalbazaar/vc'),
    import('@digitalbazaar/ed25519-multikey'),
    import('@digitalbazaar/data-integrity'),
    import('@digitalbazaar/eddsa-rdfc-2022-cryptosuite'),
    import('@digitalbazaar/vc-bitstring-status-list'),
    import('jose'),
  ]);
  return {
    vc,
    Ed25519Multikey: multikey,
    DataIntegrityProof: dataIntegrity.DataIntegrityProof,
    cryptosuite: eddsa.cryptosuite,
    statusList,
    jose,
  };
});

export type Signing = Awaited<ReturnType<typeof loadSigning>>;
