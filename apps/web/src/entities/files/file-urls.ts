/** Where the browser fetches a file's bytes: links and img/iframe sources, not JSON calls. */
const base = (id: string) => `/api/v1/files/${encodeURIComponent(id)}`;

/** Served as an attachment: the browser downloads it. */
export const fileContentUrl = (id: string) => `${base(id)}/content`;
/** Images and PDFs shown in the page (mayShowInline). */
export const fileInlineUrl = (id: string) => `${base(id)}/content?inline=1`;
/** A small WebP of an image. */
export const fileThumbnailUrl = (id: string) => `${base(id)}/thumbnail`;
