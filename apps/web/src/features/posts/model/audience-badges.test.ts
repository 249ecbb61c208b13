import { describe, expect, it } from 'vitest';
import { audienceBadges, type AudienceLabels } from './audience-badges';

const labels: AudienceLabels = {
  school: 'Hele skolen',
  staff: 'Ansatte',
  role: (role) => ({ teacher: 'Lærer', student: 'Elev' })[role as 'teacher' | 'student'] ?? role,
};

describe('audience badges', () => {
  it('names the whole school or the staff with one badge', () => {
    expect(audienceBadges({ kind: 'school' }, labels, 'nb-NO')).toEqual([
      { key: 'school', kind: 'school', label: 'Hele skolen' },
    ]);
    expect(audienceBadges({ kind: 'staff' }, labels, 'nb-NO')).toEqual([
      { key: 'staff', kind: 'staff', label: 'Ansatte' },
    ]);
  });

  it('lists lines, electives and groups by name in Norwegian order, then roles', () => {
    const badges = audienceBadges(
      {
        kind: 'selected',
        lines: [
          { id: 'l2', name: 'Ærfugl' },
          { id: 'l1', name: 'Zebra' },
          { id: 'l3', name: 'Åpent hav' },
        ],
        electives: [{ id: 'e1', name: 'Klatring' }],
        groups: [{ id: 'g1', name: 'Kor' }],
        roles: ['teacher', 'student'],
      },
      labels,
      'nb-NO',
    );
    expect(badges.map((badge) => badge.label)).toEqual([
      'Zebra',
      'Ærfugl',
      'Åpent hav',
      'Klatring',
      'Kor',
      'Lærer',
      'Elev',
    ]);
    expect(badges.map((badge) => badge.key)).toEqual([
      'line:l1',
      'line:l2',
      'line:l3',
      'elective:e1',
      'group:g1',
      'role:teacher',
      'role:student',
    ]);
  });

  it('has no badges for a selection that named nobody', () => {
    expect(
      audienceBadges({ kind: 'selected', lines: [], electives: [], groups: [], roles: [] }, labels, 'nb-NO'),
    ).toEqual([]);
  });
});
