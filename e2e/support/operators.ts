import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext } from '@playwright/test';
import type { StaffRole } from '@scholars/shared-contracts/authorization';

/**
 * Grants (or revokes) a staff role as `npm run admin -w api -- grant <email> <role>` does while the
 * site runs: the local-only operator call, with the secret the running API left in DATA_DIR.
 */
export async function changeRoleAsOperator(request: APIRequestContext, email: string, role: StaffRole, action: 'grant' | 'revoke' = 'grant') {
  const file = JSON.parse(readFileSync(path.join(process.env.E2E_DATA_DIR!, 'operator.json'), 'utf8')) as { url: string; secret: string };
  const response = await request.post(`${file.url}/api/operator/roles`, {
    headers: { 'x-operator-secret': file.secret, 'accept-language': 'en' },
    data: { action, email, role, reason: 'e2e operator' },
  });
  expect(response.ok(), await response.text()).toBe(true);
}
