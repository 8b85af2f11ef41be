// Renderer entry point.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles/theme.css';
import './styles/base.css';
import './styles/grid.css';
import './styles/panels.css';
import './styles/forms.css';
import './styles/search.css';
import './styles/keyboard.css';
import './styles/sorting.css';
import './styles/focus.css';
import { App } from './app';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
