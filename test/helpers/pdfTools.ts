/**
 * Tests that read a PDF Turnout made with poppler and qpdf, as an outside reader would (`apt-get install qpdf
 * poppler-utils`; `.ci/run` installs them). Without the tools such a test is skipped, saying why, rather than
 * failing on a machine that lacks them.
 */
import { spawnSync } from 'node:child_process';
import type { ImplementationFn, TestFn } from 'ava';

const present = (command: string) => spawnSync(command, ['-v']).error === undefined;
export const pdfToolsPresent = ['qpdf', 'pdftotext', 'pdfdetach'].every(present);

type Declare = TestFn['serial'] | TestFn;

export function needsPdfTools(declare: Declare) {
  return (title: string, implementation: ImplementationFn<[]>): void => {
    if (pdfToolsPresent) declare(title, implementation);
    else
      declare.skip(
        `${title} (skipped: needs qpdf, pdftotext and pdfdetach: apt-get install qpdf poppler-utils)`,
        implementation,
      );
  };
}
