import type { Db } from '../../platform/db/database.ts';

/** The ticket template of that name, or the first one when none is named. */
export function findTicketTemplate(db: Db, name: string | undefined) {
  let query = db.selectFrom('ticket_templates').select(['id', 'valid_days']);
  if (name !== undefined) query = query.where('name', '=', name);
  return query.orderBy('id').limit(1).executeTakeFirst();
}

export async function giveTicket(
  db: Db,
  ticket: { userId: number; templateId: number; expiresAt: Date; grantKey: string },
): Promise<number> {
  const row = await db
    .insertInto('user_tickets')
    .values({
      user_id: ticket.userId,
      template_id: ticket.templateId,
      expires_at: ticket.expiresAt,
      grant_key: ticket.grantKey,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
