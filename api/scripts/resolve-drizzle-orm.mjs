// Registers a resolve hook: `drizzle-orm` and `drizzle-orm/*` resolve from api/ (see drizzle-kit.mjs).
import { register } from 'node:module';

const hooks = `
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
const apiRequire = createRequire(${JSON.stringify(new URL('../package.json', import.meta.url).pathname)});
export async function resolve(specifier, context, next) {
  if (specifier === 'drizzle-orm' || specifier.startsWith('drizzle-orm/')) {
    try {
      return { url: pathToFileURL(apiRequire.resolve(specifier)).href, shortCircuit: true };
    } catch {
      // fall through to the default resolution
    }
  }
  return next(specifier, context);
}
`;
register(`data:text/javascript,${encodeURIComponent(hooks)}`);
