/**
 * Roles of SPEC §3. A person with no roles is a student; "students and scholars"
 * are people with no roles or only the stipp role.
 */
export const ROLES = ['developer', 'admin', 'janitor', 'teacher', 'kitchen', 'stipp', 'tv'] as const;
export type Role = (typeof ROLES)[number];

/** The audiences the permission table speaks of: every role, plus students (no roles). */
export type Audience = Role | 'student';
export const AUDIENCES: readonly Audience[] = [...ROLES, 'student'];

/** The roles a person of one audience has: the role itself, or none for a student. */
export function rolesOfAudience(audience: Audience): Role[] {
  return audience === 'student' ? [] : [audience];
}

/** Norwegian labels of SPEC §3, used where a label must not depend on the UI language. */
export const ROLE_LABELS_NB: Record<Role, string> = {
  developer: 'Utvikler',
  admin: 'Administrator',
  janitor: 'Vaktmester',
  teacher: 'Lærer',
  kitchen: 'Kjøkkenstab',
  stipp: 'Stipendiat',
  tv: 'TV',
};

/** Fixed colour (Mantine palette name) and icon (Tabler icon name) per role. */
export const ROLE_STYLE: Record<Role, { color: string; icon: string }> = {
  developer: { color: 'grape', icon: 'code' },
  admin: { color: 'red', icon: 'shield' },
  janitor: { color: 'orange', icon: 'tool' },
  teacher: { color: 'blue', icon: 'school' },
  kitchen: { color: 'green', icon: 'tools-kitchen-2' },
  stipp: { color: 'cyan', icon: 'certificate' },
  tv: { color: 'gray', icon: 'device-tv' },
};

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

/**
 * Keeps the known role ids and reports the unknown ones (SPEC §8: an unknown role id is
 * skipped with a warning, 'Role with ID not known').
 */
export function parseRoles(ids: readonly string[], warn: (message: string) => void = () => {}): Role[] {
  const roles: Role[] = [];
  for (const id of ids) {
    if (isRole(id)) {
      if (!roles.includes(id)) roles.push(id);
    } else {
      warn(`Role with ID not known: ${id}`);
    }
  }
  return roles;
}

/** Users with no roles are students (SPEC §3). */
export function isStudent(roles: readonly Role[]): boolean {
  return roles.length === 0;
}

/** 'Students and scholars': no roles, or only the stipp role (SPEC §3). */
export function isStudentOrScholar(roles: readonly Role[]): boolean {
  return roles.every((role) => role === 'stipp');
}

/**
 * A role check takes a single role or any of a set; an empty set allows (SPEC §6).
 */
export function hasRole(userRoles: readonly Role[], required: Role | readonly Role[]): boolean {
  const wanted: readonly Role[] = typeof required === 'string' ? [required] : required;
  if (wanted.length === 0) return true;
  return wanted.some((role) => userRoles.includes(role));
}

/** The audiences a person belongs to: their roles, or 'student' when they have none. */
export function audiencesOf(roles: readonly Role[]): Audience[] {
  return roles.length === 0 ? ['student'] : [...roles];
}

/**
 * A TV account: only the tv role. It shows its info screen and may do nothing else
 * (docs/decisions/024-info-screens.md).
 */
export function isScreenAccount(roles: readonly Role[]): boolean {
  return roles.length > 0 && roles.every((role) => role === 'tv');
}
