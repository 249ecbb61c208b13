import { expect, test as setup } from '@playwright/test';
import { ADMIN, SCHOOL } from '../fixtures';

// Every spec depends on this project, also when run alone: the school and its first admin exist
// afterwards, whether the database is fresh or kept from an earlier run. The wizard's own test
// (01-first-run) meets the wizard on a server and database of its own.
setup('the school and its first admin exist', async ({ request }) => {
  const status = await request.get('/api/v1/setup');
  expect(status.status()).toBe(200);
  if ((await status.json()).needsSetup) {
    const created = await request.post('/api/v1/setup', {
      data: {
        school: SCHOOL,
        admin: {
          name: { first: ADMIN.first, middle: ADMIN.middle, last: ADMIN.last },
          email: ADMIN.email,
          password: ADMIN.password,
        },
      },
    });
    expect(created.status(), await created.text()).toBe(201);
  }
  const login = await request.post('/api/v1/login', {
    data: { email: ADMIN.email, password: ADMIN.password },
  });
  expect(login.status(), 'the first admin of an earlier run signs in').toBe(200);
});
