import { describe, expect, it } from 'vitest';
import { newCompany } from '../support/api';
import { makeOverdue } from '../support/db';

describe('overdue subscription', () => {
  it('blocks every route but the ones finance needs, server-side', async () => {
    const { admin, companyId } = await newCompany();
    await makeOverdue(companyId);
    const users = await admin.call('GET', '/users');
    expect(users.status).toBe(402);
    expect(users.body.error).toBe('ERR_SUBSCRIPTION_EXPIRED');
    const me = await admin.call('GET', '/auth/me');
    expect(me.status).toBe(200);
    expect(me.body.company.dueDate).toBe('2020-01-01');
    expect((await admin.call('GET', '/settings/mainColor')).status).toBe(200);
  });
});
