// The baseline of the /health budget: a bare Fastify hello-world with no plugins and no logger, answering
// the same body as the API's /health. Uses the fastify package installed for apps/api, so both servers
// run the same Fastify version.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const requireFromApi = createRequire(join(root, 'apps/api/package.json'));
const Fastify = requireFromApi('fastify');

const app = Fastify({ logger: false });
app.get('/health', async () => ({ status: 'ok' }));

const port = Number(process.env.PORT ?? 3301);
await app.listen({ host: '127.0.0.1', port });

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
