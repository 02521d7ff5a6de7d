/** The user's invoices and their PDF receipts, without zod. */
import { apiClient, envelopeData } from '@scholars/shared-contracts';
import type { Invoice } from '@scholars/shared-contracts/schemas';

/** `GET invoices/mine`. */
export async function fetchMyInvoices(signal?: AbortSignal) {
  const response = await apiClient.get('invoices/mine', { silent: true, errorToast: false, signal });
  if (response.status >= 400) throw new Error(`invoices answered ${response.status}`);
  return envelopeData<Invoice[]>(response.data, Array.isArray, 'invoices/mine');
}

/** `GET invoices/{id}/receipt`: the PDF receipt, bearer-authenticated, so fetched as a blob (saved from memory by the caller). */
export async function fetchReceipt(invoiceId: number): Promise<Blob> {
  const response = await apiClient.get<Blob>(`invoices/${invoiceId}/receipt`, { responseType: 'blob', errorToast: false });
  if (response.status >= 400 || !(response.data instanceof Blob)) throw new Error(`receipt answered ${response.status}`);
  return response.data;
}
