import type { Knex } from 'knex';

/**
 * docs/decisions/wallet-card.md: the wallet card's compact token (a signed JWS of the credential's few facts),
 * signed with the credential and kept beside it, so the card, its QR and the wallet passes never sign again.
 * Rows signed before this column have none until the member next asks for their card.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('issued_credentials', (t) => {
    t.text('card_token');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('issued_credentials', (t) => {
    t.dropColumn('card_token');
  });
}
