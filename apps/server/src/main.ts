import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { seedDemo } from './demo/seed';

const demo = process.argv.includes('--demo');

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig(
      process.env,
      demo && !process.env.DATA_DIR
        ? { dataDir: new URL('../../../data/demo', import.meta.url).pathname }
        : {},
    );
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Tun cannot start. ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  const { app, ctx } = await buildApp(config);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: finishing open requests and closing`);
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    await app.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  if (demo) {
    const logins = await seedDemo(ctx);
    console.log('\nDemo school ready. Sign in with one of these (password for all):');
    console.table(logins);
  }
  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  console.error('Tun could not start:', error);
  process.exit(1);
});
