import type { PostAudienceRole, PostAudienceView } from '@tun/shared/posts';

export type AudienceBadgeKind = 'school' | 'staff' | 'line' | 'elective' | 'group' | 'role';

export interface AudienceBadge {
  /** Unique within one post, for React keys. */
  key: string;
  kind: AudienceBadgeKind;
  label: string;
}

export interface AudienceLabels {
  school: string;
  staff: string;
  role: (role: PostAudienceRole) => string;
}

const byName = (locale: string) => {
  const collator = new Intl.Collator(locale);
  return (a: { name: string }, b: { name: string }) => collator.compare(a.name, b.name);
};

/**
 * Who a post is for, as badges: «Hele skolen», «Ansatte», or the chosen lines, electives,
 * groups (each by name, in the reader's alphabetical order) and roles (in the table's order).
 */
export function audienceBadges(
  audience: PostAudienceView,
  labels: AudienceLabels,
  locale: string,
): AudienceBadge[] {
  if (audience.kind === 'school') return [{ key: 'school', kind: 'school', label: labels.school }];
  if (audience.kind === 'staff') return [{ key: 'staff', kind: 'staff', label: labels.staff }];
  const compare = byName(locale);
  const named = (
    kind: 'line' | 'elective' | 'group',
    refs: { id: string; name: string }[],
  ): AudienceBadge[] =>
    [...refs].sort(compare).map((ref) => ({ key: `${kind}:${ref.id}`, kind, label: ref.name }));
  return [
    ...named('line', audience.lines),
    ...named('elective', audience.electives),
    ...named('group', audience.groups),
    ...audience.roles.map((role): AudienceBadge => ({
      key: `role:${role}`,
      kind: 'role',
      label: labels.role(role),
    })),
  ];
}
