import { Anchor, Group, type AnchorProps } from '@mantine/core';
import { IconPhone } from '@tabler/icons-react';

/** tel: wants the number without spaces; people read it with them. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/** A tap-to-call link: on a phone it dials, on a computer it opens the calling app. */
export function PhoneLink({ phone, ...props }: { phone: string } & AnchorProps) {
  return (
    <Anchor href={telHref(phone)} {...props}>
      <Group component="span" gap={6} wrap="nowrap" display="inline-flex">
        <IconPhone size="1em" aria-hidden="true" />
        <span>{phone}</span>
      </Group>
    </Anchor>
  );
}
