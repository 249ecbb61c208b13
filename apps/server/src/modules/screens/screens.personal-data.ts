/**
 * Info screens hold no personal data of their own: a screen has a name, a place and a layout,
 * and what it shows is read from other modules when asked (docs/decisions/024-info-screens.md).
 * Three columns name a person. A screen's TV account (`screen.person_id`) is a person with the tv
 * role that stands for the screen, not for anyone; exporting it says which screen it is, its
 * sessions are the session entry's, and erasing it only makes the screen forget it (the next
 * pairing makes a new one). The admin who approved a pairing (`screen_pairing.approved_by`) is
 * in the export, and forgotten at erasure; the audit keeps who approved what like every change.
 * So is the admin who raised the emergency banner (`screen_emergency.raised_by`): the banner
 * stays up at erasure, no longer saying by whom.
 */
import type { PersonalData } from '../privacy/personal-data';
import {
  clearScreenPerson,
  emergencyRaisedBy,
  forgetApprover,
  forgetEmergencyRaiser,
  pairingsApprovedBy,
  screenIdsOfSchool,
  screenNamesOfPerson,
  unpairScreensOf,
} from './screens.repository';

export const screensPersonalData: PersonalData = {
  name: 'screens',
  columns: { screen: ['person_id'], screen_pairing: ['approved_by'], screen_emergency: ['raised_by'] },
  export: async (db, schoolId, person) => {
    const [screens, approvals, emergencies] = await Promise.all([
      screenNamesOfPerson(db, schoolId, person.id),
      pairingsApprovedBy(db, schoolId, person.id),
      emergencyRaisedBy(db, schoolId, person.id),
    ]);
    return {
      screenOfTvAccount: screens.map((screen) => ({ name: screen.name, place: screen.place })),
      screenPairingsApproved: approvals,
      screenEmergencyRaised: emergencies,
    };
  },
  // The TV's sessions end with the session entry; the screen then shows as not paired.
  leave: async (trx, schoolId, person, publish) => {
    const ids = await unpairScreensOf(trx, schoolId, person.id);
    if (ids.length > 0) publish('screens', ids);
  },
  erase: async (trx, schoolId, person, publish) => {
    const ids = await clearScreenPerson(trx, schoolId, person.id);
    if (ids.length > 0) publish('screens', ids);
    await forgetApprover(trx, schoolId, person.id);
    if (await forgetEmergencyRaiser(trx, schoolId, person.id)) {
      publish('screens', await screenIdsOfSchool(trx, schoolId));
    }
  },
};
