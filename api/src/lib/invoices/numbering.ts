/**
 * Invoice numbers: 1, 2, 3... across the platform, with no gap and never reused (spec 3,
 * decisions.md). The counter row of `billing_counters` is incremented inside the transaction that
 * creates the invoice: concurrent payments queue on that row's lock, a rolled-back transaction
 * rolls its increment back, and the counter never goes down (deleting an invoice frees nothing).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { billingCounters } from '../../db/schema';

/** A transaction of {@link Db}. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** The database or a transaction on it. */
export type Executor = Db | Tx;

export const INVOICE_COUNTER = 'invoice_number';

/** The next invoice number. Call it inside the transaction that inserts the invoice. */
export async function nextInvoiceNumber(tx: Executor): Promise<number> {
  const [row] = await tx
    .insert(billingCounters)
    .values({ name: INVOICE_COUNTER, value: 1 })
    .onConflictDoUpdate({ target: billingCounters.name, set: { value: sql`${billingCounters.value} + 1` } })
    .returning({ value: billingCounters.value });
  if (!row) throw new Error('invoice counter did not answer');
  return row.value;
}
