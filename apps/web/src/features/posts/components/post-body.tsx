import { Box, Typography } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import classes from './post-body.module.css';

/** How tall a post's text may be in the feed before it is cut off («Les mer» shows all). */
const CLAMP_PX = 240;

interface PostBodyProps {
  /**
   * The post's `body` exactly as the server sent it. The server sanitizes it with an allow-list
   * (docs/decisions/021-posts-and-notifications.md), which is what makes setting it as HTML
   * safe; never pass anything typed in this browser (the editor's preview renders through the
   * editor instead).
   */
  html: string;
  /** In the feed: cut off after a few lines, fading out. */
  clamp?: boolean;
}

/** A post's text, styled as rich text (the form's preview shares the look through `postBodyClass`). */
export function PostBody({ html, clamp = false }: PostBodyProps) {
  const { ref, height } = useElementSize();
  if (html === '') return null;
  const cut = clamp && height > CLAMP_PX;
  return (
    // A cut-off text is not a scrolling region: «Les mer» is the way to the rest.
    <Box pos="relative" style={clamp ? { maxHeight: CLAMP_PX, overflow: 'hidden' } : undefined}>
      <Typography ref={ref} className={classes.body}>
        <div data-post-body="" dangerouslySetInnerHTML={{ __html: html }} />
      </Typography>
      {cut && (
        <Box
          aria-hidden="true"
          pos="absolute"
          left={0}
          right={0}
          bottom={0}
          h={64}
          style={{
            background: 'linear-gradient(to bottom, rgba(255,255,255,0), var(--mantine-color-body))',
            pointerEvents: 'none',
          }}
        />
      )}
    </Box>
  );
}

export const postBodyClass = classes.body;
