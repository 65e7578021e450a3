// `npm run dev`: the API with reload on change (tsx watch, port 8080) and the web app with hot module
// reload (Vite, port 5173, proxying /api to the API). Open http://localhost:5173.
import { spawn } from 'node:child_process';

const children = [
  spawn('npm', ['run', 'dev', '--workspace', '@teamline/server'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '--workspace', '@teamline/web'], { stdio: 'inherit' }),
];

const stop = (signal) => {
  for (const child of children) child.kill(signal);
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
for (const child of children) {
  child.on('exit', (code) => {
    stop('SIGTERM');
    process.exitCode = code ?? 1;
  });
}
