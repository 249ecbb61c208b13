import type { Page } from '@playwright/test';
import { XSS_CORPUS } from '../../apps/server/test/xss-corpus';
import { expectNoAxeViolations } from '../axe';
import { call, expect, test, unique } from '../fixtures';
import { expectMail, mailsTo } from '../mailbox';

/** A one-page PDF, the packing list a teacher attaches. */
const PDF = [
  '%PDF-1.4',
  '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
  '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
  '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj',
  'trailer << /Root 1 0 R >>',
  '%%EOF',
  '',
].join('\n');

/** The bell in the header; its name carries the unread count. */
const bell = (page: Page) => page.getByRole('button', { name: /^Varsler/ });

test('a teacher posts to one line with an attachment and read confirmation; only that line is told, and the teacher sees who has read', async ({
  api,
  teacher,
  member,
}) => {
  const id = unique();
  const TITLE = `Tur til Hornelen ${id}`;
  const ATTACHMENT = `Pakkeliste ${id}.pdf`;
  const line = await call<{ id: string; name: string }>(api, 'POST', '/api/v1/lines', {
    name: `Friluftsliv ${id}`,
    shortName: 'FRI',
    color: 'green',
  });
  const otherLine = await call<{ id: string }>(api, 'POST', '/api/v1/lines', {
    name: `Musikk ${id}`,
    shortName: 'MUS',
    color: 'blue',
  });
  const uploaded = await api.post('/api/v1/files', {
    multipart: { file: { name: ATTACHMENT, mimeType: 'application/pdf', buffer: Buffer.from(PDF) } },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  const reader = await member({ first: 'Ada', memberOf: [line.id] });
  const outsider = await member({ first: 'Bo', memberOf: [otherLine.id] });

  // Both students have the app open before the post is written: the notification comes live.
  for (const { page } of [reader, outsider]) {
    await page.goto('/app/dashboard');
    await expect(bell(page)).toHaveAccessibleName('Varsler');
  }

  const { page } = teacher;
  await page.goto('/app/posts');
  await page.getByRole('button', { name: 'Nytt innlegg' }).click();
  const form = page.getByRole('dialog', { name: 'Nytt innlegg' });
  await form.getByRole('textbox', { name: 'Tittel' }).fill(TITLE);
  const editor = form.getByRole('textbox', { name: 'Innhold' });
  await editor.click();
  await page.keyboard.type('Vi går til toppen lørdag. ');
  await form.getByRole('button', { name: 'Fet' }).click();
  await page.keyboard.type('Oppmøte kl. 08.00.');
  await form.getByRole('radio', { name: 'Utvalgte' }).check();
  await form.getByRole('textbox', { name: 'Linjer' }).click();
  await page.getByRole('option', { name: line.name }).click();
  await page.keyboard.press('Escape');
  await form.getByRole('switch', { name: 'Krev lesebekreftelse' }).check();
  await form.getByRole('button', { name: 'Legg ved fra filarkivet' }).click();
  const picker = page.getByRole('region', { name: 'Legg ved fra filarkivet' });
  await picker.getByRole('searchbox', { name: 'Søk i hele filarkivet' }).fill(ATTACHMENT);
  await picker.getByRole('button', { name: `Legg ved ${ATTACHMENT}` }).click();
  await expect(form.getByRole('button', { name: `Fjern vedlegget ${ATTACHMENT}` })).toBeVisible();
  await expectNoAxeViolations(page, 'the new-post form');
  await form.getByRole('tab', { name: 'Forhåndsvis' }).click();
  await expect(
    form.getByRole('tabpanel', { name: 'Forhåndsvis' }).getByText('Oppmøte kl. 08.00.'),
  ).toBeVisible();
  await expectNoAxeViolations(page, 'the new-post preview');
  await form.getByRole('button', { name: 'Publiser' }).click();
  await expect(form).toHaveCount(0);
  const written = page.getByRole('article', { name: TITLE });
  await expect(written).toBeVisible();
  await expect(written.getByRole('link', { name: ATTACHMENT })).toBeVisible();

  // The reader is told in the app, live, and by e-mail.
  await expect(bell(reader.page)).toHaveAccessibleName('Varsler, 1 ulest');
  const mail = await expectMail(reader.email, (received) => received.subject.includes(TITLE));
  expect(mail.text).toMatch(/\/app\/posts\?post=/);
  await bell(reader.page).click();
  const panel = reader.page.getByRole('dialog', { name: 'Varsler' });
  await expect(panel.getByRole('link', { name: new RegExp(`^Ulest: ${TITLE}`) })).toBeVisible();
  await expectNoAxeViolations(reader.page, 'the notification list');
  await panel.getByRole('link', { name: new RegExp(TITLE) }).click();
  await expect(reader.page).toHaveURL(/\/app\/posts\?.*post=/);
  const opened = reader.page.getByRole('dialog', { name: TITLE });
  await expect(opened.getByText('Oppmøte kl. 08.00.')).toBeVisible();
  await opened.getByRole('button', { name: 'Jeg har lest' }).click();
  await expect(opened.getByText(/Du bekreftet at du har lest dette/)).toBeVisible();
  await expect(bell(reader.page)).toHaveAccessibleName('Varsler');
  await reader.page.keyboard.press('Escape');
  await expect(reader.page.getByRole('article', { name: TITLE })).toBeVisible();
  await expectNoAxeViolations(reader.page, '/app/posts as a student');

  // The teacher's count follows without a reload; the list names who has read.
  await written.getByRole('button', { name: 'Lest av 1 av 1' }).click();
  const reads = page.getByRole('dialog', { name: `Hvem har lest «${TITLE}»` });
  await expect(reads.getByText(reader.fullName)).toBeVisible();
  await expectNoAxeViolations(page, 'the read confirmations');

  // A student of another line sees neither the post nor a notification, and got no e-mail.
  await outsider.page.goto('/app/posts');
  await expect(outsider.page.getByRole('heading', { level: 1, name: 'Innlegg' })).toBeVisible();
  await expect(outsider.page.getByRole('article', { name: TITLE })).toHaveCount(0);
  await expect(bell(outsider.page)).toHaveAccessibleName('Varsler');
  const feed = await call<{ posts: unknown[] }>(outsider.page.request, 'GET', `/api/v1/posts?q=${id}`);
  expect(feed.posts).toEqual([]);
  expect((await mailsTo(outsider.email)).filter((mail) => mail.subject.includes(TITLE))).toEqual([]);

  // The settings open from the bell's panel, and closing them returns to the bell.
  await bell(outsider.page).click();
  await outsider.page.getByRole('button', { name: 'Innstillinger for varsler' }).click();
  const settings = outsider.page.getByRole('dialog', { name: 'Innstillinger for varsler' });
  await expect(settings).toBeVisible();
  await expectNoAxeViolations(outsider.page, 'the notification settings');
  await outsider.page.keyboard.press('Escape');
  await expect(settings).toBeHidden();
  await expect(bell(outsider.page)).toBeFocused();
});

test('the XSS corpus, saved as posts and shown in the feed, runs nothing and leaves no active markup', async ({
  api,
  student,
}) => {
  const id = unique();
  for (const payload of XSS_CORPUS) {
    await call(api, 'POST', '/api/v1/posts', {
      title: `XSS-prøve ${id} ${payload.id}`,
      body: `<p>Før ${payload.id}</p>${payload.html}<p>Etter</p>`,
      audience: { kind: 'school' },
    });
  }
  const { page } = student;
  // Whatever got through would call one of these; a dialog would show as an event.
  await page.addInitScript(() => {
    const hits: unknown[] = [];
    Object.assign(window, { __xssHits: hits, __xss: (n: unknown) => hits.push(n) });
  });
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });

  await page.goto(`/app/posts?q=${encodeURIComponent(`XSS-prøve ${id}`)}`);
  const articles = page.getByRole('article');
  await expect(articles.first()).toBeVisible();
  const more = page.getByRole('button', { name: 'Vis flere' });
  for (let shown = await articles.count(); shown < XSS_CORPUS.length; shown = await articles.count()) {
    await more.click();
    await expect.poll(() => articles.count()).toBeGreaterThan(shown);
  }
  await expect(articles).toHaveCount(XSS_CORPUS.length);
  // Let every image load or fail, and every timer of a payload come due.
  await page.waitForLoadState('networkidle');

  await expect(page.locator('[data-post-body]')).toHaveCount(XSS_CORPUS.length);
  await expect(page.locator('[data-post-body]').filter({ hasText: /^Før \d+/ })).toHaveCount(
    XSS_CORPUS.length,
  );
  // Mantine styles its own elements inline; what matters is the posts' own markup.
  const active = await page.getByRole('list', { name: 'Innlegg' }).evaluate((list) => {
    const found: string[] = [];
    for (const element of list.querySelectorAll('[data-post-body] *')) {
      const tag = element.tagName.toLowerCase();
      if (
        [
          'script',
          'iframe',
          'object',
          'embed',
          'svg',
          'math',
          'style',
          'form',
          'input',
          'base',
          'meta',
        ].includes(tag)
      ) {
        found.push(`<${tag}>`);
      }
      for (const attribute of element.attributes) {
        // Browsers skip white space and control characters in a URL's scheme.
        const value = [...attribute.value]
          .filter((char) => char.charCodeAt(0) > 32)
          .join('')
          .toLowerCase();
        if (attribute.name.startsWith('on') || attribute.name === 'style' || attribute.name === 'srcdoc') {
          found.push(`${tag}[${attribute.name}]`);
        }
        if (
          ['href', 'src', 'action', 'formaction', 'xlink:href'].includes(attribute.name) &&
          /^(javascript|vbscript|data):/.test(value)
        ) {
          found.push(`${tag}[${attribute.name}=${value.slice(0, 30)}]`);
        }
      }
    }
    return found;
  });
  expect(active).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { __xssHits: unknown[] }).__xssHits)).toEqual([]);
  expect(dialogs).toEqual([]);
});
