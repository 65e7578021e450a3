import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// The app's own font: Korean, Vietnamese and Latin glyphs in unicode-range slices, so a page
// downloads only the slices its text uses, and Korean never renders as empty boxes.
import '@fontsource-variable/noto-sans-kr';
import './lib/zod-config';
import './lib/i18n';
import './styles.css';
import { App } from './app/App';
import { api } from './lib/api';

// After a reload the access key is gone from memory: ask for it now, while the page's code loads,
// instead of when the first screen makes its first call (the calls then share this refresh).
void api.ensureKey();

const root = document.getElementById('root');
if (!root) throw new Error('No #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
