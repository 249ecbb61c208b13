import {
  IconCertificate,
  IconCode,
  IconDeviceTv,
  IconSchool,
  IconShield,
  IconTool,
  IconToolsKitchen2,
  IconUser,
  type Icon,
} from '@tabler/icons-react';

/** Tabler icons by the names ROLE_STYLE uses; importing them by name keeps the bundle to these few. */
export const ROLE_ICONS: Readonly<Record<string, Icon>> = {
  code: IconCode,
  shield: IconShield,
  tool: IconTool,
  school: IconSchool,
  'tools-kitchen-2': IconToolsKitchen2,
  certificate: IconCertificate,
  'device-tv': IconDeviceTv,
};

/** Students have no role and so no ROLE_STYLE entry. */
export const STUDENT_ICON: Icon = IconUser;
