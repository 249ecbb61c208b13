import { Card, Stack, Text, Title, Typography } from '@mantine/core';
import type { Post, PostAudienceView } from '@tun/shared/posts';
import { EditorContent, useEditor } from '@tiptap/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { postEditorExtensions } from './editor-extensions';
import { postBodyClass } from './post-body';
import { PostAttachments, PostAudienceBadges, PostByline, PostStatusBadges } from './post-parts';

interface PostPreviewProps {
  /** Whether the preview tab is showing; the text is brought up to date when it is. */
  active: boolean;
  title: string;
  /** The editor's HTML, shown through a read-only editor: it has not been through the server. */
  html: string;
  authorName: string;
  audience: PostAudienceView;
  timing: Pick<Post, 'status' | 'publishAt' | 'expiresAt'>;
  flags: Pick<Post, 'status' | 'pinned' | 'showOnInfoScreen'>;
  attachments: Post['attachments'];
}

/** «Forhåndsvis»: the post as its readers will see it in the feed. */
export function PostPreview({
  active,
  title,
  html,
  authorName,
  audience,
  timing,
  flags,
  attachments,
}: PostPreviewProps) {
  const { t } = useTranslation();
  const preview = useEditor({
    extensions: postEditorExtensions,
    content: html,
    editable: false,
    // Tiptap calls every editor a text box; shown read-only, this one is just the post's text.
    editorProps: { attributes: { role: 'presentation' } },
  });

  useEffect(() => {
    if (active && preview && preview.getHTML() !== html)
      preview.commands.setContent(html, { emitUpdate: false });
  }, [active, html, preview]);

  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        {t('posts.form.preview.note')}
      </Text>
      <Card withBorder radius="md" padding="lg">
        <Stack gap="sm">
          <Stack gap={4}>
            <Title order={3} style={{ overflowWrap: 'anywhere' }}>
              {title.trim() || t('posts.form.preview.untitled')}
            </Title>
            <PostByline authorName={authorName} timing={timing} />
          </Stack>
          <PostStatusBadges post={flags} showInfoScreen />
          <PostAudienceBadges audience={audience} />
          <Typography className={postBodyClass}>
            <EditorContent editor={preview} />
          </Typography>
          <PostAttachments attachments={attachments} headingOrder={4} />
        </Stack>
      </Card>
    </Stack>
  );
}
