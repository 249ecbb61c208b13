import { Button, type ButtonProps } from '@mantine/core';
import { createLink } from '@tanstack/react-router';
import type { ComponentPropsWithRef } from 'react';

type AnchorButtonProps = ButtonProps & Omit<ComponentPropsWithRef<'a'>, keyof ButtonProps>;

function AnchorButton(props: AnchorButtonProps) {
  return <Button component="a" {...props} />;
}

/** A link that looks like a button, with the router's typed `to`. */
export const ButtonLink = createLink(AnchorButton);
