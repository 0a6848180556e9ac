/**
 * The application packet (docs/decisions/application-packet.md, docs/performance.md): a live profile with six
 * proof documents — three 12 MP camera photos (JPEG, made with sharp) and three PDFs — built into one packet PDF
 * with the résumé and the verification page, over HTTP on the real app (in process), one request at a time.
 * Targets: p50 ≤ 5 s and the PDF at most 5 MB. Options: packets=N (default 5).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { clientAs, startTestApp } from '../test/helpers/app';
import { textPdf } from '../test/helpers/hostileFiles';
import { createProfileFor } from '../test/helpers/profiles';
import { cameraPhoto, uploadDocument } from '../test/helpers/upload';
import { createUser } from '../test/helpers/users';
import { quantile, targetLine, type Benchmark } from './lib';

export const benchmark: Benchmark = {
  description: 'application packet of 6 documents (3 photos at 12 MP, 3 PDFs) with the résumé: p50 and size',
  async run({ log, options }) {
    const packets = Number(options.packets ?? 5);
    const dir = await mkdtemp(path.join(os.tmpdir(), 'turnout-bench-packet-'));
    const app = await startTestApp({ rateLimitsEnabled: false, mediaDir: dir });
    try {
      const owner = await createUser({ name: 'Dana Bench-Whitfield' });
      const profile = await createProfileFor(owner, { defaultVisibility: 'public', profileStatus: 'live' });
      const cert = await clientAs(app, owner).post(`/api/profiles/${profile.id}/certifications`, {
        name: 'Firefighter II',
        issuer: 'Pro Board',
        year: 2019,
        visibility: 'public',
      });
      if (cert.status !== 201) throw new Error(`certification: ${cert.status} ${cert.text}`);
      const item = `certifications:${cert.body.id}`;
      const started = performance.now();
      for (const n of [1, 2, 3]) {
        const bytes = await cameraPhoto(`PHOTO ${n}`);
        await uploadDocument(app, owner, profile.id, { bytes, name: `photo${n}.jpg`, item, title: `Scan ${n}` });
      }
      for (const n of [1, 2, 3]) {
        const bytes = await textPdf([`DOCUMENT ${n}`, 'A scanned certificate stands in here.']);
        await uploadDocument(app, owner, profile.id, { bytes, name: `doc${n}.pdf`, item, title: `Pdf ${n}` });
      }
      const documents = (await app.db('proof_documents').where({ profile_id: profile.id }).pluck('id')) as number[];
      log(`6 documents uploaded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      const fields: Array<[string, string]> = [
        ['department', 'Austin Fire Department'],
        ['checklist', 'CPAT card'],
        ...documents.map((id, i): [string, string] => [i < 2 ? 'required' : 'optional', String(id)]),
        ['resume', 'true'],
        ['verification', 'true'],
      ];
      const build = async () => {
        const t0 = performance.now();
        const res = await fetch(`${app.baseUrl}/profiles/${profile.id}/application`, {
          method: 'POST',
          body: new URLSearchParams(fields),
          redirect: 'manual',
          headers: {
            Origin: app.baseUrl,
            Authorization: `Bearer ${owner.token}`,
            Accept: 'text/html',
            'Content-Type': 'application/x-www-form-urlencoded',
          },
        });
        const bytes = (await res.arrayBuffer()).byteLength;
        if (res.status !== 200) throw new Error(`packet: ${res.status}`);
        return { ms: performance.now() - t0, bytes };
      };
      await build(); // fonts and libraries load once per process
      const runs = [];
      for (let i = 0; i < packets; i++) runs.push(await build());
      const sorted = runs.map((run) => run.ms).sort((a, b) => a - b);
      const size = Math.max(...runs.map((run) => run.bytes));
      log(
        targetLine({
          name: `packet of 6 documents, p50 (${packets} builds)`,
          value: quantile(sorted, 0.5),
          unit: 'ms',
          target: 5000,
          comparison: '<=',
          detail: `max ${sorted[sorted.length - 1]!.toFixed(0)} ms`,
        }),
      );
      log(
        targetLine({
          name: 'packet size',
          value: size / (1024 * 1024),
          unit: 'MB',
          target: 5,
          comparison: '<=',
          detail: `${size.toLocaleString('en-US')} bytes`,
        }),
      );
    } finally {
      await app.close();
      await rm(dir, { recursive: true, force: true });
    }
  },
};
