/**
 * The Norwegian (bokmål) names of a case's status, category and urgency, for what the server
 * writes itself: notifications and the CSV, which have no catalog. The web app has its own in
 * the catalogs (cases.*).
 */
import type { CaseCategory, CaseStatus, CaseUrgency } from '@tun/shared';

export const STATUS_NAMES: Record<CaseStatus, string> = {
  new: 'Ny',
  inProgress: 'Under arbeid',
  waitingForParts: 'Venter på deler',
  solved: 'Løst',
  rejected: 'Avvist',
};

export const CATEGORY_NAMES: Record<CaseCategory, string> = {
  electrical: 'Elektrisk',
  plumbing: 'Rørlegger',
  furniture: 'Inventar',
  it: 'IT',
  cleaning: 'Renhold',
  other: 'Annet',
};

export const URGENCY_NAMES: Record<CaseUrgency, string> = {
  low: 'Lav',
  normal: 'Normal',
  high: 'Høy',
  urgent: 'Haster',
};
