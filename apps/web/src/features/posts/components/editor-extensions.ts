import { Link } from '@mantine/tiptap';
import Image from '@tiptap/extension-image';
import StarterKit from '@tiptap/starter-kit';

/**
 * What a post's text may hold, the same in the editor and its preview: headings H2 and H3,
 * bold, italic, underline, strike, lists, quotes, links and images from the archive. Code,
 * rules and other headings are left out: the server's allow-list would drop them anyway.
 */
export const postEditorExtensions = [
  StarterKit.configure({
    // Mantine's Link replaces the kit's own (it knows the link editor in the toolbar).
    link: false,
    heading: { levels: [2, 3] },
    code: false,
    codeBlock: false,
    horizontalRule: false,
  }),
  Link.configure({ openOnClick: false, autolink: true, defaultProtocol: 'https' }),
  // Images are links into the archive; pasted data URLs would make the body huge and are refused.
  Image.configure({ allowBase64: false }),
];
