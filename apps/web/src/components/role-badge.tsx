import { Badge } from '@mantine/core';
import { ROLE_STYLE, type Role } from '@tun/shared/roles';
import { useTranslation } from 'react-i18next';
import { ROLE_ICONS, STUDENT_ICON } from './role-icons';

/** A role in its fixed colour and icon (SPEC §3); `null` is a student, who has no role. */
export function RoleBadge({ role }: { role: Role | null }) {
  const { t } = useTranslation();
  const style = role ? ROLE_STYLE[role] : { color: 'gray', icon: '' };
  const Icon = ROLE_ICONS[style.icon] ?? STUDENT_ICON;
  return (
    <Badge
      variant="light"
      color={style.color}
      radius="sm"
      size="md"
      tt="none"
      leftSection={<Icon size={14} stroke={2} aria-hidden="true" />}
    >
      {t(`roles.${role ?? 'student'}`)}
    </Badge>
  );
}
