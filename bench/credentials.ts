/**
 * Signing and checking one credential (docs/decisions/verifiable-credentials.md): the eddsa-rdfc-2022 proof of an
 * Open Badges 3.0 membership credential (canonicalization, hashing, Ed25519) and the verify page's check of it,
 * in process with the bundled contexts and a did:key issuer (no database: the key and status reads are one
 * indexed row each). Target: each p50 ≤ 20 ms. Options: rounds=N (default 60; the first 10 warm up).
 */
import { performance } from 'node:perf_hooks';
import { randomUUID } from 'node:crypto';
import { loadSigning } from '../src/services/verifiableCredentials/libraries';
import { documentLoader } from '../src/services/verifiableCredentials/documentLoader';
import { credentialDocument } from '../src/services/verifiableCredentials/issue';
import { verifyCredential } from '../src/services/verifiableCredentials/verify';
import { quantile, targetLine, type Benchmark } from './lib';

const WARM_UP = 10;

export const benchmark: Benchmark = {
  description: 'one membership credential signed (eddsa-rdfc-2022) and checked as /verify does, in process',
  async run({ log, options }) {
    const rounds = Number(options.rounds ?? 60);
    const { vc, Ed25519Multikey, DataIntegrityProof, cryptosuite } = await loadSigning();
    const made = await Ed25519Multikey.generate();
    const did = `did:key:${made.publicKeyMultibase}`;
    const key = await Ed25519Multikey.from({
      ...made,
      type: 'Multikey',
      id: `${did}#${made.publicKeyMultibase}`,
      controller: did,
    });
    const baseUrl = 'https://turnout.example';
    const deps = { baseUrl, productName: 'Turnout', credentialKey: 'bench' };
    const facts = {
      achievementType: 'Membership' as const,
      achievementName: 'Member of Springfield Fire Department',
      memberName: 'Dana Álvarez-Kim',
      role: 'Lieutenant',
      activityStartDate: '2026-01-05T00:00:00Z',
      departmentId: 1,
      departmentName: 'Springfield Fire Department',
      fdid: '12345',
      profileId: 7,
    };
    const issued: number[] = [];
    const checked: number[] = [];
    for (let i = 0; i < rounds; i++) {
      const unsigned = credentialDocument(
        facts,
        { id: randomUUID(), email: 'dana@example.com', statusIndex: i, now: new Date() },
        deps,
      );
      unsigned.issuer.id = did;
      let started = performance.now();
      const signed = (await vc.issue({
        credential: unsigned,
        suite: new DataIntegrityProof({ signer: key.signer(), cryptosuite }),
        documentLoader: documentLoader({ baseUrl }),
      })) as Record<string, unknown>;
      if (i >= WARM_UP) issued.push(performance.now() - started);
      started = performance.now();
      const report = await verifyCredential(signed, { baseUrl });
      if (i >= WARM_UP) checked.push(performance.now() - started);
      if (report.signature !== 'holds') throw new Error(`not verified: ${report.reasons.join('; ')}`);
    }
    for (const [name, samples] of [
      ['issue (sign) p50', issued],
      ['verify p50', checked],
    ] as const) {
      const sorted = [...samples].sort((a, b) => a - b);
      log(
        targetLine({
          name: `credential ${name}`,
          value: quantile(sorted, 0.5),
          unit: 'ms',
          target: 20,
          comparison: '<=',
          detail: `n=${sorted.length}, max ${sorted[sorted.length - 1]!.toFixed(0)} ms`,
        }),
      );
    }
  },
};
