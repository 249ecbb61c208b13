import { Input, Stack } from '@mantine/core';
import { RichTextEditor, type RichTextEditorLabels } from '@mantine/tiptap';
import { IconPhoto } from '@tabler/icons-react';
import { useEditor, type Editor } from '@tiptap/react';
import { useEffect, useMemo, useRef, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { postEditorExtensions } from './editor-extensions';

interface PostEditorProps {
  /** The HTML to start from; later changes come from the editor itself. */
  initialHtml: string;
  onChange: (html: string) => void;
  labelId: string;
  error?: string | null;
  errorId: string;
  onPickImage: () => void;
  imageButtonRef: RefObject<HTMLButtonElement | null>;
  /** The editor, for inserting a picked image where the cursor was. */
  editorRef: RefObject<Editor | null>;
}

/** Tiptap through Mantine's toolbar, every button named in the active language. */
export function PostEditor({
  initialHtml,
  onChange,
  labelId,
  error,
  errorId,
  onPickImage,
  imageButtonRef,
  editorRef,
}: PostEditorProps) {
  const { t } = useTranslation();
  // Tiptap binds onUpdate once, when the editor is made; the ref always calls the latest.
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  const editor = useEditor({
    extensions: postEditorExtensions,
    content: initialHtml,
    // Mantine's controls show their active state from the editor's state on each render.
    shouldRerenderOnTransaction: true,
    onUpdate: ({ editor: current }) => onChangeRef.current(current.getHTML()),
    // Applied again on every render (useEditor compares its options), so the error shows at once.
    editorProps: {
      // The editable area is a labelled multi-line text box for assistive technology, marked
      // invalid with its error as Mantine's inputs are.
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(error ? { 'aria-invalid': 'true', 'aria-describedby': errorId } : {}),
      },
    },
  });

  useEffect(() => {
    editorRef.current = editor;
  }, [editor, editorRef]);

  const labels = useMemo<Partial<RichTextEditorLabels>>(
    () => ({
      boldControlLabel: t('posts.form.editor.bold'),
      italicControlLabel: t('posts.form.editor.italic'),
      underlineControlLabel: t('posts.form.editor.underline'),
      strikeControlLabel: t('posts.form.editor.strike'),
      h2ControlLabel: t('posts.form.editor.h2'),
      h3ControlLabel: t('posts.form.editor.h3'),
      bulletListControlLabel: t('posts.form.editor.bulletList'),
      orderedListControlLabel: t('posts.form.editor.orderedList'),
      blockquoteControlLabel: t('posts.form.editor.blockquote'),
      linkControlLabel: t('posts.form.editor.link'),
      unlinkControlLabel: t('posts.form.editor.unlink'),
      undoControlLabel: t('posts.form.editor.undo'),
      redoControlLabel: t('posts.form.editor.redo'),
      linkEditorInputLabel: t('posts.form.editor.linkInput'),
      linkEditorInputPlaceholder: t('posts.form.editor.linkPlaceholder'),
      linkEditorExternalLink: t('posts.form.editor.linkExternal'),
      linkEditorInternalLink: t('posts.form.editor.linkInternal'),
      linkEditorSave: t('posts.form.editor.linkSave'),
    }),
    [t],
  );

  return (
    <Stack gap={4}>
      <RichTextEditor
        editor={editor}
        labels={labels}
        withCodeHighlightStyles={false}
        style={error ? { borderColor: 'var(--mantine-color-error)' } : undefined}
      >
        <RichTextEditor.Toolbar>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H2 />
            <RichTextEditor.H3 />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
            <RichTextEditor.Strikethrough />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
            <RichTextEditor.Blockquote />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
            <RichTextEditor.Control
              ref={imageButtonRef}
              onClick={onPickImage}
              aria-label={t('posts.form.editor.image')}
              title={t('posts.form.editor.image')}
            >
              <IconPhoto size={16} stroke={1.5} aria-hidden="true" />
            </RichTextEditor.Control>
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Undo />
            <RichTextEditor.Redo />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content mih={200} />
      </RichTextEditor>
      {error && <Input.Error id={errorId}>{error}</Input.Error>}
    </Stack>
  );
}
