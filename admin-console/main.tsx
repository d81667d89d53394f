import '@vitejs/plugin-react/preamble';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { preloadScreenAt } from './preload-screen';
import { loadAdminInfo } from './providers/admin-info';

// The staff member's permissions and the opened screen's chunk load while React draws the shell,
// not one after the other (docs/decisions/0064-console-boot-in-parallel.md). Both are kept for the
// render that asks for them; a failure is shown there (AdminInfoAlert, the screen's error).
loadAdminInfo().catch(() => {});
preloadScreenAt(window.location.pathname);

const root = document.getElementById('root');
if (!root) throw new Error('The console needs a #root element.');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
