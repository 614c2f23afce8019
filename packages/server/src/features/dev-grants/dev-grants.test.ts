import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsKit } from '../../test/accounts-kit.ts';
import { buildTestApp, type TestApp } from '../../test/build-app.ts';

let sut: TestApp;
beforeAll(async () => {
  sut = await buildTestApp();
});
afterAll(async () => sut.close());

async function payTickets(token: string) {
  const reply = await sut.app.inject({
    method: 'GET',
    url: `/v2/shop/cash_discost?type=pay&token=${encodeURIComponent(token)}`,
  });
  return reply.json().response.result as { id: number; name: string; price: number; limit_price: number }[];
}

describe('dev ticket grant', () => {
  it('gives the caller a live ticket of the named template, one per call', async () => {
    const kit = accountsKit(sut);
    const token = await kit.guest();
    const first = await kit.call('/dev/grant-ticket', { template: '季卡优惠券' }, { token });
    expect(first).toMatchObject({ http: 200, code: 200 });
    const second = await kit.call('/dev/grant-ticket', {}, { token });
    expect(second.code).toBe(200);
    expect(second.response.id).not.toBe(first.response.id);

    const tickets = await payTickets(token);
    expect(tickets.map((ticket) => ticket.id).sort()).toEqual([first.response.id, second.response.id].sort());
    expect(tickets.find((ticket) => ticket.id === first.response.id)).toMatchObject({
      name: '季卡优惠券',
      price: 10,
      limit_price: 68,
    });
    // Without a name: the first template (the check-in's welcome ticket).
    expect(tickets.find((ticket) => ticket.id === second.response.id)?.name).toBe('新人立减券');
  });

  it('refuses an unknown template, bad input and a missing session', async () => {
    const kit = accountsKit(sut);
    const token = await kit.guest();
    expect((await kit.call('/dev/grant-ticket', { template: 'no such ticket' }, { token })).code).toBe(404);
    expect((await kit.call('/dev/grant-ticket', { template: 'x'.repeat(65) }, { token })).code).toBe(401);
    expect((await kit.call('/dev/grant-ticket', { template: ['a', 'b'] }, { token })).code).toBe(401);
    expect((await kit.call('/dev/grant-ticket', {})).code).toBe(497);
    expect(await payTickets(token)).toEqual([]);
  });

  it('does not exist on a production server', async () => {
    const production = await buildTestApp({ NODE_ENV: 'production' });
    try {
      const token = await accountsKit(production).guest();
      const reply = await production.app.inject({
        method: 'POST',
        url: `/dev/grant-ticket?token=${encodeURIComponent(token)}`,
        payload: {},
      });
      expect(reply.statusCode).not.toBe(200);
      const tickets = await production.app.inject({
        method: 'GET',
        url: `/v2/shop/cash_discost?type=list&token=${encodeURIComponent(token)}`,
      });
      expect(tickets.json().response.result).toEqual([]);
    } finally {
      await production.close();
    }
  });
});
