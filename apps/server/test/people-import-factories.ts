/** The JSON body the web app sends for a file. */
export function upload(fileName: string, content: Buffer | string) {
  const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
  return { fileName, contentBase64: bytes.toString('base64') };
}

export const BOM = '\uFEFF';
