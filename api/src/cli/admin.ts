/**
 * The operator command line, for servers without a console (docs/decisions.md, "Accounts and
 * security"):
 *
 *   npm run admin -w api -- grant <email> admin|reviewer|supervisor [--reason "..."]
 *   npm run admin -w api -- revoke <email> admin|reviewer|supervisor [--reason "..."]
 *
 * Same configuration as the server (DATABASE_URL or DATA_DIR). While the API runs on this machine
 * (DATA_DIR/operator.json names it), the command asks it (the embedded database admits one process);
 * otherwise it opens the database itself. Every change is in the audit log, as done by `cli`.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { isStaffRole, STAFF_ROLES, type StaffRole } from '@scholars/shared-contracts/authorization';
import { installValidationErrorMap, translateMessage } from '@scholars/shared-contracts/schemas';
import { ConfigError, loadConfig, type AppConfig } from '../config';
import { openDatabase } from '../db/client';
import { grantRole, revokeRole, type RoleChangeResult } from '../lib/operators/roles';
import { OPERATOR_FILE, type OperatorFile } from '../lib/operators/local-files';
import { OPERATOR_SECRET_HEADER } from '../routes/operator';

const USAGE = `Usage: npm run admin -w api -- grant|revoke <email> ${STAFF_ROLES.join('|')} [--reason "why"]`;

interface Command {
  action: 'grant' | 'revoke';
  email: string;
  role: StaffRole;
  reason?: string;
}

function parseCommand(argv: string[]): Command {
  const { positionals, values } = parseArgs({ args: argv, allowPositionals: true, options: { reason: { type: 'string' } } });
  const [action, email, role] = positionals;
  if ((action !== 'grant' && action !== 'revoke') || !email || !isStaffRole(role) || positionals.length !== 3) throw new UsageError(USAGE);
  return { action, email, role, reason: values.reason };
}

class UsageError extends Error {}

async function runningApi(config: AppConfig): Promise<OperatorFile | null> {
  try {
    const file = JSON.parse(await readFile(path.join(config.DATA_DIR, OPERATOR_FILE), 'utf8')) as OperatorFile;
    // A file left by a process that is gone names nobody.
    process.kill(file.pid, 0);
    return file;
  } catch {
    return null;
  }
}

async function throughApi(api: OperatorFile, command: Command): Promise<string> {
  const response = await fetch(`${api.url}/api/operator/roles`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': 'en', [OPERATOR_SECRET_HEADER]: api.secret },
    body: JSON.stringify(command),
  });
  const body = (await response.json()) as { status: boolean; msg?: string; data?: { roles: string[] } };
  if (!body.status) throw new Error(body.msg ?? `The API answered ${response.status}`);
  return `${body.msg} Roles of ${command.email}: ${body.data?.roles.join(', ') || 'none'}.`;
}

async function directly(config: AppConfig, command: Command): Promise<string> {
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    let result = { status: 'no-account' } as RoleChangeResult;
    await database.migrate(async (db) => {
      const change = command.action === 'grant' ? grantRole : revokeRole;
      result = await change(db, { email: command.email, role: command.role, reason: command.reason, actor: { actorId: null, actorLabel: 'cli' } });
    });
    if (result.status === 'no-account') throw new Error(translateMessage('en', 'validation.roleAccountUnknown'));
    const key = result.status === 'unchanged' ? 'success.roleUnchanged' : command.action === 'grant' ? 'success.roleGranted' : 'success.roleRevoked';
    return `${translateMessage('en', key)} Roles of ${command.email}: ${result.roles.join(', ') || 'none'}.`;
  } finally {
    await database.close();
  }
}

installValidationErrorMap();
try {
  const command = parseCommand(process.argv.slice(2));
  const config = loadConfig();
  // A PostgreSQL server admits every process: no need to find the running API.
  const api = config.DATABASE_URL ? null : await runningApi(config);
  console.log(api ? await throughApi(api, command) : await directly(config, command));
} catch (error) {
  console.error(error instanceof UsageError || error instanceof ConfigError || error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
