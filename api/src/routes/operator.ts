/**
 * `POST operator/roles`: the command line's way in while the site runs (`npm run admin -w api --
 * grant <email> <role>`). The embedded database admits one process, so the command asks the
 * running API instead of opening it. The call carries the operator secret, which only the machine's
 * own files know (DATA_DIR/operator.json, written at start with mode 0600), and must come straight
 * from this machine: a call through a proxy (the shell's /api, anything with X-Forwarded-For) or
 * from elsewhere is refused like a wrong secret.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorEnvelopeSchema, roleChangeRequestSchema, roleChangeResponseSchema } from '@scholars/shared-contracts/schemas';
import { AppError } from '../lib/errors';
import { grantRole, revokeRole } from '../lib/operators/roles';
import { errorResponses } from './schemas';

export const OPERATOR_SECRET_HEADER = 'x-operator-secret';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

function sameSecret(given: string | string[] | undefined, secret: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}

const operator: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/operator/roles',
    {
      onRequest: async (request) => {
        const direct = LOOPBACK.has(request.socket.remoteAddress ?? '') && request.headers['x-forwarded-for'] === undefined;
        if (!direct || !sameSecret(request.headers[OPERATOR_SECRET_HEADER], app.operatorSecret)) {
          throw new AppError(403, 'validation.operatorSecretInvalid');
        }
      },
      schema: {
        tags: ['operators'],
        summary: 'Grant or revoke a staff role (the command line, on this machine, with the operator secret)',
        description: `The secret goes in the \`${OPERATOR_SECRET_HEADER}\` header; it is in DATA_DIR/operator.json of the running API.`,
        body: roleChangeRequestSchema,
        response: {
          200: roleChangeResponseSchema,
          403: errorEnvelopeSchema.describe('No operator secret, a wrong one, or not a direct call from this machine'),
          404: errorEnvelopeSchema.describe('No account has this e-mail address'),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const { action, email, role, reason } = request.body;
      const change = action === 'grant' ? grantRole : revokeRole;
      const result = await change(app.db, { email, role, reason, actor: { actorId: null, actorLabel: 'cli' } });
      if (result.status === 'no-account') throw new AppError(404, 'validation.roleAccountUnknown');
      const changed = result.status === 'changed';
      const msg = !changed ? 'success.roleUnchanged' : action === 'grant' ? 'success.roleGranted' : 'success.roleRevoked';
      return { status: true as const, msg: request.t(msg), data: { user_id: result.userId, roles: result.roles, changed } };
    },
  );
};

export default operator;
