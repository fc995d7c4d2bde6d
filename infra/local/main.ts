/** `npm start`: the whole product on this machine, data kept in .data/. Ctrl-C stops everything. */
import { startStack } from './stack';

const port = Number(process.env.PORT ?? 8080);

try {
  const stack = await startStack({ port, persistDir: '.data', log: true, sessionHost: true, longRun: true });
  const lines = [
    '',
    `Conversa is running at ${stack.url}`,
    `  ready in ${(stack.startupMs / 1000).toFixed(1)} s  (API ${stack.url}/api, WebSocket ws://localhost:${stack.port}/ws, mails ${stack.url}/api/dev/mail)`,
  ];
  if (stack.seeded?.logins.length) {
    lines.push('  demo logins:');
    for (const l of stack.seeded.logins) lines.push(`    ${l.role.padEnd(10)} ${l.email}  /  ${l.password}`);
  }
  lines.push('  Ctrl-C to stop', '');
  process.stdout.write(lines.join('\n') + '\n');
} catch (err) {
  process.stderr.write(`Conversa failed to start: ${err instanceof Error ? err.message : String(err)}\n`);
  if ((err as NodeJS.ErrnoException).code === 'EADDRINUSE') process.stderr.write(`Port ${port} is taken: set PORT to another port.\n`);
  process.exit(1);
}
