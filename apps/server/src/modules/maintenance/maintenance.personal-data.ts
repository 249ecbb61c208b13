/**
 * Janitor cases remember who reported them, who handles them, who commented, added photos,
 * changed their status, and who made a round (docs/decisions/026-janitor-cases.md). The cases
 * are the school's record of its building: they stay when the people leave or are erased, and
 * an erased person is forgotten («Slettet bruker»). Reporting a fault is no record the school
 * must keep of the person, so it is no history that stops a plain delete, which forgets them the
 * same way (the foreign keys set the columns null), as posts and files do. Leaving gives up the
 * open cases given to the person, so that someone still there takes them.
 */
import { nowIso } from '../../db/database';
import type { PersonalData } from '../privacy/personal-data';
import { casesSubmittedBy, commentsBy, forgetPerson, unassignOpenCases } from './cases.repository';

export const maintenancePersonalData: PersonalData = {
  name: 'maintenance',
  columns: {
    maintenance_case: ['submitted_by', 'assigned_to'],
    maintenance_comment: ['author_id'],
    maintenance_photo: ['added_by'],
    maintenance_status_change: ['changed_by'],
    maintenance_round: ['created_by'],
  },
  export: async (db, schoolId, person) => {
    const [cases, comments] = await Promise.all([
      casesSubmittedBy(db, schoolId, person.id),
      commentsBy(db, schoolId, person.id),
    ]);
    return {
      maintenanceCasesReported: cases.map((row) => ({
        id: row.id,
        number: row.number,
        title: row.title,
        description: row.description,
        room: row.room_name,
        category: row.category,
        status: row.status,
        reportedAt: row.created_at,
        solvedAt: row.solved_at,
      })),
      maintenanceComments: comments.map((row) => ({
        caseNumber: row.number,
        body: row.body,
        internal: row.internal === 1,
        writtenAt: row.created_at,
      })),
    };
  },
  hasHistory: async () => false,
  leave: async (trx, schoolId, person, publish) => {
    const released = await unassignOpenCases(trx, schoolId, person.id, nowIso());
    if (released.length > 0) {
      publish(
        'cases',
        released.flatMap((row) => (row.submitted_by === null ? [] : [row.submitted_by])),
      );
    }
  },
  erase: async (trx, schoolId, person, publish) => {
    const submitters = await forgetPerson(trx, schoolId, person.id);
    if (submitters.length > 0) publish('cases', submitters);
  },
};
