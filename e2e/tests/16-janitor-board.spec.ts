import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import type { CaseStats, CaseSummary } from '@tun/shared/maintenance';
import type { Room } from '@tun/shared/rooms';
import { expectNoAxeViolations } from '../axe';
import { call, expect, test, unique } from '../fixtures';
import { schoolDate } from '../school-date';

/** Opens a tab of the janitor page. */
async function openTab(page: Page, tab: 'Saker' | 'Runder' | 'Statistikk'): Promise<void> {
  await page.goto('/app/janitor');
  await expect(page.getByRole('heading', { level: 1, name: 'Vaktmester' })).toBeVisible();
  await page.getByRole('tab', { name: tab, exact: true }).click();
  await expect(page.getByRole('tab', { name: tab, exact: true })).toHaveAttribute('aria-selected', 'true');
}

async function showBoard(page: Page): Promise<void> {
  await openTab(page, 'Saker');
  await page.getByText('Tavle', { exact: true }).click();
  await expect(page.getByRole('region', { name: 'Under arbeid' })).toBeVisible();
}

/** A case's card in one of the board's columns. */
function card(page: Page, column: string, title: string): Locator {
  return page
    .getByRole('region', { name: column, exact: true })
    .getByRole('listitem')
    .filter({ hasText: title });
}

test.describe('the janitor board', () => {
  test('the janitor moves a case with the keyboard and a second page follows live; a teacher has no board', async ({
    api,
    member,
    teacher,
  }) => {
    // Three people, two janitor pages, the reject dialog and five axe checks.
    test.slow();
    const id = unique();
    const room = await call<Room>(api, 'POST', '/api/v1/rooms', { name: `Verksted ${id}` });
    const LEAK = `Dryppende kran ${id}`;
    const LAMP = `Lampe virker ikke ${id}`;
    const first = await member({ first: 'Ola' });
    const second = await member({ first: 'Ingrid' });
    const leak = await call<CaseSummary>(first.page.request, 'POST', '/api/v1/maintenance/cases', {
      title: LEAK,
      description: 'Renner hele natta',
      roomId: room.id,
      category: 'plumbing',
      urgency: 'high',
    });
    const lamp = await call<CaseSummary>(second.page.request, 'POST', '/api/v1/maintenance/cases', {
      title: LAMP,
      roomId: null,
      category: 'electrical',
    });

    const janitor = await member({ first: 'Vidar', roles: ['janitor'] });
    const watcher = await janitor.page.context().newPage();

    // The list: both cases, with their room, category and status.
    await openTab(janitor.page, 'Saker');
    const table = janitor.page.getByRole('table', { name: 'Saker' });
    const leakRow = table.getByRole('row').filter({ hasText: LEAK });
    await expect(leakRow.getByRole('link', { name: `Sak ${leak.number}: ${LEAK}` })).toHaveAttribute(
      'href',
      `/app/janitor/cases/${leak.id}`,
    );
    await expect(leakRow).toContainText(room.name);
    await expect(leakRow).toContainText('Rørlegger');
    await expect(leakRow).toContainText('Høy');
    await expect(leakRow).toContainText('Ny');
    await expect(table.getByRole('row').filter({ hasText: LAMP })).toContainText('Uten rom');
    // The room filter narrows the list to the leak.
    await janitor.page.getByRole('textbox', { name: 'Rom', exact: true }).fill(room.name);
    await janitor.page.getByRole('option', { name: room.name, exact: true }).click();
    await expect(table.getByRole('row').filter({ hasText: LAMP })).toHaveCount(0);
    await expect(leakRow).toBeVisible();
    await expectNoAxeViolations(janitor.page, 'the case list');

    // The board, on both of the janitor's pages.
    await showBoard(janitor.page);
    await showBoard(watcher);
    await expect(card(janitor.page, 'Ny', LEAK)).toBeVisible();
    await expect(card(watcher, 'Ny', LAMP)).toBeVisible();
    await expectNoAxeViolations(janitor.page, 'the board');

    // «Flytt til …» by keyboard: the menu opens on Enter and its items are walked with the arrows.
    const move = card(janitor.page, 'Ny', LEAK).getByRole('button', {
      name: `Flytt til … (Sak ${leak.number}: ${LEAK})`,
    });
    await move.focus();
    await janitor.page.keyboard.press('Enter');
    const menu = janitor.page.getByRole('menu');
    await expect(menu).toBeVisible();
    await janitor.page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name: 'Under arbeid' })).toBeFocused();
    await janitor.page.keyboard.press('Enter');
    await expect(card(janitor.page, 'Under arbeid', LEAK)).toBeVisible();
    await expect(card(janitor.page, 'Ny', LEAK)).toHaveCount(0);
    // The focus follows the card to its new column.
    await expect(
      card(janitor.page, 'Under arbeid', LEAK).getByRole('button', { name: /^Flytt til/ }),
    ).toBeFocused();
    // …and the other page moves it too, without a reload.
    await expect(card(watcher, 'Under arbeid', LEAK)).toBeVisible();
    await expect(card(watcher, 'Ny', LEAK)).toHaveCount(0);
    const moved = await call<{ status: string }>(
      janitor.page.request,
      'GET',
      `/api/v1/maintenance/cases/${leak.id}`,
    );
    expect(moved.status).toBe('inProgress');

    // «Avvist» asks for the reason the submitter will see.
    await card(janitor.page, 'Ny', LAMP)
      .getByRole('button', { name: /^Flytt til/ })
      .click();
    await janitor.page.getByRole('menuitem', { name: 'Avvist' }).click();
    const reject = janitor.page.getByRole('dialog', { name: `Avvis sak ${lamp.number}` });
    await reject.getByRole('button', { name: 'Avvis saken' }).click();
    await expect(reject.getByText('Skriv hvorfor saken avvises.')).toBeVisible();
    await reject.getByRole('textbox', { name: 'Begrunnelse' }).fill('Lampen er byttet allerede.');
    await expectNoAxeViolations(janitor.page, 'the reject dialog');
    await reject.getByRole('button', { name: 'Avvis saken' }).click();
    await expect(reject).toBeHidden();
    await expect(card(watcher, 'Ny', LAMP)).toHaveCount(0);
    await watcher.getByRole('switch', { name: 'Vis avviste' }).check();
    await expect(card(watcher, 'Avvist', LAMP)).toBeVisible();

    // On a phone the columns stack.
    await janitor.page.setViewportSize({ width: 390, height: 844 });
    await expect(card(janitor.page, 'Under arbeid', LEAK)).toBeVisible();
    await expectNoAxeViolations(janitor.page, 'the board on a phone');
    await watcher.close();

    // A teacher reports, but has no board, and the server refuses a move.
    await teacher.page.goto('/app/janitor');
    await expect(teacher.page.getByRole('tab', { name: 'Meld feil' })).toBeVisible();
    await expect(teacher.page.getByRole('tab', { name: 'Saker', exact: true })).toHaveCount(0);
    await expect(teacher.page.getByRole('tab', { name: 'Runder' })).toHaveCount(0);
    await expect(teacher.page.getByText('Tavle', { exact: true })).toHaveCount(0);
    const refused = await teacher.page.request.put(`/api/v1/maintenance/cases/${leak.id}/status`, {
      data: { status: 'solved' },
    });
    expect(refused.status()).toBe(403);
  });

  test('the janitor makes a round, reads the statistics and prints a room’s «Meld feil» code', async ({
    api,
    member,
    baseURL,
  }) => {
    test.slow();
    const id = unique();
    const room = await call<Room>(api, 'POST', '/api/v1/rooms', { name: `Gymsal ${id}` });
    const reporter = await member({ first: 'Per' });
    await call(reporter.page.request, 'POST', '/api/v1/maintenance/cases', {
      title: `Knust vindu ${id}`,
      roomId: room.id,
      category: 'furniture',
    });
    const janitor = await member({ first: 'Vilde', roles: ['janitor'] });
    const page = janitor.page;

    // Rounds: one made in the dialog.
    const ROUND = `Brannslukkere ${id}`;
    await openTab(page, 'Runder');
    await page.getByRole('button', { name: 'Ny runde' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ny runde' });
    await dialog.getByRole('button', { name: 'Opprett runde' }).click();
    await expect(dialog.getByText('Skriv en tittel.')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Tittel' }).fill(ROUND);
    await dialog.getByRole('textbox', { name: 'Rom', exact: true }).fill(room.name);
    await page.getByRole('option', { name: room.name, exact: true }).click();
    await dialog.getByRole('textbox', { name: 'Første gang' }).fill(schoolDate(7));
    await expectNoAxeViolations(page, 'the round dialog');
    await dialog.getByRole('button', { name: 'Opprett runde' }).click();
    await expect(dialog).toBeHidden();
    const row = page.getByRole('table', { name: 'Runder' }).getByRole('row').filter({ hasText: ROUND });
    await expect(row).toContainText('Hver måned');
    await expect(row).toContainText(room.name);
    await expect(row).toContainText('Aktiv');
    await expectNoAxeViolations(page, 'the rounds tab');

    // Statistics: the last 90 days, the numbers the server counts, and the CSV.
    await page.getByRole('tab', { name: 'Statistikk' }).click();
    const from = schoolDate(-89);
    const to = schoolDate();
    await expect(page.getByRole('textbox', { name: 'Fra' })).toHaveValue(from);
    await expect(page.getByRole('textbox', { name: 'Til' })).toHaveValue(to);
    const stats = await call<CaseStats>(
      page.request,
      'GET',
      `/api/v1/maintenance/stats?from=${from}&to=${to}`,
    );
    expect(stats.reported).toBeGreaterThanOrEqual(1);
    const furniture = page
      .getByRole('table', { name: 'Per kategori' })
      .getByRole('row', { name: /^Inventar/ });
    const furnitureStats = stats.byCategory.find((entry) => entry.category === 'furniture');
    const openFurniture = stats.openByCategory.find((entry) => entry.category === 'furniture')?.count ?? 0;
    await expect(furniture.getByRole('cell').nth(0)).toHaveText(String(openFurniture));
    await expect(furniture.getByRole('cell').nth(1)).toHaveText(String(furnitureStats?.reported ?? 0));
    const roomRow = page
      .getByRole('table', { name: 'Åpne saker per rom' })
      .getByRole('row', { name: room.name });
    await expect(roomRow.getByRole('cell')).toHaveText('1');
    await expectNoAxeViolations(page, 'the statistics tab');
    const csvLink = page.getByRole('link', { name: 'Last ned CSV' });
    await expect(csvLink).toHaveAttribute('href', `/api/v1/maintenance/stats.csv?from=${from}&to=${to}`);
    const [download] = await Promise.all([page.waitForEvent('download'), csvLink.click()]);
    const file = await readFile((await download.path())!, 'utf8');
    expect(file.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe(
      'Sak;Tittel;Rom;Kategori;Hastegrad;Status;Meldt;Løst;Timer til løst',
    );
    expect(file).toContain(`Knust vindu ${id}`);

    // The rooms page: the room's «Meld feil» code, with the link the QR code holds.
    const reportUrl = `${baseURL}/app/janitor?report=${room.id}`;
    await page.goto('/app/rooms');
    await page.getByRole('button', { name: `Meld feil-kode for ${room.name}` }).click();
    const qr = page.getByRole('dialog', { name: `Meld feil-kode for ${room.name}` });
    await expect(qr.getByRole('img', { name: `QR-kode for å melde feil i ${room.name}` })).toBeVisible();
    await expect(qr.getByRole('textbox', { name: 'Lenke' })).toHaveValue(reportUrl);
    await expectNoAxeViolations(page, 'the «Meld feil» code');
    await page.emulateMedia({ media: 'print' });
    const sheet = page.locator('.fault-report-print');
    await expect(sheet.getByText('Meld feil i dette rommet')).toBeVisible();
    await expect(sheet.getByText(reportUrl)).toBeVisible();
    await page.emulateMedia({ media: 'screen' });
    await qr.getByRole('button', { name: 'Lukk' }).click();
    await expect(qr).toBeHidden();

    // The room's tag sheet carries the same code beneath the check-in code.
    await call(api, 'POST', `/api/v1/rooms/${room.id}/tag`, { rotating: false });
    await page.getByRole('button', { name: `Tagg og QR-kode for ${room.name}` }).click();
    const tag = page.getByRole('dialog', { name: `Tagg og QR-kode: ${room.name}` });
    await expect(tag.getByRole('button', { name: 'Skriv ut' })).toBeVisible();
    await page.emulateMedia({ media: 'print' });
    const tagSheet = page.locator('.room-tag-print');
    await expect(tagSheet.getByText('Meld feil i dette rommet')).toBeVisible();
    await expect(tagSheet.getByText(reportUrl)).toBeVisible();
    await page.emulateMedia({ media: 'screen' });

    // Following the link opens the report form with the room set.
    await reporter.page.goto(reportUrl);
    await expect(reporter.page.getByRole('tab', { name: 'Meld feil' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });
});
