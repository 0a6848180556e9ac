/**
 * The credential catalogue as first seeded (docs/decisions/credential-catalogue.md): common U.S. fire-service certifications with who issues
 * them and how long they usually stay valid (`validityMonths`; null = no expiry of their own). Frozen with the
 * migration that loads it (20261125003100_credential_catalogue): a later change to the catalogue is a new
 * migration. Each entry names its source in a comment. `aliases` are other words people type for it (searched,
 * not shown).
 */
export interface CatalogueSeed {
  name: string;
  issuer: string;
  validityMonths: number | null;
  kind: 'certification' | 'license';
  aliases?: string;
}

const PRO_BOARD_IFSAC = 'Pro Board / IFSAC (state fire training agency)';
const NREMT = 'National Registry of Emergency Medical Technicians (NREMT)';
const AHA = 'American Heart Association';
const NWCG = 'National Wildfire Coordinating Group (NWCG)';
const FEMA_EMI = 'FEMA Emergency Management Institute';

export const CREDENTIAL_CATALOGUE: readonly CatalogueSeed[] = [
  // NFPA 1001, Standard for Fire Fighter Professional Qualifications (nfpa.org/1001); accredited certificates are
  // issued through the National Board on Fire Service Professional Qualifications (theproboard.org) or IFSAC
  // (ifsac.org). No expiry of their own.
  {
    name: 'Firefighter I',
    issuer: PRO_BOARD_IFSAC,
    validityMonths: null,
    kind: 'certification',
    aliases: 'FF1 FF I NFPA 1001',
  },
  {
    name: 'Firefighter II',
    issuer: PRO_BOARD_IFSAC,
    validityMonths: null,
    kind: 'certification',
    aliases: 'FF2 FF II NFPA 1001',
  },
  // NFPA 1002, Standard for Fire Apparatus Driver/Operator Professional Qualifications (nfpa.org/1002).
  {
    name: 'Driver/Operator – Pumper',
    issuer: PRO_BOARD_IFSAC,
    validityMonths: null,
    kind: 'certification',
    aliases: 'engineer apparatus operator NFPA 1002',
  },
  {
    name: 'Driver/Operator – Aerial',
    issuer: PRO_BOARD_IFSAC,
    validityMonths: null,
    kind: 'certification',
    aliases: 'ladder truck apparatus operator NFPA 1002',
  },
  // NFPA 470, Hazardous Materials/Weapons of Mass Destruction Standard for Responders (nfpa.org/470, which
  // consolidated NFPA 472); OSHA 29 CFR 1910.120(q)(8) requires annual refresher training or a yearly
  // demonstration of competency, hence 12 months.
  {
    name: 'Hazardous Materials Awareness',
    issuer: PRO_BOARD_IFSAC,
    validityMonths: 12,
    kind: 'certification',
    aliases: 'hazmat awareness NFPA 470 472',
  },
  {
    name: 'Hazardous Materials Operations',
    issuer: PRO_BOARD_IFSAC,
    validityMonths: 12,
    kind: 'certification',
    aliases: 'hazmat ops operations NFPA 470 472',
  },
  {
    name: 'Hazardous Materials Technician',
    issuer: PRO_BOARD_IFSAC,
    validityMonths: 12,
    kind: 'certification',
    aliases: 'hazmat tech NFPA 470 472',
  },
  // NFPA 1021, Standard for Fire Officer Professional Qualifications (nfpa.org/1021; now within NFPA 1020).
  {
    name: 'Fire Officer I',
    issuer: PRO_BOARD_IFSAC,
    validityMonths: null,
    kind: 'certification',
    aliases: 'FO1 NFPA 1021',
  },
  {
    name: 'Fire Officer II',
    issuer: PRO_BOARD_IFSAC,
    validityMonths: null,
    kind: 'certification',
    aliases: 'FO2 NFPA 1021',
  },
  {
    name: 'Fire Officer III',
    issuer: PRO_BOARD_IFSAC,
    validityMonths: null,
    kind: 'certification',
    aliases: 'FO3 NFPA 1021',
  },
  {
    name: 'Fire Officer IV',
    issuer: PRO_BOARD_IFSAC,
    validityMonths: null,
    kind: 'certification',
    aliases: 'FO4 NFPA 1021',
  },
  // NFPA 1041, Standard for Fire and Emergency Services Instructor Professional Qualifications (nfpa.org/1041).
  {
    name: 'Fire Instructor I',
    issuer: PRO_BOARD_IFSAC,
    validityMonths: null,
    kind: 'certification',
    aliases: 'instructor NFPA 1041',
  },
  {
    name: 'Fire Instructor II',
    issuer: PRO_BOARD_IFSAC,
    validityMonths: null,
    kind: 'certification',
    aliases: 'instructor NFPA 1041',
  },
  {
    name: 'Fire Instructor III',
    issuer: PRO_BOARD_IFSAC,
    validityMonths: null,
    kind: 'certification',
    aliases: 'instructor NFPA 1041',
  },
  // NFPA 1031, Standard for Professional Qualifications for Fire Inspector and Plan Examiner (nfpa.org/1031).
  {
    name: 'Fire Inspector I',
    issuer: PRO_BOARD_IFSAC,
    validityMonths: null,
    kind: 'certification',
    aliases: 'inspector NFPA 1031',
  },
  // NREMT national certification; recertification every two years (nremt.org, "Recertification").
  {
    name: 'Emergency Medical Responder (EMR)',
    issuer: NREMT,
    validityMonths: 24,
    kind: 'certification',
    aliases: 'NREMR first responder',
  },
  {
    name: 'Emergency Medical Technician (EMT)',
    issuer: NREMT,
    validityMonths: 24,
    kind: 'certification',
    aliases: 'NREMT EMT-B EMT-Basic',
  },
  {
    name: 'Advanced EMT (AEMT)',
    issuer: NREMT,
    validityMonths: 24,
    kind: 'certification',
    aliases: 'NREMT AEMT EMT-I intermediate',
  },
  {
    name: 'Paramedic (NRP)',
    issuer: NREMT,
    validityMonths: 24,
    kind: 'certification',
    aliases: 'NREMT NRP EMT-P medic',
  },
  // American Heart Association course completion cards are valid for two years (cpr.heart.org, "AHA course
  // card" FAQ).
  {
    name: 'Basic Life Support (BLS) Provider',
    issuer: AHA,
    validityMonths: 24,
    kind: 'certification',
    aliases: 'CPR AHA BLS',
  },
  {
    name: 'Advanced Cardiovascular Life Support (ACLS) Provider',
    issuer: AHA,
    validityMonths: 24,
    kind: 'certification',
    aliases: 'AHA ACLS',
  },
  {
    name: 'Pediatric Advanced Life Support (PALS) Provider',
    issuer: AHA,
    validityMonths: 24,
    kind: 'certification',
    aliases: 'AHA PALS',
  },
  // NWCG PMS 310-1, Standards for Wildland Fire Position Qualifications (nwcg.gov/publications/pms310-1): FFT2
  // needs the annual RT-130 refresher and fitness test; the Incident Qualification Card ("Red Card") is issued
  // every year.
  {
    name: 'Firefighter Type 2 (FFT2)',
    issuer: NWCG,
    validityMonths: 12,
    kind: 'certification',
    aliases: 'wildland FFT2 S-130 S-190',
  },
  {
    name: 'Incident Qualification Card (Red Card)',
    issuer: NWCG,
    validityMonths: 12,
    kind: 'certification',
    aliases: 'red card wildland IQCS',
  },
  // FEMA Emergency Management Institute, Incident Command System courses (training.fema.gov/is; ICS-300 and 400
  // are delivered by the states on EMI's curriculum). Completion does not expire.
  {
    name: 'ICS-100: Introduction to the Incident Command System',
    issuer: FEMA_EMI,
    validityMonths: null,
    kind: 'certification',
    aliases: 'IS-100 ICS 100',
  },
  {
    name: 'ICS-200: Basic Incident Command System for Initial Response',
    issuer: FEMA_EMI,
    validityMonths: null,
    kind: 'certification',
    aliases: 'IS-200 ICS 200',
  },
  {
    name: 'ICS-300: Intermediate Incident Command System',
    issuer: FEMA_EMI,
    validityMonths: null,
    kind: 'certification',
    aliases: 'ICS 300',
  },
  {
    name: 'ICS-400: Advanced Incident Command System',
    issuer: FEMA_EMI,
    validityMonths: null,
    kind: 'certification',
    aliases: 'ICS 400',
  },
  // FEMA EMI independent study courses (training.fema.gov/is): IS-700 (NIMS) and IS-800 (National Response
  // Framework). Completion does not expire.
  {
    name: 'IS-700: An Introduction to the National Incident Management System',
    issuer: FEMA_EMI,
    validityMonths: null,
    kind: 'certification',
    aliases: 'NIMS IS 700',
  },
  {
    name: 'IS-800: National Response Framework, An Introduction',
    issuer: FEMA_EMI,
    validityMonths: null,
    kind: 'certification',
    aliases: 'NRF IS 800',
  },
];
