import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles/amplify-base';
import './styles/global.css';
import { initI18n } from './lib/i18n';
import { App } from './app/app';

const root = document.getElementById('root');
if (!root) throw new Error('#root missing in index.html');

initI18n().then(
  () =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  (err: unknown) => {
    root.textContent = 'Conversa could not start.';
    console.error(err);
  },
);
