import { API_BASE, PAGE_ANSWERS_ELEMENT_ID, type PageAnswer } from '@tun/shared/page-data';

/**
 * The answers the server wrote into the opened page's HTML (apps/server/src/web/spa.routes.ts):
 * the page's first requests are answered from them, without a round trip. Each is used once, and
 * only until the live stream opens (dropPageAnswers): the stream replays the changes since the
 * oldest answer the page has had, so an answer taken later could lack one it never hears of.
 */
let answers: Map<string, PageAnswer> | null = null;

function readAnswers(): Map<string, PageAnswer> {
  const element = typeof document === 'undefined' ? null : document.getElementById(PAGE_ANSWERS_ELEMENT_ID);
  element?.remove();
  try {
    const parsed: unknown = JSON.parse(element?.textContent ?? '{}');
    return new Map(
      parsed && typeof parsed === 'object' ? Object.entries(parsed as Record<string, PageAnswer>) : [],
    );
  } catch {
    // A page cut short: its requests go to the server.
    return new Map();
  }
}

/** The answer the page carries for a GET of `path` (under API_BASE), once. */
export function takePageAnswer(path: string): PageAnswer | undefined {
  answers ??= readAnswers();
  const key = `${API_BASE}${path}`;
  const answer = answers.get(key);
  answers.delete(key);
  return answer;
}

/** From now on every request asks the server. */
export function dropPageAnswers(): void {
  answers = new Map();
}
