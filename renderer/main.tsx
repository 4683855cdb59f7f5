import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createApiClient, detectTransport, setApiClient } from './api/client';
import { App } from './app';
import './styles/theme.css';
import './styles/app.css';
import './styles/grading.css';

setApiClient(createApiClient(detectTransport()));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
