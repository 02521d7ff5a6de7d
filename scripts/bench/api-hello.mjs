/**
 * The baseline of the API benchmark: a bare Fastify hello-world (no plugin, default options,
 * no logger), started by scripts/bench/api.mjs in its own process on the port given as argument.
 */
import Fastify from 'fastify';

const port = Number(process.argv[2] ?? 0);
const app = Fastify();
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port, host: '127.0.0.1' });
console.log(`BENCH_HELLO_READY ${app.server.address().port}`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
process.on('SIGINT', () => void app.close().then(() => process.exit(0)));
