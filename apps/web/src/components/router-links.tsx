import { Anchor, Button, type AnchorProps, type ButtonProps } from '@mantine/core';
import { createLink } from '@tanstack/react-router';
import type { ComponentPropsWithRef } from 'react';

type AnchorButtonProps = ButtonProps & Omit<ComponentPropsWithRef<'a'>, keyof ButtonProps>;

function AnchorButton(props: AnchorButtonProps) {
  return <Button component="a" {...props} />;
}

type PlainAnchorProps = AnchorProps & Omit<ComponentPropsWithRef<'a'>, keyof AnchorProps>;

function PlainAnchor(props: PlainAnchorProps) {
  return <Anchor component="a" {...props} />;
}

/** A link that looks like a button, with the router's typed `to` and `search`. */
export const ButtonLink = createLink(AnchorButton);

/** Mantine's Anchor with the router's typed `to` and `search`. */
export const AnchorLink = createLink(PlainAnchor);
