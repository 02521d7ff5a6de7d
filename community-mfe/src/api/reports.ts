/** `POST reports` (issue 20): a member reports a chat message or a research; answers the server's localized thanks. */
import { apiClient } from '@scholars/shared-contracts';
import type { SendReport } from '@scholars/shared-contracts/ui/report';

export const sendReport: SendReport = async (body) => {
  const response = await apiClient.post('reports', body, { silent: true, errorToast: false });
  const data = response.data as { msg?: unknown };
  return typeof data.msg === 'string' ? data.msg : '';
};
